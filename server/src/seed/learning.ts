/**
 * The learning part of a tenant file (`seed.learning`): categories, lecturers, resources,
 * courses with chapters and periods, exams, study tasks, projects, live rooms and members'
 * progress. Ids are made here so every table takes one batch insert; dates are relative to
 * the seeding moment, and progress, completion and study dynamics follow from the played spans.
 */
import { randomUUID } from 'node:crypto';
import { readFile, stat } from 'node:fs/promises';
import type { PgTable } from 'drizzle-orm/pg-core';
import { localize, type LearningCategorySeed, type LearningSeed, type LocalizedText } from './config/tenant-config';
import { coveredSeconds, mergeIntervals, type Interval } from '@/lib/intervals';
import { seededSpan } from './wall-clock';
import type { Db } from '../db/client';
import { registrationDecidedNotice } from '../modules/announcement/notices';
import { COURSE_TARGET } from '../db/access/course-cards';
import { insertNotices, noticeRows } from './announcements';
import { memberLookup } from './members';
import {
  categories,
  comments,
  courseItems,
  courseLecturers,
  courseProgress,
  courses,
  coursewares,
  exams,
  lecturers,
  liveRooms,
  periodProgress,
  projectCourses,
  projectLecturers,
  projectMembers,
  projectPhases,
  projects,
  ratings,
  resources,
  studyDynamics,
  studyTaskItems,
  studyTaskAudience,
  studyTaskMembers,
  studyTasks,
} from '../db/schema';
import { mediaFile } from '../files/media';
import { pdfPageCount } from '../files/resources';
import { fileExtension } from '@/lib/doc-kind';
import { countsForCourse, courseProgressOf, periodPercent } from '@/lib/study-progress';

const DAY = 86_400_000;

const names = (text: LocalizedText) => ({ nameZh: localize(text, 'zh'), nameEn: localize(text, 'en') });
const intros = (text: LocalizedText | undefined) =>
  text ? { introZh: localize(text, 'zh'), introEn: localize(text, 'en') } : {};

/** Size of the file behind a `/media/…` url, 0 when there is none. */
async function mediaSize(url: string): Promise<number> {
  const file = url ? mediaFile(url) : undefined;
  return file ? stat(file).then((s) => s.size, () => 0) : 0;
}

/** Pages of the PDF behind a `/media/…` url, 0 for other files or when it cannot be read. */
async function mediaPages(url: string): Promise<number> {
  const file = url && fileExtension(url) === 'pdf' ? mediaFile(url) : undefined;
  if (!file) return 0;
  return readFile(file).then((bytes) => pdfPageCount(new Uint8Array(bytes)), () => 0);
}

/** A period's progress from its played spans, by the player's rule (`periodPercent`). */
export function periodProgressOf(spans: Interval[], duration: number, completeRatio: number) {
  const played = mergeIntervals(spans.map(([s, e]): Interval => [s, Math.min(e, duration)]));
  const covered = coveredSeconds(played);
  const progress = periodPercent(covered, duration, completeRatio);
  return { intervals: played, watchedSeconds: Math.round(covered), progress, completed: progress === 100 };
}

/** Writes a company's learning demo content; `now` is the seeding moment all dates count from. */
export async function seedLearning(db: Db, enterpriseId: string, learning: LearningSeed, now = new Date()): Promise<void> {
  const at = (offset: number, unit: number) => new Date(now.getTime() + offset * unit);
  const days = (n: number) => at(n, DAY);
  const ids = <T extends { key?: string }>(items: T[]) =>
    new Map(items.flatMap((i) => (i.key ? [[i.key, randomUUID()] as const] : [])));
  const ref = (map: Map<string, string>, key: string | undefined) => (key === undefined ? undefined : map.get(key)!);

  const member = await memberLookup(db, enterpriseId, 'learning');

  const categoryRows: (typeof categories.$inferInsert)[] = [];
  const categoryIds = new Map<string, string>();
  const addCategories = (nodes: LearningCategorySeed[], parentId: string | null) =>
    nodes.forEach((c, sort) => {
      const id = randomUUID();
      categoryIds.set(c.key, id);
      categoryRows.push({ id, enterpriseId, parentId, sort, ...names(c.name) });
      addCategories(c.children, id);
    });
  addCategories(learning.categories, null);

  const lecturerIds = ids(learning.lecturers);
  const lecturerRows = learning.lecturers.map((l, sort) => ({
    id: lecturerIds.get(l.key)!,
    enterpriseId,
    enterpriseUserId: l.empNo ? member(l.empNo) : null,
    ...names(l.name),
    ...(l.title ? { titleZh: localize(l.title, 'zh'), titleEn: localize(l.title, 'en') } : {}),
    ...intros(l.intro),
    avatar: l.avatar,
    level: l.level,
    sort,
  }));

  const resourceIds = ids(learning.resources);
  const resourceRows = await Promise.all(
    learning.resources.map(async (r) => ({
      id: resourceIds.get(r.key)!,
      enterpriseId,
      resourceType: r.type,
      ...names(r.name),
      fileName: r.fileName,
      url: r.url,
      playUrls: r.playUrls,
      videoConfig: r.videoConfig,
      duration: r.duration,
      size: await mediaSize(r.url),
      pages: await mediaPages(r.url),
      body: r.body,
    })),
  );
  const durations = new Map(learning.resources.map((r) => [r.key, r.duration]));

  const examIds = ids(learning.exams);
  const examRows = learning.exams.map((e) => ({
    id: examIds.get(e.key)!,
    enterpriseId,
    ...names(e.name),
    duration: e.duration,
    totalScore: e.totalScore,
    passScore: e.passScore,
    attempts: e.attempts,
  }));

  const courseIds = ids(learning.courses);
  const periodIds = new Map<string, { id: string; resource?: string }>();
  const courseRows: (typeof courses.$inferInsert)[] = [];
  const courseLecturerRows: (typeof courseLecturers.$inferInsert)[] = [];
  const itemRows: (typeof courseItems.$inferInsert)[] = [];
  const coursewareRows: (typeof coursewares.$inferInsert)[] = [];
  const courseOptions = new Map<string, { completeRatio: number; periods: string[] }>();
  const ratingRows: (typeof ratings.$inferInsert)[] = [];
  const commentRows: (typeof comments.$inferInsert)[] = [];
  learning.courses.forEach((c, sort) => {
    const courseId = courseIds.get(c.key)!;
    courseRows.push({
      id: courseId,
      enterpriseId,
      categoryId: ref(categoryIds, c.category) ?? null,
      ...names(c.name),
      ...intros(c.intro),
      cover: c.cover,
      status: c.status,
      isFree: c.isFree,
      priceFen: c.price === undefined ? null : Math.round(c.price * 100),
      creditHours: c.creditHours,
      watermark: c.watermark,
      antiSkip: c.antiSkip,
      completeRatio: c.completeRatio,
      pageSeconds: c.pageSeconds,
      sort,
    });
    c.lecturers.forEach((key, i) => courseLecturerRows.push({ enterpriseId, courseId, lecturerId: lecturerIds.get(key)!, sort: i }));
    /** The periods that make the course's progress. */
    const periods: string[] = [];
    c.chapters.forEach((chapter, i) => {
      const chapterId = randomUUID();
      itemRows.push({ id: chapterId, enterpriseId, courseId, parentId: null, sort: i, ...names(chapter.name), contentType: 2 });
      chapter.periods.forEach((p, j) => {
        const id = randomUUID();
        if (countsForCourse(p.contentType)) periods.push(id);
        if (p.key) periodIds.set(p.key, { id, resource: p.resource });
        itemRows.push({
          id,
          enterpriseId,
          courseId,
          parentId: chapterId,
          sort: j,
          ...names(p.name),
          contentType: p.contentType,
          resourceId: ref(resourceIds, p.resource) ?? null,
          examId: ref(examIds, p.exam) ?? null,
          questions: (p.questions ?? []).map((q) => ({
            key: q.key,
            questionType: q.questionType,
            stemZh: localize(q.stem, 'zh'),
            stemEn: localize(q.stem, 'en'),
            options: q.options.map((o) => ({ key: o.key, textZh: localize(o.text, 'zh'), textEn: localize(o.text, 'en') })),
            ...(q.blanks ? { blanks: q.blanks } : {}),
          })),
        });
      });
    });
    courseOptions.set(c.key, { completeRatio: c.completeRatio, periods });
    c.coursewares.forEach((key, i) => coursewareRows.push({ enterpriseId, courseId, resourceId: resourceIds.get(key)!, sort: i }));
    if (c.status !== 1 && (c.ratings.length || c.comments.length)) throw new Error(`learning seed: course '${c.key}' is not published: nobody rates or comments it`);
    for (const [empNo, score, daysAgo] of c.ratings) {
      ratingRows.push({ enterpriseId, targetType: COURSE_TARGET, targetId: courseId, enterpriseUserId: member(empNo), score, createdAt: days(-daysAgo) });
    }
    for (const comment of c.comments) {
      commentRows.push({ enterpriseId, targetType: COURSE_TARGET, targetId: courseId, enterpriseUserId: member(comment.empNo), content: comment.text, createdAt: days(-comment.daysAgo) });
    }
  });

  const taskRows: (typeof studyTasks.$inferInsert)[] = [];
  const taskItemRows: (typeof studyTaskItems.$inferInsert)[] = [];
  const taskMemberRows: (typeof studyTaskMembers.$inferInsert)[] = [];
  const taskAudienceRows: (typeof studyTaskAudience.$inferInsert)[] = [];
  for (const t of learning.studyTasks) {
    const taskId = randomUUID();
    taskRows.push({
      id: taskId,
      enterpriseId,
      ...names(t.name),
      ...intros(t.intro),
      cover: t.cover,
      taskType: t.taskType,
      startAt: days(t.startInDays),
      endAt: t.endInDays === undefined ? null : days(t.endInDays),
      // Assigned member by member: a chosen audience of those members.
      audience: 1,
      createdAt: days(t.startInDays),
    });
    t.courses.forEach((r, sort) =>
      taskItemRows.push({ enterpriseId, taskId, courseId: courseIds.get(r.course)!, required: r.required, sort }),
    );
    t.exams.forEach((key, i) =>
      taskItemRows.push({ enterpriseId, taskId, examId: examIds.get(key)!, required: true, sort: t.courses.length + i }),
    );
    for (const empNo of t.members) taskMemberRows.push({ enterpriseId, taskId, enterpriseUserId: member(empNo), assignedAt: days(t.startInDays) });
    for (const empNo of t.members) taskAudienceRows.push({ enterpriseId, taskId, enterpriseUserId: member(empNo) });
  }

  const projectIds = ids(learning.projects);
  const projectRows: (typeof projects.$inferInsert)[] = [];
  const phaseRows: (typeof projectPhases.$inferInsert)[] = [];
  const projectCourseRows: (typeof projectCourses.$inferInsert)[] = [];
  const projectLecturerRows: (typeof projectLecturers.$inferInsert)[] = [];
  const projectMemberRows: (typeof projectMembers.$inferInsert)[] = [];
  const dynamicRows: (typeof studyDynamics.$inferInsert)[] = [];
  const notices: ReturnType<typeof noticeRows>[] = [];
  learning.projects.forEach((p, sort) => {
    const projectId = projectIds.get(p.key)!;
    projectRows.push({
      id: projectId,
      enterpriseId,
      ...names(p.name),
      ...intros(p.intro),
      cover: p.cover,
      registration: p.registration,
      isFree: p.isFree,
      studyDays: p.studyDays ?? null,
      startAt: days(p.startInDays),
      studyEndAt: p.studyEndInDays === undefined ? null : days(p.studyEndInDays),
      creditHours: p.creditHours,
      sort,
      createdAt: days(p.startInDays),
    });
    let courseSort = 0;
    const addCourses = (refs: typeof p.courses, phaseId: string | null) =>
      refs.forEach((r) =>
        projectCourseRows.push({ enterpriseId, projectId, phaseId, courseId: courseIds.get(r.course)!, required: r.required, sort: courseSort++ }),
      );
    p.phases.forEach((phase, i) => {
      const phaseId = randomUUID();
      phaseRows.push({ id: phaseId, enterpriseId, projectId, sort: i, ...names(phase.name), ...intros(phase.intro) });
      addCourses(phase.courses, phaseId);
    });
    addCourses(p.courses, null);
    p.lecturers.forEach((key, i) => projectLecturerRows.push({ enterpriseId, projectId, lecturerId: lecturerIds.get(key)!, sort: i }));
    for (const m of p.members) {
      const enterpriseUserId = member(m.empNo);
      const approvedAt = m.approvedInDays === undefined ? null : days(m.approvedInDays);
      projectMemberRows.push({ enterpriseId, projectId, enterpriseUserId, status: m.status, appliedAt: days(m.appliedInDays), approvedAt });
      if (m.status === 1) dynamicRows.push({ enterpriseId, enterpriseUserId, kind: 4, projectId, createdAt: approvedAt ?? days(m.appliedInDays) });
      // A reviewed registration was decided by someone, who sent the member the product's message.
      if (p.registration === 2 && m.status !== 0) {
        const decidedAt = approvedAt ?? new Date(Math.min(days(m.appliedInDays).getTime() + DAY, now.getTime()));
        notices.push(noticeRows(enterpriseId, enterpriseUserId, registrationDecidedNotice({ id: projectId, ...names(p.name) }, m.status === 1), decidedAt, now));
      }
    }
  });

  const liveRows = learning.liveRooms.map((r) => ({
    enterpriseId,
    ...names(r.name),
    ...intros(r.intro),
    cover: r.cover,
    lecturerId: ref(lecturerIds, r.lecturer) ?? null,
    courseId: ref(courseIds, r.course) ?? null,
    ...seededSpan(r, now),
    streamUrl: r.streamUrl,
    playbackResourceId: ref(resourceIds, r.playback) ?? null,
    hangUpSeconds: r.hangUpSeconds,
    createdAt: new Date(Math.min(seededSpan(r, now).startAt.getTime(), now.getTime()) - DAY),
  }));

  // Course progress by the player's rule: the mean over the periods that count.
  const periodRows: (typeof periodProgress.$inferInsert)[] = [];
  const courseProgressRows: (typeof courseProgress.$inferInsert)[] = [];
  for (const p of learning.progress) {
    const enterpriseUserId = member(p.empNo);
    const courseId = courseIds.get(p.course)!;
    const { completeRatio, periods } = courseOptions.get(p.course)!;
    const startedAt = days(p.startedInDays);
    dynamicRows.push({ enterpriseId, enterpriseUserId, kind: 1, courseId, createdAt: startedAt });
    const progressByItem = new Map<string, number>();
    let studySeconds = 0;
    let last: { itemId: string; at: Date } | undefined;
    for (const pp of p.periods) {
      const period = periodIds.get(pp.period)!;
      const when = days(pp.atInDays);
      const result = periodProgressOf(pp.intervals, durations.get(period.resource ?? '') ?? 0, completeRatio);
      progressByItem.set(period.id, result.progress);
      studySeconds += result.watchedSeconds;
      periodRows.push({
        enterpriseId,
        enterpriseUserId,
        courseId,
        itemId: period.id,
        intervals: result.intervals,
        watchedSeconds: result.watchedSeconds,
        progress: result.progress,
        lastPosition: Math.floor(result.intervals.at(-1)?.[1] ?? 0),
        completedAt: result.completed ? when : null,
        updatedAt: when,
      });
      if (result.completed) dynamicRows.push({ enterpriseId, enterpriseUserId, kind: 2, courseId, itemId: period.id, createdAt: when });
      if (!last || when > last.at) last = { itemId: period.id, at: when };
    }
    const progress = courseProgressOf(periods.map((id) => progressByItem.get(id) ?? 0));
    const completedAt = progress === 100 ? last!.at : null;
    if (completedAt) dynamicRows.push({ enterpriseId, enterpriseUserId, kind: 3, courseId, createdAt: completedAt });
    courseProgressRows.push({
      enterpriseId,
      enterpriseUserId,
      courseId,
      progress,
      status: progress === 100 ? 2 : 1,
      lastItemId: last?.itemId ?? null,
      studySeconds,
      startedAt,
      completedAt,
      updatedAt: last?.at ?? startedAt,
    });
  }

  // Parents before children; each table in one statement.
  const insert = async <T extends PgTable>(table: T, rows: T['$inferInsert'][]) => {
    if (rows.length) await db.insert(table).values(rows);
  };
  await insert(categories, categoryRows);
  await insert(lecturers, lecturerRows);
  await insert(resources, resourceRows);
  await insert(exams, examRows);
  await insert(courses, courseRows);
  await insert(courseLecturers, courseLecturerRows);
  await insert(courseItems, itemRows);
  await insert(coursewares, coursewareRows);
  await insert(ratings, ratingRows);
  await insert(comments, commentRows);
  await insert(studyTasks, taskRows);
  await insert(studyTaskItems, taskItemRows);
  await insert(studyTaskMembers, taskMemberRows);
  await insert(studyTaskAudience, taskAudienceRows);
  await insert(projects, projectRows);
  await insert(projectPhases, phaseRows);
  await insert(projectCourses, projectCourseRows);
  await insert(projectLecturers, projectLecturerRows);
  await insert(projectMembers, projectMemberRows);
  await insert(liveRooms, liveRows);
  await insert(periodProgress, periodRows);
  await insert(courseProgress, courseProgressRows);
  await insert(studyDynamics, dynamicRows);
  await insertNotices(db, notices);
}
