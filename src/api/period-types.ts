/**
 * Shapes of the calls of periods a learner finishes outside the player: research periods
 * (content type 5, a questionnaire answered in the page) and offline training, real operation
 * and job evaluation periods (6, 7, 8), which the course's lecturers or an administrator record.
 */
import type { PageResult } from '@/api/types';

/** The exam's question types (exam-types `QuestionType`): 1 single, 2 multiple, 3 judge, 4 fill-in, 5 short answer. */
export type ResearchQuestionType = 1 | 2 | 3 | 4 | 5;

/** A question of a questionnaire as stored with the period; texts in both languages. */
export interface StoredResearchQuestion {
  key: string;
  questionType: ResearchQuestionType;
  stemZh: string;
  stemEn: string;
  /** Choices of single and multiple questions (judge questions offer true and false). */
  options: { key: string; textZh: string; textEn: string }[];
  /** Fill-in questions: how many blanks. */
  blanks?: number;
}

/** A question as the learner sees it, in the request's language. */
export interface ResearchQuestion {
  key: string;
  questionType: ResearchQuestionType;
  stem: string;
  options: { key: string; text: string }[];
  blanks: number;
}

/** Answers by question key: choice keys (`['A']`, judge `['true']`), blank texts, or one text. */
export type ResearchAnswers = Record<string, string[]>;

/** `periodResearchView`: a research period's questionnaire and the caller's submission. */
export interface ResearchView {
  itemId: string;
  name: string;
  questions: ResearchQuestion[];
  /** The caller's answers once submitted (a submission is final), otherwise null. */
  answers: ResearchAnswers | null;
  submittedAt: string | null;
  /** Whether the caller may download everyone's answers (the course's lecturers, administrators). */
  canExport: boolean;
}

/** `periodResearchSubmit` body. */
export interface ResearchSubmitBody {
  courseId: string;
  itemId: string;
  answers: ResearchAnswers;
}

/** A recorded result of a period of types 6–8. `recordedOn` is a date (YYYY-MM-DD). */
export interface PeriodRecord {
  passed: boolean;
  score: number | null;
  note: string;
  recordedOn: string;
  recordedBy: string;
}

/** `periodRecordView`: what the caller sees of a recorded period. */
export interface PeriodRecordView {
  itemId: string;
  name: string;
  contentType: number;
  /** Who records it: the course's lecturers' names (administrators as well). */
  recorders: string[];
  /** The caller's own record, or null while not recorded. */
  record: PeriodRecord | null;
  /** Whether the caller may record this period for the course's learners. */
  canRecord: boolean;
}

/** `periodLearnerPage` body: the course's learners for the record panel. */
export interface PeriodLearnerPageBody {
  courseId: string;
  itemId: string;
  keyword?: string;
  pageCurrent?: number;
  pageSize?: number;
}

/** A learner of the course with their record of the period. */
export interface PeriodLearner {
  memberId: string;
  userName: string;
  empNo: string;
  departmentName: string;
  record: PeriodRecord | null;
}

export type PeriodLearnerPage = PageResult<PeriodLearner>;

/** `periodRecordSave` body: one result for one or several learners. */
export interface PeriodRecordSaveBody {
  courseId: string;
  itemId: string;
  memberIds: string[];
  passed: boolean;
  score?: number | null;
  note?: string;
  recordedOn: string;
}

/** `periodRecordSave` answer: how many learners were recorded and how many of them completed the period now. */
export interface PeriodRecordSaveResult {
  recorded: number;
  completed: number;
}
