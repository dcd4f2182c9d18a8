import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Code } from '@/api/codes';
import type { CourseDetail, CourseItem } from '@/api/learning-types';
import type { PageResult } from '@/api/types';
import { courseProgress, courses } from '../schema';
import { createTestApp, type TestGateway } from '../../testing';
import { postgresTransport } from '../../notify/transport';
import { idOf, open, periodOf, viewer, type Viewer } from '../../modules/player/test-support';
import { rowsOf } from './course-cards';
import { CATALOGUE_CACHE_MS, catalogue, createCatalogueCache } from './catalogue-cache';

function clock() {
  let t = 5_000_000;
  return { now: () => t, advance: (ms: number) => (t += ms) };
}

describe('catalogue cache', () => {
  it('shares one load among callers, keeps it for its time, and forgets a company at once', async () => {
    const c = clock();
    const cache = createCatalogueCache({ now: c.now });
    let loads = 0;
    const load = async () => ++loads;
    expect(await Promise.all([cache.remember('e1', 'k', load), cache.remember('e1', 'k', load)])).toEqual([1, 1]);
    expect(await cache.remember('e2', 'k', load)).toBe(2);
    c.advance(CATALOGUE_CACHE_MS - 1);
    expect(await cache.remember('e1', 'k', load)).toBe(1);
    c.advance(1);
    expect(await cache.remember('e1', 'k', load)).toBe(3);
    await cache.forget('e1');
    expect(cache.size('e1')).toBe(0);
    expect(cache.size('e2')).toBe(1);
    expect(await cache.remember('e1', 'k', load)).toBe(4);
  });

  it('keeps neither a failed load nor one a forgetting overtook', async () => {
    const cache = createCatalogueCache();
    await expect(cache.remember('e', 'k', () => Promise.reject(new Error('down')))).rejects.toThrow('down');
    expect(await cache.remember('e', 'k', async () => 'fresh')).toBe('fresh');
    await cache.forget('e');
    let finish: (v: string) => void = () => {};
    const slow = cache.remember('e', 'slow', () => new Promise<string>((done) => (finish = done)));
    await cache.forget('e');
    finish('old');
    expect(await slow).toBe('old');
    expect(await cache.remember('e', 'slow', async () => 'new')).toBe('new');
  });
});

describe('course reads with the catalogue cache', () => {
  let gw: TestGateway;
  let a: Viewer;
  let b: Viewer;
  let course: string;
  let item: string;
  let eid: string;
  beforeAll(async () => {
    gw = await createTestApp();
    a = await viewer(gw, 'E1001');
    b = await viewer(gw, 'E1004');
    course = await idOf(gw, courses, 'New employee onboarding');
    item = await periodOf(gw, course, 'Welcome video');
    const [row] = await gw.database.db.select({ eid: courses.enterpriseId }).from(courses).where(eq(courses.id, course));
    eid = row!.eid;
  });
  afterAll(() => gw?.close());

  const view = async (who: Viewer) => {
    const { body } = await gw.call<CourseDetail>('courseView', { token: who.token, query: { courseId: course } });
    expect(body.code).toBe(Code.OK);
    return body.data;
  };
  const card = async (who: Viewer) => {
    const { body } = await gw.call<PageResult<CourseItem>>('coursePage', { token: who.token, body: { pageCurrent: 1, pageSize: 50 } });
    expect(body.code).toBe(Code.OK);
    return body.data.list.find((c) => c.id === course)!;
  };

  it('serves what everyone sees alike from the cache, and each caller their own rows', async () => {
    const before = await view(a);
    expect(catalogue.size(eid)).toBeGreaterThan(0);
    // A change made behind the gateway's back shows only once the entry runs out…
    await gw.database.db.update(courses).set({ nameEn: 'Renamed behind the cache' }).where(eq(courses.id, course));
    expect((await view(a)).name).toBe(before.name);
    // …while the caller's own rows are read every time.
    await gw.database.db
      .insert(courseProgress)
      .values({ enterpriseId: eid, enterpriseUserId: a.memberId, courseId: course, status: 1, progress: 42 })
      .onConflictDoUpdate({ target: [courseProgress.enterpriseUserId, courseProgress.courseId], set: { progress: 42, status: 1 } });
    expect(await view(a)).toMatchObject({ studyProgress: 42, learningStatus: 1 });
    expect(await card(a)).toMatchObject({ studyProgress: 42, learningStatus: 1 });
    expect((await view(b)).studyProgress).toBe(0);
    await gw.database.db.update(courses).set({ nameEn: before.name }).where(eq(courses.id, course));
    await catalogue.forget(eid);
  });

  it("shows another learner's like, rating, comment and first opening at once", async () => {
    const start = await view(a);
    const startCard = await card(a);
    expect((await gw.call('courseAdmire', { token: b.token, body: { courseId: course } })).body.code).toBe(Code.OK);
    expect((await view(a)).admireCount).toBe(start.admireCount + 1);
    expect((await card(a)).admireCount).toBe(startCard.admireCount + 1);
    expect((await gw.call('courseMarkSave', { token: b.token, body: { targetId: course, score: 1 } })).body.code).toBe(Code.OK);
    expect((await view(a)).ratingCount).toBe(start.ratingCount + 1);
    expect((await gw.call('courseCommentSave', { token: b.token, body: { targetId: course, content: '缓存之后' } })).body.code).toBe(Code.OK);
    expect((await view(a)).commentCount).toBe(start.commentCount + 1);
    const learners = (await view(a)).learnerCount;
    await open(gw, b, course, item);
    expect((await view(a)).learnerCount).toBe(learners + 1);
    expect((await card(a)).learnerCount).toBe(learners + 1);
  });
});

const url = process.env.DATABASE_URL;
describe.skipIf(!url)('catalogue caches of two gateway processes on one PostgreSQL', () => {
  it('forget a company on both when one hears of a change', async () => {
    const gw = await createTestApp();
    const [row] = rowsOf<{ schema: string }>(await gw.database.db.execute(sql`select current_schema() as schema`));
    const transports = [0, 1].map(() => postgresTransport({ connectionString: url!, db: gw.database.db, channel: `catalogue_${row!.schema}` }));
    try {
      const [one, two] = [createCatalogueCache(), createCatalogueCache()];
      await one.useTransport(transports[0]!);
      await two.useTransport(transports[1]!);
      await Promise.all(transports.map((t) => t.ready()));
      await two.remember('e', 'k', async () => 'kept');
      expect(two.size('e')).toBe(1);
      await one.forget('e');
      const started = Date.now();
      while (two.size('e') > 0 && Date.now() - started < 2_000) await new Promise((done) => setTimeout(done, 20));
      expect(two.size('e')).toBe(0);
    } finally {
      await Promise.all(transports.map((t) => t.close()));
      await gw.close();
    }
  });
});
