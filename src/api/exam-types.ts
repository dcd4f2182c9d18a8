/**
 * Response and body shapes of the exam calls (spec section 7, exam; section 3, question types,
 * difficulty and exam status). The gateway produces exactly these. Ids are UUID strings, times
 * ISO 8601. Correct answers appear only in reviews of handed-in papers: to a marker who may mark
 * the paper, or to its owner when the exam's rule (`answersShown`) allows.
 */

/** Spec section 3: question types. */
export const QuestionType = { single: 1, multiple: 2, judge: 3, fill: 4, short: 5 } as const;
/** Spec section 3: difficulty levels 1 simple, 2 general, 3 more difficult, 4 difficult. */
export const Difficulty = { simple: 1, general: 2, moreDifficult: 3, difficult: 4 } as const;
/** Spec section 3: exam status of a task. */
export const ExamStatus = { waiting: 0, pass: 1, fail: 2, waitingMark: 3, absent: 4 } as const;
/** A paper: 0 in progress, 1 handed in and waiting to be marked, 2 marked. */
export const PaperStatus = { inProgress: 0, waitingMark: 1, marked: 2 } as const;
/**
 * When an exam's reviews show the correct answers, reference answers and analysis to the
 * candidate: never; after their last attempt (none left, passed, or the exam has closed; the
 * default); after the exam's window closes; after each handed-in attempt.
 */
export const answersShownRules = ['never', 'afterLastAttempt', 'afterWindow', 'afterEachAttempt'] as const;
export type AnswersShown = (typeof answersShownRules)[number];
/**
 * Why a review withholds the answers: the exam never shows them, the candidate still has an
 * attempt, the exam's window is still open, or a paper of the same task is in progress.
 */
export type AnswersWithheld = 'never' | 'attemptsLeft' | 'windowOpen' | 'paperInProgress';

/**
 * Where an exam task comes from: 1 the exam period of a course (one task per learner, course and
 * exam; the gateway sets it, whatever `type` a client sends), 2 assigned.
 */
export const ExamTaskType = { course: 1, assigned: 2 } as const;

/** An exam task in the exam centre (`examTaskRecordPage`, `examTaskPage`). */
export interface ExamTaskItem {
  taskId: string;
  examId: string;
  name: string;
  /** 1 a course's exam, 2 assigned. */
  type: number;
  /** Exam status 0–4. */
  status: number;
  /** Best score so far; null before any marked paper. */
  score: number | null;
  totalScore: number;
  passScore: number;
  /** Minutes. */
  duration: number;
  questionCount: number;
  attempts: number;
  attemptsUsed: number;
  startAt: string | null;
  endAt: string | null;
  /** A paper of this task is in progress (resume it). */
  paperInProgress: string | null;
  createdAt: string;
}

export interface ExamTaskPageBody {
  pageCurrent?: number;
  pageSize?: number;
  /** Exam status 0–4. */
  status?: number;
  keyword?: string;
}

/** `examTaskRecordCount`: the caller's tasks by exam status. */
export interface ExamTaskCount {
  total: number;
  waiting: number;
  pass: number;
  fail: number;
  waitingMark: number;
  absent: number;
}

/** `examTaskView?id`: what the candidate sees before starting. */
export interface ExamTaskDetail extends ExamTaskItem {
  intro: string;
  screenSwitchLimit: number;
  shuffleQuestions: boolean;
  /** The exam shows its answers at some point (`answersShown` is not 'never'). */
  showAnswers: boolean;
  /** When the review shows the correct answers and analysis. */
  answersShown: AnswersShown;
  attemptsLeft: number | null;
  /** Why the exam cannot be started now, in the caller's language; '' when it can. */
  blockedReason: string;
  /** Counts of questions per type 1–5. */
  typeCounts: Record<string, number>;
}

/** `examTaskGetRecord?taskId`, `examPaperPage`, `examGetPaperRecord?taskId`: papers (attempts). */
export interface PaperRecord {
  paperId: string;
  taskId: string;
  examId: string;
  examName: string;
  attemptNo: number;
  startedAt: string;
  submittedAt: string | null;
  /** 'user' | 'timeout' | 'screen' | null. */
  submitReason: string | null;
  /** Paper status 0–2. */
  status: number;
  score: number | null;
  totalScore: number;
  passed: boolean | null;
  screenSwitches: number;
}

/** A question as the runner shows it: no answer, options in the paper's order. */
export interface PaperQuestion {
  questionId: string;
  /** 1-based position in the paper. */
  no: number;
  questionType: number;
  difficulty: number;
  stem: string;
  /**
   * Options in the paper's order. `key` is what an answer stores; `label` is the letter the
   * paper shows (A, B, … in this order), the letter the candidate saw everywhere after.
   * `originalLabel` (the letter in the question's own order) comes to markers only.
   */
  options: { key: string; text: string; label: string; originalLabel?: string }[];
  /** Fill in the blank: how many blanks. */
  blanks: number;
  score: number;
}

/** A saved answer: option keys (types 1–3), one text per blank (4), the text (5). */
export interface SavedAnswer {
  questionId: string;
  answer: string[];
  seq: number;
  savedAt: string;
}

/** `examStart` (body `{ taskId }`): a new paper, or the one in progress with its saved answers. */
export interface PaperSession {
  paperId: string;
  taskId: string;
  examId: string;
  examName: string;
  attemptNo: number;
  /** The gateway's deadline; the runner counts down to it using `serverTime` to relate clocks. */
  deadlineAt: string;
  serverTime: string;
  screenSwitchLimit: number;
  screenSwitches: number;
  totalScore: number;
  questions: PaperQuestion[];
  answers: SavedAnswer[];
}

/** `examAnswerSave` body: `seq` increases per question with every change in the runner. */
export interface AnswerSaveBody {
  paperId: string;
  questionId: string;
  answer: string[];
  seq: number;
}
/** Answer: what the gateway now holds for the question (a stale seq gets the newer one back). */
export interface AnswerSaveResult {
  questionId: string;
  seq: number;
  savedAt: string;
}

/** `examScreenSwitch` body: one leave of the page; `eventId` makes a resend count once. */
export interface ScreenSwitchBody {
  paperId: string;
  eventId: string;
  kind: 'hidden' | 'blur';
  clientAt?: string;
}
export interface ScreenSwitchResult {
  screenSwitches: number;
  screenSwitchLimit: number;
  /** The limit was passed: the gateway handed the paper in. */
  handedIn: boolean;
}

/** `examFinish` body `{ paperId }` → the result; `examFinishView?paperId` the same later. */
export interface PaperResult {
  paperId: string;
  taskId: string;
  examName: string;
  /** Paper status: 1 waiting to be marked (short answers), 2 marked. */
  status: number;
  submitReason: string | null;
  /** Known when status is 2; the objective part so far when 1. */
  score: number | null;
  totalScore: number;
  passScore: number;
  passed: boolean | null;
  /** Exam status of the task after this paper. */
  taskStatus: number;
  answeredCount: number;
  questionCount: number;
  submittedAt: string;
}

/**
 * `examPaperView?id`: a handed-in paper for review, to its owner, or to a marker of its exam who
 * may mark it (never their own paper).
 */
export interface PaperReview extends PaperResult {
  userName: string;
  empNo: string;
  /** The review carries the answer key: to a marker, or to the owner when the exam's rule allows now. */
  showAnswers: boolean;
  /** The exam's rule. */
  answersShown: AnswersShown;
  /** Why the owner does not get the key now; null when `showAnswers`. */
  answersWithheld: AnswersWithheld | null;
  /** When the key will be shown (the exam's end), for `answersWithheld` 'windowOpen'. */
  answersAt: string | null;
  /** The caller may mark this paper's short answers (a marker of the exam, not its owner). */
  canMark: boolean;
  screenEvents: { kind: string; at: string }[];
  questions: (PaperQuestion & {
    answerId: string | null;
    answer: string[];
    /** Choice questions: the letters the candidate saw for the options chosen, in the paper's order. */
    answerLabels: string[];
    /** Present when the review shows answers. */
    correctAnswer?: string[] | string[][];
    /** Choice questions, when the review shows answers: the letters of the right options as the candidate saw them. */
    correctLabels?: string[];
    analysis?: string;
    /**
     * Points gained; null until marked (short answers) and, while the key is withheld, for
     * objective questions.
     */
    gained: number | null;
  })[];
}

/** `examMarkingPage`: papers of exams the caller marks, waiting first. */
export interface MarkingItem {
  paperId: string;
  examName: string;
  userName: string;
  empNo: string;
  submittedAt: string;
  /** Paper status 1 waiting, 2 marked. */
  status: number;
  score: number | null;
  unmarked: number;
}
export interface MarkingPageBody {
  pageCurrent?: number;
  pageSize?: number;
  status?: number;
}

/** `examMarkAnswer?id&mark`: id is the answer id, mark the points (0 to the question's score). */
export interface MarkResultOfAnswer {
  answerId: string;
  gained: number;
  paper: PaperResult;
}

/** `examBatchList` (body `{ examId? }`): sittings with the caller's reservation. */
export interface ExamBatch {
  id: string;
  examId: string;
  examName: string;
  name: string;
  startAt: string;
  endAt: string;
  place: string;
  capacity: number;
  reserved: number;
  /** The caller's reservation id in this batch, if any (`examBatchDelete?id`). */
  reservationId: string | null;
}
/** `examBatchSave` (body `{ batchId }`) and `examBatchDelete` answer the updated ExamBatch. */
