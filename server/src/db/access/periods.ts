/**
 * Data access for research and recorded periods: questionnaires and their submissions, period
 * records, who may record a course's periods, and the course's learners.
 * `scoped(db, eid).periods` binds every query to one enterprise.
 */
import { and, asc, count, eq, ilike, inArray, or, sql, type SQL } from 'drizzle-orm';
import type { ResearchAnswers } from '@/api/period-types';
import type { Db } from '../client';
import {
  courseLecturers,
  courseProgress,
  enterpriseUsers,
  lecturers,
  periodRecords,
  projectCourses,
  projectMembers,
  researchAnswers,
  studyTaskItems,
  studyTaskMembers,
} from '../schema';
import { memberRows } from './rows';

export type ResearchAnswerRow = typeof researchAnswers.$inferSelect;
export type PeriodRecordRow = typeof periodRecords.$inferSelect & { recorderName: string | null };

/** Escapes `%`, `_` and `\` for a LIKE pattern. */
const likeText = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

export function periodScope(db: Db, enterpriseId: string) {
  const recorder = sql<string | null>`(select ${enterpriseUsers.userName} from ${enterpriseUsers} where ${enterpriseUsers.id} = ${periodRecords.recordedBy} and ${enterpriseUsers.enterpriseId} = ${enterpriseId})`;

  /** Members of the enterprise who learn the course: started it, or hold it in a study task or an approved project registration. */
  const learnerOf = (courseId: string): SQL =>
    sql`${enterpriseUsers.id} in (
      select ${courseProgress.enterpriseUserId} from ${courseProgress}
        where ${courseProgress.enterpriseId} = ${enterpriseId} and ${courseProgress.courseId} = ${courseId}
      union
      select ${studyTaskMembers.enterpriseUserId} from ${studyTaskMembers}
        join ${studyTaskItems} on ${studyTaskItems.taskId} = ${studyTaskMembers.taskId} and ${studyTaskItems.enterpriseId} = ${enterpriseId}
        where ${studyTaskMembers.enterpriseId} = ${enterpriseId} and ${studyTaskItems.courseId} = ${courseId}
      union
      select ${projectMembers.enterpriseUserId} from ${projectMembers}
        join ${projectCourses} on ${projectCourses.projectId} = ${projectMembers.projectId} and ${projectCourses.enterpriseId} = ${enterpriseId}
        where ${projectMembers.enterpriseId} = ${enterpriseId} and ${projectMembers.status} = 1 and ${projectCourses.courseId} = ${courseId}
    )`;

  return {
    /** The course's lecturers, in order, with the member each one is (if any). */
    lecturersOf(courseId: string): Promise<{ nameZh: string; nameEn: string; memberId: string | null }[]> {
      return db
        .select({ nameZh: lecturers.nameZh, nameEn: lecturers.nameEn, memberId: lecturers.enterpriseUserId })
        .from(courseLecturers)
        .innerJoin(lecturers, and(eq(lecturers.id, courseLecturers.lecturerId), eq(lecturers.enterpriseId, enterpriseId)))
        .where(and(eq(courseLecturers.enterpriseId, enterpriseId), eq(courseLecturers.courseId, courseId)))
        .orderBy(asc(courseLecturers.sort));
    },

    async researchAnswers(memberId: string, itemId: string): Promise<ResearchAnswerRow | undefined> {
      const [row] = await db
        .select()
        .from(researchAnswers)
        .where(memberRows(researchAnswers, enterpriseId, memberId, eq(researchAnswers.itemId, itemId)));
      return row;
    },

    /** Stores the member's submission; false when there already is one (a submission is final). */
    async submitResearch(memberId: string, courseId: string, itemId: string, answers: ResearchAnswers): Promise<boolean> {
      const inserted = await db
        .insert(researchAnswers)
        .values({ enterpriseId, enterpriseUserId: memberId, courseId, itemId, answers })
        .onConflictDoNothing()
        .returning({ itemId: researchAnswers.itemId });
      return inserted.length > 0;
    },

    /** Every submission of a research period, with who made it, oldest first. */
    submissions(itemId: string) {
      return db
        .select({
          answers: researchAnswers.answers,
          submittedAt: researchAnswers.submittedAt,
          empNo: enterpriseUsers.empNo,
          userName: enterpriseUsers.userName,
          departmentName: enterpriseUsers.departmentName,
        })
        .from(researchAnswers)
        .innerJoin(
          enterpriseUsers,
          and(eq(enterpriseUsers.id, researchAnswers.enterpriseUserId), eq(enterpriseUsers.enterpriseId, enterpriseId)),
        )
        .where(and(eq(researchAnswers.enterpriseId, enterpriseId), eq(researchAnswers.itemId, itemId)))
        .orderBy(asc(researchAnswers.submittedAt), asc(enterpriseUsers.empNo));
    },

    /** The members' records of a period, by member id. */
    async records(itemId: string, memberIds: string[]): Promise<Map<string, PeriodRecordRow>> {
      if (memberIds.length === 0) return new Map();
      const rows = await db
        .select({ record: periodRecords, recorderName: recorder })
        .from(periodRecords)
        .where(
          and(
            eq(periodRecords.enterpriseId, enterpriseId),
            eq(periodRecords.itemId, itemId),
            inArray(periodRecords.enterpriseUserId, memberIds),
          ),
        );
      return new Map(rows.map((r) => [r.record.enterpriseUserId, { ...r.record, recorderName: r.recorderName }]));
    },

    /** Writes (or replaces) a member's record of a period. */
    async saveRecord(input: {
      memberId: string;
      courseId: string;
      itemId: string;
      passed: boolean;
      score: number | null;
      note: string;
      recordedOn: string;
      recordedBy: string;
    }): Promise<void> {
      const values = {
        passed: input.passed,
        score: input.score,
        note: input.note,
        recordedOn: input.recordedOn,
        recordedBy: input.recordedBy,
      };
      await db
        .insert(periodRecords)
        .values({ enterpriseId, enterpriseUserId: input.memberId, courseId: input.courseId, itemId: input.itemId, ...values })
        .onConflictDoUpdate({
          target: [periodRecords.enterpriseUserId, periodRecords.itemId],
          set: { ...values, updatedAt: sql`now()` },
          setWhere: eq(periodRecords.enterpriseId, enterpriseId),
        });
    },

    /** Which of these ids are members of the enterprise. */
    async membersAmong(memberIds: string[]): Promise<Set<string>> {
      if (memberIds.length === 0) return new Set();
      const rows = await db
        .select({ id: enterpriseUsers.id })
        .from(enterpriseUsers)
        .where(and(eq(enterpriseUsers.enterpriseId, enterpriseId), inArray(enterpriseUsers.id, memberIds)));
      return new Set(rows.map((r) => r.id));
    },

    /** A page of the course's learners, matched by name, employee number or department. */
    async learners(courseId: string, keyword: string, page: { pageCurrent: number; pageSize: number }) {
      const where = and(
        eq(enterpriseUsers.enterpriseId, enterpriseId),
        learnerOf(courseId),
        keyword
          ? or(
              ilike(enterpriseUsers.userName, likeText(keyword)),
              ilike(enterpriseUsers.empNo, likeText(keyword)),
              ilike(enterpriseUsers.departmentName, likeText(keyword)),
            )
          : undefined,
      );
      const [total] = await db.select({ n: count() }).from(enterpriseUsers).where(where);
      const list = await db
        .select({
          memberId: enterpriseUsers.id,
          userName: enterpriseUsers.userName,
          empNo: enterpriseUsers.empNo,
          departmentName: enterpriseUsers.departmentName,
        })
        .from(enterpriseUsers)
        .where(where)
        .orderBy(asc(enterpriseUsers.empNo))
        .limit(page.pageSize)
        .offset((page.pageCurrent - 1) * page.pageSize);
      return { list, totalCount: total?.n ?? 0 };
    },
  };
}
