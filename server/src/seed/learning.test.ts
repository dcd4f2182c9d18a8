import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { and, count, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { learningSeedSchema } from './config/tenant-config';
import * as schema from '../db/schema';
import { MEDIA_DIR, mediaFile } from '../files/media';
import { periodProgressOf } from './learning';
import type { TestGateway } from '../testing';
import { countRows, crossingRows, openSeeded, type TenantLink, type TenantTable } from './seed-testing';

let gw: TestGateway;
let one: string;
let two: string;
beforeAll(async () => {
  ({ gw, one, two } = await openSeeded());
});
afterAll(() => gw?.close());

const db = () => gw.database.db;
const countOf = (table: TenantTable, enterpriseId: string) => countRows(gw, table, enterpriseId);

const manifest = JSON.parse(readFileSync(join(MEDIA_DIR, 'demo/manifest.json'), 'utf8')) as {
  files: Record<string, { bytes: number; duration?: number }>;
};
const manifestEntry = (url: string) => manifest.files[url.replace(/^\/media\/demo\//, '')];

const DAY = 86_400_000;

describe('learning seed', () => {
  it('writes the demo content of each company', async () => {
    const expected: [TenantTable, number, number][] = [
      [schema.categories, 7, 2],
      [schema.lecturers, 15, 1],
      [schema.courses, 12, 2],
      [schema.exams, 7, 5], // 入职考试 from learning; the others from the exam section
      [schema.studyTasks, 2, 0],
      [schema.projects, 4, 1],
      [schema.liveRooms, 3, 1],
      [schema.coursewares, 6, 1],
    ];
    for (const [table, first, second] of expected) {
      expect(await countOf(table, one)).toBe(first);
      expect(await countOf(table, two)).toBe(second);
    }
    const published = await db()
      .select({ n: count() })
      .from(schema.courses)
      .where(and(eq(schema.courses.enterpriseId, one), eq(schema.courses.status, 1)));
    // Two pages of eight in the course centre.
    expect(published[0]!.n).toBe(11);
    const [removed] = await db().select().from(schema.courses).where(eq(schema.courses.nameZh, '旧版安全规范'));
    expect(removed).toMatchObject({ status: 0, enterpriseId: one });
    const [paid] = await db().select().from(schema.courses).where(eq(schema.courses.nameZh, '数据分析进阶'));
    expect(paid?.isFree).toBe(false);
    expect((await db().select().from(schema.coursePurchases).where(eq(schema.coursePurchases.courseId, paid!.id))).length).toBe(0);
    const [communication] = await db().select().from(schema.courses).where(eq(schema.courses.nameZh, '高效沟通技巧'));
    expect(communication).toMatchObject({ watermark: true, antiSkip: true, isFree: true });
  });

  it('links the lecturer 李娜 to member E1002 and the exam period to 入职考试', async () => {
    const [liNa] = await db().select().from(schema.lecturers).where(eq(schema.lecturers.nameZh, '李娜'));
    const [e1002] = await db().select().from(schema.enterpriseUsers).where(and(eq(schema.enterpriseUsers.empNo, 'E1002'), eq(schema.enterpriseUsers.enterpriseId, one)));
    expect(liNa?.enterpriseUserId).toBe(e1002!.id);
    const [exam] = await db().select().from(schema.exams).where(eq(schema.exams.nameZh, '入职考试'));
    expect(exam).toMatchObject({ duration: 60, passScore: 60, totalScore: 100 });
    const [period] = await db().select().from(schema.courseItems).where(eq(schema.courseItems.contentType, 3));
    expect(period?.examId).toBe(exam!.id);
  });

  it('has periods of every content type and resources of every resource type', async () => {
    const periods = await db()
      .select({ contentType: schema.courseItems.contentType, resourceType: schema.resources.resourceType })
      .from(schema.courseItems)
      .leftJoin(schema.resources, eq(schema.resources.id, schema.courseItems.resourceId))
      .where(eq(schema.courseItems.enterpriseId, one));
    expect(new Set(periods.map((p) => p.contentType))).toEqual(new Set([2, 3, 4, 5, 6, 7, 8]));
    expect(new Set(periods.flatMap((p) => (p.resourceType === null ? [] : [p.resourceType])))).toEqual(new Set([2, 3, 4, 5, 6]));
    const documents = await db()
      .select({ fileName: schema.resources.fileName })
      .from(schema.resources)
      .where(and(eq(schema.resources.enterpriseId, one), eq(schema.resources.resourceType, 4)));
    const kinds = new Set(documents.map((d) => d.fileName.slice(d.fileName.lastIndexOf('.') + 1)));
    expect(kinds).toEqual(new Set(['pdf', 'xlsx', 'docx', 'pptx', 'txt']));
  });

  it('keeps every row among its own company: references never cross companies', async () => {
    const links: TenantLink[] = [
      [schema.courses, schema.courses.categoryId, schema.categories],
      [schema.courseItems, schema.courseItems.courseId, schema.courses],
      [schema.courseItems, schema.courseItems.resourceId, schema.resources],
      [schema.courseItems, schema.courseItems.examId, schema.exams],
      [schema.courseLecturers, schema.courseLecturers.lecturerId, schema.lecturers],
      [schema.coursewares, schema.coursewares.resourceId, schema.resources],
      [schema.studyTaskItems, schema.studyTaskItems.courseId, schema.courses],
      [schema.studyTaskMembers, schema.studyTaskMembers.enterpriseUserId, schema.enterpriseUsers],
      [schema.projectCourses, schema.projectCourses.courseId, schema.courses],
      [schema.projectCourses, schema.projectCourses.phaseId, schema.projectPhases],
      [schema.projectLecturers, schema.projectLecturers.lecturerId, schema.lecturers],
      [schema.projectMembers, schema.projectMembers.enterpriseUserId, schema.enterpriseUsers],
      [schema.liveRooms, schema.liveRooms.playbackResourceId, schema.resources],
      [schema.liveRooms, schema.liveRooms.lecturerId, schema.lecturers],
      [schema.lecturers, schema.lecturers.enterpriseUserId, schema.enterpriseUsers],
      [schema.periodProgress, schema.periodProgress.itemId, schema.courseItems],
      [schema.courseProgress, schema.courseProgress.courseId, schema.courses],
      [schema.studyDynamics, schema.studyDynamics.enterpriseUserId, schema.enterpriseUsers],
    ];
    for (const link of links) expect(await crossingRows(gw, link)).toBe(0);

    const namesOf = async (enterpriseId: string) =>
      new Set((await db().select({ name: schema.courses.nameZh }).from(schema.courses).where(eq(schema.courses.enterpriseId, enterpriseId))).map((c) => c.name));
    const second = await namesOf(two);
    expect(second).toEqual(new Set(['精益生产入门', '质量体系概论']));
    for (const name of await namesOf(one)) expect(second.has(name)).toBe(false);
  });

  it('points every media url at a file under public/media, with the real durations', async () => {
    const urls = new Set<string>();
    const add = (url: string | null | undefined) => url && urls.add(url);
    for (const r of await db().select().from(schema.resources)) {
      add(r.url);
      r.playUrls.forEach((p) => add(p.url));
      add(r.videoConfig.poster as string | undefined);
      r.body.filter((b) => b.type === 'image').forEach((b) => add(b.value));
      if (r.resourceType === 2 || r.resourceType === 3) {
        expect(r.duration, r.nameEn).toBeGreaterThan(0);
        for (const url of [r.url, ...r.playUrls.map((p) => p.url)]) {
          expect(Math.round(manifestEntry(url)?.duration ?? NaN), `${r.nameEn} ${url}`).toBe(r.duration);
        }
      }
      if (r.url) expect(r.size, r.nameEn).toBe(manifestEntry(r.url)?.bytes);
    }
    for (const table of [schema.courses, schema.studyTasks, schema.projects, schema.liveRooms]) {
      for (const row of await db().select({ cover: table.cover }).from(table)) add(row.cover);
    }
    for (const room of await db().select({ stream: schema.liveRooms.streamUrl }).from(schema.liveRooms)) add(room.stream);
    expect(urls.size).toBeGreaterThan(20);
    for (const url of urls) {
      const file = mediaFile(url);
      expect(file && existsSync(file), url).toBe(true);
      if (url.endsWith('.m3u8')) {
        const segments = readFileSync(file!, 'utf8').split('\n').filter((l) => l && !l.startsWith('#'));
        expect(segments.length).toBeGreaterThan(1);
        for (const s of segments) expect(existsSync(join(dirname(file!), s)), s).toBe(true);
      }
    }
  });

  it('gives E1001 a completed and a started course with consistent progress and study dynamics', async () => {
    const [e1001] = await db().select().from(schema.enterpriseUsers).where(and(eq(schema.enterpriseUsers.empNo, 'E1001'), eq(schema.enterpriseUsers.enterpriseId, one)));
    const rows = await db()
      .select({ name: schema.courses.nameZh, progress: schema.courseProgress.progress, status: schema.courseProgress.status, completedAt: schema.courseProgress.completedAt })
      .from(schema.courseProgress)
      .innerJoin(schema.courses, eq(schema.courses.id, schema.courseProgress.courseId))
      .where(eq(schema.courseProgress.enterpriseUserId, e1001!.id));
    expect(rows.find((r) => r.name === '职场写作规范')).toMatchObject({ progress: 100, status: 2 });
    const started = rows.find((r) => r.name === '时间管理');
    expect(started).toMatchObject({ status: 1, completedAt: null });
    expect(started!.progress).toBeGreaterThan(0);
    expect(started!.progress).toBeLessThan(100);

    const periods = await db()
      .select({ progress: schema.periodProgress, duration: schema.resources.duration })
      .from(schema.periodProgress)
      .innerJoin(schema.courseItems, eq(schema.courseItems.id, schema.periodProgress.itemId))
      .innerJoin(schema.resources, eq(schema.resources.id, schema.courseItems.resourceId))
      .where(eq(schema.periodProgress.enterpriseUserId, e1001!.id));
    expect(periods.length).toBeGreaterThanOrEqual(2);
    for (const { progress: p, duration } of periods) {
      const expected = periodProgressOf(p.intervals, duration, 95);
      expect(p.watchedSeconds).toBe(expected.watchedSeconds);
      expect(p.progress).toBe(expected.progress);
      expect(p.completedAt !== null).toBe(p.progress === 100);
    }
    const kinds = (
      await db().select({ kind: schema.studyDynamics.kind }).from(schema.studyDynamics).where(eq(schema.studyDynamics.enterpriseUserId, e1001!.id))
    ).map((d) => d.kind);
    expect(new Set(kinds)).toEqual(new Set([1, 2, 3, 4]));
  });

  it('gives E1001 progress and a started dynamic on the removed course, so a page can lead to it', async () => {
    const [e1001] = await db().select().from(schema.enterpriseUsers).where(and(eq(schema.enterpriseUsers.empNo, 'E1001'), eq(schema.enterpriseUsers.enterpriseId, one)));
    const [removed] = await db().select().from(schema.courses).where(eq(schema.courses.nameZh, '旧版安全规范'));
    expect(removed?.status).toBe(0);
    const progress = await db()
      .select()
      .from(schema.courseProgress)
      .where(and(eq(schema.courseProgress.enterpriseUserId, e1001!.id), eq(schema.courseProgress.courseId, removed!.id)));
    expect(progress).toHaveLength(1);
    expect(progress[0]).toMatchObject({ enterpriseId: one, status: 1, completedAt: null });
    expect(progress[0]!.progress).toBeGreaterThan(0);
    const dynamics = await db()
      .select({ kind: schema.studyDynamics.kind, enterpriseId: schema.studyDynamics.enterpriseId })
      .from(schema.studyDynamics)
      .where(and(eq(schema.studyDynamics.enterpriseUserId, e1001!.id), eq(schema.studyDynamics.courseId, removed!.id)));
    expect(dynamics).toEqual([{ kind: 1, enterpriseId: one }]);
  });

  it('seeds the study tasks, the projects and the live rooms around the seeding moment', async () => {
    const [learningTask] = await db().select().from(schema.studyTasks).where(eq(schema.studyTasks.nameZh, '2026 新员工学习任务'));
    const assigned = await db()
      .select({ empNo: schema.enterpriseUsers.empNo })
      .from(schema.studyTaskMembers)
      .innerJoin(schema.enterpriseUsers, eq(schema.enterpriseUsers.id, schema.studyTaskMembers.enterpriseUserId))
      .where(eq(schema.studyTaskMembers.taskId, learningTask!.id));
    expect(assigned.map((a) => a.empNo).sort()).toEqual(['E1001', 'E1003', 'E1004', 'E1007']);
    const items = await db().select().from(schema.studyTaskItems).where(eq(schema.studyTaskItems.taskId, learningTask!.id));
    expect(items.map((i) => i.required)).toEqual([true, false]);

    const all = await db().select().from(schema.projects).where(eq(schema.projects.enterpriseId, one));
    const byName = new Map(all.map((p) => [p.nameZh, p]));
    expect(byName.get('新员工训练营')?.registration).toBe(2);
    expect(byName.get('安全生产专项')?.registration).toBe(1);
    expect(byName.get('领导力提升计划')).toMatchObject({ registration: 0, isFree: true });
    const phases = await db().select().from(schema.projectPhases).where(eq(schema.projectPhases.projectId, byName.get('新员工训练营')!.id));
    expect(phases.map((p) => p.nameZh).sort()).toEqual(['第一阶段 入门', '第二阶段 提升']);
    const compliance = byName.get('2025 年度合规培训')!;
    const [membership] = await db().select().from(schema.projectMembers).where(eq(schema.projectMembers.projectId, compliance.id));
    expect(membership?.status).toBe(1);
    expect(membership!.approvedAt!.getTime() + compliance.studyDays! * DAY).toBeLessThan(Date.now());

    const now = Date.now();
    const rooms = await db().select().from(schema.liveRooms).where(inArray(schema.liveRooms.enterpriseId, [one, two]));
    const state = (r: (typeof rooms)[number]) =>
      r.startAt.getTime() > now ? 'upcoming' : r.endAt.getTime() < now ? 'ended' : 'live';
    expect(Object.fromEntries(rooms.map((r) => [r.nameZh, state(r)]))).toEqual({
      新员工见面会: 'live',
      季度业务复盘: 'ended',
      产品发布会: 'upcoming',
      车间安全直播: 'live',
    });
    expect(rooms.find((r) => r.nameZh === '季度业务复盘')?.playbackResourceId).toBeTruthy();
  });

  it('refuses a tenant file whose learning content names a missing course, resource or period', () => {
    const result = learningSeedSchema.safeParse({
      resources: [{ key: 'clip', type: 2, name: 'Clip', url: '/media/demo/clip.mp4', duration: 12 }],
      courses: [
        {
          key: 'a',
          name: 'A',
          chapters: [{ name: 'Chapter', periods: [{ key: 'p', name: 'P', contentType: 2, resource: 'missing' }] }],
        },
      ],
      projects: [{ key: 'x', name: 'X', startInDays: 0, courses: [{ course: 'nope' }] }],
      progress: [{ empNo: 'E1001', course: 'a', startedInDays: -1, periods: [{ period: 'q', intervals: [[0, 1]], atInDays: 0 }] }],
    });
    expect(result.error?.issues.map((i) => i.message).sort()).toEqual([
      "unknown course 'nope'",
      "unknown period 'q'",
      "unknown resource 'missing'",
    ]);
  });
});
