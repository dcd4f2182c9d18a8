/** How the exam screens word windows, attempts and answers; pure, so both languages test alike. */
import { answersShownRules, QuestionType, type AnswersShown, type AnswersWithheld } from '@/api/exam-types';
import { formatMoment } from '@/components/study/format';
import { fill } from '@/i18n/fill';

/** The window texts: `{start} to {end}`, `From {start}`, `Until {end}`, `Any time`. */
export type WindowTexts = Record<
  'exam.windowRange' | 'exam.windowFrom' | 'exam.windowUntil' | 'exam.windowAny',
  string
>;

/**
 * An exam's window in words.
 *
 * @example windowText('2026-03-01T08:00:00Z', null, m, 'UTC') → 'From 2026-03-01 08:00'
 */
export function windowText(
  startAt: string | null,
  endAt: string | null,
  m: WindowTexts,
  timeZone?: string,
): string {
  const start = formatMoment(startAt, timeZone);
  const end = formatMoment(endAt, timeZone);
  if (start && end) return fill(m['exam.windowRange'], { start, end });
  if (start) return fill(m['exam.windowFrom'], { start });
  if (end) return fill(m['exam.windowUntil'], { end });
  return m['exam.windowAny'];
}

export type AttemptTexts = Record<'exam.attemptsOf' | 'exam.attemptsUnlimitedOf', string>;

/**
 * Attempts used of those allowed (0 allowed: unlimited).
 *
 * @example attemptsText(1, 3, m) → '1 of 3'; attemptsText(2, 0, m) → '2 (unlimited)'
 */
export function attemptsText(used: number, allowed: number, m: AttemptTexts): string {
  return allowed > 0 ? fill(m['exam.attemptsOf'], { used, total: allowed }) : fill(m['exam.attemptsUnlimitedOf'], { used });
}

/** Whether a question is answered by choosing options (single, multiple, true or false). */
export function isChoice(questionType: number): boolean {
  return questionType === QuestionType.single || questionType === QuestionType.multiple || questionType === QuestionType.judge;
}

/** The text that tells a marker an option's letter in the question's own order. */
export type OriginalLetterText = Record<'exam.review.originalLetter', string>;

/**
 * The letter an option was shown with on the paper; for a marker (given `m`) also its letter in
 * the question's own order when the paper moved it.
 *
 * @example shownLetter({ key: 'B', label: 'D', originalLabel: 'B' }, m) → 'D (原 B)'
 */
export function shownLetter(option: { key: string; label?: string; originalLabel?: string }, m?: OriginalLetterText): string {
  const label = option.label ?? option.key;
  if (!m || !option.originalLabel || option.originalLabel === label) return label;
  return fill(m['exam.review.originalLetter'], { label, original: option.originalLabel });
}

/**
 * Chosen option keys as the options read on the paper: `D. Text` per key with the letter the
 * paper showed, in the paper's option order.
 *
 * @example choiceText(['B'], [{ key: 'A', label: 'B', text: 'x' }, { key: 'B', label: 'A', text: 'y' }]) → ['A. y']
 */
export function choiceText(
  keys: readonly string[],
  options: readonly { key: string; text: string; label?: string; originalLabel?: string }[],
  m?: OriginalLetterText,
): string[] {
  const chosen = new Set(keys);
  const known = options.filter((o) => chosen.has(o.key)).map((o) => `${shownLetter(o, m)}. ${o.text}`);
  const unknown = keys.filter((k) => !options.some((o) => o.key === k));
  return [...known, ...unknown];
}

/**
 * The accepted texts of one blank of a fill-in answer key (`['北京', 'Beijing']` or `'北京'`).
 *
 * @example blankAnswers([['北京', 'Beijing'], ['1949']], 0) → ['北京', 'Beijing']
 */
export function blankAnswers(key: readonly (string | readonly string[])[], index: number): string[] {
  const entry = key[index];
  if (entry === undefined) return [];
  return typeof entry === 'string' ? [entry] : [...entry];
}

export type Outcome = 'right' | 'wrong' | 'partial' | 'pending';

/**
 * How a reviewed question went: pending until marked, right with full points, partial with some.
 *
 * @example outcomeOf(null, 10) → 'pending'; outcomeOf(5, 10) → 'partial'
 */
export function outcomeOf(gained: number | null, score: number): Outcome {
  if (gained === null) return 'pending';
  if (gained >= score) return 'right';
  return gained > 0 ? 'partial' : 'wrong';
}

/**
 * Points a marker typed, if they are a whole number from 0 to `max`.
 *
 * @example parsePoints(' 7 ', 10) → 7; parsePoints('11', 10) → undefined; parsePoints('2.5', 10) → undefined
 */
export function parsePoints(text: string, max: number): number | undefined {
  const trimmed = text.trim();
  if (!/^\d+$/.test(trimmed)) return undefined;
  const value = Number(trimmed);
  return value <= max ? value : undefined;
}

/**
 * A moment to the second, `2026-03-01 16:00:05` (screen-switch events come seconds apart).
 *
 * @example formatSeconds('2026-03-01T08:00:05Z', 'UTC') → '2026-03-01 08:00:05'
 */
export function formatSeconds(value: string | null | undefined, timeZone?: string): string {
  const date = value ? new Date(value) : undefined;
  if (!date || Number.isNaN(date.getTime())) return '';
  const day = new Intl.DateTimeFormat('en-CA', { year: 'numeric', month: '2-digit', day: '2-digit', timeZone }).format(date);
  const time = new Intl.DateTimeFormat('en-GB', {
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
    hour12: false,
    timeZone,
  }).format(date);
  return `${day} ${time}`;
}

const CJK = /[\u3400-\u9fff]/;

/**
 * The reference text of a short answer for the page's language: a key that holds one text per
 * language shows the one written in it; otherwise every text.
 *
 * @example referenceText(['先核实', 'Check first'], 'en') → ['Check first']
 */
export function referenceText(key: readonly (string | readonly string[])[], locale: 'zh' | 'en'): string[] {
  const texts = key.flat().filter((t) => t.trim());
  if (texts.length < 2) return texts;
  const inLocale = texts.filter((t) => CJK.test(t) === (locale === 'zh'));
  return inLocale.length ? inLocale : texts;
}

/** The texts that say when a review shows the answers, and why this one does not yet. */
export type WithheldTexts = Record<
  | 'exam.review.withheld.never'
  | 'exam.review.withheld.attemptsLeft'
  | 'exam.review.withheld.windowOpen'
  | 'exam.review.withheld.windowOpenNoEnd'
  | 'exam.review.withheld.paperInProgress',
  string
>;

/**
 * Why a review has no answer key, and when it will have it; '' when it has it.
 *
 * @example withheldText({ answersWithheld: 'windowOpen', answersAt: '2026-03-01T08:00:00Z' }, m, 'UTC') → 'The correct answers … closes (2026-03-01 08:00).'
 */
export function withheldText(
  review: { answersWithheld: AnswersWithheld | null; answersAt: string | null },
  m: WithheldTexts,
  timeZone?: string,
): string {
  switch (review.answersWithheld) {
    case null:
      return '';
    case 'windowOpen': {
      const time = formatMoment(review.answersAt, timeZone);
      return time ? fill(m['exam.review.withheld.windowOpen'], { time }) : m['exam.review.withheld.windowOpenNoEnd'];
    }
    case 'attemptsLeft':
    case 'paperInProgress':
    case 'never':
      return m[`exam.review.withheld.${review.answersWithheld}`];
    default:
      return m['exam.review.withheld.never'];
  }
}

/**
 * The dictionary key of an exam's rule for showing answers (an unknown rule reads as the default).
 *
 * @example answersRuleKey('never') → 'exam.answersRule.never'
 */
export function answersRuleKey(rule: string): `exam.answersRule.${AnswersShown}` {
  const known = (answersShownRules as readonly string[]).includes(rule) ? (rule as AnswersShown) : 'afterLastAttempt';
  return `exam.answersRule.${known}`;
}
