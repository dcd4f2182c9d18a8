/**
 * The message centre's calls (spec section 7, announcements): the caller's announcements and
 * messages, their read state, likes, and the comments of an announcement. Every call that
 * changes the unread count hands the new count to the unread store, so the header's badge (and
 * the browser's other tabs) follow at once.
 */
import { call, type CallOptions } from '@/api/client';
import type {
  AdmireResult,
  AnnouncementComment,
  AnnouncementCommentPageBody,
  AnnouncementCommentSaveBody,
  AnnouncementReply,
  AnnouncementReplySaveBody,
  BatchBody,
  BatchResult,
  MessageRecord,
  MessageRecordPageBody,
  ReadCount,
  UnreadCount,
} from '@/api/home-types';
import type { PageResult } from '@/api/types';
import { getUnreadCount } from '@/api/unread';
import { setUnread } from '@/stores/unread';

type Extra = Pick<CallOptions, 'isShowErrTip' | 'signal'>;

function isUnreadCount(value: unknown): value is UnreadCount {
  return typeof value === 'object' && value !== null && typeof (value as UnreadCount).total === 'number';
}

/** A page of the caller's announcements and messages (10 a page), newest first. */
export function getMessageRecordPage(body: MessageRecordPageBody = {}, opts?: Extra): Promise<PageResult<MessageRecord>> {
  return call<PageResult<MessageRecord>>('messageRecordPage', { ...opts, body: { ...body } });
}

/** The caller's records counted by state and kind. */
export function getMessageReadCount(opts?: Extra): Promise<ReadCount> {
  return call<ReadCount>('messageReadCount', { ...opts, body: {} });
}

/** Marks records read (`all: true`: every one); the badge takes the answered unread count. */
export async function batchReadMessages(body: BatchBody, opts?: Extra): Promise<BatchResult> {
  const result = await call<BatchResult>('messageBatchRead', { ...opts, body: { ...body } });
  if (isUnreadCount(result?.unread)) setUnread(result.unread);
  return result;
}

/** Deletes records from the caller's centre; the badge takes the answered unread count. */
export async function batchDeleteMessages(body: BatchBody, opts?: Extra): Promise<BatchResult> {
  const result = await call<BatchResult>('messageBatchDelete', { ...opts, body: { ...body } });
  if (isUnreadCount(result?.unread)) setUnread(result.unread);
  return result;
}

/**
 * Opens one record (its whole text) and marks it read; the badge then takes the new unread
 * count (the view answers the record only, so the count is asked for).
 */
export async function viewMessage(id: string, opts?: Extra): Promise<MessageRecord> {
  const record = await call<MessageRecord>('messageView', { ...opts, query: { id } });
  void getUnreadCount({ isShowErrTip: false })
    .then(setUnread)
    .catch(() => undefined);
  return record;
}

/** Likes a record, or takes the like back. */
export function admireMessage(id: string, opts?: Extra): Promise<AdmireResult> {
  return call<AdmireResult>('messageAdmire', { ...opts, body: { id } });
}

/** A page of an announcement's comments (10 a page), newest first, each with its replies. */
export function getAnnouncementCommentPage(
  body: AnnouncementCommentPageBody,
  opts?: Extra,
): Promise<PageResult<AnnouncementComment>> {
  return call<PageResult<AnnouncementComment>>('announcementCommentPage', { ...opts, body: { ...body } });
}

/** Comments on an announcement. */
export function saveAnnouncementComment(body: AnnouncementCommentSaveBody, opts?: Extra): Promise<AnnouncementComment> {
  return call<AnnouncementComment>('announcementCommentSave', { ...opts, body: { ...body } });
}

/** Replies to a comment, or to a reply of it (`replyId`). */
export function saveAnnouncementReply(body: AnnouncementReplySaveBody, opts?: Extra): Promise<AnnouncementReply> {
  return call<AnnouncementReply>('announcementReplySave', { ...opts, body: { ...body } });
}

/** Deletes one of the caller's replies. */
export function deleteAnnouncementReply(id: string, opts?: Extra): Promise<unknown> {
  return call('announcementReplyDelete', { ...opts, body: { id } });
}

/** Deletes one of the caller's comments, with its replies. */
export function deleteAnnouncementComment(id: string, opts?: Extra): Promise<unknown> {
  return call('announcementCommentDelete', { ...opts, body: { id } });
}
