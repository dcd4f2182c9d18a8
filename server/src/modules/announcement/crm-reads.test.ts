import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { and, eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Code } from '@/api/codes';
import type { NoticeDetail, NoticeReader, NoticeReadStats } from '@/api/crm-notice-types';
import type { EndpointName } from '@/api/endpoints';
import type { ExportStarted } from '@/api/learning-types';
import type { PageResult } from '@/api/types';
import type { Locale } from '@/i18n/routes';
import { announcements, departments, enterpriseUsers, exportRecords } from '../../db/schema';
import { localFileStore, type FileStore } from '../../files/store';
import { closeUnreadStreams } from '../../notify/unread';
import { createTestApp, HOST_TWO, type TestGateway } from '../../testing';
import { settledNoticeExports } from './crm-export';
import { readerColumns } from './crm-reads';
import { signIn, type Who } from './test-support';

let gw: TestGateway;
let dir: string;
let store: FileStore;
let notice: NoticeDetail;
const who: Record<string, Who> = {};

interface Options {
  body?: unknown;
  query?: Record<string, string>;
  lang?: Locale;
}
const call = <T>(w: Who, name: EndpointName, o: Options = {}) =>
  gw.call<T>(name, { token: w.token, host: w.host, lang: o.lang ?? 'en', body: o.body, query: o.query });
async function ok<T>(w: Who, name: EndpointName, o: Options = {}): Promise<T> {
  const { body } = await call<T>(w, name, o);
  if (body.code !== Code.OK) throw new Error(`${name}: ${body.code} ${body.msg}`);
  return body.data;
}
async function refusal(w: Who, name: EndpointName, o: Options = {}): Promise<[number, string]> {
  const { body } = await call(w, name, o);
  return [body.code, body.msg];
}
const stats = (id = notice.id, w: Who = who.E1004!) => ok<NoticeReadStats>(w, 'noticeReadStats', { query: { id } });
const readers = (body: object, lang: Locale = 'en') =>
  ok<PageResult<NoticeReader>>(who.E1004!, 'noticeReadPage', { body: { id: notice.id, ...body }, lang });

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'xt-notice-reads-'));
  store = localFileStore(dir);
  gw = await createTestApp({ files: store });
  await gw.database.db.update(enterpriseUsers).set({ isAdmin: true }).where(eq(enterpriseUsers.empNo, 'B2001'));
  for (const empNo of ['E1001', 'E1002', 'E1004']) who[empNo] = await signIn(gw, empNo);
  who.B2001 = await signIn(gw, 'B2001', HOST_TWO);
  notice = await ok<NoticeDetail>(who.E1004!, 'noticeSave', {
    body: { titleZh: '阅读统计', titleEn: 'Read statistics', contentZh: '<p>请阅读</p>', contentEn: '<p>Please read</p>', publish: 'now' },
  });
}, 60_000);
afterAll(async () => {
  closeUnreadStreams();
  await gw?.close();
  await rm(dir, { recursive: true, force: true });
});

describe('read statistics', () => {
  it('count the company’s enabled members, and who of them read it', async () => {
    expect(await stats()).toEqual({ id: notice.id, title: 'Read statistics', state: 'published', publishedAt: notice.publishedAt, reach: 22, read: 0, unread: 22 });
    await ok(who.E1001!, 'messageView', { query: { id: notice.id } });
    expect(await stats()).toMatchObject({ reach: 22, read: 1, unread: 21 });
    // Liking reads it too; a disabled member no longer counts.
    await ok(who.E1002!, 'messageAdmire', { query: { id: notice.id } });
    await gw.database.db.update(enterpriseUsers).set({ status: 0 }).where(eq(enterpriseUsers.empNo, 'E1002'));
    expect(await stats()).toMatchObject({ reach: 21, read: 1, unread: 20 });
    await gw.database.db.update(enterpriseUsers).set({ status: 1 }).where(eq(enterpriseUsers.empNo, 'E1002'));
    expect((await ok<PageResult<{ id: string; readCount: number }>>(who.E1004!, 'noticePage', { body: { keyword: 'Read statistics' } })).list).toEqual([
      expect.objectContaining({ id: notice.id, readCount: 2 }),
    ]);
    const zh = await ok<NoticeReadStats>(who.E1004!, 'noticeReadStats', { query: { id: notice.id }, lang: 'zh' });
    expect(zh.title).toBe('阅读统计');
  });

  it('list the members, readers first, with their department in the caller’s language', async () => {
    const all = await readers({ pageSize: 100 });
    expect(all.totalCount).toBe(22);
    expect(all.list.slice(0, 2).map((r) => r.empNo).sort()).toEqual(['E1001', 'E1002']);
    expect(all.list.slice(2).every((r) => !r.read && r.readAt === null)).toBe(true);
    const [d110] = await gw.database.db.select().from(departments).where(eq(departments.id, 'D110'));
    expect(all.list.find((r) => r.empNo === 'E1001')).toMatchObject({ userName: '张伟', read: true, departmentName: d110!.nameEn });
    expect((await readers({ keyword: '张伟' }, 'zh')).list).toEqual([expect.objectContaining({ empNo: 'E1001', departmentName: d110!.nameZh })]);
    expect((await readers({ read: true })).list.map((r) => r.empNo).sort()).toEqual(['E1001', 'E1002']);
    const unread = await readers({ read: false, pageSize: 5, pageCurrent: 2 });
    expect(unread).toMatchObject({ totalCount: 20, pageCurrent: 2, pageSize: 5, totalPage: 4 });
    expect(unread.list).toHaveLength(5);
    expect((await readers({ keyword: 'E100', read: false })).list.map((r) => r.empNo)).toEqual(['E1003', 'E1004', 'E1005', 'E1006', 'E1007', 'E1008', 'E1009']);
    expect((await readers({})).pageSize).toBe(20);
  });

  it('export the list with the page’s filters into the caller’s download centre', async () => {
    const started = await ok<ExportStarted>(who.E1004!, 'noticeReadExport', { body: { id: notice.id, read: false }, lang: 'zh' });
    expect(started.exportStatus).toBe(1);
    expect(started.fileName).toMatch(/^公告阅读情况-\d{8}-\d{4}\.xlsx$/);
    await settledNoticeExports();
    const [record] = await gw.database.db.select().from(exportRecords).where(eq(exportRecords.id, started.id));
    expect(record).toMatchObject({ exportStatus: 2, kind: 'announcementReaders' });
    const file = await store.get(record!.fileKey!);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(await new Response(file!.body).arrayBuffer());
    const rows: unknown[][] = [];
    workbook.worksheets[0]!.eachRow((row) => rows.push((row.values as unknown[]).slice(1)));
    expect(rows[0]).toEqual(readerColumns.map((c) => c.header.zh));
    expect(rows).toHaveLength(21);
    expect(rows.slice(1).every((r) => r[3] === '未读')).toBe(true);
    const message = await gw.database.db
      .select()
      .from(announcements)
      .where(and(eq(announcements.recipientId, who.E1004!.memberId), eq(announcements.titleEn, `Your export is ready: ${started.fileName}`)));
    expect(message).toHaveLength(1);

    const en = await ok<ExportStarted>(who.E1004!, 'noticeReadExport', { body: { id: notice.id } });
    expect(en.fileName).toMatch(/^announcement-readers-\d{8}-\d{4}\.xlsx$/);
    await settledNoticeExports();
  });

  it('refuse a missing, unknown or foreign announcement', async () => {
    const [message] = await gw.database.db.select({ id: announcements.id }).from(announcements).where(eq(announcements.kind, 2)).limit(1);
    expect(await refusal(who.E1004!, 'noticeReadStats', { query: {} })).toEqual([Code.INVALID, 'The field id is missing']);
    expect(await refusal(who.E1004!, 'noticeReadPage', { body: {}, lang: 'zh' })).toEqual([Code.INVALID, '缺少参数 id']);
    for (const id of [message!.id, '6a4b8c0e-1111-4222-8333-944455556666']) {
      expect(await refusal(who.E1004!, 'noticeReadStats', { query: { id } })).toEqual([Code.NOT_FOUND, 'The announcement does not exist']);
      expect(await refusal(who.E1004!, 'noticeReadPage', { body: { id }, lang: 'zh' })).toEqual([Code.NOT_FOUND, '公告不存在']);
      expect((await refusal(who.E1004!, 'noticeReadExport', { body: { id } }))[0]).toBe(Code.NOT_FOUND);
    }
    const exports = await gw.database.db.select().from(exportRecords).where(eq(exportRecords.enterpriseUserId, who.B2001!.memberId));
    expect(await refusal(who.B2001!, 'noticeReadStats', { query: { id: notice.id } })).toEqual([Code.NOT_FOUND, 'The announcement does not exist']);
    expect((await refusal(who.B2001!, 'noticeReadPage', { body: { id: notice.id } }))[0]).toBe(Code.NOT_FOUND);
    expect((await refusal(who.B2001!, 'noticeReadExport', { body: { id: notice.id } }))[0]).toBe(Code.NOT_FOUND);
    expect(await gw.database.db.select().from(exportRecords).where(eq(exportRecords.enterpriseUserId, who.B2001!.memberId))).toEqual(exports);
    expect(await refusal(who.E1001!, 'noticeReadStats', { query: { id: notice.id } })).toEqual([
      Code.FORBIDDEN,
      'You do not have permission to use this part of the back office',
    ]);
  });
});
