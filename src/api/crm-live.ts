/** The back office's live rooms (administrators): schedule, stream addresses, recording, attendance. */
import { call, type CallOptions } from '@/api/client';
import type { CrmLiveAttendee, CrmLiveFilters, CrmLiveRoom, LiveStreamAddresses } from '@/api/crm-live-types';
import type { Paging } from '@/api/endpoints';
import type { ExportStarted } from '@/api/learning-types';
import type { PageResult } from '@/api/types';
import type { LiveSaveBody } from '@/lib/schemas/live';

type Extra = Pick<CallOptions, 'isShowErrTip' | 'signal'>;

/** The company's rooms: live first, then upcoming by start, then ended newest first. */
export function getCrmLivePage(body: Partial<Paging> & CrmLiveFilters = {}, opts?: Extra): Promise<PageResult<CrmLiveRoom>> {
  return call<PageResult<CrmLiveRoom>>('crmLivePage', { ...opts, body: { ...body } });
}

export function getCrmLive(id: string, opts?: Extra): Promise<CrmLiveRoom> {
  return call<CrmLiveRoom>('crmLiveView', { ...opts, query: { id } });
}

/** Schedules a room (no id) or changes one; answers it as saved. */
export function saveCrmLive(body: Omit<LiveSaveBody, 'id'> & { id?: string }, opts?: Extra): Promise<CrmLiveRoom> {
  return call<CrmLiveRoom>('crmLiveSave', { ...opts, body: { ...body } });
}

export function deleteCrmLive(id: string, opts?: Extra): Promise<null> {
  return call<null>('crmLiveDelete', { ...opts, body: { id } });
}

/** New push and play addresses from the company's configured streaming domains. */
export function makeLiveStream(id: string | undefined, opts?: Extra): Promise<LiveStreamAddresses> {
  return call<LiveStreamAddresses>('crmLiveStream', { ...opts, body: id ? { id } : {} });
}

/** Who attended a room and for how long, found by name or employee number. */
export function getLiveAttendance(body: Partial<Paging> & { id: string; keyword?: string }, opts?: Extra): Promise<PageResult<CrmLiveAttendee>> {
  return call<PageResult<CrmLiveAttendee>>('crmLiveAttendance', { ...opts, body: { ...body } });
}

/** The room's attendance, built into the download centre. */
export function exportLiveAttendance(id: string, opts?: Extra): Promise<ExportStarted> {
  return call<ExportStarted>('crmLiveAttendanceExport', { ...opts, body: { id } });
}
