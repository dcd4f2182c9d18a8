/**
 * The download centre's own calls (spec section 7, "Export records"): the file's download URL,
 * deleting one record and deleting them all. The list is `getExportRecordPage` in
 * `@/api/study`, which the train page's exports share.
 */
import { call, type CallOptions } from '@/api/client';
import type { DeleteResult } from '@/api/home-types';
import type { DownloadUrl } from '@/api/learning-types';

type Extra = Pick<CallOptions, 'isShowErrTip' | 'signal'>;

/** A short-lived URL of a finished export's file, to open in a new window. */
export function getExportDownloadUrl(id: string, opts?: Extra): Promise<DownloadUrl> {
  return call<DownloadUrl>('exportRecordDownloadUrl', { ...opts, query: { id } });
}

/** Deletes one of the caller's export records, and its file. */
export function deleteExportRecord(id: string, opts?: Extra): Promise<DeleteResult> {
  return call<DeleteResult>('exportRecordDelete', { ...opts, body: { id } });
}

/** Deletes every export record of the caller, and their files. */
export function deleteAllExportRecords(opts?: Extra): Promise<DeleteResult> {
  return call<DeleteResult>('exportRecordAllDelete', { ...opts, body: {} });
}
