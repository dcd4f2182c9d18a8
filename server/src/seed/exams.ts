/**
 * The exam part of a tenant file (`seed.exams`): exams with their questions, markers and
 * sittings, members' exam tasks and finished papers. An entry whose key is an exam of the
 * learning section adds rules and questions to that exam (found by its name). Papers are
 * scored with the gateway's rules (`@/lib/exam-scoring`), and each task's status follows from
 * its papers and the exam's window; a pass completes the course periods holding the exam as in
 * the gateway (`creditExamPass`). Dates are relative to the seeding moment.
 */
import { randomUUID } from 'node:crypto';
import { and, eq, inArray } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import { ExamStatus } from '@/api/exam-types';
import { bestMarkedScore, examTaskStatus, scoreAnswer } from '@/lib/exam-scoring';
import { seededSpan } from './wall-clock';
import { localize, type ExamQuestionSeed, type ExamSection, type LearningSeed, type LocalizedText } from './config/tenant-config';
import type { Db } from '../db/client';
import { creditExamPass } from '../modules/progress/service';
import { paperMarkedNotice } from '../modules/announcement/notices';
import { insertNotices, noticeRows } from './announcements';
import { memberLookup } from './members';
import {
  courseItems,
  examAnswers,
  examBatches,
  examMarkers,
  examPapers,
  examQuestions,
  exams,
  examScreenEvents,
  examTasks,
} from '../db/schema';

const DAY = 86_400_000;
const HOUR = 3_600_000;
const MINUTE = 60_000;

const both = (text: LocalizedText) => ({ zh: localize(text, 'zh'), en: localize(text, 'en') });

/** Writes a company's exam demo content; `now` is the seeding moment all dates count from. */
export async function seedExams(
  db: Db,
  enterpriseId: string,
  section: ExamSection,
  learning: LearningSeed | undefined,
  now = new Date(),
): Promise<void> {
  const at = (offset: number, unit: number) => new Date(now.getTime() + offset * unit);

  const member = await memberLookup(db, enterpriseId, 'exam');

  // Exams of the learning section exist already: found by their (seeded) Chinese name.
  const learningNames = new Map((learning?.exams ?? []).map((e) => [e.key, localize(e.name, 'zh')]));
  const extended = section.exams.filter((e) => learningNames.has(e.key));
  const existing = extended.length
    ? await db
        .select({ id: exams.id, nameZh: exams.nameZh })
        .from(exams)
        .where(and(eq(exams.enterpriseId, enterpriseId), inArray(exams.nameZh, extended.map((e) => learningNames.get(e.key)!))))
    : [];
  const existingByName = new Map(existing.map((e) => [e.nameZh, e.id]));

  type ExamInfo = { id: string; names: { nameZh: string; nameEn: string }; passScore: number; partialCredit: boolean; endAt: Date | null; questions: Map<string, { id: string; q: ExamQuestionSeed }> };
  const info = new Map<string, ExamInfo>();
  const examRows: (typeof exams.$inferInsert)[] = [];
  const updates: { id: string; set: Partial<typeof exams.$inferInsert> }[] = [];
  const markerRows: (typeof examMarkers.$inferInsert)[] = [];
  const questionRows: (typeof examQuestions.$inferInsert)[] = [];
  const batchRows: (typeof examBatches.$inferInsert)[] = [];

  for (const e of section.exams) {
    const learningExam = learning?.exams.find((l) => l.key === e.key);
    const id = learningExam ? existingByName.get(learningNames.get(e.key)!) : randomUUID();
    if (!id) throw new Error(`exam seed: exam '${e.key}' of the learning section is missing`);
    const total = e.questions.reduce((sum, q) => sum + q.score, 0);
    const rules = {
      ...(e.intro ? { introZh: both(e.intro).zh, introEn: both(e.intro).en } : {}),
      ...(e.duration !== undefined ? { duration: e.duration } : {}),
      ...(e.passScore !== undefined ? { passScore: e.passScore } : {}),
      ...(e.attempts !== undefined ? { attempts: e.attempts } : {}),
      ...(e.screenSwitchLimit !== undefined ? { screenSwitchLimit: e.screenSwitchLimit } : {}),
      ...(e.shuffleQuestions !== undefined ? { shuffleQuestions: e.shuffleQuestions } : {}),
      ...(e.shuffleOptions !== undefined ? { shuffleOptions: e.shuffleOptions } : {}),
      ...(e.answersShown !== undefined ? { answersShown: e.answersShown } : {}),
      ...(e.partialCredit !== undefined ? { partialCredit: e.partialCredit } : {}),
      ...(e.questions.length ? { totalScore: total } : {}),
      startAt: e.startInDays === undefined ? null : at(e.startInDays, DAY),
      endAt: e.endInDays === undefined ? null : at(e.endInDays, DAY),
    };
    if (learningExam) updates.push({ id, set: rules });
    else {
      const name = both(e.name!);
      examRows.push({ id, enterpriseId, nameZh: name.zh, nameEn: name.en, ...rules, createdAt: at(Math.min(e.startInDays ?? 0, 0) - 1, DAY) });
    }
    const questions = new Map<string, { id: string; q: ExamQuestionSeed }>();
    e.questions.forEach((q, sort) => {
      const questionId = randomUUID();
      questions.set(q.key, { id: questionId, q });
      const stem = both(q.stem);
      const analysis = q.analysis ? both(q.analysis) : { zh: '', en: '' };
      questionRows.push({
        id: questionId,
        enterpriseId,
        examId: id,
        sort,
        questionType: q.type,
        difficulty: q.difficulty,
        stemZh: stem.zh,
        stemEn: stem.en,
        options: q.options.map((o) => ({ key: o.key, textZh: localize(o.text, 'zh'), textEn: localize(o.text, 'en') })),
        answer: q.answer,
        score: q.score,
        analysisZh: analysis.zh,
        analysisEn: analysis.en,
      });
    });
    for (const empNo of e.markers) markerRows.push({ enterpriseId, examId: id, enterpriseUserId: member(empNo) });
    for (const b of e.batches) {
      const name = both(b.name);
      batchRows.push({
        enterpriseId,
        examId: id,
        nameZh: name.zh,
        nameEn: name.en,
        ...seededSpan(b, now),
        capacity: b.capacity,
        place: b.place,
      });
    }
    info.set(e.key, {
      id,
      names: learningExam ? { nameZh: localize(learningExam.name, 'zh'), nameEn: localize(learningExam.name, 'en') } : { nameZh: both(e.name!).zh, nameEn: both(e.name!).en },
      passScore: e.passScore ?? learningExam?.passScore ?? 60,
      partialCredit: e.partialCredit ?? false,
      endAt: rules.endAt,
      questions,
    });
  }

  // A course's exam task (type 1) belongs to the course that has the exam as a period.
  const examIds = [...info.values()].map((i) => i.id);
  const periods = new Map(
    (
      await db
        .select({ examId: courseItems.examId, courseId: courseItems.courseId, itemId: courseItems.id })
        .from(courseItems)
        .where(and(eq(courseItems.enterpriseId, enterpriseId), inArray(courseItems.examId, examIds)))
    ).map((p) => [p.examId!, p]),
  );

  type Task = typeof examTasks.$inferInsert & { id: string; examKey: string };
  const tasks = new Map<string, Task>();
  const taskFor = (empNo: string, examKey: string, type: 1 | 2, assignedAt: Date): Task => {
    const key = `${empNo}|${examKey}|${type}`;
    let task = tasks.get(key);
    if (!task) {
      const examId = info.get(examKey)!.id;
      const period = type === 1 ? periods.get(examId) : undefined;
      task = {
        id: randomUUID(),
        examKey,
        enterpriseId,
        examId,
        enterpriseUserId: member(empNo),
        type,
        courseId: period?.courseId ?? null,
        itemId: period?.itemId ?? null,
        status: 0,
        score: null,
        createdAt: assignedAt,
      };
      tasks.set(key, task);
    }
    return task;
  };
  for (const t of section.tasks) for (const empNo of t.members) taskFor(empNo, t.exam, t.type, at(t.assignedInDays, DAY));

  const paperRows: (typeof examPapers.$inferInsert)[] = [];
  const answerRows: (typeof examAnswers.$inferInsert)[] = [];
  const eventRows: (typeof examScreenEvents.$inferInsert)[] = [];
  const notices: ReturnType<typeof noticeRows>[] = [];
  for (const r of section.records) {
    const exam = info.get(r.exam)!;
    const e = section.exams.find((x) => x.key === r.exam)!;
    const duration = e.duration ?? learning?.exams.find((l) => l.key === r.exam)?.duration ?? 60;
    const firstStart = at(Math.min(...r.papers.map((p) => p.startedInDays)), DAY);
    const task = taskFor(r.empNo, r.exam, r.type, new Date(Math.min(firstStart.getTime() - HOUR, now.getTime())));
    const questionOrder = [...exam.questions.values()].map((q) => q.id);
    const marker = e.markers[0] ? member(e.markers[0]) : null;
    const outcomes: { status: number; score: number }[] = [];
    for (const [i, p] of r.papers.entries()) {
      const paperId = randomUUID();
      const startedAt = at(p.startedInDays, DAY);
      const deadlineAt = new Date(startedAt.getTime() + duration * MINUTE);
      const submittedAt = p.reason === 'timeout' ? deadlineAt : new Date(Math.min(startedAt.getTime() + p.minutes * MINUTE, deadlineAt.getTime()));
      let score = 0;
      let unmarked = 0;
      for (const a of p.answers) {
        const { id: questionId, q } = exam.questions.get(a.question)!;
        const auto = scoreAnswer({ questionType: q.type, answer: q.answer, score: q.score }, a.answer, { partialCredit: exam.partialCredit });
        const gained = auto ?? a.mark ?? null;
        if (gained === null) unmarked++;
        else score += gained;
        const marked = q.type === 5 && a.mark !== undefined;
        answerRows.push({
          enterpriseId,
          paperId,
          questionId,
          answer: a.answer,
          seq: 1,
          savedAt: submittedAt,
          score: gained,
          markedBy: marked ? marker : null,
          markedAt: marked ? new Date(Math.min(submittedAt.getTime() + DAY, now.getTime())) : null,
        });
      }
      const status = unmarked ? 1 : 2;
      outcomes.push({ status, score });
      // A paper a marker finished marking: the candidate got the product's message then.
      if (status === 2 && marker && p.answers.some((a) => a.mark !== undefined)) {
        const markedAt = new Date(Math.min(submittedAt.getTime() + DAY, now.getTime()));
        notices.push(noticeRows(enterpriseId, task.enterpriseUserId, paperMarkedNotice(exam.names, task.id, score, score >= exam.passScore), markedAt, now));
      }
      paperRows.push({
        id: paperId,
        enterpriseId,
        examId: exam.id,
        taskId: task.id,
        enterpriseUserId: task.enterpriseUserId,
        attemptNo: i + 1,
        questionOrder,
        optionOrders: {},
        startedAt,
        deadlineAt,
        submittedAt,
        submitReason: p.reason,
        status,
        // Waiting to be marked: the objective part so far.
        score,
        screenSwitches: p.screenSwitches,
      });
      for (let n = 0; n < p.screenSwitches; n++) {
        const when = new Date(startedAt.getTime() + ((n + 1) * (submittedAt.getTime() - startedAt.getTime())) / (p.screenSwitches + 1));
        eventRows.push({ enterpriseId, paperId, kind: n % 2 ? 'blur' : 'hidden', eventId: randomUUID(), clientAt: when, createdAt: when });
      }
    }
    task.score = bestMarkedScore(outcomes);
    task.status = examTaskStatus(outcomes, exam.passScore);
  }
  // Never taken before the exam's window closed: absent.
  for (const task of tasks.values()) {
    const endAt = info.get(task.examKey)!.endAt;
    if (task.status === 0 && endAt && endAt < now) task.status = 4;
  }

  for (const u of updates) await db.update(exams).set(u.set).where(and(eq(exams.enterpriseId, enterpriseId), eq(exams.id, u.id)));
  const insert = async <T extends PgTable>(table: T, rows: T['$inferInsert'][]) => {
    if (rows.length) await db.insert(table).values(rows);
  };
  await insert(exams, examRows);
  await insert(examMarkers, markerRows);
  await insert(examQuestions, questionRows);
  await insert(examBatches, batchRows);
  await insert(examTasks, [...tasks.values()].map(({ examKey: _, ...row }) => row));
  await insert(examPapers, paperRows);
  await insert(examAnswers, answerRows);
  await insert(examScreenEvents, eventRows);
  // A pass completes the course periods holding the exam, as a pass in the exam runner does, at
  // the hand-in of the first passing paper.
  for (const task of tasks.values()) {
    if (task.status !== ExamStatus.pass) continue;
    const passScore = [...info.values()].find((i) => i.id === task.examId)!.passScore;
    const passedAt = paperRows
      .filter((p) => p.taskId === task.id && p.status === 2 && (p.score ?? 0) >= passScore)
      .map((p) => p.submittedAt!.getTime());
    await creditExamPass(
      db,
      enterpriseId,
      { enterpriseUserId: task.enterpriseUserId, examId: task.examId, courseId: task.courseId ?? null },
      passedAt.length ? new Date(Math.min(...passedAt)) : now,
    );
  }
  await insertNotices(db, notices);
}
