/** The back office's announcements and messages (administrators): `notice*` rows. */
import { call, type CallOptions } from '@/api/client';
import type {
  NoticeDetail,
  NoticeItem,
  NoticeMessageInput,
  NoticePageBody,
  NoticeReader,
  NoticeReadPageBody,
  NoticeReadStats,
  NoticeRecipient,
  NoticeSaveInput,
  NoticeSent,
} from '@/api/crm-notice-types';
import type { ExportStarted } from '@/api/learning-types';
import type { PageResult } from '@/api/types';

type Extra = Pick<CallOptions, 'isShowErrTip' | 'signal'>;

/** A page of the company's announcements in every state. */
export function getNoticePage(body: NoticePageBody = {}, opts?: Extra): Promise<PageResult<NoticeItem>> {
  return call<PageResult<NoticeItem>>('noticePage', { ...opts, body: { ...body } });
}

/** One announcement with both texts, for the editor. */
export function getNotice(id: string, opts?: Extra): Promise<NoticeDetail> {
  return call<NoticeDetail>('noticeView', { ...opts, body: { id } });
}

/** Creates (no `id`) or changes an announcement: a draft, published now, or scheduled. */
export function saveNotice(body: NoticeSaveInput, opts?: Extra): Promise<NoticeDetail> {
  return call<NoticeDetail>('noticeSave', { ...opts, body: { ...body } });
}

export function publishNotice(id: string, opts?: Extra): Promise<NoticeDetail> {
  return call<NoticeDetail>('noticePublish', { ...opts, body: { id } });
}

/** Takes an announcement back to a draft. */
export function unpublishNotice(id: string, opts?: Extra): Promise<NoticeDetail> {
  return call<NoticeDetail>('noticeUnpublish', { ...opts, body: { id } });
}

export function pinNotice(id: string, pinned: boolean, opts?: Extra): Promise<NoticeDetail> {
  return call<NoticeDetail>('noticePin', { ...opts, body: { id, pinned } });
}

export function deleteNotice(id: string, opts?: Extra): Promise<{ id: string }> {
  return call<{ id: string }>('noticeDelete', { ...opts, body: { id } });
}

/** How many members an announcement reaches, read and did not. */
export function getNoticeReadStats(id: string, opts?: Extra): Promise<NoticeReadStats> {
  return call<NoticeReadStats>('noticeReadStats', { ...opts, body: { id } });
}

/** A page of the members with their state of one announcement. */
export function getNoticeReadPage(body: NoticeReadPageBody, opts?: Extra): Promise<PageResult<NoticeReader>> {
  return call<PageResult<NoticeReader>>('noticeReadPage', { ...opts, body: { ...body } });
}

/** The readers list, with the page's filters, into the caller's download centre. */
export function exportNoticeReaders(body: Omit<NoticeReadPageBody, 'pageCurrent' | 'pageSize'>, opts?: Extra): Promise<ExportStarted> {
  return call<ExportStarted>('noticeReadExport', { ...opts, body: { ...body } });
}

/** Sends a message to departments (with their sub-departments) and members; answers how many received it. */
export function sendNoticeMessage(body: NoticeMessageInput, opts?: Extra): Promise<NoticeSent> {
  return call<NoticeSent>('noticeMessageSend', { ...opts, body: { ...body } });
}

/** Enabled members by name or employee number, for picking recipients. */
export function searchNoticeRecipients(keyword: string, opts?: Extra): Promise<NoticeRecipient[]> {
  return call<NoticeRecipient[]>('noticeRecipientSearch', { ...opts, body: { keyword } });
}
