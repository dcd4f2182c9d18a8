/**
 * Announcements and messages as the caller sees them (the "user records"): the home list, the
 * message centre, the unread count, reading, removing and liking; publishing announcements;
 * and `sendMessage`, for other modules to message a member.
 */
import type {
  AdmireResult,
  AnnouncementSaveBody,
  BatchBody,
  BatchResult,
  MessageRecord,
  ReadCount,
  UnreadCount,
} from '@/api/home-types';
import { RecordFormat, RecordKind } from '@/api/home-types';
import { Code } from '@/api/codes';
import type { PageResult } from '@/api/types';
import type { Db } from '../../db/client';
import { ApiError } from '../../envelope';
import type { AuthContext } from '../../routing';
import { offsetOf, pageResult, type Paging } from '../../paging';
import { htmlText } from '@/lib/html-text';
import { NOTICE_TEXT_MAX, NOTICE_TITLE_MAX } from '@/lib/schemas/notice';
import { LIST_TEXT_LENGTH, type RecordRow } from '../../db/access/announcements';
import { notifierOf } from '../../notify/unread';
import { scoped } from '../../db/access';

/** Longest title and text of an announcement or message, in characters. */
export const TITLE_MAX = NOTICE_TITLE_MAX;
export const CONTENT_MAX = NOTICE_TEXT_MAX;

const notFound = () => new ApiError(Code.NOT_FOUND, 'message.notFound');

function scopeOf(ctx: AuthContext) {
  return scoped(ctx.db, ctx.tenant.id).announcements;
}

/**
 * A record as the caller sees it; in a list (`listed`), an HTML record's text is the start of
 * its text (the query read the start of its markup without tags).
 */
function toRecord(row: RecordRow, listed = false): MessageRecord {
  const html = row.format === RecordFormat.html;
  return {
    id: row.id,
    kind: row.kind,
    title: row.title,
    content: html && listed ? [...htmlText(row.content)].slice(0, LIST_TEXT_LENGTH).join('') : row.content,
    format: html ? RecordFormat.html : RecordFormat.text,
    linkUrl: row.linkUrl,
    pinned: row.pinned,
    allowComment: row.allowComment,
    authorName: row.authorName,
    publishedAt: new Date(row.publishedAt).toISOString(),
    read: row.readAt !== null,
    readAt: row.readAt === null ? null : new Date(row.readAt).toISOString(),
    admired: Boolean(row.admired),
    admireCount: row.admireCount,
    commentCount: row.commentCount,
  };
}

/** A member's unread announcements and messages. */
export async function unreadCountOf(db: Db, enterpriseId: string, memberId: string): Promise<UnreadCount> {
  const { announcements, messages } = await scoped(db, enterpriseId).announcements.unreadCount(memberId);
  return { total: announcements + messages, announcements, messages };
}

export function unreadCount(ctx: AuthContext): Promise<UnreadCount> {
  return unreadCountOf(ctx.db, ctx.tenant.id, ctx.member.id);
}

/** `announcementPage`: the home list, announcements only, pinned first, then newest. */
export async function announcementPage(ctx: AuthContext, paging: Paging): Promise<PageResult<MessageRecord>> {
  const { rows, total } = await scopeOf(ctx).page(
    ctx.member.id,
    ctx.lang,
    { kind: RecordKind.announcement, pinnedFirst: true },
    offsetOf(paging),
    paging.pageSize,
  );
  return pageResult(rows.map((r) => toRecord(r, true)), paging, total);
}

/**
 * `messageRecordPage`: the message centre, pinned first (as on the home page), then newest,
 * optionally of one kind and read state.
 */
export async function messageRecordPage(
  ctx: AuthContext,
  body: Paging & { kind?: number; read?: boolean },
): Promise<PageResult<MessageRecord>> {
  const filter = { kind: body.kind, read: body.read, pinnedFirst: true };
  const { rows, total } = await scopeOf(ctx).page(ctx.member.id, ctx.lang, filter, offsetOf(body), body.pageSize);
  return pageResult(rows.map((r) => toRecord(r, true)), body, total);
}

export function messageReadCount(ctx: AuthContext): Promise<ReadCount> {
  return scopeOf(ctx).readCount(ctx.member.id);
}

/** The records of a batch call: every one, or the given ones when the caller may see them all. */
async function batchTarget(ctx: AuthContext, body: BatchBody): Promise<string[] | 'all' | undefined> {
  if (body.all) return 'all';
  const ids = [...new Set(body.ids)];
  if (ids.length === 0) return undefined;
  // One record the caller may not see refuses the whole batch, so that nothing changes.
  if ((await scopeOf(ctx).visibleCount(ctx.member.id, ids)) !== ids.length) throw notFound();
  return ids;
}

async function batch(ctx: AuthContext, body: BatchBody, change: 'read' | 'remove'): Promise<BatchResult> {
  const which = await batchTarget(ctx, body);
  const scope = scopeOf(ctx);
  let changed = 0;
  if (which !== undefined) {
    changed = change === 'read' ? await scope.markRead(ctx.member.id, which) : await scope.remove(ctx.member.id, which);
  }
  if (changed > 0) notifierOf(ctx.db).memberChanged(ctx.tenant.id, ctx.member.id);
  return { changed, unread: await unreadCount(ctx) };
}

/** `messageBatchRead`: marks records read (idempotent); answers how many were unread. */
export function messageBatchRead(ctx: AuthContext, body: BatchBody): Promise<BatchResult> {
  return batch(ctx, body, 'read');
}

/** `messageBatchDelete`: removes records from the caller's list (idempotent). */
export function messageBatchDelete(ctx: AuthContext, body: BatchBody): Promise<BatchResult> {
  return batch(ctx, body, 'remove');
}

/** `messageView?id`: one record with its whole text; viewing marks it read. */
export async function messageView(ctx: AuthContext, id: string): Promise<MessageRecord> {
  const scope = scopeOf(ctx);
  const changed = await scope.markRead(ctx.member.id, [id]);
  const row = await scope.record(ctx.member.id, ctx.lang, id);
  if (!row) throw notFound();
  if (changed > 0) notifierOf(ctx.db).memberChanged(ctx.tenant.id, ctx.member.id);
  return toRecord(row);
}

/** `messageAdmire?id`: likes a record, or takes the like back; liking also marks it read. */
export async function messageAdmire(ctx: AuthContext, id: string): Promise<AdmireResult> {
  const scope = scopeOf(ctx);
  const admired = await scope.toggleAdmire(ctx.member.id, id);
  if (admired === undefined) throw notFound();
  notifierOf(ctx.db).memberChanged(ctx.tenant.id, ctx.member.id);
  return { admired, admireCount: await scope.admireCount(id) };
}

// ---- publishing

/**
 * A text as stored: plain, line endings as `\n`, no control characters; a title on one line.
 *
 * @example plainText(' A\r\nB\u0007 ', false) → 'A\nB'
 */
export function plainText(text: string, oneLine: boolean): string {
  const clean = text
    .replace(/\r\n?/g, '\n')
    .replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/g, '');
  return (oneLine ? clean.replace(/\s+/g, ' ') : clean).trim();
}

const length = (text: string) => [...text].length;

/** Both languages of a text: a missing one takes the other's. */
function bothLanguages(zh: string, en: string): { zh: string; en: string } {
  return { zh: zh || en, en: en || zh };
}

/** Checked texts of an announcement or message (plain text). */
export function recordTexts(body: { titleZh: string; titleEn: string; contentZh: string; contentEn: string }) {
  const title = bothLanguages(plainText(body.titleZh, true), plainText(body.titleEn, true));
  const content = bothLanguages(plainText(body.contentZh, false), plainText(body.contentEn, false));
  if (!title.zh) throw new ApiError(Code.INVALID, 'message.titleEmpty');
  if (length(title.zh) > TITLE_MAX || length(title.en) > TITLE_MAX) {
    throw new ApiError(Code.INVALID, 'message.titleTooLong', null, { max: TITLE_MAX });
  }
  if (!content.zh) throw new ApiError(Code.INVALID, 'message.contentEmpty');
  if (length(content.zh) > CONTENT_MAX || length(content.en) > CONTENT_MAX) {
    throw new ApiError(Code.INVALID, 'message.contentTooLong', null, { max: CONTENT_MAX });
  }
  return { titleZh: title.zh, titleEn: title.en, contentZh: content.zh, contentEn: content.en };
}

/** `announcementSave` (admins): publishes an announcement to the whole company at once. */
export async function announcementSave(ctx: AuthContext, body: AnnouncementSaveBody): Promise<MessageRecord> {
  if (!ctx.member.isAdmin) throw new ApiError(Code.FORBIDDEN, 'message.adminOnly');
  const texts = recordTexts(body);
  const scope = scopeOf(ctx);
  const id = await scope.insertRecord({
    ...texts,
    kind: RecordKind.announcement,
    recipientId: null,
    authorId: ctx.member.id,
    allowComment: body.allowComment ?? true,
    pinned: body.pinned ?? false,
  });
  notifierOf(ctx.db).enterpriseChanged(ctx.tenant.id);
  const row = await scope.record(ctx.member.id, ctx.lang, id);
  return toRecord(row!);
}

export interface MessageInput {
  titleZh: string;
  titleEn: string;
  contentZh: string;
  contentEn: string;
  /** A site path the message points to (`/account/download`), or ''. */
  linkUrl?: string;
}

/**
 * Sends member `memberId` of enterprise `enterpriseId` a message (kind 2) and updates their
 * open unread streams. Answers the message id. Inside a transaction, the streams may count
 * before it commits; they re-check periodically, so call it after committing when it matters.
 *
 * @example await sendMessage(db, eid, memberId, { titleZh: '导出完成', titleEn: 'Your export is ready', contentZh: '…', contentEn: '…', linkUrl: '' })
 */
export async function sendMessage(db: Db, enterpriseId: string, memberId: string, message: MessageInput): Promise<string> {
  const scope = scoped(db, enterpriseId).announcements;
  if (!(await scope.isMember(memberId))) throw new Error(`sendMessage: ${memberId} is not a member of ${enterpriseId}`);
  const linkUrl = message.linkUrl ?? '';
  if (linkUrl !== '' && !/^\/(?!\/)/.test(linkUrl)) throw new Error(`sendMessage: linkUrl must be a site path, not ${linkUrl}`);
  const id = await scope.insertRecord({
    ...recordTexts(message),
    kind: RecordKind.message,
    recipientId: memberId,
    authorId: null,
    linkUrl,
    allowComment: false,
    pinned: false,
  });
  notifierOf(db).memberChanged(enterpriseId, memberId);
  return id;
}
