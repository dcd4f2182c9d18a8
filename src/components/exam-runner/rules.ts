/**
 * Pure rules of the runner: merging the gateway's saved answers with the local journal,
 * the retry backoff, the countdown against the gateway's clock, and what counts as answered.
 */
import type { SavedAnswer } from '@/api/exam-types';
import { QuestionType } from '@/api/exam-types';
import type { JournalAnswer } from '@/components/exam-runner/journal';

/** Short answers: at most this many characters. */
export const SHORT_ANSWER_MAX = 2000;

/**
 * The answers of a paper after a load: per question the higher seq wins. A journal entry newer
 * than the gateway's stays unconfirmed (to be re-sent); otherwise the gateway's answer is taken
 * and counts as confirmed.
 *
 * @example mergeAnswers('p', [{ questionId: 'q', answer: ['A'], seq: 2, savedAt: '' }], [])
 *   → [{ paperId: 'p', questionId: 'q', answer: ['A'], seq: 2, confirmed: true }]
 */
export function mergeAnswers(paperId: string, saved: SavedAnswer[], journal: JournalAnswer[]): JournalAnswer[] {
  const merged = new Map<string, JournalAnswer>();
  for (const s of saved) {
    merged.set(s.questionId, { paperId, questionId: s.questionId, answer: [...s.answer], seq: s.seq, confirmed: true });
  }
  for (const j of journal) {
    if (j.paperId !== paperId) continue;
    const gateway = merged.get(j.questionId);
    if (!gateway || j.seq > gateway.seq) {
      merged.set(j.questionId, { ...j, answer: [...j.answer], confirmed: false });
    }
  }
  return [...merged.values()];
}

/**
 * Milliseconds before retry number `failures` (1, 2, 4, 8 s, at most 10 s).
 *
 * @example retryDelay(1) → 1000; retryDelay(9) → 10000
 */
export function retryDelay(failures: number): number {
  return Math.min(10_000, 1000 * 2 ** Math.max(0, failures - 1));
}

/**
 * The gateway's clock minus the browser's, measured when the paper arrived.
 *
 * @example clockOffset('2026-01-01T00:00:10Z', Date.parse('2026-01-01T00:00:00Z')) → 10000
 */
export function clockOffset(serverTime: string, receivedAt: number): number {
  const server = Date.parse(serverTime);
  return Number.isFinite(server) ? server - receivedAt : 0;
}

/** Milliseconds left until the gateway's deadline, read on the browser's clock corrected by `offset`. */
export function remainingMs(deadlineAt: string, offset: number, now: number): number {
  return Math.max(0, Date.parse(deadlineAt) - (now + offset));
}

/**
 * A countdown as `mm:ss`, or `h:mm:ss` from an hour up.
 *
 * @example formatClock(61_500) → '01:02'; formatClock(3_600_000) → '1:00:00'
 */
export function formatClock(ms: number): string {
  const total = Math.ceil(Math.max(0, ms) / 1000);
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = total % 60;
  const two = (n: number) => String(n).padStart(2, '0');
  return h > 0 ? `${h}:${two(m)}:${two(s)}` : `${two(m)}:${two(s)}`;
}

/** Whether an answer counts as given: a chosen option, a filled blank, a non-blank text. */
export function isAnswered(questionType: number, answer: readonly string[] | undefined): boolean {
  if (!answer || answer.length === 0) return false;
  if (questionType === QuestionType.fill || questionType === QuestionType.short) {
    return answer.some((text) => text.trim() !== '');
  }
  return true;
}

/**
 * A multiple-choice answer after toggling `key`, in the options' order.
 *
 * @example toggleOption(['C'], 'A', ['A', 'B', 'C']) → ['A', 'C']
 */
export function toggleOption(current: readonly string[], key: string, order: readonly string[]): string[] {
  const chosen = new Set(current);
  if (chosen.has(key)) chosen.delete(key);
  else chosen.add(key);
  return order.filter((k) => chosen.has(k));
}

/** A random event id (works outside secure contexts, where `crypto.randomUUID` is missing). */
export function randomId(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}
