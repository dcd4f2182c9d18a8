/**
 * Who read an announcement (administrators): how many enabled members of the company it
 * reaches, read and did not; the members with their state, filtered; and that list exported
 * into the caller's download centre.
 */
import { Code } from '@/api/codes';
import type { NoticeReader, NoticeReadStats } from '@/api/crm-notice-types';
import type { ExportStarted } from '@/api/learning-types';
import type { PageResult } from '@/api/types';
import type { ReaderFilter } from '../../db/access/announcements';
import { ApiError } from '../../envelope';
import { everyPage, exportTime, type ExportColumn } from '../../exports';
import { t } from '../../i18n';
import { pageResult, pageWindow, type Paging } from '../../paging';
import type { AuthContext } from '../../routing';
import { startNoticeExport } from './crm-export';
import { inLang } from '../../localized';

const notFound = () => new ApiError(Code.NOT_FOUND, 'notice.notFound');

async function noticeOf(ctx: AuthContext, id: string) {
  const row = await ctx.scope.announcements.notice(id);
  if (!row) throw notFound();
  return row;
}

/** `noticeReadStats?id`: how far an announcement reached. */
export async function noticeReadStats(ctx: AuthContext, id: string): Promise<NoticeReadStats> {
  const row = await noticeOf(ctx, id);
  const { reach, read } = await ctx.scope.announcements.readStats(id);
  return {
    id,
    title: inLang(ctx.lang, row.titleZh, row.titleEn),
    state: row.state,
    publishedAt: row.publishedAt.toISOString(),
    reach,
    read,
    unread: Math.max(0, reach - read),
  };
}

async function readerPage(ctx: AuthContext, body: Paging & ReaderFilter & { id: string }): Promise<PageResult<NoticeReader>> {
  const { rows, count } = await ctx.scope.announcements.readPage(body.id, body, ctx.lang, pageWindow(body));
  const list = rows.map((r) => ({
    memberId: r.memberId,
    userName: r.userName,
    empNo: r.empNo,
    departmentName: r.departmentName,
    read: r.readAt !== null,
    readAt: r.readAt ? r.readAt.toISOString() : null,
  }));
  return pageResult(list, body, count);
}

/** `noticeReadPage`: the enabled members with their state of one announcement, readers first. */
export async function noticeReadPage(ctx: AuthContext, body: Paging & ReaderFilter & { id: string }): Promise<PageResult<NoticeReader>> {
  await noticeOf(ctx, body.id);
  return readerPage(ctx, body);
}

/** Columns of the readers export. */
export const readerColumns: ExportColumn<NoticeReader>[] = [
  { header: { zh: '姓名', en: 'Name' }, width: 14, cell: (r) => r.userName },
  { header: { zh: '工号', en: 'Employee no.' }, width: 14, cell: (r) => r.empNo },
  { header: { zh: '部门', en: 'Department' }, width: 28, cell: (r) => r.departmentName },
  { header: { zh: '阅读状态', en: 'Status' }, width: 12, cell: (r, lang) => (r.read ? { zh: '已读', en: 'Read' } : { zh: '未读', en: 'Unread' })[lang] },
  { header: { zh: '阅读时间', en: 'Read at' }, width: 20, cell: (r) => exportTime(r.readAt) },
];

/** `noticeReadExport`: the readers list with the page's filters, into the caller's download centre. */
export async function noticeReadExport(ctx: AuthContext, body: ReaderFilter & { id: string }): Promise<ExportStarted> {
  await noticeOf(ctx, body.id);
  return startNoticeExport(ctx, {
    kind: 'announcementReaders',
    title: { zh: t('zh', 'notice.readExportTitle'), en: t('en', 'notice.readExportTitle') },
    columns: readerColumns,
    rows: () => everyPage((paging) => readerPage(ctx, { ...body, ...paging })),
  });
}
