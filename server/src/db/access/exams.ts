/**
 * Data access of exams, papers, marking and reservations. `scoped(db, eid).exams` binds every
 * query to one enterprise; a member's own tasks and papers are also read by member id. Locks
 * are taken in one order, task row before paper row, so hand-ins, marking and starts never
 * wait on each other in a cycle.
 */
import { and, asc, count, desc, eq, exists, ilike, inArray, isNull, lte, ne, not, or, sql, type SQL } from 'drizzle-orm';
import { ExamStatus } from '@/api/exam-types';
import type { Db } from '../client';
import {
  enterpriseUsers,
  examAnswers,
  examBatches,
  examMarkers,
  examPapers,
  examQuestions,
  examReservations,
  examScreenEvents,
  examTasks,
  exams,
} from '../schema';
import { rowsOf } from './course-cards';
import { memberRows } from './rows';

export type ExamRow = typeof exams.$inferSelect;
export type ExamTaskRow = typeof examTasks.$inferSelect;
export type PaperRow = typeof examPapers.$inferSelect;
export type QuestionRow = typeof examQuestions.$inferSelect;
export type AnswerRow = typeof examAnswers.$inferSelect;
export type BatchRow = typeof examBatches.$inferSelect;

export interface Window {
  limit: number;
  offset: number;
}

export interface TaskFilters {
  status?: number;
  keyword?: string;
  /** Only tasks with at least one handed-in paper (the exam records). */
  recordsOnly?: boolean;
}

/** Per task: papers so far and the one in progress. */
export interface TaskPaperStats {
  used: number;
  inProgress: string | null;
}

function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}

export function examScope(db: Db, eid: string) {
  const ownTask = (memberId: string, ...more: (SQL | undefined)[]) => memberRows(examTasks, eid, memberId, ...more);
  /**
   * The member still sits the exam `examId`: a task of theirs on it, not passed or absent, with an
   * attempt left and the exam's window open.
   */
  const openCandidacy = (memberId: string, examId: SQL) => sql`exists (
    select 1 from ${examTasks} t
    join ${exams} e on e.id = t.exam_id and e.enterprise_id = ${eid}
    where t.enterprise_id = ${eid} and t.enterprise_user_id = ${memberId} and t.exam_id = ${examId}
      and t.status not in (${ExamStatus.pass}, ${ExamStatus.absent})
      and (e.end_at is null or e.end_at > now())
      and (e.attempts = 0 or (select count(*) from ${examPapers} p where p.enterprise_id = ${eid} and p.task_id = t.id) < e.attempts))`;
  const handedIn = (paperTaskId: SQL | typeof examTasks.id) =>
    exists(
      db
        .select({ one: sql`1` })
        .from(examPapers)
        .where(and(eq(examPapers.enterpriseId, eid), eq(examPapers.taskId, paperTaskId), ne(examPapers.status, 0))),
    );

  const taskWhere = (memberId: string, filters: TaskFilters) => {
    const keyword = filters.keyword?.trim();
    return ownTask(
      memberId,
      filters.status === undefined ? undefined : eq(examTasks.status, filters.status),
      keyword ? or(ilike(exams.nameZh, `%${escapeLike(keyword)}%`), ilike(exams.nameEn, `%${escapeLike(keyword)}%`)) : undefined,
      filters.recordsOnly ? handedIn(examTasks.id) : undefined,
    );
  };

  return {
    /** The database (or transaction) and enterprise this scope reads and writes. */
    db,
    eid,

    // ---- exams and questions

    async exam(examId: string): Promise<ExamRow | undefined> {
      const [row] = await db
        .select()
        .from(exams)
        .where(and(eq(exams.enterpriseId, eid), eq(exams.id, examId)));
      return row;
    },

    questions(examId: string): Promise<QuestionRow[]> {
      return db
        .select()
        .from(examQuestions)
        .where(and(eq(examQuestions.enterpriseId, eid), eq(examQuestions.examId, examId)))
        .orderBy(asc(examQuestions.sort), asc(examQuestions.id));
    },

    /** Questions per exam and type. */
    async questionCounts(examIds: string[]): Promise<Map<string, Record<string, number>>> {
      const out = new Map<string, Record<string, number>>();
      if (examIds.length === 0) return out;
      const rows = await db
        .select({ examId: examQuestions.examId, type: examQuestions.questionType, n: count() })
        .from(examQuestions)
        .where(and(eq(examQuestions.enterpriseId, eid), inArray(examQuestions.examId, examIds)))
        .groupBy(examQuestions.examId, examQuestions.questionType);
      for (const r of rows) {
        const counts = out.get(r.examId) ?? {};
        counts[String(r.type)] = r.n;
        out.set(r.examId, counts);
      }
      return out;
    },

    /**
     * Whether the member marks the exam now: `marker`; a marker who still sits it, with an attempt
     * they may yet take (not passed or absent, attempts left, window open), must finish it first
     * (`candidate`), or the papers they mark would show them the key; `none` when not a marker.
     */
    async markerState(examId: string, memberId: string): Promise<'marker' | 'candidate' | 'none'> {
      const [row] = await db
        .select({ candidate: sql<boolean>`${openCandidacy(memberId, sql`${examMarkers.examId}`)}` })
        .from(examMarkers)
        .where(and(eq(examMarkers.enterpriseId, eid), eq(examMarkers.examId, examId), eq(examMarkers.enterpriseUserId, memberId)));
      if (!row) return 'none';
      return row.candidate ? 'candidate' : 'marker';
    },

    // ---- tasks

    /** The member's own task with its exam; with `lock`, the task row is locked until the transaction ends. */
    async ownTask(memberId: string, taskId: string, lock = false): Promise<{ task: ExamTaskRow; exam: ExamRow } | undefined> {
      const query = db
        .select({ task: examTasks, exam: exams })
        .from(examTasks)
        .innerJoin(exams, and(eq(exams.id, examTasks.examId), eq(exams.enterpriseId, eid)))
        .where(ownTask(memberId, eq(examTasks.id, taskId)));
      const [row] = lock ? await query.for('update', { of: examTasks }) : await query;
      return row;
    },

    async task(taskId: string): Promise<ExamTaskRow | undefined> {
      const [row] = await db
        .select()
        .from(examTasks)
        .where(and(eq(examTasks.enterpriseId, eid), eq(examTasks.id, taskId)));
      return row;
    },

    async lockTask(taskId: string): Promise<ExamTaskRow | undefined> {
      const [row] = await db
        .select()
        .from(examTasks)
        .where(and(eq(examTasks.enterpriseId, eid), eq(examTasks.id, taskId)))
        .for('update');
      return row;
    },

    async setTaskResult(taskId: string, status: number, score: number | null): Promise<void> {
      await db
        .update(examTasks)
        .set({ status, score })
        .where(and(eq(examTasks.enterpriseId, eid), eq(examTasks.id, taskId)));
    },

    /**
     * Assigned tasks still waiting whose exam window has ended with no paper become absent (4).
     */
    async markAbsent(memberId: string, now: Date): Promise<void> {
      const ended = db
        .select({ id: exams.id })
        .from(exams)
        .where(and(eq(exams.enterpriseId, eid), lte(exams.endAt, now)));
      const anyPaper = exists(
        db
          .select({ one: sql`1` })
          .from(examPapers)
          .where(and(eq(examPapers.enterpriseId, eid), eq(examPapers.taskId, examTasks.id))),
      );
      await db
        .update(examTasks)
        .set({ status: 4 })
        .where(ownTask(memberId, eq(examTasks.type, 2), eq(examTasks.status, 0), inArray(examTasks.examId, ended), sql`not ${anyPaper}`));
    },

    async taskPage(memberId: string, filters: TaskFilters, window: Window) {
      const where = taskWhere(memberId, filters);
      const [rows, [total]] = await Promise.all([
        db
          .select({ task: examTasks, exam: exams })
          .from(examTasks)
          .innerJoin(exams, and(eq(exams.id, examTasks.examId), eq(exams.enterpriseId, eid)))
          .where(where)
          .orderBy(desc(examTasks.createdAt), asc(examTasks.id))
          .limit(window.limit)
          .offset(window.offset),
        db
          .select({ n: count() })
          .from(examTasks)
          .innerJoin(exams, and(eq(exams.id, examTasks.examId), eq(exams.enterpriseId, eid)))
          .where(where),
      ]);
      return { rows, total: total?.n ?? 0 };
    },

    /** The member's tasks by status. */
    async taskStatusCounts(memberId: string): Promise<Map<number, number>> {
      const rows = await db
        .select({ status: examTasks.status, n: count() })
        .from(examTasks)
        .innerJoin(exams, and(eq(exams.id, examTasks.examId), eq(exams.enterpriseId, eid)))
        .where(ownTask(memberId))
        .groupBy(examTasks.status);
      return new Map(rows.map((r) => [r.status, r.n]));
    },

    async taskPaperStats(taskIds: string[]): Promise<Map<string, TaskPaperStats>> {
      const out = new Map<string, TaskPaperStats>();
      if (taskIds.length === 0) return out;
      const rows = await db
        .select({
          taskId: examPapers.taskId,
          used: count(),
          inProgress: sql<string | null>`(array_agg(${examPapers.id}::text) filter (where ${examPapers.status} = 0))[1]`,
        })
        .from(examPapers)
        .where(and(eq(examPapers.enterpriseId, eid), inArray(examPapers.taskId, taskIds)))
        .groupBy(examPapers.taskId);
      for (const r of rows) out.set(r.taskId, { used: r.used, inProgress: r.inProgress ?? null });
      return out;
    },

    // ---- papers

    /** A paper of the enterprise (anyone's); with `memberId`, only that member's. */
    async paper(paperId: string, memberId?: string): Promise<PaperRow | undefined> {
      const [row] = await db
        .select()
        .from(examPapers)
        .where(
          and(
            eq(examPapers.enterpriseId, eid),
            eq(examPapers.id, paperId),
            memberId === undefined ? undefined : eq(examPapers.enterpriseUserId, memberId),
          ),
        );
      return row;
    },

    async lockPaper(paperId: string): Promise<PaperRow | undefined> {
      const [row] = await db
        .select()
        .from(examPapers)
        .where(and(eq(examPapers.enterpriseId, eid), eq(examPapers.id, paperId)))
        .for('update');
      return row;
    },

    async openPaperOfTask(taskId: string): Promise<PaperRow | undefined> {
      const [row] = await db
        .select()
        .from(examPapers)
        .where(and(eq(examPapers.enterpriseId, eid), eq(examPapers.taskId, taskId), eq(examPapers.status, 0)))
        .orderBy(desc(examPapers.attemptNo))
        .limit(1);
      return row;
    },

    /** The task's latest handed-in paper. */
    async latestHandedIn(taskId: string): Promise<PaperRow | undefined> {
      const [row] = await db
        .select()
        .from(examPapers)
        .where(and(eq(examPapers.enterpriseId, eid), eq(examPapers.taskId, taskId), ne(examPapers.status, 0)))
        .orderBy(desc(examPapers.attemptNo))
        .limit(1);
      return row;
    },

    async papersOfTask(taskId: string): Promise<PaperRow[]> {
      return db
        .select()
        .from(examPapers)
        .where(and(eq(examPapers.enterpriseId, eid), eq(examPapers.taskId, taskId)))
        .orderBy(asc(examPapers.attemptNo));
    },

    /** Papers in progress past their deadline: the member's, or the enterprise's when no member is given. */
    async overduePapers(now: Date, memberId?: string): Promise<string[]> {
      const rows = await db
        .select({ id: examPapers.id })
        .from(examPapers)
        .where(
          and(
            eq(examPapers.status, 0),
            lte(examPapers.deadlineAt, now),
            eq(examPapers.enterpriseId, eid),
            memberId === undefined ? undefined : eq(examPapers.enterpriseUserId, memberId),
          ),
        )
        .limit(500);
      return rows.map((r) => r.id);
    },

    async createPaper(input: {
      examId: string;
      taskId: string;
      memberId: string;
      attemptNo: number;
      questionOrder: string[];
      optionOrders: Record<string, string[]>;
      startedAt: Date;
      deadlineAt: Date;
    }): Promise<PaperRow> {
      const [row] = await db
        .insert(examPapers)
        .values({
          enterpriseId: eid,
          examId: input.examId,
          taskId: input.taskId,
          enterpriseUserId: input.memberId,
          attemptNo: input.attemptNo,
          questionOrder: input.questionOrder,
          optionOrders: input.optionOrders,
          startedAt: input.startedAt,
          deadlineAt: input.deadlineAt,
        })
        .returning();
      return row!;
    },

    async updatePaper(
      paperId: string,
      patch: Partial<Pick<PaperRow, 'status' | 'score' | 'submittedAt' | 'submitReason' | 'screenSwitches'>>,
    ): Promise<PaperRow> {
      const [row] = await db
        .update(examPapers)
        .set(patch)
        .where(and(eq(examPapers.enterpriseId, eid), eq(examPapers.id, paperId)))
        .returning();
      return row!;
    },

    /** The member's papers (with exam names), newest first; with `taskId`, that task's only. */
    async paperPage(memberId: string, filters: { taskId?: string; status?: number }, window: Window) {
      const where = memberRows(
        examPapers,
        eid,
        memberId,
        filters.taskId === undefined ? undefined : eq(examPapers.taskId, filters.taskId),
        filters.status === undefined ? undefined : eq(examPapers.status, filters.status),
      );
      const [rows, [total]] = await Promise.all([
        db
          .select({ paper: examPapers, exam: exams })
          .from(examPapers)
          .innerJoin(exams, and(eq(exams.id, examPapers.examId), eq(exams.enterpriseId, eid)))
          .where(where)
          .orderBy(desc(examPapers.startedAt), desc(examPapers.attemptNo))
          .limit(window.limit)
          .offset(window.offset),
        db.select({ n: count() }).from(examPapers).where(where),
      ]);
      return { rows, total: total?.n ?? 0 };
    },

    // ---- answers

    answers(paperId: string): Promise<AnswerRow[]> {
      return db
        .select()
        .from(examAnswers)
        .where(and(eq(examAnswers.enterpriseId, eid), eq(examAnswers.paperId, paperId)));
    },

    /**
     * Stores an answer if the paper is still in progress before its deadline (`at`) and the
     * stored answer has a lower seq, in one statement: the paper row is locked only while it
     * runs, so a hand-in at the same moment either comes first (and nothing is stored) or
     * waits for it. Answers `closed` when the paper is not open, else what is stored now.
     */
    async saveAnswerIfOpen(input: { paperId: string; memberId: string; questionId: string; answer: string[]; seq: number; at: Date }): Promise<
      { questionId: string; seq: number; savedAt: Date } | 'closed'
    > {
      const at = input.at.toISOString();
      const result = await db.execute(sql`
        with open_paper as (
          select ${examPapers.id} as id from ${examPapers}
          where ${examPapers.enterpriseId} = ${eid} and ${examPapers.id} = ${input.paperId}
            and ${examPapers.enterpriseUserId} = ${input.memberId} and ${examPapers.status} = 0 and ${examPapers.deadlineAt} > ${at}::timestamptz
          for update
        ), saved as (
          insert into ${examAnswers} (enterprise_id, paper_id, question_id, answer, seq, saved_at)
          select ${eid}, id, ${input.questionId}, ${JSON.stringify(input.answer)}::jsonb, ${input.seq}, ${at}::timestamptz from open_paper
          on conflict (paper_id, question_id) do update
            set answer = excluded.answer, seq = excluded.seq, saved_at = excluded.saved_at
            where ${examAnswers}.seq < excluded.seq
          returning question_id, seq, saved_at
        )
        select (select count(*) from open_paper)::int as open, saved.question_id, saved.seq::float8 as seq, saved.saved_at
        from (select 1) as one left join saved on true`);
      const [row] = rowsOf<{ open: number; question_id: string | null; seq: number | null; saved_at: string | Date | null }>(result);
      if (!row || row.open === 0) return 'closed';
      if (row.question_id !== null && row.seq !== null && row.saved_at !== null) {
        return { questionId: row.question_id, seq: Number(row.seq), savedAt: new Date(row.saved_at) };
      }
      // A stale seq: the newer answer stays and is answered.
      const [stored] = await db
        .select()
        .from(examAnswers)
        .where(and(eq(examAnswers.enterpriseId, eid), eq(examAnswers.paperId, input.paperId), eq(examAnswers.questionId, input.questionId)));
      return stored ? { questionId: stored.questionId, seq: stored.seq, savedAt: stored.savedAt } : 'closed';
    },

    /** Writes the automatic scores of a handed-in paper, creating empty answers for unanswered questions. */
    async writeScores(paperId: string, scores: { questionId: string; score: number | null }[]): Promise<void> {
      if (scores.length === 0) return;
      await db
        .insert(examAnswers)
        .values(scores.map((s) => ({ enterpriseId: eid, paperId, questionId: s.questionId, answer: [], score: s.score })))
        .onConflictDoUpdate({
          target: [examAnswers.paperId, examAnswers.questionId],
          set: { score: sql`excluded.score` },
        });
    },

    /** An answer of the enterprise with its paper and question. */
    async answerForMarking(answerId: string) {
      const [row] = await db
        .select({ answer: examAnswers, paper: examPapers, question: examQuestions })
        .from(examAnswers)
        .innerJoin(examPapers, and(eq(examPapers.id, examAnswers.paperId), eq(examPapers.enterpriseId, eid)))
        .innerJoin(examQuestions, and(eq(examQuestions.id, examAnswers.questionId), eq(examQuestions.enterpriseId, eid)))
        .where(and(eq(examAnswers.enterpriseId, eid), eq(examAnswers.id, answerId)));
      return row;
    },

    async markAnswer(answerId: string, score: number, markerId: string, at: Date): Promise<void> {
      await db
        .update(examAnswers)
        .set({ score, markedBy: markerId, markedAt: at })
        .where(and(eq(examAnswers.enterpriseId, eid), eq(examAnswers.id, answerId)));
    },

    // ---- screen switches

    /** Records a leave of the page once per event id; true when it is new. */
    async addScreenEvent(input: { paperId: string; eventId: string; kind: string; clientAt: Date | null; at: Date }): Promise<boolean> {
      const rows = await db
        .insert(examScreenEvents)
        .values({
          enterpriseId: eid,
          paperId: input.paperId,
          eventId: input.eventId,
          kind: input.kind,
          clientAt: input.clientAt,
          createdAt: input.at,
        })
        .onConflictDoNothing()
        .returning({ id: examScreenEvents.id });
      return rows.length > 0;
    },

    screenEvents(paperId: string) {
      return db
        .select({ kind: examScreenEvents.kind, at: examScreenEvents.createdAt })
        .from(examScreenEvents)
        .where(and(eq(examScreenEvents.enterpriseId, eid), eq(examScreenEvents.paperId, paperId)))
        .orderBy(asc(examScreenEvents.createdAt));
    },

    async member(memberId: string) {
      const [row] = await db
        .select({ userName: enterpriseUsers.userName, empNo: enterpriseUsers.empNo })
        .from(enterpriseUsers)
        .where(and(eq(enterpriseUsers.enterpriseId, eid), eq(enterpriseUsers.id, memberId)));
      return row;
    },

    // ---- marking

    /** Handed-in papers of the exams the member marks, never their own: waiting first, then newest. */
    async markingPage(memberId: string, status: number | undefined, window: Window) {
      const marked = db
        .select({ examId: examMarkers.examId })
        .from(examMarkers)
        .where(
          and(
            eq(examMarkers.enterpriseId, eid),
            eq(examMarkers.enterpriseUserId, memberId),
            not(openCandidacy(memberId, sql`${examMarkers.examId}`)),
          ),
        );
      const where = and(
        eq(examPapers.enterpriseId, eid),
        inArray(examPapers.examId, marked),
        ne(examPapers.enterpriseUserId, memberId),
        status === undefined ? ne(examPapers.status, 0) : eq(examPapers.status, status),
      );
      const unmarked = db
        .select({ n: count() })
        .from(examAnswers)
        .where(and(eq(examAnswers.enterpriseId, eid), eq(examAnswers.paperId, examPapers.id), isNull(examAnswers.score)));
      const [rows, [total]] = await Promise.all([
        db
          .select({
            paper: examPapers,
            exam: exams,
            userName: enterpriseUsers.userName,
            empNo: enterpriseUsers.empNo,
            unmarked: sql<number>`(${unmarked})`.mapWith(Number),
          })
          .from(examPapers)
          .innerJoin(exams, and(eq(exams.id, examPapers.examId), eq(exams.enterpriseId, eid)))
          .innerJoin(enterpriseUsers, and(eq(enterpriseUsers.id, examPapers.enterpriseUserId), eq(enterpriseUsers.enterpriseId, eid)))
          .where(where)
          .orderBy(asc(examPapers.status), desc(examPapers.submittedAt), asc(examPapers.id))
          .limit(window.limit)
          .offset(window.offset),
        db.select({ n: count() }).from(examPapers).where(where),
      ]);
      return { rows, total: total?.n ?? 0 };
    },

    // ---- batches and reservations

    /** Sittings of the enterprise (of one exam when given) with reservation counts and the member's own. */
    async batches(memberId: string, examId?: string, batchId?: string) {
      const reserved = db
        .select({ n: count() })
        .from(examReservations)
        .where(and(eq(examReservations.enterpriseId, eid), eq(examReservations.batchId, examBatches.id)));
      const mine = db
        .select({ id: examReservations.id })
        .from(examReservations)
        .where(
          and(
            eq(examReservations.enterpriseId, eid),
            eq(examReservations.batchId, examBatches.id),
            eq(examReservations.enterpriseUserId, memberId),
          ),
        );
      return db
        .select({
          batch: examBatches,
          exam: exams,
          reserved: sql<number>`(${reserved})`.mapWith(Number),
          reservationId: sql<string | null>`(${mine})`,
        })
        .from(examBatches)
        .innerJoin(exams, and(eq(exams.id, examBatches.examId), eq(exams.enterpriseId, eid)))
        .where(
          and(
            eq(examBatches.enterpriseId, eid),
            examId === undefined ? undefined : eq(examBatches.examId, examId),
            batchId === undefined ? undefined : eq(examBatches.id, batchId),
          ),
        )
        .orderBy(asc(examBatches.startAt), asc(examBatches.id));
    },

    async lockBatch(batchId: string): Promise<BatchRow | undefined> {
      const [row] = await db
        .select()
        .from(examBatches)
        .where(and(eq(examBatches.enterpriseId, eid), eq(examBatches.id, batchId)))
        .for('update');
      return row;
    },

    async reservationCount(batchId: string): Promise<number> {
      const [row] = await db
        .select({ n: count() })
        .from(examReservations)
        .where(and(eq(examReservations.enterpriseId, eid), eq(examReservations.batchId, batchId)));
      return row?.n ?? 0;
    },

    async ownReservation(memberId: string, where: { id?: string; batchId?: string }) {
      const [row] = await db
        .select({ reservation: examReservations, batch: examBatches })
        .from(examReservations)
        .innerJoin(examBatches, and(eq(examBatches.id, examReservations.batchId), eq(examBatches.enterpriseId, eid)))
        .where(
          memberRows(
            examReservations,
            eid,
            memberId,
            where.id === undefined ? undefined : eq(examReservations.id, where.id),
            where.batchId === undefined ? undefined : eq(examReservations.batchId, where.batchId),
          ),
        );
      return row;
    },

    async reserve(batchId: string, memberId: string): Promise<void> {
      await db.insert(examReservations).values({ enterpriseId: eid, batchId, enterpriseUserId: memberId }).onConflictDoNothing();
    },

    async cancelReservation(reservationId: string, memberId: string): Promise<void> {
      await db.delete(examReservations).where(memberRows(examReservations, eid, memberId, eq(examReservations.id, reservationId)));
    },
  };
}

export type ExamScope = ReturnType<typeof examScope>;

/** Papers in progress past their deadline in every enterprise (the sweeper's work list). */
export async function overduePapersEverywhere(db: Db, now: Date, limit = 500): Promise<{ id: string; enterpriseId: string }[]> {
  return db
    .select({ id: examPapers.id, enterpriseId: examPapers.enterpriseId })
    .from(examPapers)
    .where(and(eq(examPapers.status, 0), lte(examPapers.deadlineAt, now)))
    .orderBy(asc(examPapers.deadlineAt))
    .limit(limit);
}
