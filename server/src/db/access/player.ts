/**
 * Data access for the player: periods with their resources, watch sessions, period and course
 * progress, study dynamics and course exam tasks. `scoped(db, eid).player`
 * binds every query to one enterprise, and the member's own rows also to the member. `db` may
 * be a transaction, so that one report's reads and writes commit together.
 */
import { alias } from 'drizzle-orm/pg-core';
import { and, asc, eq, inArray, isNull, ne, or, sql } from 'drizzle-orm';
import { ExamTaskType } from '@/api/exam-types';
import type { Interval } from '@/lib/intervals';
import type { Db } from '../client';
import {
  courseItems,
  courseProgress,
  examTasks,
  exams,
  periodProgress,
  resources,
  studyDynamics,
  watchSessions,
} from '../schema';
import { periodCondition } from './course-cards';
import { catalogue } from './catalogue-cache';
import { memberRows } from './rows';

export type ItemRow = typeof courseItems.$inferSelect;
export type ResourceRow = typeof resources.$inferSelect;
export type PeriodProgressRow = typeof periodProgress.$inferSelect;
export type CourseProgressRow = typeof courseProgress.$inferSelect;
export type ExamTaskRow = typeof examTasks.$inferSelect;

/** Study dynamic kinds written by the player. */
export const Dynamic = { startedCourse: 1, completedPeriod: 2, completedCourse: 3 } as const;

/** A period and its resource (none for exam and offline periods). */
export interface Period {
  item: ItemRow;
  resource: ResourceRow | null;
}

/** A watch session as a report finds it, with the database's clock. */
export interface LockedSession {
  id: string;
  itemId: string;
  courseId: string;
  /** Seconds since the session opened. */
  age: number;
  /** Seconds from the last accepted report (or the opening) to now, or to the end of a superseded session. */
  sinceBeat: number;
  /** The session was superseded by a later opening: it earns nothing past that moment. */
  ended: boolean;
}

const isPeriod = periodCondition('course_items');
const chapters = alias(courseItems, 'chapters');

export function playerScope(db: Db, enterpriseId: string) {
  const periodQuery = () =>
    db
      .select({ item: courseItems, resource: resources })
      .from(courseItems)
      .leftJoin(resources, and(eq(resources.id, courseItems.resourceId), eq(resources.enterpriseId, enterpriseId)));
  const ofMember = (memberId: string) => memberRows(periodProgress, enterpriseId, memberId);
  const courseRowOf = (memberId: string, courseId: string) =>
    memberRows(courseProgress, enterpriseId, memberId, eq(courseProgress.courseId, courseId));

  return {
    /** A period of the course, or undefined (a chapter, another course's or company's item). */
    async period(courseId: string, itemId: string): Promise<Period | undefined> {
      const [row] = await periodQuery().where(
        and(
          eq(courseItems.enterpriseId, enterpriseId),
          eq(courseItems.courseId, courseId),
          eq(courseItems.id, itemId),
          isPeriod,
        ),
      );
      return row;
    },

    /** A period of this enterprise by its id alone. */
    async periodById(itemId: string): Promise<Period | undefined> {
      const [row] = await periodQuery().where(
        and(eq(courseItems.enterpriseId, enterpriseId), eq(courseItems.id, itemId), isPeriod),
      );
      return row;
    },

    /** The course's periods that show this resource. */
    async periodsShowing(courseId: string, resourceId: string): Promise<Period[]> {
      return periodQuery().where(
        and(
          eq(courseItems.enterpriseId, enterpriseId),
          eq(courseItems.courseId, courseId),
          eq(courseItems.resourceId, resourceId),
          isPeriod,
        ),
      );
    },

    /** Remembers the page count read from a resource's file. */
    async setResourcePages(resourceId: string, pages: number): Promise<void> {
      await db
        .update(resources)
        .set({ pages })
        .where(and(eq(resources.enterpriseId, enterpriseId), eq(resources.id, resourceId)));
    },

    /** The course's periods in reading order (chapter, then period). */
    periods(courseId: string): Promise<Pick<ItemRow, 'id' | 'contentType'>[]> {
      return db
        .select({ id: courseItems.id, contentType: courseItems.contentType })
        .from(courseItems)
        .leftJoin(chapters, and(eq(chapters.id, courseItems.parentId), eq(chapters.enterpriseId, enterpriseId)))
        .where(and(eq(courseItems.enterpriseId, enterpriseId), eq(courseItems.courseId, courseId), isPeriod))
        .orderBy(
          sql`coalesce(${chapters.sort}, ${courseItems.sort})`,
          asc(sql`coalesce(${chapters.id}, ${courseItems.id})`),
          asc(courseItems.sort),
          asc(courseItems.id),
        );
    },

    /**
     * The exam periods (content type 3) holding an exam in the courses where a pass of the member
     * counts: the course of the exam task (`courseId`), and the courses the member has started.
     */
    async examPeriods(memberId: string, examId: string, courseId: string | null): Promise<{ itemId: string; courseId: string }[]> {
      const started = db
        .select({ courseId: courseProgress.courseId })
        .from(courseProgress)
        .where(memberRows(courseProgress, enterpriseId, memberId));
      return db
        .select({ itemId: courseItems.id, courseId: courseItems.courseId })
        .from(courseItems)
        .where(
          and(
            eq(courseItems.enterpriseId, enterpriseId),
            eq(courseItems.examId, examId),
            eq(courseItems.contentType, 3),
            isPeriod,
            courseId === null
              ? inArray(courseItems.courseId, started)
              : or(eq(courseItems.courseId, courseId), inArray(courseItems.courseId, started)),
          ),
        )
        .orderBy(asc(courseItems.courseId), asc(courseItems.sort), asc(courseItems.id));
    },

    async periodProgress(memberId: string, itemId: string): Promise<PeriodProgressRow | undefined> {
      const [row] = await db
        .select()
        .from(periodProgress)
        .where(and(ofMember(memberId), eq(periodProgress.itemId, itemId)));
      return row;
    },

    /** The member's progress row of a period, created if missing, locked until the transaction ends. */
    async lockPeriodProgress(memberId: string, courseId: string, itemId: string): Promise<PeriodProgressRow> {
      await db
        .insert(periodProgress)
        .values({ enterpriseId, enterpriseUserId: memberId, courseId, itemId })
        .onConflictDoNothing();
      const [row] = await db
        .select()
        .from(periodProgress)
        .where(and(ofMember(memberId), eq(periodProgress.itemId, itemId)))
        .for('update');
      return row!;
    },

    async savePeriodProgress(
      memberId: string,
      itemId: string,
      patch: { intervals?: Interval[]; watchedSeconds?: number; progress?: number; lastPosition?: number },
    ): Promise<void> {
      await db
        .update(periodProgress)
        .set({ ...patch, updatedAt: sql`now()` })
        .where(and(ofMember(memberId), eq(periodProgress.itemId, itemId)));
    },

    /** Marks a period completed (progress 100), now or `at`; true only for the call that completed it. */
    async completePeriod(memberId: string, courseId: string, itemId: string, at?: Date): Promise<boolean> {
      const completedAt = at ?? sql`now()`;
      const inserted = await db
        .insert(periodProgress)
        .values({ enterpriseId, enterpriseUserId: memberId, courseId, itemId, progress: 100, completedAt })
        .onConflictDoNothing()
        .returning({ itemId: periodProgress.itemId });
      if (inserted.length > 0) return true;
      const updated = await db
        .update(periodProgress)
        .set({ progress: 100, completedAt, updatedAt: sql`now()` })
        .where(and(ofMember(memberId), eq(periodProgress.itemId, itemId), isNull(periodProgress.completedAt)))
        .returning({ itemId: periodProgress.itemId });
      return updated.length > 0;
    },

    progressOfPeriods(memberId: string, itemIds: string[]): Promise<PeriodProgressRow[]> {
      if (itemIds.length === 0) return Promise.resolve([]);
      return db
        .select()
        .from(periodProgress)
        .where(and(ofMember(memberId), inArray(periodProgress.itemId, itemIds)));
    },

    async courseProgress(memberId: string, courseId: string): Promise<CourseProgressRow | undefined> {
      const [row] = await db.select().from(courseProgress).where(courseRowOf(memberId, courseId));
      return row;
    },

    /**
     * Records an opening of the course: the member's course row becomes "learning" (status 1) and
     * remembers the period. True when this is the member's first opening of the course.
     */
    async openCourse(memberId: string, courseId: string, itemId: string): Promise<boolean> {
      const inserted = await db
        .insert(courseProgress)
        .values({ enterpriseId, enterpriseUserId: memberId, courseId, status: 1, lastItemId: itemId })
        .onConflictDoNothing()
        .returning({ courseId: courseProgress.courseId });
      if (inserted.length > 0) return true;
      const started = await db
        .update(courseProgress)
        .set({ status: 1, lastItemId: itemId, updatedAt: sql`now()` })
        .where(and(courseRowOf(memberId, courseId), eq(courseProgress.status, 0)))
        .returning({ courseId: courseProgress.courseId });
      if (started.length > 0) return true;
      await db
        .update(courseProgress)
        .set({ lastItemId: itemId, updatedAt: sql`now()` })
        .where(courseRowOf(memberId, courseId));
      return false;
    },

    /**
     * Stores the course's computed progress and adds studied seconds. Reaching 100 completes the
     * course (status 2); true only for the call that completed it.
     */
    async saveCourseProgress(
      memberId: string,
      courseId: string,
      progress: number,
      studySeconds: number,
    ): Promise<{ completedNow: boolean; row: CourseProgressRow }> {
      const created = await db
        .insert(courseProgress)
        .values({ enterpriseId, enterpriseUserId: memberId, courseId, status: 1 })
        .onConflictDoNothing()
        .returning({ courseId: courseProgress.courseId });
      // A course reported without an opening gains a learner (openings forget the cache themselves).
      if (created.length > 0) await catalogue.forget(enterpriseId);
      const completes = progress >= 100;
      const [completed] = completes
        ? await db
            .update(courseProgress)
            .set({ progress, status: 2, completedAt: sql`now()`, updatedAt: sql`now()` })
            .where(and(courseRowOf(memberId, courseId), ne(courseProgress.status, 2)))
            .returning()
        : [];
      const [row] = await db
        .update(courseProgress)
        .set({
          progress,
          status: sql`greatest(${courseProgress.status}, 1)`,
          studySeconds: sql`${courseProgress.studySeconds} + ${Math.round(studySeconds)}`,
          updatedAt: sql`now()`,
        })
        .where(courseRowOf(memberId, courseId))
        .returning();
      return { completedNow: completed !== undefined, row: row! };
    },

    /** Records a study dynamic, now or `at`. */
    async addDynamic(memberId: string, kind: number, courseId: string, itemId: string | null, at?: Date): Promise<void> {
      await db.insert(studyDynamics).values({ enterpriseId, enterpriseUserId: memberId, kind, courseId, itemId, ...(at ? { createdAt: at } : {}) });
    },

    /**
     * Serialises the member's openings and reports until the transaction ends, so that two at
     * once cannot both spend the same wall time.
     */
    async lockMemberWatching(memberId: string): Promise<void> {
      await db.execute(sql`select pg_advisory_xact_lock(hashtext(${`watch:${enterpriseId}:${memberId}`}))`);
    },

    /**
     * Opens a watch session. Its clock starts now, or later when an earlier session of the member
     * has already been credited ahead of now; `supersede` ends the member's other open sessions
     * (they earn nothing past this moment).
     */
    async openSession(input: {
      memberId: string;
      itemId: string;
      studyTaskId: string | null;
      supersede: boolean;
    }): Promise<string> {
      const mine = memberRows(watchSessions, enterpriseId, input.memberId);
      const [ahead] = await db
        .select({ at: sql<Date | null>`max(${watchSessions.lastBeatAt})`.mapWith(watchSessions.lastBeatAt) })
        .from(watchSessions)
        .where(and(mine, sql`${watchSessions.lastBeatAt} > now()`));
      if (input.supersede) {
        await db
          .update(watchSessions)
          .set({ endedAt: sql`now()` })
          .where(and(mine, isNull(watchSessions.endedAt)));
      }
      const [row] = await db
        .insert(watchSessions)
        .values({
          enterpriseId,
          enterpriseUserId: input.memberId,
          itemId: input.itemId,
          studyTaskId: input.studyTaskId,
          lastBeatAt: ahead?.at ?? sql`now()`,
        })
        .returning({ id: watchSessions.id });
      return row!.id;
    },

    /** The member's own session with its clock, locked until the transaction ends; undefined for anyone else's. */
    async lockSession(memberId: string, watchId: string): Promise<LockedSession | undefined> {
      const [row] = await db
        .select({
          id: watchSessions.id,
          itemId: watchSessions.itemId,
          courseId: courseItems.courseId,
          age: sql<number>`extract(epoch from now() - ${watchSessions.startedAt})::float8`.mapWith(Number),
          sinceBeat:
            sql<number>`extract(epoch from least(now(), coalesce(${watchSessions.endedAt}, now())) - ${watchSessions.lastBeatAt})::float8`.mapWith(
              Number,
            ),
          ended: sql<boolean>`${watchSessions.endedAt} is not null`,
        })
        .from(watchSessions)
        .innerJoin(courseItems, and(eq(courseItems.id, watchSessions.itemId), eq(courseItems.enterpriseId, enterpriseId)))
        .where(memberRows(watchSessions, enterpriseId, memberId, eq(watchSessions.id, watchId)))
        .for('update', { of: watchSessions });
      return row;
    },

    /** Moves a session's clock forward by `seconds` of wall time spent and adds credited seconds. */
    async advanceSession(watchId: string, seconds: number, credited: number): Promise<void> {
      await db
        .update(watchSessions)
        .set({
          lastBeatAt: sql`${watchSessions.lastBeatAt} + make_interval(secs => ${seconds}::float8)`,
          creditedSeconds: sql`${watchSessions.creditedSeconds} + ${Math.round(credited)}`,
        })
        .where(and(eq(watchSessions.enterpriseId, enterpriseId), eq(watchSessions.id, watchId)));
    },

    async exam(examId: string): Promise<typeof exams.$inferSelect | undefined> {
      const [row] = await db
        .select()
        .from(exams)
        .where(and(eq(exams.enterpriseId, enterpriseId), eq(exams.id, examId)));
      return row;
    },

    /** The member's one task of a course's exam (type 1), created when missing. */
    async courseExamTask(input: { memberId: string; examId: string; courseId: string; itemId: string }): Promise<ExamTaskRow> {
      const key = memberRows(
        examTasks,
        enterpriseId,
        input.memberId,
        eq(examTasks.examId, input.examId),
        eq(examTasks.courseId, input.courseId),
      );
      await db
        .insert(examTasks)
        .values({
          enterpriseId,
          enterpriseUserId: input.memberId,
          examId: input.examId,
          courseId: input.courseId,
          itemId: input.itemId,
          type: ExamTaskType.course,
        })
        .onConflictDoNothing();
      const [row] = await db.select().from(examTasks).where(key);
      return row!;
    },

    /** The member's own exam task, with its exam; undefined for anyone else's. */
    async examTask(
      memberId: string,
      taskId: string,
    ): Promise<{ task: ExamTaskRow; exam: typeof exams.$inferSelect } | undefined> {
      const [row] = await db
        .select({ task: examTasks, exam: exams })
        .from(examTasks)
        .innerJoin(exams, and(eq(exams.id, examTasks.examId), eq(exams.enterpriseId, enterpriseId)))
        .where(memberRows(examTasks, enterpriseId, memberId, eq(examTasks.id, taskId)));
      return row;
    },
  };
}

export type PlayerScope = ReturnType<typeof playerScope>;
