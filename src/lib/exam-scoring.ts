/**
 * The exam rules shared by the gateway and the site: how an answer is scored, how a paper's
 * question and option orders are drawn, and what a task's exam status is after its papers.
 * The gateway scores with these functions; the site may use them to explain a result.
 */
import { ExamStatus, PaperStatus, QuestionType } from '@/api/exam-types';

/** A question's key: option keys (types 1–3), accepted texts per blank (4), a reference text (5). */
export type AnswerKey = readonly string[] | readonly (readonly string[])[];

export interface ScorableQuestion {
  questionType: number;
  answer: AnswerKey;
  /** Full points of the question. */
  score: number;
}

export interface ScoringRules {
  /** Multiple choice: a subset of the right keys with no wrong key earns half the score (floored). */
  partialCredit?: boolean;
}

/**
 * A fill-in text as compared: NFKC (full-width letters, digits and spaces become half-width),
 * trimmed, inner whitespace collapsed to one space, lower case.
 *
 * @example normalizeFillText('  ＢＥＩＪＩＮＧ　 City ') → 'beijing city'
 */
export function normalizeFillText(text: string): string {
  return text.normalize('NFKC').trim().replace(/\s+/g, ' ').toLowerCase();
}

/**
 * Whether nothing was answered: no entry, or only blank texts.
 *
 * @example isBlankAnswer(['', '  ']) → true; isBlankAnswer(['A']) → false
 */
export function isBlankAnswer(given: readonly string[]): boolean {
  return given.every((g) => g.trim() === '');
}

/**
 * The accepted texts of each blank of a fill-in key; a plain text stands for one accepted text.
 *
 * @example blanksOf([['北京', 'Beijing'], ['1949']]) → [['北京', 'Beijing'], ['1949']]
 */
export function blanksOf(key: AnswerKey): string[][] {
  return key.map((blank) => (typeof blank === 'string' ? [blank] : [...blank]));
}

/**
 * Points of each blank: the score split evenly (floored), the remainder to the last blank.
 *
 * @example blankScores(10, 3) → [3, 3, 4]
 */
export function blankScores(score: number, blanks: number): number[] {
  if (blanks <= 0) return [];
  const each = Math.floor(score / blanks);
  return Array.from({ length: blanks }, (_, i) => (i === blanks - 1 ? score - each * (blanks - 1) : each));
}

function optionKeys(key: AnswerKey): Set<string> {
  return new Set(key.flatMap((k) => (typeof k === 'string' ? [k] : [...k])));
}

function sameSet(a: Set<string>, b: Set<string>): boolean {
  return a.size === b.size && [...a].every((k) => b.has(k));
}

/**
 * Points earned by an answer, or `null` when a lecturer must mark it (a short answer that is
 * not blank). Single choice and true/false need the exact key; multiple choice all or nothing,
 * or half (floored) for a right subset with partial credit; fill in the blank blank by blank.
 *
 * @example scoreAnswer({ questionType: 2, answer: ['A', 'C'], score: 5 }, ['A'], { partialCredit: true }) → 2
 */
export function scoreAnswer(question: ScorableQuestion, given: readonly string[], rules: ScoringRules = {}): number | null {
  const { questionType, answer, score } = question;
  switch (questionType) {
    case QuestionType.single:
    case QuestionType.judge:
    case QuestionType.multiple: {
      const right = optionKeys(answer);
      const chosen = new Set(given.map((g) => g.trim()).filter((g) => g !== ''));
      if (chosen.size === 0 || right.size === 0) return 0;
      if (sameSet(chosen, right)) return score;
      const subset = [...chosen].every((k) => right.has(k));
      return questionType === QuestionType.multiple && rules.partialCredit && subset ? Math.floor(score / 2) : 0;
    }
    case QuestionType.fill: {
      const blanks = blanksOf(answer);
      const points = blankScores(score, blanks.length);
      return blanks.reduce((sum, accepted, i) => {
        const text = given[i];
        if (text === undefined || text.trim() === '') return sum;
        const mine = normalizeFillText(text);
        return accepted.some((a) => normalizeFillText(a) === mine) ? sum + points[i]! : sum;
      }, 0);
    }
    case QuestionType.short:
      return isBlankAnswer(given) ? 0 : null;
    default:
      return 0;
  }
}

/**
 * The items in a random order (Fisher–Yates); `random` returns numbers in [0, 1).
 *
 * @example shuffled([1, 2, 3], () => 0) → [2, 3, 1]
 */
export function shuffled<T>(items: readonly T[], random: () => number = Math.random): T[] {
  const out = [...items];
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [out[i], out[j]] = [out[j]!, out[i]!];
  }
  return out;
}

export interface OrderableQuestion {
  id: string;
  questionType: number;
  options: readonly { key: string }[];
}

export interface PaperOrders {
  /** Question ids in the paper's order. */
  questionOrder: string[];
  /** Option keys in the paper's order, for the questions whose options were shuffled. */
  optionOrders: Record<string, string[]>;
}

/**
 * A new paper's orders: questions shuffled when the exam asks for it, options of single and
 * multiple choice questions shuffled when it asks for that (true/false options never move).
 *
 * @example paperOrders(questions, { shuffleQuestions: false, shuffleOptions: false }).questionOrder → the ids as given
 */
export function paperOrders(
  questions: readonly OrderableQuestion[],
  rules: { shuffleQuestions: boolean; shuffleOptions: boolean },
  random: () => number = Math.random,
): PaperOrders {
  const ids = questions.map((q) => q.id);
  const optionOrders: Record<string, string[]> = {};
  if (rules.shuffleOptions) {
    for (const q of questions) {
      const shufflable = q.questionType === QuestionType.single || q.questionType === QuestionType.multiple;
      if (shufflable && q.options.length > 1) optionOrders[q.id] = shuffled(q.options.map((o) => o.key), random);
    }
  }
  return { questionOrder: rules.shuffleQuestions ? shuffled(ids, random) : ids, optionOrders };
}

/**
 * Options in a paper's order; options the order does not name keep their place at the end.
 *
 * @example orderedOptions([{ key: 'A' }, { key: 'B' }], ['B', 'A']) → [{ key: 'B' }, { key: 'A' }]
 */
export function orderedOptions<T extends { key: string }>(options: readonly T[], order: readonly string[] | undefined): T[] {
  if (!order) return [...options];
  const byKey = new Map(options.map((o) => [o.key, o]));
  const first = order.flatMap((k) => {
    const o = byKey.get(k);
    return o ? [o] : [];
  });
  return [...first, ...options.filter((o) => !order.includes(o.key))];
}

/**
 * The letter shown for the option at `index` (0-based) of a question as a paper lists it.
 *
 * @example optionLabel(0) → 'A'; optionLabel(3) → 'D'
 */
export function optionLabel(index: number): string {
  return index < 26 ? String.fromCharCode(65 + index) : String(index + 1);
}

/**
 * Option keys as the letters a paper showed them, in the paper's order; keys the options do
 * not name are left out.
 *
 * @example labelsOf(['B', 'D'], [{ key: 'D', label: 'A' }, { key: 'B', label: 'C' }]) → ['A', 'C']
 */
export function labelsOf(keys: readonly unknown[], options: readonly { key: string; label: string }[]): string[] {
  const chosen = new Set(keys.filter((k): k is string => typeof k === 'string'));
  return options.filter((o) => chosen.has(o.key)).map((o) => o.label);
}

export interface PaperOutcome {
  /** Paper status: 0 in progress, 1 waiting to be marked, 2 marked. */
  status: number;
  score: number | null;
}

/**
 * The best score among marked papers, or null when none is marked.
 *
 * @example bestMarkedScore([{ status: 2, score: 40 }, { status: 2, score: 85 }]) → 85
 */
export function bestMarkedScore(papers: readonly PaperOutcome[]): number | null {
  const marked = papers.filter((p) => p.status === PaperStatus.marked && p.score !== null).map((p) => p.score!);
  return marked.length > 0 ? Math.max(...marked) : null;
}

/**
 * A task's exam status after its papers: pass when a marked paper reached the pass score; else
 * waiting to be marked while a handed-in paper waits for a lecturer; else fail when a paper was
 * marked; else waiting for test.
 *
 * @example examTaskStatus([{ status: 2, score: 40 }, { status: 1, score: 30 }], 60) → 3
 */
export function examTaskStatus(papers: readonly PaperOutcome[], passScore: number): number {
  const best = bestMarkedScore(papers);
  if (best !== null && best >= passScore) return ExamStatus.pass;
  if (papers.some((p) => p.status === PaperStatus.waitingMark)) return ExamStatus.waitingMark;
  if (best !== null) return ExamStatus.fail;
  return ExamStatus.waiting;
}
