/**
 * When a candidate's review may carry the answer key (correct answers, reference answers,
 * analysis, and which objective answers were right), by the exam's rule. A marker's view of a
 * paper they may mark does not ask: it always has the key.
 */
import { ExamStatus, type AnswersShown, type AnswersWithheld } from '@/api/exam-types';

export interface AnswerRuleInput {
  rule: AnswersShown;
  /** Attempts allowed; 0 unlimited. */
  attempts: number;
  /** Papers of the task so far. */
  attemptsUsed: number;
  /** Exam status of the task. */
  taskStatus: number;
  /** The exam's window closes then; null: never. */
  endAt: Date | null;
  /** A paper of the same task is in progress. */
  paperInProgress: boolean;
  now: Date;
}

/**
 * Why the key stays with the gateway now; null when the candidate may read it. "After the last
 * attempt" means once no other attempt can be taken: none left, passed, or the exam has closed
 * (a paper waiting to be marked may still fail and be taken again). Under any rule, the key is
 * withheld while another attempt of the task is in progress.
 *
 * @example answersWithheld({ rule: 'afterLastAttempt', attempts: 3, attemptsUsed: 1, taskStatus: 2, endAt: null, paperInProgress: false, now }) → 'attemptsLeft'
 */
export function answersWithheld(input: AnswerRuleInput): AnswersWithheld | null {
  if (input.rule === 'never') return 'never';
  if (input.paperInProgress) return 'paperInProgress';
  const closed = input.endAt !== null && input.endAt.getTime() <= input.now.getTime();
  switch (input.rule) {
    case 'afterEachAttempt':
      return null;
    case 'afterWindow':
      return closed ? null : 'windowOpen';
    case 'afterLastAttempt': {
      const noneLeft = input.attempts > 0 && input.attemptsUsed >= input.attempts;
      return noneLeft || closed || input.taskStatus === ExamStatus.pass ? null : 'attemptsLeft';
    }
    default:
      // A rule this gateway does not know keeps the key.
      return 'never';
  }
}
