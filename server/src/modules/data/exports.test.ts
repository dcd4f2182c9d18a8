import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import ExcelJS from 'exceljs';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { Code, TOKEN_HEADER } from '@/api/codes';
import { endpoints, type EndpointName } from '@/api/endpoints';
import type {
  CourseProgressRow,
  DownloadUrl,
  ExportRecord,
  ExportStarted,
  TrainingProgressItem,
} from '@/api/learning-types';
import { RecordKind, type MessageRecord } from '@/api/home-types';
import type { Envelope, PageResult } from '@/api/types';
import type { Locale } from '@/i18n/routes';
import { createApp, type AppOptions } from '../../app';
import { exportRecords } from '../../db/schema';
import { localFileStore, type FileStore } from '../../files/store';
import { createTestApp, HOST_ONE, HOST_TWO, type TestGateway } from '../../testing';
import { attachment } from './downloads';
import { courseProgressColumns, settledExports, trainingProgressColumns } from './exports';
import { exportFileName, exportTime } from '../../exports';

let gw: TestGateway;
let dir: string;
const tokens: Record<string, string> = {};

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'xt-exports-'));
  gw = await createTestApp({ files: localFileStore(dir) });
  for (const empNo of ['E1001', 'E1002', 'E1003']) tokens[empNo] = await gw.login(empNo);
  tokens.B2001 = await gw.login('B2001', undefined, { host: HOST_TWO });
});
afterAll(async () => {
  await settledExports();
  await gw?.close();
  await rm(dir, { recursive: true, force: true });
});

/** Opens a download URL as a browser would: no token, same site. */
async function open(url: string, host = HOST_ONE): Promise<Response> {
  return gw.app.request(`http://${host}${url}`);
}

/** Another gateway on the same database (another prefix or file store), called as the site does. */
function sibling(options: Partial<AppOptions>) {
  const prefix = options.gatewayPrefix ?? gw.prefix;
  const app = createApp({ trustProxy: true, logError: () => {}, ...options, db: gw.database.db });
  return {
    app,
    async call<T>(name: EndpointName, o: { token?: string; body?: unknown; query?: Record<string, string> } = {}) {
      const def = endpoints[name];
      const url = new URL(`http://${HOST_ONE}${prefix}/${def.path}`);
      for (const [k, v] of Object.entries(o.query ?? {})) url.searchParams.set(k, v);
      const headers: Record<string, string> = { 'content-type': 'application/json' };
      if (o.token) headers[TOKEN_HEADER] = o.token;
      const body = o.body === undefined ? undefined : JSON.stringify(o.body);
      const res = await app.request(url, { method: def.method, headers, body });
      return (await res.json()) as Envelope<T>;
    },
  };
}

async function records(empNo: string, body: Record<string, unknown> = {}, host = HOST_ONE) {
  const { body: envelope } = await gw.call<PageResult<ExportRecord>>('exportRecordPage', { token: tokens[empNo], body, host });
  return envelope;
}

async function downloadUrl(empNo: string, id: string, host = HOST_ONE) {
  return (await gw.call<DownloadUrl>('exportRecordDownloadUrl', { token: tokens[empNo], query: { id }, host })).body;
}

/** A workbook's first sheet as rows of cell values ('' for empty cells). */
async function sheetRows(res: Response, columns: number): Promise<unknown[][]> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(await res.arrayBuffer());
  const sheet = workbook.worksheets[0]!;
  const rows: unknown[][] = [];
  sheet.eachRow((row) => {
    rows.push(Array.from({ length: columns }, (_, i) => row.getCell(i + 1).value ?? ''));
  });
  return rows;
}

describe('course progress export', () => {
  let record: ExportStarted;

  it('answers at once with a record in progress, named in the caller language', async () => {
    const { body } = await gw.call<ExportStarted>('progressExport', { token: tokens.E1003, body: {} });
    expect(body.code).toBe(Code.OK);
    record = body.data;
    expect(record.exportStatus).toBe(1);
    expect(record.fileName).toMatch(/^课程学习进度-\d{8}-\d{4}\.xlsx$/);
    const en = await gw.call<ExportStarted>('progressExport', { token: tokens.E1001, lang: 'en', body: { learningStatus: 2 } });
    expect(en.body.data.fileName).toMatch(/^course-progress-\d{8}-\d{4}\.xlsx$/);
  });

  it('finishes with a file and lists it newest first', async () => {
    await settledExports();
    const page = await records('E1003');
    expect(page.data.list[0]).toMatchObject({ id: record.id, exportStatus: 2, fileName: record.fileName });
    expect(page.data.list[0]!.fileSize).toBeGreaterThan(0);
    expect(new Date(page.data.list[0]!.gmtCreate).toISOString()).toBe(page.data.list[0]!.gmtCreate);
    expect(page.data.pageSize).toBe(10);
    expect((await records('E1003', { pageSize: 20 })).data.pageSize).toBe(20);
  });

  it('tells its owner, and only them, in a message that the file is ready', async () => {
    const messages = async (empNo: string) =>
      (await gw.call<PageResult<MessageRecord>>('messageRecordPage', { token: tokens[empNo], body: { kind: RecordKind.message, pageSize: 50 } })).body.data.list;
    const title = `导出文件已生成：${record.fileName}`;
    expect((await messages('E1003')).filter((m) => m.title === title)).toMatchObject([{ read: false, kind: RecordKind.message }]);
    expect((await messages('E1001')).some((m) => m.title === title)).toBe(false);
  });

  it('downloads without a token: a spreadsheet with the page rows under headers in the caller language', async () => {
    const { data } = await downloadUrl('E1003', record.id);
    expect(data.url.startsWith(`${gw.prefix}/${endpoints.exportFileDownload.path}?`)).toBe(true);
    const res = await open(data.url);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('spreadsheetml');
    expect(res.headers.get('content-disposition')).toContain(`filename*=UTF-8''${encodeURIComponent(record.fileName)}`);

    const rows = await sheetRows(res, courseProgressColumns.length);
    expect(rows[0]).toEqual(courseProgressColumns.map((c) => c.header.zh));
    const page = await gw.call<PageResult<CourseProgressRow>>('courseProgressPage', {
      token: tokens.E1003,
      body: { pageSize: 100 },
    });
    const expected = page.body.data.list.map((r) => courseProgressColumns.map((c) => c.cell(r, 'zh')));
    expect(rows.slice(1)).toEqual(expected);
    expect(expected.length).toBeGreaterThan(0);
    expect(rows[1]![0]).toBe('张伟');
  });

  it('refuses an altered or expired signature', async () => {
    const { data } = await downloadUrl('E1003', record.id);
    const url = new URL(data.url, 'http://x');
    const sig = url.searchParams.get('sig')!;
    url.searchParams.set('sig', `${sig[0] === 'a' ? 'b' : 'a'}${sig.slice(1)}`);
    const altered = await open(`${url.pathname}${url.search}`);
    expect(altered.status).toBe(403);
    expect(((await altered.json()) as Envelope<null>).code).toBe(Code.FORBIDDEN);

    url.searchParams.set('sig', sig);
    url.searchParams.set('exp', String(Number(url.searchParams.get('exp')) + 3600));
    expect((await open(`${url.pathname}${url.search}`)).status).toBe(403);

    const now = Date.now();
    const clock = vi.spyOn(Date, 'now').mockReturnValue(now - 10 * 60 * 1000);
    const old = await downloadUrl('E1003', record.id);
    clock.mockRestore();
    const expired = await open(old.data.url);
    expect(expired.status).toBe(403);
    expect(((await expired.json()) as Envelope<null>).msg).toBe('下载链接无效或已过期，请重新下载');
  });

  it('keeps the record from another member and another company', async () => {
    expect((await records('E1002')).data.list.map((r) => r.id)).not.toContain(record.id);
    expect((await downloadUrl('E1002', record.id)).code).toBe(Code.NOT_FOUND);
    expect((await open(`${gw.prefix}/${endpoints.exportFileDownload.path}?id=${record.id}`)).status).toBe(403);

    expect((await records('B2001', {}, HOST_TWO)).data.list.map((r) => r.id)).not.toContain(record.id);
    expect((await downloadUrl('B2001', record.id, HOST_TWO)).code).toBe(Code.NOT_FOUND);
    const { data } = await downloadUrl('E1003', record.id);
    expect((await open(data.url, HOST_TWO)).status).toBe(403);
  });

  it('gives no URL for an unfinished record', async () => {
    const [row] = await gw.database.db
      .update(exportRecords)
      .set({ exportStatus: 1 })
      .where(eq(exportRecords.id, record.id))
      .returning();
    expect((await downloadUrl('E1003', record.id)).code).toBe(Code.NOT_FOUND);
    await gw.database.db.update(exportRecords).set({ exportStatus: 2 }).where(eq(exportRecords.id, row!.id));
  });

  it('gives the URL under the prefix the request came through', async () => {
    const other = sibling({ files: localFileStore(dir), gatewayPrefix: '/api/gw' });
    const { data } = await other.call<DownloadUrl>('exportRecordDownloadUrl', { token: tokens.E1003, query: { id: record.id } });
    expect(data.url.startsWith('/api/gw/data/crm/export/record/file?')).toBe(true);
    expect((await other.app.request(`http://${HOST_ONE}${data.url}`)).status).toBe(200);
  });
});

describe('training progress export', () => {
  it("exports the caller's projects and tasks as the training progress page lists them", async () => {
    const lang: Locale = 'en';
    const { body } = await gw.call<ExportStarted>('studyExport', { token: tokens.E1001, lang, body: {} });
    expect(body.data).toMatchObject({ exportStatus: 1 });
    expect(body.data.fileName).toMatch(/^training-progress-\d{8}-\d{4}\.xlsx$/);
    await settledExports();
    const { data } = (await gw.call<DownloadUrl>('exportRecordDownloadUrl', { token: tokens.E1001, query: { id: body.data.id } })).body;
    const rows = await sheetRows(await open(data.url), trainingProgressColumns.length);
    expect(rows[0]).toEqual(trainingProgressColumns.map((c) => c.header.en));

    const page = await gw.call<PageResult<TrainingProgressItem>>('trainingProgressPage', {
      token: tokens.E1001,
      lang,
      body: { pageSize: 100 },
    });
    expect(rows.slice(1)).toEqual(page.body.data.list.map((r) => trainingProgressColumns.map((c) => c.cell(r, lang))));
    const task = rows.find((r) => r[0] === '2026 new-hire learning task');
    expect(task?.slice(1, 2)).toEqual(['Study task']);
    expect([task?.[4], task?.[6]]).toEqual([1, 1]); // one required course, one elective
    expect(rows.find((r) => r[0] === '2025 compliance training')?.[1]).toBe('Study project');
  });
});

describe('a failed export', () => {
  it('is marked failed and logged', async () => {
    const broken: FileStore = {
      ...localFileStore(dir),
      put: () => Promise.reject(new Error('disk full')),
    };
    const other = sibling({ files: broken });
    const log = vi.spyOn(console, 'error').mockImplementation(() => {});
    try {
      const started = await other.call<ExportStarted>('progressExport', { token: tokens.E1002, body: {} });
      expect(started.data.exportStatus).toBe(1);
      await settledExports();
      const page = await records('E1002');
      expect(page.data.list[0]).toMatchObject({ id: started.data.id, exportStatus: 3 });
      expect(log).toHaveBeenCalledWith(expect.stringContaining(started.data.id), expect.any(Error));
      expect((await downloadUrl('E1002', started.data.id)).code).toBe(Code.NOT_FOUND);
    } finally {
      log.mockRestore();
    }
  });
});

describe('file names and times', () => {
  it('names files and writes times in the companies\' local time', () => {
    expect(exportFileName('课程学习进度', new Date('2026-11-21T23:15:00Z'))).toBe('课程学习进度-20261122-0715.xlsx');
    expect(exportTime('2026-11-21T23:15:09.500Z')).toBe('2026-11-22 07:15:09');
    expect(exportTime(null)).toBe('');
  });

  it('keeps a UTF-8 file name in the attachment header, with an ASCII fallback', () => {
    expect(attachment('课程-1.xlsx')).toBe(
      `attachment; filename="__-1.xlsx"; filename*=UTF-8''${encodeURIComponent('课程')}-1.xlsx`,
    );
    expect(attachment(`a"b'(1).xlsx`)).toBe(`attachment; filename="a_b'(1).xlsx"; filename*=UTF-8''a%22b%27%281%29.xlsx`);
  });
});
