import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq, sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ExamBatch, ExamTaskCount, ExamTaskDetail, ExamTaskItem, PaperRecord } from '@/api/exam-types';
import type { DownloadUrl, ExportRecord } from '@/api/learning-types';
import type { PageResult } from '@/api/types';
import { Code } from '@/api/codes';
import { examBatches, exams } from '../../db/schema';
import { localFileStore } from '../../files/store';
import { createTestApp, type TestGateway } from '../../testing';
import { settledExports } from '../data/exports';
import { examRecordColumns } from './tasks';
import { as, examIdOf, signIn, start, taskOf, type Who } from './test-support';

let gw: TestGateway;
let dir: string;
let e1001: Who;
let e1003: Who;
let e1004: Who;
let e1007: Who;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'xt-exam-'));
  gw = await createTestApp({ files: localFileStore(dir) });
  [e1001, e1003, e1004, e1007] = await Promise.all(['E1001', 'E1003', 'E1004', 'E1007'].map((n) => signIn(gw, n)));
});
afterAll(async () => {
  await settledExports();
  await gw?.close();
  await rm(dir, { recursive: true, force: true });
});

const page = (who: Who, body: Record<string, unknown> = {}) => as<PageResult<ExamTaskItem>>(gw, who, 'examTaskRecordPage', { body });

describe('the exam centre', () => {
  it('lists the caller’s exam tasks with their status, counts and filters', async () => {
    const { body } = await page(e1001, { pageSize: 100 });
    const statuses = Object.fromEntries(body.data.list.map((t) => [t.name, t.status]));
    expect(statuses).toMatchObject({
      'General assessment': 0,
      'Information security quiz': 0,
      'One-minute quiz': 0,
      '2025 safety exam': 4,
      'Onboarding exam': 1,
      'Fire safety exam': 2,
      'Professional conduct assessment': 3,
    });
    const onboarding = body.data.list.find((t) => t.name === 'Onboarding exam')!;
    expect(onboarding).toMatchObject({ type: 1, score: 85, attemptsUsed: 2, attempts: 0, questionCount: 8, paperInProgress: null });
    const general = body.data.list.find((t) => t.name === 'General assessment')!;
    expect(general).toMatchObject({ type: 2, score: null, totalScore: 100, passScore: 60, duration: 30, questionCount: 10, attemptsUsed: 0 });

    const count = (await as<ExamTaskCount>(gw, e1001, 'examTaskRecordCount')).body.data;
    expect(count.total).toBe(body.data.totalCount);
    expect(count).toMatchObject({ pass: 1, fail: 1, waitingMark: 1, absent: 1 });
    expect(count.waiting + count.pass + count.fail + count.waitingMark + count.absent).toBe(count.total);
    for (const [status, n] of [[0, count.waiting], [1, count.pass], [2, count.fail], [3, count.waitingMark], [4, count.absent]] as const) {
      const filtered = await page(e1001, { status });
      expect(filtered.body.data.totalCount).toBe(n);
      expect(filtered.body.data.list.every((t) => t.status === status)).toBe(true);
    }
    const keyword = await page(e1001, { keyword: '速测' });
    expect(keyword.body.data.list.map((t) => t.name)).toEqual(['One-minute quiz']);
    const paged = await page(e1001, { pageSize: 2, pageCurrent: 2 });
    expect(paged.body.data).toMatchObject({ pageCurrent: 2, pageSize: 2, totalCount: count.total });
    expect(paged.body.data.list).toHaveLength(2);
    const zh = await gw.call<PageResult<ExamTaskItem>>('examTaskRecordPage', { token: e1001.token, body: { status: 4 } });
    expect(zh.body.data.list.map((t) => t.name)).toEqual(['2025 年度安全考试']);
    expect((await page(e1001, { status: 9 })).body.code).toBe(Code.INVALID);
  });

  it('lists the exam records: tasks with a handed-in paper', async () => {
    const { body } = await as<PageResult<ExamTaskItem>>(gw, e1001, 'examTaskPage', { body: {} });
    expect(body.data.list.map((t) => t.name).sort()).toEqual(['Fire safety exam', 'Onboarding exam', 'Professional conduct assessment']);
  });

  it('shows a task before the exam with why it cannot start', async () => {
    const view = async (name: string) => {
      const { body } = await as<ExamTaskDetail>(gw, e1001, 'examTaskView', { query: { id: (await taskOf(gw, e1001, name)).taskId } });
      return body.data;
    };
    const general = await view('General assessment');
    expect(general).toMatchObject({
      name: 'General assessment',
      shuffleQuestions: true,
      showAnswers: true,
      screenSwitchLimit: 0,
      attemptsLeft: null,
      blockedReason: '',
      typeCounts: { '1': 2, '2': 2, '3': 2, '4': 2, '5': 2 },
    });
    expect(general.intro).not.toBe('');
    expect(await view('Information security quiz')).toMatchObject({ screenSwitchLimit: 2, blockedReason: '' });
    expect(await view('2025 safety exam')).toMatchObject({ status: 4, blockedReason: 'The exam has ended' });
    expect(await view('Onboarding exam')).toMatchObject({ blockedReason: 'You have already passed this exam' });
    expect(await view('Professional conduct assessment')).toMatchObject({ blockedReason: 'Your paper is waiting to be marked' });
    expect(await view('Fire safety exam')).toMatchObject({ attemptsLeft: 0, blockedReason: 'No attempts left for this exam' });
    for (const [name, msg] of [
      ['2025 safety exam', 'The exam has ended'],
      ['Fire safety exam', 'No attempts left for this exam'],
    ] as const) {
      const { body } = await as(gw, e1001, 'examStart', { body: { taskId: (await taskOf(gw, e1001, name)).taskId } });
      expect(body).toMatchObject({ code: Code.FORBIDDEN, msg });
    }
  });

  it('lists a task’s papers and the caller’s papers', async () => {
    const onboarding = await taskOf(gw, e1001, 'Onboarding exam');
    const { body } = await as<PaperRecord[]>(gw, e1001, 'examTaskGetRecord', { query: { taskId: onboarding.taskId } });
    expect(body.data.map((p) => [p.attemptNo, p.status, p.passed])).toEqual([
      [1, 2, false],
      [2, 2, true],
    ]);
    expect(body.data[1]).toMatchObject({ score: 85, totalScore: 100, examName: 'Onboarding exam' });
    expect(body.data[0]!.score).toBe(40);

    const paged = await as<PageResult<PaperRecord>>(gw, e1001, 'examGetPaperRecord', {
      query: { taskId: onboarding.taskId, pageCurrent: '2', pageSize: '1' },
    });
    expect(paged.body.data).toMatchObject({ pageCurrent: 2, pageSize: 1, totalCount: 2, totalPage: 2 });
    expect(paged.body.data.list.map((p) => p.attemptNo)).toEqual([1]);

    const all = await as<PageResult<PaperRecord>>(gw, e1001, 'examPaperPage', { body: {} });
    expect(all.body.data.totalCount).toBe(4);
    const times = all.body.data.list.map((p) => Date.parse(p.startedAt));
    expect([...times].sort((a, b) => b - a)).toEqual(times);
    const fire = all.body.data.list.find((p) => p.examName === 'Fire safety exam')!;
    expect(fire).toMatchObject({ submitReason: 'screen', screenSwitches: 3, passed: false });
  });

  it('marks an assigned task absent once its exam window ends untaken, and refuses to start it', async () => {
    const quiz = await examIdOf(gw, 'One-minute quiz');
    // E1004 has a paper; E1003 never took it.
    await start(gw, e1004, (await taskOf(gw, e1004, 'One-minute quiz')).taskId);
    await gw.database.db.update(exams).set({ endAt: sql`now() - interval '1 minute'` }).where(eq(exams.id, quiz));
    try {
      expect(await taskOf(gw, e1003, 'One-minute quiz')).toMatchObject({ status: 4 });
      expect((await as<ExamTaskCount>(gw, e1003, 'examTaskRecordCount')).body.data.absent).toBe(1);
      expect((await taskOf(gw, e1004, 'One-minute quiz')).status).not.toBe(4);
      const { body } = await as(gw, e1003, 'examStart', { body: { taskId: (await taskOf(gw, e1003, 'One-minute quiz')).taskId } });
      expect(body).toMatchObject({ code: Code.FORBIDDEN, msg: 'The exam has ended' });
    } finally {
      await gw.database.db.update(exams).set({ endAt: null }).where(eq(exams.id, quiz));
    }
  });

  it('never gives a deadline past the exam’s end', async () => {
    const quiz = await examIdOf(gw, 'General assessment');
    await gw.database.db.update(exams).set({ endAt: sql`now() + interval '5 minutes'` }).where(eq(exams.id, quiz));
    try {
      const session = await start(gw, e1007, (await taskOf(gw, e1007, 'General assessment')).taskId);
      const minutes = (Date.parse(session.deadlineAt) - Date.parse(session.serverTime)) / 60_000;
      expect(minutes).toBeGreaterThan(4);
      expect(minutes).toBeLessThanOrEqual(5);
    } finally {
      await gw.database.db.update(exams).set({ endAt: null }).where(eq(exams.id, quiz));
    }
  });

  it('exports the records into the download centre', async () => {
    const started = await as<ExportRecord>(gw, e1001, 'examTaskExport');
    expect(started.body.code).toBe(200);
    expect(started.body.data).toMatchObject({ exportStatus: 1 });
    expect(started.body.data.fileName).toMatch(/^exam-records-\d{8}-\d{4}\.xlsx$/);
    await settledExports();
    const records = await as<PageResult<ExportRecord>>(gw, e1001, 'exportRecordPage', { body: {} });
    const record = records.body.data.list.find((r) => r.id === started.body.data.id);
    expect(record).toMatchObject({ exportStatus: 2 });
    expect(record!.fileSize).toBeGreaterThan(0);
    const link = await as<DownloadUrl>(gw, e1001, 'exportRecordDownloadUrl', { query: { id: record!.id } });
    const file = await gw.app.request(`http://localhost${link.body.data.url}`);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(await file.arrayBuffer());
    const rows: unknown[][] = [];
    workbook.worksheets[0]!.eachRow((row) => rows.push((row.values as unknown[]).slice(1)));
    expect(rows[0]).toEqual(examRecordColumns.map((c) => c.header.en));
    expect(rows.slice(1).map((r) => [r[0], r[2]]).sort()).toEqual([
      ['Fire safety exam', 'Fail'],
      ['Onboarding exam', 'Pass'],
      ['Professional conduct assessment', 'Waiting to be marked'],
    ]);
  });
});

describe('batch reservations', () => {
  let small: ExamBatch;
  let examId: string;
  beforeAll(async () => {
    examId = await examIdOf(gw, 'Information security quiz');
  });

  it('lists the sittings with their capacity', async () => {
    const { body } = await as<ExamBatch[]>(gw, e1001, 'examBatchList', { body: { examId } });
    expect(body.data.map((b) => [b.capacity, b.reserved, b.reservationId])).toEqual([
      [30, 0, null],
      [1, 0, null],
    ]);
    expect(body.data[0]).toMatchObject({ examName: 'Information security quiz', name: 'Next Monday, morning sitting' });
    small = body.data[1]!;
    const everything = await as<ExamBatch[]>(gw, e1001, 'examBatchList', { body: {} });
    expect(everything.body.data.length).toBeGreaterThanOrEqual(2);
  });

  it('reserves within capacity, one reservation per member, and cancels one’s own', async () => {
    const mine = await as<ExamBatch>(gw, e1001, 'examBatchSave', { body: { batchId: small.id } });
    expect(mine.body.data).toMatchObject({ id: small.id, reserved: 1 });
    const reservationId = mine.body.data.reservationId!;
    expect(reservationId).toBeTruthy();
    const again = await as<ExamBatch>(gw, e1001, 'examBatchSave', { body: { batchId: small.id } });
    expect(again.body.data).toMatchObject({ reserved: 1, reservationId });
    const full = await as<ExamBatch>(gw, e1003, 'examBatchSave', { body: { batchId: small.id } });
    expect(full.body).toMatchObject({ code: Code.FORBIDDEN, msg: 'This sitting is fully booked' });
    const seen = await as<ExamBatch[]>(gw, e1003, 'examBatchList', { body: { examId } });
    expect(seen.body.data[1]).toMatchObject({ reserved: 1, reservationId: null });

    expect((await as(gw, e1003, 'examBatchDelete', { query: { id: reservationId } })).body.code).toBe(Code.NOT_FOUND);
    const cancelled = await as<ExamBatch>(gw, e1001, 'examBatchDelete', { query: { id: reservationId } });
    expect(cancelled.body.data).toMatchObject({ reserved: 0, reservationId: null });
    expect((await as(gw, e1001, 'examBatchDelete', { query: { id: reservationId } })).body.code).toBe(Code.NOT_FOUND);

    // Two members at once for the last place: one gets it.
    const race = await Promise.all([e1003, e1004].map((who) => as<ExamBatch>(gw, who, 'examBatchSave', { body: { batchId: small.id } })));
    expect(race.map((r) => r.body.code).sort()).toEqual([200, Code.FORBIDDEN]);
  });

  it('neither reserves nor cancels once the sitting has started', async () => {
    const holder = [e1003, e1004];
    const list = await Promise.all(holder.map((who) => as<ExamBatch[]>(gw, who, 'examBatchList', { body: { examId } })));
    const reservationId = list.map((l) => l.body.data[1]!.reservationId).find(Boolean)!;
    const owner = holder[list.findIndex((l) => l.body.data[1]!.reservationId)]!;
    await gw.database.db.update(examBatches).set({ startAt: sql`now() - interval '1 minute'` }).where(eq(examBatches.id, small.id));
    const started = { code: Code.FORBIDDEN, msg: 'This sitting has started: it can no longer be reserved or cancelled' };
    expect((await as(gw, owner, 'examBatchDelete', { query: { id: reservationId } })).body).toMatchObject(started);
    expect((await as(gw, e1007, 'examBatchSave', { body: { batchId: small.id } })).body).toMatchObject(started);
  });
});
