import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import ExcelJS from 'exceljs';
import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Code } from '@/api/codes';
import type { DeleteResult } from '@/api/home-types';
import type { DownloadUrl, ExportRecord, ExportStarted } from '@/api/learning-types';
import type { PageResult } from '@/api/types';
import { enterpriseDomains, enterpriseUsers, exportRecords } from '../../db/schema';
import { localFileStore, type FileStore } from '../../files/store';
import { createTestApp, HOST_ONE, HOST_TWO, type TestGateway } from '../../testing';
import { courseProgressColumns, settledExports } from './exports';

let gw: TestGateway;
let dir: string;
let files: FileStore;
let one: string;
const tokens: Record<string, string> = {};
const members: Record<string, string> = {};

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'xt-records-'));
  files = localFileStore(dir);
  gw = await createTestApp({ files });
  const db = gw.database.db;
  one = (await db.select().from(enterpriseDomains).where(eq(enterpriseDomains.domain, HOST_ONE)))[0]!.enterpriseId;
  for (const m of await db.select().from(enterpriseUsers)) members[m.empNo] = m.id;
  for (const empNo of ['E1001', 'E1002', 'E1003', 'E1004']) tokens[empNo] = await gw.login(empNo);
  tokens.B2001 = await gw.login('B2001', undefined, { host: HOST_TWO });
});
afterAll(async () => {
  await settledExports();
  await gw?.close();
  await rm(dir, { recursive: true, force: true });
});

const hostOf = (empNo: string) => (empNo.startsWith('B') ? HOST_TWO : HOST_ONE);

async function page(empNo: string, body: Record<string, unknown> = {}) {
  return (await gw.call<PageResult<ExportRecord>>('exportRecordPage', { token: tokens[empNo], host: hostOf(empNo), body })).body;
}

/** Every record of the member, through the download centre's page call. */
async function all(empNo: string): Promise<ExportRecord[]> {
  return (await page(empNo, { pageSize: 100 })).data.list;
}

async function remove(empNo: string, id: string, how: 'query' | 'body' = 'query', lang: 'zh' | 'en' = 'zh') {
  const where = how === 'query' ? { query: { id } } : { body: { id } };
  return (await gw.call<DeleteResult>('exportRecordDelete', { token: tokens[empNo], host: hostOf(empNo), lang, ...where })).body;
}

async function removeAll(empNo: string) {
  return (await gw.call<DeleteResult>('exportRecordAllDelete', { token: tokens[empNo], host: hostOf(empNo), body: {} })).body;
}

async function downloadUrl(empNo: string, id: string) {
  return (await gw.call<DownloadUrl>('exportRecordDownloadUrl', { token: tokens[empNo], host: hostOf(empNo), query: { id } })).body;
}

/** The stored file of records, by id. */
async function fileKeys(ids: string[]): Promise<Map<string, string | null>> {
  const rows = await gw.database.db.select().from(exportRecords).where(inArray(exportRecords.id, ids));
  return new Map(rows.map((r) => [r.id, r.fileKey]));
}

describe('the seeded records', () => {
  it('list 20 a page for E1001, with a second page, newest first, in every status', async () => {
    const first = await page('E1001', { pageSize: 20 });
    expect(first.data).toMatchObject({ pageCurrent: 1, pageSize: 20, totalPage: 2 });
    expect(first.data.totalCount).toBeGreaterThanOrEqual(26);
    expect(first.data.list).toHaveLength(20);
    const second = await page('E1001', { pageSize: 20, pageCurrent: 2 });
    expect(second.data.list).toHaveLength(first.data.totalCount - 20);
    const list = [...first.data.list, ...second.data.list];
    expect(new Set(list.map((r) => r.id)).size).toBe(list.length);
    const times = list.map((r) => Date.parse(r.gmtCreate));
    expect(times).toEqual([...times].sort((a, b) => b - a));

    // Still being built (newest), failed on the first page too, finished with a size.
    expect(first.data.list[0]!.exportStatus).toBe(1);
    expect(first.data.list.map((r) => r.exportStatus)).toContain(3);
    expect(new Set(list.map((r) => r.exportStatus))).toEqual(new Set([1, 2, 3]));
    for (const r of list) {
      expect(r.fileName).toMatch(/^课程学习进度-\d{8}-\d{4}\.xlsx$/);
      if (r.exportStatus === 2) expect(r.fileSize).toBeGreaterThan(1000);
      else expect(r.fileSize).toBe(0);
    }
    // Asked for over the past weeks.
    expect(Date.now() - Math.min(...times)).toBeGreaterThan(28 * 24 * 3600 * 1000);
  });

  it('give E1004 English names and company two B2001 its own', async () => {
    const admin = await all('E1004');
    expect(admin.length).toBeGreaterThan(0);
    expect(admin.every((r) => /^course-progress-\d{8}-\d{4}\.xlsx$/.test(r.fileName))).toBe(true);
    const two = await all('B2001');
    expect(new Set(two.map((r) => r.exportStatus))).toEqual(new Set([1, 2, 3]));
    expect(await all('E1002')).toEqual([]);
  });

  it('download a finished file of the recorded size: the member progress spreadsheet', async () => {
    const record = (await all('E1001')).find((r) => r.exportStatus === 2)!;
    const { data } = await downloadUrl('E1001', record.id);
    const res = await gw.app.request(`http://${HOST_ONE}${data.url}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-length')).toBe(String(record.fileSize));
    expect(res.headers.get('content-disposition')).toContain(encodeURIComponent(record.fileName));
    const bytes = await res.arrayBuffer();
    expect(bytes.byteLength).toBe(record.fileSize);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(bytes);
    const rows: unknown[][] = [];
    workbook.worksheets[0]!.eachRow((row) => rows.push((row.values as unknown[]).slice(1)));
    expect(rows[0]).toEqual(courseProgressColumns.map((c) => c.header.zh));
    expect(rows.length).toBeGreaterThan(1);
    expect(rows.slice(1).every((r) => r[0] === '张伟')).toBe(true);
  });

  it('each own their file', async () => {
    const finished = (await all('E1001')).filter((r) => r.exportStatus === 2).map((r) => r.id);
    const keys = [...(await fileKeys(finished)).values()];
    expect(new Set(keys).size).toBe(finished.length);
    for (const key of keys) expect(await files.exists(key!)).toBe(true);
  });
});

describe("another member's or company's records", () => {
  it('are neither listed nor given a download URL', async () => {
    const theirs = (await all('E1001')).find((r) => r.exportStatus === 2)!;
    expect((await all('E1002')).map((r) => r.id)).not.toContain(theirs.id);
    expect((await all('B2001')).map((r) => r.id)).not.toContain(theirs.id);
    const url = await downloadUrl('E1002', theirs.id);
    expect(url.code).toBe(Code.NOT_FOUND);
    expect(url.msg).toBe('下载记录不存在或已删除');
    expect((await downloadUrl('B2001', theirs.id)).code).toBe(Code.NOT_FOUND);
  });

  it('cannot be deleted, one or all: nothing changes, the file stays', async () => {
    const before = await all('E1001');
    const theirs = before.find((r) => r.exportStatus === 2)!;
    const key = (await fileKeys([theirs.id])).get(theirs.id)!;

    const byColleague = await remove('E1002', theirs.id);
    expect(byColleague.code).toBe(Code.NOT_FOUND);
    expect(byColleague.msg).toBe('下载记录不存在或已删除');
    expect((await remove('E1002', theirs.id, 'body', 'en')).msg).toBe('The download record does not exist or has been deleted');
    expect((await remove('B2001', theirs.id)).code).toBe(Code.NOT_FOUND);
    expect((await removeAll('E1002')).data).toEqual({ deleted: 0 });
    // B2001's own records go, company one's stay.
    expect((await removeAll('B2001')).data.deleted).toBeGreaterThan(0);
    expect(await all('B2001')).toEqual([]);

    expect((await all('E1001')).map((r) => r.id)).toEqual(before.map((r) => r.id));
    expect(await files.exists(key)).toBe(true);
    expect((await downloadUrl('E1001', theirs.id)).code).toBe(Code.OK);
  });

  it('answer a missing or malformed id as such', async () => {
    const missing = await gw.call('exportRecordDelete', { token: tokens.E1001, body: {} });
    expect(missing.body.code).toBe(Code.INVALID);
    expect((await remove('E1001', 'not-a-uuid')).code).toBe(Code.INVALID);
    expect((await remove('E1001', '00000000-0000-4000-8000-000000000000')).code).toBe(Code.NOT_FOUND);
    const anonymous = await gw.call('exportRecordAllDelete', { body: {} });
    expect(anonymous.body.code).toBe(Code.UNAUTHORIZED);
  });
});

describe('deleting', () => {
  it('one record takes its file, by the id in the query or the body', async () => {
    const before = await all('E1001');
    const [first, second] = before.filter((r) => r.exportStatus === 2);
    const keys = await fileKeys([first!.id, second!.id]);

    const byQuery = await remove('E1001', first!.id);
    expect(byQuery).toMatchObject({ code: Code.OK, data: { deleted: 1 } });
    expect(await files.exists(keys.get(first!.id)!)).toBe(false);
    expect((await remove('E1001', second!.id, 'body')).data).toEqual({ deleted: 1 });
    expect(await files.exists(keys.get(second!.id)!)).toBe(false);

    const after = await all('E1001');
    expect(after.map((r) => r.id)).toEqual(before.map((r) => r.id).filter((id) => id !== first!.id && id !== second!.id));
    expect((await downloadUrl('E1001', first!.id)).code).toBe(Code.NOT_FOUND);
    expect((await remove('E1001', first!.id)).code).toBe(Code.NOT_FOUND);
  });

  it('all records of the caller takes their files and nobody else’s', async () => {
    const mine = await all('E1001');
    const keys = [...(await fileKeys(mine.map((r) => r.id))).values()].filter((k): k is string => k !== null);
    const admin = await all('E1004');
    const adminKeys = [...(await fileKeys(admin.map((r) => r.id))).values()].filter((k): k is string => k !== null);
    expect(keys.length).toBeGreaterThan(0);

    const result = await removeAll('E1001');
    expect(result).toMatchObject({ code: Code.OK, data: { deleted: mine.length } });
    expect(await all('E1001')).toEqual([]);
    for (const key of keys) expect(await files.exists(key)).toBe(false);
    expect((await all('E1004')).map((r) => r.id)).toEqual(admin.map((r) => r.id));
    for (const key of adminKeys) expect(await files.exists(key)).toBe(true);
    expect((await removeAll('E1001')).data).toEqual({ deleted: 0 });
  });

  it('a record still being built leaves no file behind once the build ends', async () => {
    const folder = join(dir, one);
    const before = new Set(await readdir(folder));
    const started = await gw.call<ExportStarted>('progressExport', { token: tokens.E1003, body: {} });
    expect(started.body.data.exportStatus).toBe(1);
    expect((await remove('E1003', started.body.data.id)).data).toEqual({ deleted: 1 });
    await settledExports();
    expect(new Set(await readdir(folder))).toEqual(before);
    const rows = await gw.database.db
      .select()
      .from(exportRecords)
      .where(and(eq(exportRecords.enterpriseUserId, members.E1003!), eq(exportRecords.id, started.body.data.id)));
    expect(rows).toEqual([]);
  });
});
