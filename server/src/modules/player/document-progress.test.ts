/**
 * Documents count the pages shown, not the opening: page reports are credited only for pages
 * the file has, and only as far as the viewing's wall time allows at the course's minimum time
 * a page; a file without preview counts when the learner downloads it through the gateway.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { Code } from '@/api/codes';
import type { CourseConfig, ResourceProgress } from '@/api/learning-types';
import { courseItems, courseProgress, courses, periodProgress, resources, studyDynamics } from '../../db/schema';
import { createTestApp, type TestGateway } from '../../testing';
import { coursewareOf, fetchRow } from '../course/test-support';
import { dynamicsOf, elapse, idOf, open, periodOf, report, viewer, type Viewer } from './test-support';

let gw: TestGateway;
let onboarding: string;
let handbook: string;

beforeAll(async () => {
  gw = await createTestApp();
  onboarding = await idOf(gw, courses, 'New employee onboarding');
  handbook = await periodOf(gw, onboarding, 'Culture handbook');
});
afterAll(() => gw?.close());

async function progressOf(who: Viewer, itemId: string): Promise<ResourceProgress> {
  const { body } = await gw.call<ResourceProgress>('progressResource', { token: who.token, query: { itemId } });
  expect(body.code).toBe(Code.OK);
  return body.data;
}

/** A member who has not studied the onboarding course yet (the demo has few members to sign in as). */
async function freshViewer(empNo: string): Promise<Viewer> {
  const who = await viewer(gw, empNo);
  const db = gw.database.db;
  for (const table of [periodProgress, courseProgress, studyDynamics]) {
    await db.delete(table).where(and(eq(table.enterpriseUserId, who.memberId), eq(table.courseId, onboarding)));
  }
  return who;
}

async function resourceIdOf(itemId: string): Promise<string> {
  const [row] = await gw.database.db.select().from(courseItems).where(eq(courseItems.id, itemId));
  return row!.resourceId!;
}

describe('a PDF counts the pages shown', () => {
  it('is not complete when opened and shown only on page 1', async () => {
    const who = await freshViewer('E1001');
    const watch = await open(gw, who, onboarding, handbook);
    expect(watch).toMatchObject({ progressBy: 'pages', pageCount: 3, pagesShown: 0, studyProgress: 0, completed: false });

    await elapse(gw, watch.watchId, 3);
    const res = await report(gw, who, { watchId: watch.watchId, intervals: [], position: 1, pages: [1] }, true);
    expect(res.code).toBe(Code.OK);
    expect(res.data).toMatchObject({ studyProgress: 33, pagesShown: 1, pageCount: 3, completed: false, credited: 3 });
    expect(await progressOf(who, handbook)).toMatchObject({ studyProgress: 33, completed: false, pagesShown: 1, pageCount: 3 });

    // Opening it again starts where the reader stopped and keeps what was shown.
    const again = await open(gw, who, onboarding, handbook);
    expect(again).toMatchObject({ studyProgress: 33, pagesShown: 1, completed: false });
  });

  it('completes once every page was shown for the minimum time', async () => {
    const who = await freshViewer('E1003');
    const { body: config } = await gw.call<CourseConfig>('courseConfig', { token: who.token, query: { courseId: onboarding } });
    expect(config.data.pageSeconds).toBe(3);
    const watch = await open(gw, who, onboarding, handbook);
    let last;
    for (const page of [1, 2, 3]) {
      await elapse(gw, watch.watchId, 3);
      last = await report(gw, who, { watchId: watch.watchId, intervals: [], position: page, pages: [page] });
      expect(last.data.pagesShown).toBe(page);
    }
    expect(last!.data).toMatchObject({ studyProgress: 100, completed: true, pagesShown: 3, pageCount: 3 });
    expect(await progressOf(who, handbook)).toMatchObject({ studyProgress: 100, completed: true, lastPosition: 3 });
    expect((await dynamicsOf(gw, who.memberId, onboarding)).filter((k) => k === 2)).toHaveLength(1);
  });

  it('caps pages claimed at once by the time the viewing has been open, and counts only pages the file has', async () => {
    const who = await freshViewer('E1004');
    const watch = await open(gw, who, onboarding, handbook);

    // Every page claimed right after opening: none is credited.
    const early = await report(gw, who, { watchId: watch.watchId, intervals: [], position: 3, pages: [1, 2, 3] });
    expect(early.data).toMatchObject({ credited: 0, pagesShown: 0, studyProgress: 0, completed: false });

    // Four seconds later: one page's worth.
    await elapse(gw, watch.watchId, 4);
    const one = await report(gw, who, { watchId: watch.watchId, intervals: [], position: 3, pages: [1, 2, 3] });
    expect(one.data).toMatchObject({ credited: 3, pagesShown: 1, studyProgress: 33 });

    // Pages the document does not have earn nothing, however long it was open.
    await elapse(gw, watch.watchId, 30);
    const none = await report(gw, who, { watchId: watch.watchId, intervals: [[0, 500]], position: 9, pages: [4, 5, 99] });
    expect(none.data).toMatchObject({ credited: 0, pagesShown: 1, studyProgress: 33 });

    // Idle time does not pile up past the window: 10 minutes open still credit at most 10 pages, here the two left.
    await elapse(gw, watch.watchId, 600);
    const rest = await report(gw, who, { watchId: watch.watchId, intervals: [], position: 3, pages: [2, 3, 1] });
    expect(rest.data).toMatchObject({ credited: 6, pagesShown: 3, studyProgress: 100, completed: true });
  });

  it('two viewings at once do not share the wall time', async () => {
    const who = await freshViewer('E1002');
    const first = await open(gw, who, onboarding, handbook);
    await elapse(gw, first.watchId, 3);
    const second = await open(gw, who, onboarding, handbook);
    const fromSecond = await report(gw, who, { watchId: second.watchId, intervals: [], position: 2, pages: [1, 2] });
    const fromFirst = await report(gw, who, { watchId: first.watchId, intervals: [], position: 2, pages: [1, 2] });
    expect(fromSecond.data.credited + fromFirst.data.credited).toBe(3);
    expect(fromFirst.data.pagesShown).toBe(1);
  });

  it('takes the minimum time a page from the course', async () => {
    const who = await freshViewer('E1007');
    await gw.database.db.update(courses).set({ pageSeconds: 10 }).where(eq(courses.id, onboarding));
    try {
      const { body: config } = await gw.call<CourseConfig>('courseConfig', { token: who.token, query: { courseId: onboarding } });
      expect(config.data.pageSeconds).toBe(10);
      const watch = await open(gw, who, onboarding, handbook);
      await elapse(gw, watch.watchId, 5);
      const short = await report(gw, who, { watchId: watch.watchId, intervals: [], position: 1, pages: [1] });
      expect(short.data).toMatchObject({ credited: 0, pagesShown: 0 });
      await elapse(gw, watch.watchId, 5);
      const long = await report(gw, who, { watchId: watch.watchId, intervals: [], position: 1, pages: [1] });
      expect(long.data).toMatchObject({ credited: 10, pagesShown: 1 });
    } finally {
      await gw.database.db.update(courses).set({ pageSeconds: 3 }).where(eq(courses.id, onboarding));
    }
  });

  it('reads the page count from the file when it was not known', async () => {
    const resourceId = await resourceIdOf(handbook);
    const [seeded] = await gw.database.db.select().from(resources).where(eq(resources.id, resourceId));
    expect(seeded!.pages).toBe(3);
    await gw.database.db.update(resources).set({ pages: 0 }).where(eq(resources.id, resourceId));
    const watch = await open(gw, await freshViewer('E1001'), onboarding, handbook);
    expect(watch.pageCount).toBe(3);
    const [read] = await gw.database.db.select().from(resources).where(eq(resources.id, resourceId));
    expect(read!.pages).toBe(3);
  });

  it('counts a text preview as one page, and refuses malformed pages', async () => {
    const who = await freshViewer('E1003');
    const notes = await periodOf(gw, onboarding, 'Check-in notes');
    const watch = await open(gw, who, onboarding, notes);
    expect(watch).toMatchObject({ progressBy: 'pages', pageCount: 1, studyProgress: 0, completed: false });
    const bad = await report(gw, who, { watchId: watch.watchId, intervals: [], position: 1, pages: ['1' as unknown as number] });
    expect(bad.code).toBe(Code.INVALID);
    await elapse(gw, watch.watchId, 3);
    const done = await report(gw, who, { watchId: watch.watchId, intervals: [], position: 1, pages: [1] });
    expect(done.data).toMatchObject({ studyProgress: 100, completed: true, pagesShown: 1, pageCount: 1 });
  });
});

describe('a file without preview counts when downloaded', () => {
  it('is not complete when opened, and completes when its learner downloads it', async () => {
    const who = await freshViewer('E1007');
    const pack = await periodOf(gw, onboarding, 'Onboarding pack');
    const watch = await open(gw, who, onboarding, pack);
    expect(watch).toMatchObject({ progressBy: 'download', pageCount: 0, studyProgress: 0, completed: false });
    // Reports claim nothing for it.
    await elapse(gw, watch.watchId, 30);
    const claimed = await report(gw, who, { watchId: watch.watchId, intervals: [[0, 100]], position: 1, pages: [1] }, true);
    expect(claimed.data).toMatchObject({ studyProgress: 0, completed: false });

    const res = await fetchRow(gw, 'resourceLibraryDownload', {
      token: who.token,
      query: { id: await resourceIdOf(pack), courseId: onboarding },
    });
    expect(res.status).toBe(200);
    await res.arrayBuffer();
    expect(await progressOf(who, pack)).toMatchObject({ studyProgress: 100, completed: true });
    expect((await dynamicsOf(gw, who.memberId, onboarding)).filter((k) => k === 2)).toHaveLength(1);
  });

  it('counts Word and PowerPoint files downloaded from the course\'s courseware too', async () => {
    const who = await freshViewer('E1002');
    const staff = await periodOf(gw, onboarding, 'Staff handbook');
    const slides = await periodOf(gw, onboarding, 'Company presentation');
    for (const itemId of [staff, slides]) {
      expect(await open(gw, who, onboarding, itemId)).toMatchObject({ progressBy: 'download', completed: false });
    }
    const { id } = await coursewareOf(gw, onboarding, '员工手册.docx');
    const res = await fetchRow(gw, 'coursewareDownload', { token: who.token, query: { id } });
    expect(res.status).toBe(200);
    await res.arrayBuffer();
    expect(await progressOf(who, staff)).toMatchObject({ studyProgress: 100, completed: true });
    expect(await progressOf(who, slides)).toMatchObject({ studyProgress: 0, completed: false });
  });

  it('a download by another member does not complete mine', async () => {
    const mine = await freshViewer('E1003');
    const other = await freshViewer('E1004');
    const pack = await periodOf(gw, onboarding, 'Onboarding pack');
    await open(gw, mine, onboarding, pack);
    const res = await fetchRow(gw, 'resourceLibraryDownload', {
      token: other.token,
      query: { id: await resourceIdOf(pack), courseId: onboarding },
    });
    expect(res.status).toBe(200);
    await res.arrayBuffer();
    expect(await progressOf(other, pack)).toMatchObject({ completed: true });
    expect(await progressOf(mine, pack)).toMatchObject({ studyProgress: 0, completed: false });
  });

  it('downloading a PDF does not complete it: its pages count', async () => {
    const who = await freshViewer('E1001');
    const res = await fetchRow(gw, 'resourceLibraryDownload', {
      token: who.token,
      query: { id: await resourceIdOf(handbook), courseId: onboarding },
    });
    expect(res.status).toBe(200);
    await res.arrayBuffer();
    expect(await progressOf(who, handbook)).toMatchObject({ studyProgress: 0, completed: false });
  });
});
