/**
 * The calls every page and every player or exam runner makes most often, held to budgets that
 * do not depend on the machine: how many statements each sends to the database and how many
 * bytes it answers. `npm run bench` measures their speed; these catch the regressions that make
 * them slow (a query per row, a lookup that stopped being cached, a payload that grew).
 * And the enterprise cache behind every call: what it keeps, for how long, and what it never keeps.
 */
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { EndpointName } from '@/api/endpoints';
import type { PaperSession } from '@/api/exam-types';
import type { CourseDetail, CourseItem, CourseResourceItem, ResourceWatchResult } from '@/api/learning-types';
import type { PageResult, WebInfo } from '@/api/types';
import { enterpriseDomains, enterprises } from './db/schema';
import { prepareDatabase } from './prepare';
import { forgetTenants, TENANT_CACHE_MS } from './tenant';
import { createTestApp, loginPastInitialPassword, openTestDatabase, testGatewayOn, type CallOptions, type TestGateway } from './testing';

/**
 * Statements and answer bytes each hot call may take (the envelope included) once the caches
 * behind it are warm: the session, the enterprise, the course catalogue, the paper's shape.
 */
const BUDGETS: Record<string, { statements: number; bytes: number }> = {
  websiteViewPublic: { statements: 0, bytes: 1_000 },
  navBarList: { statements: 0, bytes: 3_000 },
  coursePage: { statements: 1, bytes: 10_000 },
  courseView: { statements: 1, bytes: 2_000 },
  progressSave: { statements: 15, bytes: 400 },
  examAnswerSave: { statements: 1, bytes: 300 },
};
/** A course page read with a cold catalogue cache: the ids, three for the cards, the caller's progress. */
const COLD_COURSE_PAGE = 5;

/**
 * How many own-row reads a burst of requests may send. The embedded database answers a burst's
 * earlier statements in one turn of the event loop, so its reads coalesce into one. A PostgreSQL
 * server answers each connection when it is done, so requests reach their own-row read over
 * several turns and coalesce only as far as they meet: there the bound is one read per request
 * (no read per course), and which requests meet is up to the server.
 */
const ownReadsOf = (requests: number) => (process.env.DATABASE_URL ? requests : 1);

let statements: string[] = [];
let gw: TestGateway;
let token: string;
beforeAll(async () => {
  const database = await openTestDatabase({ logger: { logQuery: (query) => statements.push(query) } });
  await prepareDatabase(database);
  gw = testGatewayOn(database);
  token = await gw.login('E1001');
});
afterAll(() => gw?.close());
afterEach(() => vi.restoreAllMocks());

/** Calls a row and answers what it sent to the database and the size of its answer. */
async function measured<T>(name: EndpointName, options: CallOptions) {
  statements = [];
  const { res, body } = await gw.call<T>(name, { lang: 'zh', ...options });
  const sent = statements;
  statements = [];
  expect(body.code, `${name}: ${body.msg}`).toBe(200);
  return { data: body.data, statements: sent, bytes: new TextEncoder().encode(JSON.stringify(body)).length, res };
}

async function withinBudget(name: EndpointName, options: CallOptions) {
  // The first call fills the caches; the budget is for every call after it.
  await gw.call(name, { lang: 'zh', ...options });
  const figures = await measured(name, options);
  const budget = BUDGETS[name]!;
  expect(figures.statements.length, `${name} sent:\n${figures.statements.join('\n')}`).toBeLessThanOrEqual(budget.statements);
  expect(figures.bytes, `${name} answered ${figures.bytes} bytes`).toBeLessThanOrEqual(budget.bytes);
  return figures;
}

describe('hot reads stay within their budgets', () => {
  it('website view: from the enterprise cache, no statement at all', async () => {
    const { data } = await withinBudget('websiteViewPublic', { query: { domain: 'localhost' } });
    expect((data as WebInfo).name).toBe('星辰科技');
  });

  it('nav bar: nothing; the session is cached, the items with the enterprise', async () => {
    await withinBudget('navBarList', { token });
  });

  it('course page: a page of eight with lecturers and durations in a fixed number of statements, not one per course', async () => {
    const { data } = await withinBudget('coursePage', { token, body: { pageCurrent: 1, pageSize: 8 } });
    expect((data as PageResult<CourseItem>).list).toHaveLength(8);
    // Cold pages cost a fixed number whatever their length: nothing grows with the rows.
    const second = await measured<PageResult<CourseItem>>('coursePage', { token, body: { pageCurrent: 2, pageSize: 8 } });
    expect(second.data.list.length).toBeGreaterThan(0);
    expect(second.statements.length, second.statements.join('\n')).toBeLessThanOrEqual(COLD_COURSE_PAGE);
    const long = await measured<PageResult<CourseItem>>('coursePage', { token, body: { pageCurrent: 1, pageSize: 30 } });
    expect(long.data.list.length).toBeGreaterThan(8);
    expect(long.statements.length, long.statements.join('\n')).toBeLessThanOrEqual(COLD_COURSE_PAGE);
    // A page past the end is empty and still tells the total.
    const past = await measured<PageResult<CourseItem>>('coursePage', { token, body: { pageCurrent: 99, pageSize: 8 } });
    expect(past.data.list).toEqual([]);
    expect(past.data.totalCount).toBe((data as PageResult<CourseItem>).totalCount);
    expect((data as PageResult<CourseItem>).totalCount).toBeGreaterThan(8);
  });

  let learners: Promise<string[]> | undefined;
  /** E1001, E1002 and two learners who were on the initial password, signed in once for the file. */
  const learnerTokens = () =>
    (learners ??= Promise.all([
      gw.login('E1002'),
      loginPastInitialPassword(gw, 'E1014', 'Init@2026'),
      loginPastInitialPassword(gw, 'E1015', 'Init@2026'),
    ]).then((others) => [token, ...others]));

  it('course pages of several learners at once share one progress statement, each with its own progress', async () => {
    // E1001 has finished courses, E1014 and E1015 are part way through others, E1002 has none.
    const tokens = await learnerTokens();
    const page = (t: string) => gw.call<PageResult<CourseItem>>('coursePage', { token: t, lang: 'zh', body: { pageCurrent: 1, pageSize: 30 } });
    const progressOf = (list: CourseItem[]) => list.map((c) => `${c.name}:${c.studyProgress}:${c.learningStatus}`);
    const alone: string[][] = [];
    for (const t of tokens) alone.push(progressOf((await page(t)).body.data.list));
    expect(new Set(alone.map((a) => a.join())).size, 'the learners differ in progress').toBe(tokens.length);

    statements = [];
    const together = await Promise.all(tokens.map((t) => page(t)));
    const progressReads = statements.filter((q) => /from "course_progress"/.test(q));
    expect(progressReads.length, statements.join('\n')).toBeGreaterThan(0);
    expect(progressReads.length, statements.join('\n')).toBeLessThanOrEqual(ownReadsOf(tokens.length));
    expect(together.map((r) => progressOf(r.body.data.list))).toEqual(alone);
  });

  it('course detail', async () => {
    const page = await measured<PageResult<CourseItem>>('coursePage', { token, body: { pageCurrent: 1, pageSize: 8 } });
    await withinBudget('courseView', { token, query: { courseId: page.data.list[0]!.id } });
  });

  it('course details opened by several learners at once share one statement for their own rows, each with its own', async () => {
    const tokens = await learnerTokens();
    const list = (await measured<PageResult<CourseItem>>('coursePage', { token, body: { pageCurrent: 1, pageSize: 30 } })).data.list;
    // Every learner on every course: learners differ on some of them, courses differ for each.
    const asks = tokens.flatMap((t) => list.slice(0, 6).map((c) => ({ t, courseId: c.id })));
    const view = (a: { t: string; courseId: string }) => gw.call<CourseDetail>('courseView', { token: a.t, lang: 'zh', query: { courseId: a.courseId } });
    const mineOf = (d: CourseDetail) => `${d.id}:${d.studyProgress}:${d.learningStatus}:${d.lastItemId}:${d.collected}:${d.admired}:${d.myRating}`;
    const alone: string[] = [];
    for (const a of asks) alone.push(mineOf((await view(a)).body.data));
    expect(new Set(alone.map((m) => m.split(':').slice(1).join(':'))).size, 'the learners differ on these courses').toBeGreaterThan(1);

    statements = [];
    const together = await Promise.all(asks.map(view));
    const ownReads = statements.filter((q) => /unnest\(/.test(q));
    expect(ownReads.length, statements.join('\n')).toBeGreaterThan(0);
    expect(ownReads.length, statements.join('\n')).toBeLessThanOrEqual(ownReadsOf(asks.length));
    expect(together.map((r) => mineOf(r.body.data))).toEqual(alone);
  });
});

describe('hot writes stay within their budgets', () => {
  it('progress heartbeat', async () => {
    const courses = await measured<PageResult<CourseItem>>('coursePage', { token, body: { pageCurrent: 1, pageSize: 50 } });
    let watch: ResourceWatchResult | undefined;
    for (const course of courses.data.list.filter((c) => c.isFree)) {
      const tree = await measured<CourseResourceItem[]>('chapterPeriodList', { token, query: { courseId: course.id } });
      const flat = (items: CourseResourceItem[]): CourseResourceItem[] => items.flatMap((i) => [i, ...flat(i.subTrainingProgress ?? [])]);
      const video = flat(tree.data).find((i) => i.resourceType === 2 && i.totalDuration > 10);
      if (!video) continue;
      watch = (await measured<ResourceWatchResult>('resourceWatch', { token, body: { courseId: course.id, itemId: video.subResourceId } })).data;
      break;
    }
    expect(watch).toBeDefined();
    await withinBudget('progressSave', { token, body: { watchId: watch!.watchId, intervals: [[0, 1]], position: 1 } });
  });

  it('exam answer save: one statement that checks the paper and saves', async () => {
    const tasks = await measured<PageResult<{ taskId: string; name: string }>>('examTaskRecordPage', { token, lang: 'en', body: { pageSize: 100 } });
    const task = tasks.data.list.find((t) => t.name === 'General assessment')!;
    const paper = (await measured<PaperSession>('examStart', { token, body: { taskId: task.taskId } })).data;
    const question = paper.questions.find((q) => q.questionType === 1)!;
    const saveOf = (seq: number) => ({
      token,
      body: { paperId: paper.paperId, questionId: question.questionId, answer: [question.options[seq % 2]!.key], seq },
    });
    await gw.call('examAnswerSave', saveOf(1));
    const { data } = await measured<{ seq: number }>('examAnswerSave', saveOf(2));
    expect(data.seq).toBe(2);
    const figures = await measured('examAnswerSave', saveOf(3));
    expect(figures.statements.length, figures.statements.join('\n')).toBeLessThanOrEqual(BUDGETS.examAnswerSave!.statements);
    expect(figures.bytes).toBeLessThanOrEqual(BUDGETS.examAnswerSave!.bytes);
  });
});

/** 星辰科技's enterprise code. */
const XINGCHEN = 'xingchen';

describe('the enterprise cache', () => {
  const view = (host: string) => gw.call<WebInfo>('websiteViewPublic', { host, lang: 'en' });

  it('answers a change made outside the gateway once its time is up, and at once after forgetTenants', async () => {
    const before = await view('localhost');
    expect(before.body.data.websiteTitle).not.toBe('Renamed for the cache test');
    const original = before.body.data.websiteTitle;
    await gw.database.db.update(enterprises).set({ titleEn: 'Renamed for the cache test' }).where(eq(enterprises.code, XINGCHEN));
    try {
      expect((await view('localhost')).body.data.websiteTitle).toBe(original);
      const now = Date.now();
      vi.spyOn(Date, 'now').mockReturnValue(now + TENANT_CACHE_MS + 1);
      expect((await view('localhost')).body.data.websiteTitle).toBe('Renamed for the cache test');
    } finally {
      vi.restoreAllMocks();
      await gw.database.db.update(enterprises).set({ titleEn: original }).where(eq(enterprises.code, XINGCHEN));
      forgetTenants(gw.database.db);
    }
    expect((await view('localhost')).body.data.websiteTitle).toBe(original);
  });

  it('never keeps a host that matched no enterprise: a domain added later is found at once', async () => {
    expect((await view('late.example.com')).body.code).toBe(404);
    const [row] = await gw.database.db.select({ id: enterprises.id }).from(enterprises).where(eq(enterprises.code, XINGCHEN));
    await gw.database.db.insert(enterpriseDomains).values({ domain: 'late.example.com', enterpriseId: row!.id });
    const found = await view('late.example.com');
    expect(found.body.code).toBe(200);
    expect(found.body.data.eid).toBe(row!.id);
  });

  it('is one per database: a gateway on another database never answers this one’s enterprises', { timeout: 90_000 }, async () => {
    const other = await createTestApp();
    try {
      const mine = (await view('localhost')).body.data.eid;
      const theirs = (await other.call<WebInfo>('websiteViewPublic', { host: 'localhost' })).body.data.eid;
      expect(theirs).not.toBe(mine);
      const [row] = await other.database.db.select({ id: enterprises.id }).from(enterprises).where(eq(enterprises.code, XINGCHEN));
      expect(theirs).toBe(row!.id);
    } finally {
      await other.close();
    }
  });
});
