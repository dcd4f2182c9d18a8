/**
 * Announcements in the back office (administrators): the list in every state, the editor's
 * load and save, publishing, taking back to a draft, pinning and deleting. Texts are HTML from
 * the editor, cleaned by `crm-html.ts` (`format` 1). An announcement is a draft, scheduled
 * (`published_at` later than now: members see it from then on) or published. Whenever one
 * becomes visible to members or stops being so, every open unread stream of the company counts
 * again, as when `announcementSave` publishes; a scheduled one is announced to the streams by a
 * job at its time (`jobs`, so that it survives a restart). Every change is audited in its
 * transaction.
 */
import { Code } from '@/api/codes';
import type { NoticeDetail, NoticeItem } from '@/api/crm-notice-types';
import { RecordFormat, RecordKind } from '@/api/home-types';
import type { PageResult } from '@/api/types';
import { htmlHasContent, htmlText } from '@/lib/html-text';
import { NOTICE_TEXT_MAX, NOTICE_TITLE_MAX, type NoticeSaveInput } from '@/lib/schemas/notice';
import { changesOf, recordAudit } from '../../audit';
import { scoped, type Scoped } from '../../db/access';
import type { NoticeFilter } from '../../db/access/announcements';
import { ApiError } from '../../envelope';
import { defineJob } from '../../jobs/queue';
import { notifierOf } from '../../notify/unread';
import { pageResult, pageWindow, type Paging } from '../../paging';
import type { AuthContext } from '../../routing';
import { sanitizeNoticeHtml, pictureKeysOf } from './crm-html';
import { plainText } from './records';

/** The furthest a publishing time may be scheduled. */
export const SCHEDULE_MAX_DAYS = 366;
/** The audited fields of an announcement. */
export const NOTICE_AUDIT_FIELDS = ['titleZh', 'titleEn', 'contentZh', 'contentEn', 'allowComment', 'pinned', 'state', 'publishedAt'] as const;

const notFound = () => new ApiError(Code.NOT_FOUND, 'notice.notFound');

type NoticeRow = NonNullable<Awaited<ReturnType<Scoped['announcements']['notice']>>>;
type NoticeListRow = Awaited<ReturnType<Scoped['announcements']['noticePage']>>['rows'][number];

function toItem(row: NoticeListRow): NoticeItem {
  return {
    id: row.id,
    titleZh: row.titleZh,
    titleEn: row.titleEn,
    state: row.state,
    pinned: row.pinned,
    allowComment: row.allowComment,
    format: row.format,
    authorName: row.authorName,
    publishedAt: row.publishedAt.toISOString(),
    createdAt: row.createdAt.toISOString(),
    readCount: row.readCount,
    commentCount: row.commentCount,
  };
}

function toDetail(row: NoticeRow): NoticeDetail {
  return { ...toItem(row), contentZh: row.contentZh ?? '', contentEn: row.contentEn ?? '' };
}

/** An announcement as the audit log records it. */
function audited(row: NoticeDetail): Record<string, unknown> {
  return Object.fromEntries(NOTICE_AUDIT_FIELDS.map((field) => [field, row[field]]));
}

const labelOf = (row: { titleZh: string; titleEn: string }) => row.titleZh || row.titleEn;

/** Tells every open unread stream of the company to count again (an announcement appeared or went). */
function announceToStreams(ctx: AuthContext): void {
  notifierOf(ctx.db).enterpriseChanged(ctx.tenant.id);
}

/**
 * At a scheduled announcement's time: the company's streams count again, if it is visible now
 * (it may have been taken back, deleted or scheduled anew since; a later job then follows).
 */
const scheduledPublish = defineJob<{ id: string }>('announcement.scheduled-publish', async ({ id }, job) => {
  if (!job.enterpriseId) return;
  if (await scoped(job.db, job.enterpriseId).announcements.noticeVisible(id)) notifierOf(job.db).enterpriseChanged(job.enterpriseId);
});

/** `noticePage`: the company's announcements in every state, filtered, by publishing time. */
export async function noticePage(ctx: AuthContext, body: Paging & NoticeFilter): Promise<PageResult<NoticeItem>> {
  const { rows, count } = await ctx.scope.announcements.noticePage(body, pageWindow(body));
  return pageResult(rows.map(toItem), body, count);
}

/** `noticeView?id`: one announcement with both texts, for the editor. */
export async function noticeView(ctx: AuthContext, id: string): Promise<NoticeDetail> {
  const row = await ctx.scope.announcements.notice(id);
  if (!row) throw notFound();
  return toDetail(row);
}

const length = (text: string) => [...text].length;

/** Checked and cleaned texts; a language left empty takes the other's. */
function noticeTexts(body: NoticeSaveInput, eid: string) {
  const titleZh = plainText(body.titleZh ?? '', true);
  const titleEn = plainText(body.titleEn ?? '', true);
  if (!titleZh && !titleEn) throw new ApiError(Code.INVALID, 'message.titleEmpty');
  if (length(titleZh) > NOTICE_TITLE_MAX || length(titleEn) > NOTICE_TITLE_MAX) {
    throw new ApiError(Code.INVALID, 'message.titleTooLong', null, { max: NOTICE_TITLE_MAX });
  }
  const zh = sanitizeNoticeHtml(body.contentZh ?? '', eid);
  const en = sanitizeNoticeHtml(body.contentEn ?? '', eid);
  const hasZh = htmlHasContent(zh);
  const hasEn = htmlHasContent(en);
  if (!hasZh && !hasEn) throw new ApiError(Code.INVALID, 'message.contentEmpty');
  if (length(htmlText(zh)) > NOTICE_TEXT_MAX || length(htmlText(en)) > NOTICE_TEXT_MAX) {
    throw new ApiError(Code.INVALID, 'message.contentTooLong', null, { max: NOTICE_TEXT_MAX });
  }
  return {
    titleZh: titleZh || titleEn,
    titleEn: titleEn || titleZh,
    contentZh: hasZh ? zh : en,
    contentEn: hasEn ? en : zh,
  };
}

/** When a save publishes: a draft, now, or at a checked time in the future. */
function publishingOf(body: NoticeSaveInput): { draft: boolean; at: 'now' | Date } {
  if (body.publish === 'now') return { draft: false, at: 'now' };
  if (body.publish !== 'schedule') return { draft: true, at: 'now' };
  if (!body.publishAt) throw new ApiError(Code.INVALID, 'notice.scheduleMissing');
  const at = new Date(body.publishAt);
  if (at.getTime() <= Date.now()) throw new ApiError(Code.INVALID, 'notice.schedulePast');
  if (at.getTime() > Date.now() + SCHEDULE_MAX_DAYS * 86_400_000) throw new ApiError(Code.INVALID, 'notice.scheduleTooFar');
  return { draft: false, at };
}

/** Claims the company's uploads the pictures name, so that the sweeper keeps them (it also reads the texts). */
async function claimPictures(scope: Scoped, texts: { contentZh: string; contentEn: string }): Promise<void> {
  const keys = new Set([...pictureKeysOf(texts.contentZh, scope.enterpriseId), ...pictureKeysOf(texts.contentEn, scope.enterpriseId)]);
  for (const key of keys) if (!(await scope.uploads.claim(key))) throw new ApiError(Code.INVALID, 'notice.imageInvalid');
}

/** Seconds until `at`, and one more, so that the job finds it visible. */
const secondsUntil = (at: Date) => Math.max(0, Math.ceil((at.getTime() - Date.now()) / 1000)) + 1;

/**
 * `noticeSave`: creates (no `id`) or changes an announcement and keeps it a draft, publishes it
 * now (one published already keeps its time) or schedules it. Answers it as saved.
 */
export async function noticeSave(ctx: AuthContext, body: NoticeSaveInput): Promise<NoticeDetail> {
  const eid = ctx.tenant.id;
  const texts = noticeTexts(body, eid);
  const publishing = publishingOf(body);
  const { saved, before } = await ctx.db.transaction(async (tx) => {
    const scope = scoped(tx, eid);
    const s = scope.announcements;
    let before: NoticeDetail | undefined;
    if (body.id) {
      if (!(await s.lockNotice(body.id))) throw notFound();
      before = toDetail((await s.notice(body.id))!);
    }
    await claimPictures(scope, texts);
    // Saving a published one as published keeps its time; a draft keeps the time it had.
    const keepTime = before && ((publishing.draft && before.state === 'draft') || (!publishing.draft && publishing.at === 'now' && before.state === 'published'));
    const values = {
      ...texts,
      format: RecordFormat.html,
      allowComment: body.allowComment ?? true,
      pinned: body.pinned ?? false,
      draft: publishing.draft,
    };
    let id: string;
    if (before) {
      id = before.id;
      await s.updateNotice(id, keepTime ? values : { ...values, publishedAt: publishing.at });
    } else {
      id = await s.insertRecord({
        ...values,
        kind: RecordKind.announcement,
        recipientId: null,
        authorId: ctx.member.id,
        ...(publishing.at === 'now' ? {} : { publishedAt: publishing.at }),
      });
    }
    const saved = toDetail((await s.notice(id))!);
    if (saved.state === 'scheduled' && publishing.at !== 'now') {
      await scheduledPublish.enqueue(tx, { id }, { enterpriseId: eid, delaySeconds: secondsUntil(publishing.at) });
    }
    await recordAudit(scope, ctx.member, [
      {
        action: before ? 'update' : 'create',
        objectType: 'announcement',
        objectId: id,
        objectLabel: labelOf(saved),
        changes: changesOf(before ? audited(before) : null, audited(saved), NOTICE_AUDIT_FIELDS),
      },
    ]);
    return { saved, before };
  });
  if ((before?.state === 'published') !== (saved.state === 'published')) announceToStreams(ctx);
  return saved;
}

/**
 * Changes one announcement's state or pin in a transaction with its audit record; the streams
 * count again when it became visible or stopped being so.
 */
async function changeNotice(
  ctx: AuthContext,
  id: string,
  action: string,
  change: (s: Scoped['announcements'], before: NoticeDetail) => Promise<void>,
): Promise<NoticeDetail> {
  const eid = ctx.tenant.id;
  const { before, after } = await ctx.db.transaction(async (tx) => {
    const scope = scoped(tx, eid);
    const s = scope.announcements;
    if (!(await s.lockNotice(id))) throw notFound();
    const before = toDetail((await s.notice(id))!);
    await change(s, before);
    const after = toDetail((await s.notice(id))!);
    await recordAudit(scope, ctx.member, [
      {
        action,
        objectType: 'announcement',
        objectId: id,
        objectLabel: labelOf(after),
        changes: changesOf(audited(before), audited(after), NOTICE_AUDIT_FIELDS),
      },
    ]);
    return { before, after };
  });
  if ((before.state === 'published') !== (after.state === 'published')) announceToStreams(ctx);
  return after;
}

/** `noticePublish`: publishes a draft or a scheduled announcement now (a published one stays as it is). */
export function noticePublish(ctx: AuthContext, id: string): Promise<NoticeDetail> {
  return changeNotice(ctx, id, 'publish', async (s, before) => {
    if (before.state !== 'published') await s.updateNotice(id, { draft: false, publishedAt: 'now' });
  });
}

/** `noticeUnpublish`: takes an announcement back to a draft, which members no longer see. */
export function noticeUnpublish(ctx: AuthContext, id: string): Promise<NoticeDetail> {
  return changeNotice(ctx, id, 'unpublish', async (s) => {
    await s.updateNotice(id, { draft: true });
  });
}

/** `noticePin`: pins an announcement at the top of the members' lists, or unpins it. */
export function noticePin(ctx: AuthContext, id: string, pinned: boolean): Promise<NoticeDetail> {
  return changeNotice(ctx, id, 'update', async (s) => {
    await s.updateNotice(id, { pinned });
  });
}

/** `noticeDelete`: deletes an announcement with its comments and the members' states of it. */
export async function noticeDelete(ctx: AuthContext, id: string): Promise<{ id: string }> {
  const eid = ctx.tenant.id;
  const before = await ctx.db.transaction(async (tx) => {
    const scope = scoped(tx, eid);
    const s = scope.announcements;
    if (!(await s.lockNotice(id))) throw notFound();
    const before = toDetail((await s.notice(id))!);
    await s.deleteNotice(id);
    await recordAudit(scope, ctx.member, [
      {
        action: 'delete',
        objectType: 'announcement',
        objectId: id,
        objectLabel: labelOf(before),
        changes: changesOf(audited(before), null, ['titleZh', 'titleEn', 'state', 'publishedAt']),
      },
    ]);
    return before;
  });
  if (before.state === 'published') announceToStreams(ctx);
  return { id };
}
