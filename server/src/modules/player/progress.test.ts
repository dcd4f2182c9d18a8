import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import type { CourseProgressInfo, ResourceProgress } from '@/api/learning-types';
import { courseItems, courseProgress, courses, resources } from '../../db/schema';
import { createTestApp, HOST_TWO, type TestGateway } from '../../testing';
import { fetchRow } from '../course/test-support';
import { submitSurvey } from '../period/test-support';
import {
  age,
  dynamicsOf,
  elapse,
  idOf,
  open,
  periodOf,
  report,
  storedProgress,
  viewer,
} from './test-support';

/** Credit the real time between a test's calls may add (half a second at rate 2). */
const JITTER = 1;

let gw: TestGateway;
let onboarding: string;
let communication: string;
let video: string;
let audio: string;

beforeAll(async () => {
  gw = await createTestApp();
  onboarding = await idOf(gw, courses, 'New employee onboarding');
  communication = await idOf(gw, courses, 'Effective communication');
  video = await periodOf(gw, onboarding, 'Welcome video');
  audio = await periodOf(gw, onboarding, 'Company audio');
});
afterAll(() => gw?.close());

describe('progress the gateway can trust', () => {
  it('refuses progress posted beyond the time actually played', async () => {
    const who = await viewer(gw, 'E1003');
    const watch = await open(gw, who, onboarding, video);
    expect(watch.totalDuration).toBe(12);

    // The whole video claimed right after opening: only the tolerance is credited.
    const res = await report(gw, who, { watchId: watch.watchId, intervals: [[0, 12]], position: 12 });
    expect(res.code).toBe(200);
    expect(res.data.credited).toBeLessThanOrEqual(2 + JITTER);
    expect(res.data.studyProgress).toBeLessThan(30);
    expect(res.data.completed).toBe(false);

    // The refused part is not credited later either: claiming it again right away earns nothing more.
    const again = await report(gw, who, { watchId: watch.watchId, intervals: [[0, 12]], position: 12 }, true);
    expect(again.data.credited).toBeLessThanOrEqual(JITTER);
    const { body } = await gw.call<ResourceProgress>('progressResource', { token: who.token, query: { itemId: video } });
    expect(body.data.studyProgress).toBeLessThan(40);
    expect(body.data.completed).toBe(false);
  });

  it('credits at most the wall time times the highest rate plus 2 s', async () => {
    const who = await viewer(gw, 'E1004');
    const watch = await open(gw, who, onboarding, audio);
    await elapse(gw, watch.watchId, 3);
    const res = await report(gw, who, { watchId: watch.watchId, intervals: [[0, 10]], position: 10 });
    expect(res.data.credited).toBeGreaterThan(7.9);
    expect(res.data.credited).toBeLessThanOrEqual(3 * 2 + 2 + JITTER);
    expect(res.data.studyProgress).toBe(Math.floor((res.data.credited / 10) * 100));

    // Six seconds later the rest (2 s) is credited.
    await elapse(gw, watch.watchId, 6);
    const rest = await report(gw, who, { watchId: watch.watchId, intervals: [[0, 10]], position: 10 });
    expect(rest.data.credited).toBeCloseTo(10 - res.data.credited, 1);
    expect(rest.data.studyProgress).toBe(100);
  });

  it('does not let idle time pile up beyond three heartbeats', async () => {
    const who = await viewer(gw, 'E1004');
    const goals = await idOf(gw, courses, 'Goals and performance');
    const clip = await periodOf(gw, goals, 'Goals and performance in brief');
    // A longer medium than the demo clip, so the allowance is what limits the credit.
    const [item] = await gw.database.db.select().from(courseItems).where(eq(courseItems.id, clip));
    await gw.database.db.update(resources).set({ duration: 600 }).where(eq(resources.id, item!.resourceId!));

    const watch = await open(gw, who, goals, clip);
    await elapse(gw, watch.watchId, 3600);
    // An hour away allows no more than 3 heartbeats of wall time: 30 s × 2 + 2.
    const first = await report(gw, who, { watchId: watch.watchId, intervals: [[0, 600]], position: 600 });
    expect(first.data.credited).toBeGreaterThan(61.9);
    expect(first.data.credited).toBeLessThanOrEqual(62 + JITTER);
    const second = await report(gw, who, { watchId: watch.watchId, intervals: [[0, 600]], position: 600 });
    expect(second.data.credited).toBeLessThanOrEqual(JITTER);
    // Ten seconds later, twenty seconds of play.
    await elapse(gw, watch.watchId, 10);
    const third = await report(gw, who, { watchId: watch.watchId, intervals: [[0, 600]], position: 600 });
    expect(third.data.credited).toBeGreaterThan(17.9);
    expect(third.data.credited).toBeLessThanOrEqual(20 + JITTER);
  });

  it('honest play in steps completes periods and the course, with study dynamics', async () => {
    const who = await viewer(gw, 'E1001');
    const examPeriod = await periodOf(gw, onboarding, 'Onboarding exam');
    const { body: tree } = await gw.call<CourseProgressInfo>('progressGet', {
      token: who.token,
      query: { courseId: onboarding },
    });
    expect(tree.code).toBe(200);
    // The demo pass of the onboarding exam started the course and completed its exam period.
    expect(tree.data.learningStatus).toBe(1);
    expect(tree.data.periods.find((p) => p.itemId === examPeriod)?.studyProgress).toBe(100);

    // The image completes on opening; documents page by page at 3 s a page; files without preview when downloaded.
    const plan = await open(gw, who, onboarding, await periodOf(gw, onboarding, 'Office floor plan'));
    expect(plan).toMatchObject({ studyProgress: 100, completed: true });
    for (const name of ['Culture handbook', 'Attendance sheet', 'Check-in notes']) {
      const watch = await open(gw, who, onboarding, await periodOf(gw, onboarding, name));
      expect(watch.completed, name).toBe(false);
      let last;
      for (let page = 1; page <= watch.pageCount; page++) {
        await elapse(gw, watch.watchId, 3);
        last = await report(gw, who, { watchId: watch.watchId, intervals: [], position: page, pages: [page] });
      }
      expect(last?.data.completed, name).toBe(true);
    }
    for (const name of ['Staff handbook', 'Company presentation', 'Onboarding pack']) {
      const itemId = await periodOf(gw, onboarding, name);
      const [item] = await gw.database.db.select().from(courseItems).where(eq(courseItems.id, itemId));
      const res = await fetchRow(gw, 'resourceLibraryDownload', { token: who.token, query: { id: item!.resourceId!, courseId: onboarding } });
      expect(res.status, name).toBe(200);
      await res.arrayBuffer();
    }
    const opened = ['Office floor plan', 'Culture handbook', 'Attendance sheet', 'Check-in notes', 'Staff handbook', 'Company presentation', 'Onboarding pack'];
    const guide = await gw.call<{ studyProgress: number }>('imageTextWatch', {
      token: who.token,
      query: { courseId: onboarding, itemId: await periodOf(gw, onboarding, 'Check-in guide') },
    });
    expect(guide.body.data.studyProgress).toBe(100);

    // The video in real-time steps of 5 s at rate 1.
    const watch = await open(gw, who, onboarding, video);
    let last;
    for (const [s, e] of [
      [0, 5],
      [5, 10],
      [10, 12],
    ] as [number, number][]) {
      await elapse(gw, watch.watchId, 5);
      last = await report(gw, who, { watchId: watch.watchId, intervals: [[s, e]], position: e });
      expect(last.data.credited).toBeCloseTo(e - s, 2);
    }
    expect(last!.data.studyProgress).toBe(100);
    expect(last!.data.completed).toBe(true);
    expect(last!.data.learningStatus).toBe(1);

    // The audio at rate 2: 10 s of audio in 5 s of wall time; the final save completes the course.
    const sound = await open(gw, who, onboarding, audio);
    await elapse(gw, sound.watchId, 5);
    const done = await report(gw, who, { watchId: sound.watchId, intervals: [[0, 10]], position: 10 }, true);
    expect(done.data.studyProgress).toBe(100);
    // The exam the demo pass completed counts, and so do the survey and the three recorded
    // periods (11 of 15 done).
    expect(done.data.courseProgress).toBe(Math.floor((11 * 100) / 15));
    expect(done.data.learningStatus).toBe(1);

    // The questionnaire answered, and the three recorded periods passed by the course's lecturer.
    await submitSurvey(gw, who, onboarding);
    const lecturer = await viewer(gw, 'E1002');
    for (const name of ['Fire drill', 'Equipment practice', 'Job evaluation']) {
      const { body } = await gw.call('periodRecordSave', {
        token: lecturer.token,
        body: { courseId: onboarding, itemId: await periodOf(gw, onboarding, name), memberIds: [who.memberId], passed: true, recordedOn: '2026-01-05' },
      });
      expect(body.code, name).toBe(200);
    }

    const kinds = await dynamicsOf(gw, who.memberId, onboarding);
    expect(kinds.filter((k) => k === 1)).toHaveLength(1);
    // Every period opened, read or played, the exam period the demo pass completed, the survey and the three records.
    expect(kinds.filter((k) => k === 2)).toHaveLength(opened.length + 3 + 1 + 4);
    expect(kinds.filter((k) => k === 3)).toHaveLength(1);
    const [row] = await gw.database.db
      .select()
      .from(courseProgress)
      .where(and(eq(courseProgress.enterpriseUserId, who.memberId), eq(courseProgress.courseId, onboarding)));
    expect(row).toMatchObject({ status: 2, progress: 100 });
    expect(row?.completedAt).not.toBeNull();
    // 12 s of video, 10 s of audio, five pages at 3 s.
    expect(row?.studySeconds).toBe(37);

    // More reports after completion change nothing and write no more dynamics.
    await elapse(gw, sound.watchId, 5);
    const after = await report(gw, who, { watchId: sound.watchId, intervals: [[0, 10]], position: 3 });
    expect(after.data.credited).toBe(0);
    expect(after.data.studyProgress).toBe(100);
    expect(await dynamicsOf(gw, who.memberId, onboarding)).toEqual(kinds);
  });

  it('credits a repeated span once', async () => {
    const who = await viewer(gw, 'E1007');
    const watch = await open(gw, who, onboarding, video);
    await elapse(gw, watch.watchId, 5);
    const first = await report(gw, who, { watchId: watch.watchId, intervals: [[0, 5]], position: 5 });
    await elapse(gw, watch.watchId, 5);
    const second = await report(gw, who, { watchId: watch.watchId, intervals: [[0, 5]], position: 5 });
    expect(first.data.credited).toBeCloseTo(5, 2);
    expect(second.data.credited).toBe(0);
    expect((await storedProgress(gw, who.memberId, video))?.watchedSeconds).toBe(5);
  });

  it('credits concurrent duplicate reports once', async () => {
    const who = await viewer(gw, 'E1006');
    const watch = await open(gw, who, onboarding, video);
    await elapse(gw, watch.watchId, 5);
    const body = { watchId: watch.watchId, intervals: [[0, 6]] as [number, number][], position: 6 };
    const results = await Promise.all([report(gw, who, body), report(gw, who, body, true), report(gw, who, body)]);
    const credited = results.reduce((sum, r) => sum + r.data.credited, 0);
    expect(credited).toBeCloseTo(6, 2);
    const stored = await storedProgress(gw, who.memberId, video);
    expect(stored?.intervals).toEqual([[0, 6]]);
    expect(stored?.progress).toBe(50);
  });

  it('anti-skip refuses a jump beyond the furthest point until the period is completed', async () => {
    const who = await viewer(gw, 'E1003');
    const clip = await periodOf(gw, communication, 'Communication in practice');
    const watch = await open(gw, who, communication, clip);
    expect(watch.furthest).toBe(0);
    await elapse(gw, watch.watchId, 10);
    const res = await report(gw, who, { watchId: watch.watchId, intervals: [[0, 3], [8, 12]], position: 12 });
    expect(res.data.credited).toBeCloseTo(3, 2);
    expect(res.data.furthest).toBe(3);
    // The resume position is held near the furthest point.
    expect((await storedProgress(gw, who.memberId, clip))?.lastPosition).toBeLessThanOrEqual(6);

    // A course without anti-skip takes the same jump.
    const fresh = await viewer(gw, 'E1002');
    const free = await open(gw, fresh, onboarding, video);
    await elapse(gw, free.watchId, 10);
    const jump = await report(gw, fresh, { watchId: free.watchId, intervals: [[0, 3], [8, 12]], position: 12 });
    expect(jump.data.credited).toBeCloseTo(7, 2);
    expect(jump.data.furthest).toBe(12);
  });

  it('round-trips the resume position', async () => {
    const who = await viewer(gw, 'E1007');
    const watch = await open(gw, who, onboarding, audio);
    await elapse(gw, watch.watchId, 4);
    await report(gw, who, { watchId: watch.watchId, intervals: [[0, 7.4]], position: 7.4 }, true);
    const again = await open(gw, who, onboarding, audio);
    expect(again.lastPosition).toBe(7);
    expect(JSON.parse(again.videoConfig)).toMatchObject({ startTime: 7 });
    const { body } = await gw.call<CourseProgressInfo>('progressGet', { token: who.token, query: { courseId: onboarding } });
    expect(body.data.periods.find((p) => p.itemId === audio)).toMatchObject({ lastPosition: 7, studyProgress: 74 });
    expect(body.data.lastItemId).toBe(audio);
  });

  it('a session ended by a later opening earns nothing past that moment', async () => {
    const who = await viewer(gw, 'E1006');
    const old = await open(gw, who, onboarding, audio);
    await elapse(gw, old.watchId, 2);
    await open(gw, who, onboarding, video);
    // The old session's two seconds count (at rate 2, 4 s), nothing more, however late it reports.
    await elapse(gw, old.watchId, 20);
    const late = await report(gw, who, { watchId: old.watchId, intervals: [[0, 10]], position: 10 }, true);
    expect(late.data.credited).toBeLessThanOrEqual(4 + JITTER);
    const again = await report(gw, who, { watchId: old.watchId, intervals: [[0, 10]], position: 10 }, true);
    expect(again.data.credited).toBe(0);
  });

  it('refuses reports on sessions of others, of another company and older than 12 hours', async () => {
    const owner = await viewer(gw, 'E1004');
    const other = await viewer(gw, 'E1003');
    const watch = await open(gw, owner, onboarding, video);
    const body = { watchId: watch.watchId, intervals: [[0, 1]] as [number, number][], position: 1 };

    const foreign = await report(gw, other, body);
    expect(foreign.code).toBe(404);
    const elsewhere = await viewer(gw, 'B2001', HOST_TWO);
    const { body: cross } = await gw.call('resourceLogUpdate', { host: HOST_TWO, token: elsewhere.token, body });
    expect(cross.code).toBe(404);

    await age(gw, watch.watchId, 13);
    const { body: expired } = await gw.call('progressSave', { token: owner.token, lang: 'en', body });
    expect(expired.code).toBe(460);
    expect(expired.msg).toBe('This viewing has expired, please open it again');

    const { body: malformed } = await gw.call('resourceLogUpdate', {
      token: owner.token,
      body: { watchId: 'nope', intervals: [], position: 0 },
    });
    expect(malformed.code).toBe(422);
  });
});
