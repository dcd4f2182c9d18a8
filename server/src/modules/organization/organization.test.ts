import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { and, eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { Code, TOKEN_HEADER } from '@/api/codes';
import { endpoints, type EndpointName } from '@/api/endpoints';
import { RecordKind, type MessageRecord } from '@/api/home-types';
import type { DownloadUrl, ExportRecord, ExportStarted } from '@/api/learning-types';
import type { OrganizationLearner, OrganizationLearnerPageBody, OrganizationOverview } from '@/api/people-types';
import type { Envelope, PageResult } from '@/api/types';
import type { Locale } from '@/i18n/routes';
import { createApp } from '../../app';
import {
  courseProgress,
  courses,
  departments,
  enterpriseUsers,
  exportRecords,
  pointRecords,
  studyDynamics,
  userCertificates,
} from '../../db/schema';
import { localFileStore, type FileStore } from '../../files/store';
import { createTestApp, HOST_TWO, type TestGateway } from '../../testing';
import { settledExports } from '../data/exports';
import { dataOf, INITIAL_PASSWORD, memberOf, signIn, type Who } from '../home/test-support';
import { learnerColumns } from './learners';

let gw: TestGateway;
let dir: string;
/** The organisation user E1003 (Training Centre, D310) and company one's administrator E1004. */
let e1003: Who;
let admin: Who;
/** Company two: B2002 made an organisation user, B2001 its administrator. */
let b2002: Who;
let two: Who;
const DAY = 86_400_000;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'xt-organization-'));
  gw = await createTestApp({ files: localFileStore(dir) });
  e1003 = await signIn(gw, 'E1003');
  admin = await signIn(gw, 'E1004');
  // More learning than the demo's, so every status and the 30-day boundary have learners.
  const one = await gw.database.db.select().from(courses).where(eq(courses.enterpriseId, e1003.enterpriseId));
  const course = (name: string) => one.find((c) => c.nameZh === name)!.id;
  const member = async (empNo: string) => (await memberOf(gw, empNo)).id;
  const at = (days: number) => new Date(Date.now() - days * DAY);
  const extra = [
    ['E1002', '高效沟通技巧', 100, 4],
    ['E1002', '数据可视化入门', 100, 9],
    ['E1006', '消防安全知识', 100, 12],
    ['E1006', '用电安全', 35, 45],
    ['E1009', 'Excel 高效办公', 60, 80],
  ] as const;
  for (const [empNo, name, progress, days] of extra) {
    const state = {
      progress,
      status: progress === 100 ? 2 : 1,
      startedAt: at(days + 2),
      completedAt: progress === 100 ? at(days) : null,
      updatedAt: at(days),
    };
    // The demo may already have this learner on this course: the test's state wins.
    await gw.database.db
      .insert(courseProgress)
      .values({ enterpriseId: e1003.enterpriseId, enterpriseUserId: await member(empNo), courseId: course(name), ...state })
      .onConflictDoUpdate({ target: [courseProgress.enterpriseUserId, courseProgress.courseId], set: state });
  }
  // Company two gets an organisation user and an administrator of its own.
  const b = await memberOf(gw, 'B2002', HOST_TWO);
  await gw.database.db.update(enterpriseUsers).set({ userType: 3 }).where(eq(enterpriseUsers.id, b.id));
  b2002 = await signIn(gw, 'B2002', HOST_TWO, INITIAL_PASSWORD[HOST_TWO]);
  const a = await memberOf(gw, 'B2001', HOST_TWO);
  await gw.database.db.update(enterpriseUsers).set({ isAdmin: true }).where(eq(enterpriseUsers.id, a.id));
  two = await signIn(gw, 'B2001', HOST_TWO);
});
afterAll(async () => {
  await settledExports();
  await gw?.close();
  await rm(dir, { recursive: true, force: true });
});

const db = () => gw.database.db;

const overview = (who: Who, lang: Locale = 'zh') => dataOf<OrganizationOverview>(gw, who, 'organizationOverview', { lang });
const learners = (who: Who, body: OrganizationLearnerPageBody = {}, lang: Locale = 'zh') =>
  dataOf<PageResult<OrganizationLearner>>(gw, who, 'organizationLearnerPage', { body, lang });

/** Every learner the page lists with these filters, page by page at the default size. */
async function everyLearner(who: Who, filters: OrganizationLearnerPageBody = {}, lang: Locale = 'zh'): Promise<OrganizationLearner[]> {
  const first = await learners(who, filters, lang);
  const rest = await Promise.all(
    Array.from({ length: Math.max(0, first.totalPage - 1) }, (_, i) => learners(who, { ...filters, pageCurrent: i + 2 }, lang)),
  );
  return [first, ...rest].flatMap((p) => p.list);
}

/** Each member's figures worked out here from the raw rows of their company. */
async function expected(enterpriseId: string) {
  const of = <T extends { enterpriseUserId: string }>(rows: T[], id: string) => rows.filter((r) => r.enterpriseUserId === id);
  const members = await db().select().from(enterpriseUsers).where(eq(enterpriseUsers.enterpriseId, enterpriseId));
  const progress = await db().select().from(courseProgress).where(eq(courseProgress.enterpriseId, enterpriseId));
  const dynamics = await db().select().from(studyDynamics).where(eq(studyDynamics.enterpriseId, enterpriseId));
  const hours = await db().select().from(pointRecords).where(and(eq(pointRecords.enterpriseId, enterpriseId), eq(pointRecords.kind, 2)));
  const now = Date.now();
  const held = (await db().select().from(userCertificates).where(eq(userCertificates.enterpriseId, enterpriseId))).filter(
    (c) => !c.expiresAt || c.expiresAt.getTime() > now,
  );
  return members
    .map((m) => {
      const mine = of(progress, m.id);
      const completed = mine.filter((p) => p.status === 2).length;
      const times = [...mine.map((p) => p.updatedAt), ...of(dynamics, m.id).map((d) => d.createdAt)].map((d) => d.getTime());
      return {
        id: m.id,
        userName: m.userName,
        empNo: m.empNo,
        learningStatus: mine.length === 0 ? 0 : completed === mine.length ? 2 : 1,
        coursesStarted: mine.length,
        coursesCompleted: completed,
        averageProgress: mine.length ? Math.round(mine.reduce((s, p) => s + p.progress, 0) / mine.length) : 0,
        creditHours: Math.round(of(hours, m.id).reduce((s, r) => s + r.amount * 10, 0)) / 10,
        certificates: of(held, m.id).length,
        lastStudyAt: times.length ? new Date(Math.max(...times)).toISOString() : null,
        progressSum: mine.reduce((s, p) => s + p.progress, 0),
      };
    })
    .sort((a, b) => (a.empNo < b.empNo ? -1 : a.empNo > b.empNo ? 1 : a.id < b.id ? -1 : 1));
}

const figures = ({ progressSum: _, ...rest }: Awaited<ReturnType<typeof expected>>[number]) => rest;

describe('the overview', () => {
  it('matches the company’s raw rows', async () => {
    const all = await expected(admin.enterpriseId);
    const started = all.reduce((s, l) => s + l.coursesStarted, 0);
    const completed = all.reduce((s, l) => s + l.coursesCompleted, 0);
    const since = Date.now() - 30 * DAY;
    const got = await overview(admin);
    expect(got).toEqual({
      learners: all.length,
      activeLearners: all.filter((l) => l.lastStudyAt && Date.parse(l.lastStudyAt) >= since).length,
      coursesStarted: started,
      coursesCompleted: completed,
      averageProgress: Math.round((all.reduce((s, l) => s + l.progressSum, 0) / started) * 10) / 10,
      completionRate: Math.round((completed / started) * 1000) / 10,
      creditHours: Math.round(all.reduce((s, l) => s + l.creditHours * 10, 0)) / 10,
      certificates: all.reduce((s, l) => s + l.certificates, 0),
    });
    // The demo and the rows above give every figure something to count.
    expect(got.learners).toBe(22);
    expect(got.coursesCompleted).toBeGreaterThan(0);
    expect(got.coursesStarted).toBeGreaterThan(got.coursesCompleted);
    expect(got.activeLearners).toBeGreaterThan(1);
    expect(got.activeLearners).toBeLessThan(got.learners);
    expect(got.certificates).toBeGreaterThan(0);
    expect(await overview(admin, 'en')).toEqual(got);
  });

  it('counts only company two for company two’s administrator', async () => {
    const all = await expected(two.enterpriseId);
    const got = await overview(two);
    expect(got.learners).toBe(all.length);
    expect(got.learners).toBe(7);
    expect(got.creditHours).toBe(Math.round(all.reduce((s, l) => s + l.creditHours * 10, 0)) / 10);
    expect(got.certificates).toBe(all.reduce((s, l) => s + l.certificates, 0));
  });
});

describe('the learners page', () => {
  it('pages every member of the company by employee number, with figures matching the raw rows', async () => {
    const all = await expected(admin.enterpriseId);
    const first = await learners(admin);
    expect(first).toMatchObject({ pageCurrent: 1, pageSize: 10, totalCount: all.length, totalPage: Math.ceil(all.length / 10) });
    const listed = await everyLearner(admin);
    expect(listed.map(({ departmentId: _d, departmentName: _n, postName: _p, ...rest }) => rest)).toEqual(all.map(figures));
    const completedAll = listed.filter((l) => l.learningStatus === 2).map((l) => l.empNo);
    expect(completedAll).toEqual(all.filter((l) => l.learningStatus === 2).map((l) => l.empNo));
    expect(completedAll).toContain('E1002');
    expect(listed.find((l) => l.empNo === 'E1006')).toMatchObject({ learningStatus: 1, coursesStarted: 2, coursesCompleted: 1, averageProgress: 68 });
  });

  it('names departments by their path and posts in the caller’s language', async () => {
    const members = await db().select().from(enterpriseUsers).where(eq(enterpriseUsers.enterpriseId, admin.enterpriseId));
    const tree = await db().select().from(departments).where(eq(departments.enterpriseId, admin.enterpriseId));
    const path = (id: string): string => {
      const d = tree.find((x) => x.id === id)!;
      return d.parentId ? `${path(d.parentId)} · ${d.nameZh}` : d.nameZh;
    };
    const zh = await everyLearner(admin);
    for (const l of zh) {
      const m = members.find((x) => x.id === l.id)!;
      expect([l.departmentId, l.departmentName, l.postName]).toEqual([m.departmentId, path(m.departmentId), m.postName]);
    }
    const en = await everyLearner(admin, { keyword: 'E1001' }, 'en');
    expect(en).toMatchObject([{ userName: '张伟', departmentName: 'R&D Centre · Front-end Development', postName: 'Front-end Engineer' }]);
  });

  it('filters by name or employee number, department with the ones under it, and status', async () => {
    const all = await everyLearner(admin);
    expect((await everyLearner(admin, { keyword: '张伟' })).map((l) => l.empNo)).toEqual(['E1001']);
    expect((await everyLearner(admin, { keyword: ' e101 ' })).map((l) => l.empNo)).toEqual(all.filter((l) => l.empNo.startsWith('E101')).map((l) => l.empNo));
    // Wildcards are taken literally.
    expect(await everyLearner(admin, { keyword: '%' })).toEqual([]);
    expect(await everyLearner(admin, { keyword: '_' })).toEqual([]);

    const members = await db().select().from(enterpriseUsers).where(eq(enterpriseUsers.enterpriseId, admin.enterpriseId));
    const rd = members.filter((m) => ['D100', 'D110', 'D120', 'D130'].includes(m.departmentId)).map((m) => m.empNo).sort();
    expect(rd.length).toBeGreaterThan(2);
    expect((await everyLearner(admin, { departmentId: 'D100' })).map((l) => l.empNo)).toEqual(rd);
    const architecture = members.filter((m) => m.departmentId === 'D120').map((m) => m.empNo).sort();
    expect((await everyLearner(admin, { departmentId: 'D120' })).map((l) => l.empNo)).toEqual(architecture);
    expect(await everyLearner(admin, { departmentId: 'Q200' })).toEqual([]);

    const byStatus = await Promise.all(([0, 1, 2] as const).map((s) => everyLearner(admin, { learningStatus: s })));
    expect(byStatus.map((list) => list.length).reduce((a, b) => a + b)).toBe(all.length);
    byStatus.forEach((list, s) => expect(list.every((l) => l.learningStatus === s)).toBe(true));
    expect(byStatus[1]!.map((l) => l.empNo)).toEqual(all.filter((l) => l.learningStatus === 1).map((l) => l.empNo));
    expect(byStatus[1]!.map((l) => l.empNo)).toEqual(expect.arrayContaining(['E1001', 'E1006', 'E1009']));

    const combined = await learners(admin, { keyword: 'E100', departmentId: 'D100', learningStatus: 1, pageSize: 1 });
    const both = byStatus[1]!.filter((l) => l.empNo.startsWith('E100') && rd.includes(l.empNo));
    expect(both.map((l) => l.empNo)).toEqual(expect.arrayContaining(['E1001', 'E1009']));
    expect(combined).toMatchObject({ list: [both[0]], totalCount: both.length, totalPage: both.length, pageSize: 1 });
  });

  it('never lists another company’s learners', async () => {
    const one = await everyLearner(admin);
    const theirs = await everyLearner(two);
    expect(theirs.map((l) => l.empNo)).toEqual((await expected(two.enterpriseId)).map((l) => l.empNo));
    expect(theirs.every((l) => l.empNo.startsWith('B'))).toBe(true);
    expect(one.some((l) => l.empNo.startsWith('B'))).toBe(false);
    expect(await everyLearner(admin, { keyword: '周婷' })).toEqual([]);
    // A department id of company two names nobody of company one, and the reverse.
    expect(await everyLearner(two, { departmentId: 'D100' })).toEqual([]);
  });

  it('refuses bad filters and paging with messages naming them', async () => {
    const cases: [object, string][] = [
      [{ keyword: 'x'.repeat(51) }, 'The field keyword must be at most 50 characters'],
      [{ learningStatus: 3 }, 'The field learningStatus has an invalid value'],
      [{ departmentId: 7 }, 'The field departmentId must be a string'],
      [{ pageSize: 101 }, 'The field pageSize must be at most 100'],
    ];
    for (const [body, msg] of cases) {
      const { res, body: envelope } = await gw.call('organizationLearnerPage', { token: admin.token, body, lang: 'en' });
      expect(res.status, JSON.stringify(body)).toBe(422);
      expect(envelope.msg).toBe(msg);
    }
  });
});

describe('who may open it', () => {
  const rows: { name: EndpointName; body?: object }[] = [
    { name: 'organizationOverview' },
    { name: 'organizationLearnerPage', body: {} },
    { name: 'organizationLearnerExport', body: {} },
  ];

  it('refuses learners and lecturers, in their language', async () => {
    for (const empNo of ['E1001', 'E1002']) {
      const who = await signIn(gw, empNo);
      const before = await db().select().from(exportRecords).where(eq(exportRecords.enterpriseUserId, who.memberId));
      for (const { name, body } of rows) {
        for (const [lang, msg] of [
          ['zh', '您没有权限使用后台的这项功能'],
          ['en', 'You do not have permission to use this part of the back office'],
        ] as const) {
          const { res, body: envelope } = await gw.call(name, { token: who.token, body, lang });
          expect(res.status, `${empNo} ${name}`).toBe(403);
          expect(envelope).toEqual({ code: Code.FORBIDDEN, msg, data: null });
        }
      }
      const after = await db().select().from(exportRecords).where(eq(exportRecords.enterpriseUserId, who.memberId));
      expect(after.length, empNo).toBe(before.length);
    }
  });

  it('asks anonymous callers to sign in, and refuses a token on the other company’s site', async () => {
    for (const { name, body } of rows) {
      const anonymous = await gw.call(name, { body, lang: 'en' });
      expect(anonymous.body).toMatchObject({ code: Code.UNAUTHORIZED, msg: 'Please login first!' });
      const crossed = await gw.call(name, { token: admin.token, host: HOST_TWO, body });
      expect(crossed.body.code, name).toBe(Code.UNAUTHORIZED);
    }
  });
});

describe('an organisation user’s reach', () => {
  /** Members of the company in department `root` and every department under it, by employee number. */
  async function under(enterpriseId: string, root: string): Promise<string[]> {
    const tree = await db().select().from(departments).where(eq(departments.enterpriseId, enterpriseId));
    const ids = new Set([root]);
    for (let grown = true; grown; ) {
      grown = false;
      for (const d of tree) if (ids.has(d.parentId) && !ids.has(d.id)) (ids.add(d.id), (grown = true));
    }
    const members = await db().select().from(enterpriseUsers).where(eq(enterpriseUsers.enterpriseId, enterpriseId));
    return members.filter((m) => ids.has(m.departmentId)).map((m) => m.empNo).sort();
  }
  const moveTo = async (who: Who, departmentId: string) =>
    db().update(enterpriseUsers).set({ departmentId }).where(eq(enterpriseUsers.id, who.memberId));

  it('lists and counts only the members of their department and the ones under it', async () => {
    const reach = await under(e1003.enterpriseId, 'D310');
    expect(reach).toEqual(['E1003', 'E1022']);
    expect((await everyLearner(e1003)).map((l) => l.empNo)).toEqual(reach);
    const all = (await expected(e1003.enterpriseId)).filter((l) => reach.includes(l.empNo));
    const got = await overview(e1003);
    expect(got.learners).toBe(2);
    expect(got.coursesStarted).toBe(all.reduce((s, l) => s + l.coursesStarted, 0));
    expect(got.creditHours).toBe(Math.round(all.reduce((s, l) => s + l.creditHours * 10, 0)) / 10);
    // A department outside the reach, or a name from outside it, finds nobody.
    expect(await everyLearner(e1003, { departmentId: 'D100' })).toEqual([]);
    expect(await everyLearner(e1003, { keyword: '张伟' })).toEqual([]);
  });

  it('follows the member’s department at once when it changes, down the whole subtree', async () => {
    try {
      await moveTo(e1003, 'D300');
      const reach = await under(e1003.enterpriseId, 'D300');
      expect(reach).toEqual(['E1003', 'E1014', 'E1022']);
      expect((await everyLearner(e1003)).map((l) => l.empNo)).toEqual(reach);
      expect((await overview(e1003)).learners).toBe(3);

      await moveTo(b2002, 'Q200');
      const production = await under(b2002.enterpriseId, 'Q200');
      expect(production).toEqual(['B2001', 'B2002', 'B2004', 'B2006']);
      expect((await everyLearner(b2002)).map((l) => l.empNo)).toEqual(production);
      expect((await everyLearner(b2002, { departmentId: 'Q210' })).map((l) => l.empNo)).toEqual(['B2001', 'B2004']);

      // No department: nobody, not the whole company.
      await moveTo(e1003, '');
      expect(await everyLearner(e1003)).toEqual([]);
      expect((await overview(e1003)).learners).toBe(0);
    } finally {
      await moveTo(e1003, 'D310');
      await moveTo(b2002, 'Q220');
    }
  });

  it('exports the same members the page lists', async () => {
    const record = await dataOf<ExportStarted>(gw, e1003, 'organizationLearnerExport', { body: {} });
    const rows = await sheetRows(await download(e1003, record));
    expect(rows.slice(1).map((r) => r[1])).toEqual(['E1003', 'E1022']);
  });
});

/** A workbook's first sheet as rows of cell values ('' for empty cells). */
async function sheetRows(res: Response): Promise<unknown[][]> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(await res.arrayBuffer());
  const rows: unknown[][] = [];
  workbook.worksheets[0]!.eachRow((row) => {
    rows.push(Array.from({ length: learnerColumns.length }, (_, i) => row.getCell(i + 1).value ?? ''));
  });
  return rows;
}

/** Waits for the export, then downloads it as the download centre does. */
async function download(who: Who, record: ExportStarted): Promise<Response> {
  await settledExports();
  const page = await dataOf<PageResult<ExportRecord>>(gw, who, 'exportRecordPage');
  expect(page.list.find((r) => r.id === record.id)).toMatchObject({ exportStatus: 2, fileName: record.fileName });
  const { url } = await dataOf<DownloadUrl>(gw, who, 'exportRecordDownloadUrl', { query: { id: record.id } });
  const res = await gw.app.request(`http://${who.host}${url}`);
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toContain('spreadsheetml');
  return res;
}

describe('the export', () => {
  it('builds an xlsx in the background whose rows are the page’s, and tells its owner', async () => {
    const filters = { departmentId: 'D100' };
    const record = await dataOf<ExportStarted>(gw, admin, 'organizationLearnerExport', { body: filters });
    expect(record.exportStatus).toBe(1);
    expect(record.fileName).toMatch(/^学员学习概况-\d{8}-\d{4}\.xlsx$/);
    const rows = await sheetRows(await download(admin, record));
    expect(rows[0]).toEqual(learnerColumns.map((c) => c.header.zh));
    const listed = await everyLearner(admin, filters);
    expect(rows.slice(1)).toEqual(listed.map((l) => learnerColumns.map((c) => c.cell(l, 'zh'))));
    expect(rows.length - 1).toBe(listed.length);
    expect(rows.find((r) => r[1] === 'E1001')?.slice(0, 5)).toEqual(['张伟', 'E1001', '研发中心 · 前端开发部', '前端工程师', '学习中']);

    const messages = await dataOf<PageResult<MessageRecord>>(gw, admin, 'messageRecordPage', { body: { kind: RecordKind.message, pageSize: 50 } });
    expect(messages.list.filter((m) => m.title === `导出文件已生成：${record.fileName}`)).toHaveLength(1);
  });

  it('writes every learner in the caller’s language, and only the company’s', async () => {
    const record = await dataOf<ExportStarted>(gw, admin, 'organizationLearnerExport', { body: {}, lang: 'en' });
    expect(record.fileName).toMatch(/^learner-overview-\d{8}-\d{4}\.xlsx$/);
    const rows = await sheetRows(await download(admin, record));
    expect(rows[0]).toEqual(learnerColumns.map((c) => c.header.en));
    const listed = await everyLearner(admin, {}, 'en');
    expect(rows.slice(1)).toEqual(listed.map((l) => learnerColumns.map((c) => c.cell(l, 'en'))));
    expect(rows.slice(1).map((r) => r[1])).toEqual((await expected(admin.enterpriseId)).map((l) => l.empNo));

    // Company two's administrator exports company two.
    const theirs = await dataOf<ExportStarted>(gw, two, 'organizationLearnerExport', { body: { learningStatus: 0 } });
    const theirRows = await sheetRows(await download(two, theirs));
    expect(theirRows.slice(1).map((r) => r[1])).toEqual((await everyLearner(two, { learningStatus: 0 })).map((l) => l.empNo));
    expect(theirRows.slice(1).every((r) => String(r[1]).startsWith('B'))).toBe(true);
  });

  it('marks the record failed (exportStatus 3) when the file cannot be stored', async () => {
    const broken: FileStore = { ...localFileStore(dir), put: () => Promise.reject(new Error('disk full')) };
    const app = createApp({ trustProxy: true, logError: () => {}, files: broken, db: gw.database.db });
    const res = await app.request(`http://${HOST_TWO}${gw.prefix}/${endpoints.organizationLearnerExport.path}`, {
      method: 'POST',
      headers: { [TOKEN_HEADER]: two.token, 'content-type': 'application/json' },
      body: '{}',
    });
    const record = ((await res.json()) as Envelope<ExportStarted>).data;
    expect(record.exportStatus).toBe(1);
    const log = vi.spyOn(console, 'error').mockImplementation(() => {});
    await settledExports();
    log.mockRestore();
    const page = await dataOf<PageResult<ExportRecord>>(gw, two, 'exportRecordPage');
    expect(page.list.find((r) => r.id === record.id)).toMatchObject({ exportStatus: 3, fileSize: 0 });
  });
});
