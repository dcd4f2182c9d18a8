/** The messages the exam centre, the page before an exam and the result pages receive. */
import { loadStateMessageKeys } from '@/components/learning/messages';
import { examStatusKeys } from '@/components/study/messages';
import type { Messages } from '@/i18n/index';

const signInKeys = ['auth.loginFirst', 'course.signIn'] as const;

/** Question type and difficulty labels (the review, the page before an exam, the runner). */
export const questionTypeKeys = [
  'exam.questionType.1',
  'exam.questionType.2',
  'exam.questionType.3',
  'exam.questionType.4',
  'exam.questionType.5',
] as const;
export const difficultyKeys = ['exam.difficulty.1', 'exam.difficulty.2', 'exam.difficulty.3', 'exam.difficulty.4'] as const;

const windowKeys = ['exam.windowRange', 'exam.windowFrom', 'exam.windowUntil', 'exam.windowAny'] as const;
const attemptKeys = ['exam.attemptsOf', 'exam.attemptsUnlimitedOf'] as const;
const reasonKeys = ['exam.reason.user', 'exam.reason.timeout', 'exam.reason.screen'] as const;

/** The paper table and status badges. */
export const paperTableMessageKeys = [
  ...examStatusKeys,
  ...reasonKeys,
  'exam.attempt',
  'exam.attemptNo',
  'exam.startedAt',
  'exam.submittedAt',
  'exam.reason',
  'exam.score',
  'exam.scoreOf',
  'exam.noScore',
  'exam.result',
  'exam.review',
  'exam.continue',
  'exam.paperStatus.0',
  'exam.paperStatus.1',
  'exam.paperStatus.2',
] as const;
export type PaperTableMessages = Messages<(typeof paperTableMessageKeys)[number]>;

/** The paper review (questions, answers, screen events). */
export const reviewMessageKeys = [
  'exam.reviewTitle',
  'exam.review.answer',
  'exam.review.noAnswer',
  'exam.review.correct',
  'exam.review.analysis',
  'exam.review.gained',
  'exam.review.pending',
  'exam.review.right',
  'exam.review.wrong',
  'exam.review.partial',
  'exam.review.blank',
  'exam.review.question',
  'exam.marking.reference',
  'exam.screenEvents',
  'exam.screenEvent.hidden',
  'exam.screenEvent.blur',
  'exam.screenEventsNone',
  ...questionTypeKeys,
  ...difficultyKeys,
] as const;
export type ReviewMessages = Messages<(typeof reviewMessageKeys)[number]>;

/** Marking one paper (loaded when a paper is opened from the Marking tab). */
export const markingMessageKeys = [
  ...reviewMessageKeys,
  ...loadStateMessageKeys,
  ...paperTableMessageKeys,
  'exam.marking.back',
  'exam.marking.points',
  'exam.marking.save',
  'exam.marking.saved',
  'exam.marking.invalid',
  'exam.marking.title',
  'exam.marking.learner',
  'exam.marking.empNo',
  'exam.notFound',
  'exam.totalScore',
  'exam.submittedAt',
  'exam.points',
  'exam.name',
  'exam.filter.status',
  'exam.tab.marking',
  'exam.marking.all',
  'exam.marking.empty',
  'exam.marking.unmarked',
  'exam.marking.open',
] as const;
export type MarkingMessages = Messages<(typeof markingMessageKeys)[number]>;

export const examCentreMessageKeys = [
  ...loadStateMessageKeys,
  ...signInKeys,
  ...windowKeys,
  ...attemptKeys,
  ...markingMessageKeys,
  'exam.centre.title',
  'exam.tabs',
  'exam.tab.mine',
  'exam.tab.records',
  'exam.tab.reservations',
  'exam.filter.all',
  'exam.filter.withCount',
  'exam.keyword',
  'exam.keywordPlaceholder',
  'exam.search',
  'exam.emptyMine',
  'exam.emptyFiltered',
  'exam.clearFilters',
  'exam.list',
  'exam.type.1',
  'exam.type.2',
  'exam.duration',
  'exam.minutes',
  'exam.attempts',
  'exam.window',
  'exam.start',
  'exam.retake',
  'exam.details',
  'exam.viewResult',
  'exam.noPaper',
  'exam.export',
  'exam.exportStarted',
  'exam.emptyRecords',
  'exam.papers',
  'exam.emptyPapers',
  'exam.emptyBatches',
  'exam.batch.time',
  'exam.batch.place',
  'exam.batch.seats',
  'exam.batch.seatsLabel',
  'exam.batch.reserve',
  'exam.batch.cancel',
  'exam.batch.reserved',
  'exam.batch.full',
  'exam.batch.started',
  'exam.batch.reserveDone',
  'exam.batch.cancelDone',
] as const;
export type ExamCentreMessages = Messages<(typeof examCentreMessageKeys)[number]>;

export const examDetailMessageKeys = [
  ...loadStateMessageKeys,
  ...signInKeys,
  ...windowKeys,
  ...attemptKeys,
  ...paperTableMessageKeys,
  'exam.screenWarning',
  'exam.taskNotFound',
  'exam.labelValue',
  'exam.type.1',
  'exam.type.2',
  'exam.rules',
  'exam.noRules',
  'exam.questions',
  'exam.questionTotal',
  'exam.typeCount',
  ...questionTypeKeys,
  'exam.duration',
  'exam.minutes',
  'exam.totalScore',
  'exam.passScore',
  'exam.points',
  'exam.attempts',
  'exam.attemptsLeft',
  'exam.unlimited',
  'exam.window',
  'exam.screenRule',
  'exam.screenLimitRule',
  'exam.screenFree',
  'exam.shuffled',
  'exam.answersShown',
  'exam.blocked',
  'exam.start',
  'exam.previousPapers',
  'exam.emptyPapers',
  'exam.backToCentre',
] as const;
export type ExamDetailMessages = Messages<(typeof examDetailMessageKeys)[number]>;

export const examResultMessageKeys = [
  ...loadStateMessageKeys,
  ...signInKeys,
  ...reviewMessageKeys,
  ...examStatusKeys,
  ...reasonKeys,
  'exam.timeUp',
  'exam.screenLimit',
  'exam.notFound',
  'exam.result.title',
  'exam.result.waitTitle',
  'exam.result.waitText',
  'exam.result.objectiveScore',
  'exam.result.yourScore',
  'exam.result.answered',
  'exam.result.answeredLabel',
  'exam.result.handedIn',
  'exam.reason',
  'exam.scoreOf',
  'exam.noScore',
  'exam.passScore',
  'exam.points',
  'exam.paperStatus.0',
  'exam.continue',
  'exam.backToCentre',
  'exam.details',
] as const;
export type ExamResultMessages = Messages<(typeof examResultMessageKeys)[number]>;
