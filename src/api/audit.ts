/** The back office's audit log (administrators) and the caller's own uploads. */
import { call, type CallOptions } from '@/api/client';
import type { AuditFilters, AuditRecord, MyUpload } from '@/api/audit-types';
import type { Paging } from '@/api/endpoints';
import type { PageResult } from '@/api/types';

type Extra = Pick<CallOptions, 'isShowErrTip' | 'signal'>;

/** A page of the audit log, newest first. */
export function getAuditPage(body: Partial<Paging> & AuditFilters = {}, opts?: Extra): Promise<PageResult<AuditRecord>> {
  return call<PageResult<AuditRecord>>('auditPage', { ...opts, body: { ...body } });
}

/** A page of the caller's uploads, newest first. */
export function getMyUploadPage(body: Partial<Paging> = {}, opts?: Extra): Promise<PageResult<MyUpload>> {
  return call<PageResult<MyUpload>>('myUploadPage', { ...opts, body: { ...body } });
}
