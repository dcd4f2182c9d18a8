/**
 * A handed-in paper question by question: the answer given, the correct one and the analysis
 * when the review has them, and the points gained (pending for short answers not yet marked);
 * then the screen-switch events with their times. When the gateway withholds the answers, a
 * note says why and when they will be shown, and objective questions show their worth only.
 * Markers get a slot under each question.
 */
import CheckIcon from 'lucide-react/icons/check';
import XIcon from 'lucide-react/icons/x';
import type { ReactNode } from 'react';
import { QuestionType, type PaperReview as Review } from '@/api/exam-types';
import { blankAnswers, choiceText, formatSeconds, isChoice, outcomeOf, referenceText, shownLetter, withheldText, type Outcome } from '@/components/exam/format';
import type { ReviewMessages } from '@/components/exam/messages';
import { fill } from '@/i18n/fill';
import type { Locale } from '@/i18n/locale-path';

export type ReviewQuestion = Review['questions'][number];

interface PaperReviewProps {
  review: Pick<Review, 'questions' | 'screenEvents' | 'showAnswers' | 'answersWithheld' | 'answersAt'>;
  locale: Locale;
  messages: ReviewMessages;
  /** What a marker adds under a question (the points input of a short answer). */
  slot?: (question: ReviewQuestion) => ReactNode;
  /** Heading level of the section title. */
  headingLevel?: 2 | 3;
}

const OUTCOME_LOOK: Record<Outcome, string> = {
  right: 'bg-emerald-100 text-emerald-800',
  wrong: 'bg-red-100 text-red-800',
  partial: 'bg-amber-100 text-amber-900',
  pending: 'bg-sky-100 text-sky-800',
};

function typeKey(questionType: number) {
  const t = questionType >= 1 && questionType <= 5 ? questionType : 1;
  return `exam.questionType.${t as 1 | 2 | 3 | 4 | 5}` as const;
}

function difficultyKey(difficulty: number) {
  const d = difficulty >= 1 && difficulty <= 4 ? difficulty : 1;
  return `exam.difficulty.${d as 1 | 2 | 3 | 4}` as const;
}

function Labelled({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="grid gap-1 sm:grid-cols-[8rem_1fr]">
      <dt className="text-muted-foreground text-sm">{label}</dt>
      <dd className="text-sm break-words whitespace-pre-wrap">{children}</dd>
    </div>
  );
}

function Options({ question, messages: m }: { question: ReviewQuestion; messages: ReviewMessages }) {
  const chosen = new Set(question.answer);
  const correct = new Set(
    Array.isArray(question.correctAnswer) ? question.correctAnswer.filter((k): k is string => typeof k === 'string') : [],
  );
  const known = question.correctAnswer !== undefined;
  return (
    <ul className="grid gap-1.5">
      {question.options.map((option) => {
        const isCorrect = known && correct.has(option.key);
        const isWrongChoice = known && chosen.has(option.key) && !correct.has(option.key);
        return (
          <li
            key={option.key}
            className={`flex items-start gap-2 rounded-md border px-3 py-2 text-sm ${
              isCorrect ? 'border-emerald-300 bg-emerald-50' : isWrongChoice ? 'border-red-300 bg-red-50' : ''
            } ${chosen.has(option.key) ? 'font-medium' : ''}`}
          >
            <span className="shrink-0 font-semibold">{shownLetter(option, m)}.</span>
            <span className="flex-1">{option.text}</span>
            {isCorrect && <CheckIcon aria-hidden="true" className="size-4 shrink-0 text-emerald-700" />}
            {isWrongChoice && <XIcon aria-hidden="true" className="size-4 shrink-0 text-red-700" />}
          </li>
        );
      })}
    </ul>
  );
}

function QuestionItem({
  question,
  locale,
  messages: m,
  slot,
  withheld,
}: {
  question: ReviewQuestion;
  locale: Locale;
  messages: ReviewMessages;
  slot?: PaperReviewProps['slot'];
  /** The answers are withheld: an objective question's points are not known here. */
  withheld: boolean;
}) {
  const outcome = outcomeOf(question.gained, question.score);
  const unscored = withheld && question.gained === null && question.questionType !== QuestionType.short;
  const titleId = `review-q-${question.questionId}`;
  const noAnswer = question.answer.every((a) => !a.trim());
  const key = question.correctAnswer;
  const choice = isChoice(question.questionType);

  let given: ReactNode = noAnswer ? <span className="text-muted-foreground">{m['exam.review.noAnswer']}</span> : null;
  let correct: ReactNode = null;
  if (choice) {
    if (!noAnswer) given = choiceText(question.answer, question.options, m).join('\n');
    if (key) correct = choiceText(key.filter((k): k is string => typeof k === 'string'), question.options, m).join('\n');
  } else if (question.questionType === QuestionType.fill) {
    const blanks = Math.max(question.blanks, question.answer.length, key?.length ?? 0, 1);
    if (!noAnswer) {
      given = Array.from({ length: blanks }, (_, i) => `${fill(m['exam.review.blank'], { no: i + 1 })}: ${question.answer[i] ?? ''}`).join('\n');
    }
    if (key) {
      correct = Array.from(
        { length: blanks },
        (_, i) => `${fill(m['exam.review.blank'], { no: i + 1 })}: ${blankAnswers(key, i).join(' / ')}`,
      ).join('\n');
    }
  } else {
    if (!noAnswer) given = question.answer.join('\n');
    if (key) correct = referenceText(key, locale).join('\n');
  }

  return (
    <li>
      <article aria-labelledby={titleId} className="bg-card grid gap-3 rounded-xl border p-4">
        <header className="flex flex-wrap items-center gap-2">
          <h3 id={titleId} className="font-semibold">
            {fill(m['exam.review.question'], { no: question.no })}
          </h3>
          <span className="bg-muted rounded px-1.5 py-0.5 text-xs">{m[typeKey(question.questionType)]}</span>
          <span className="bg-muted rounded px-1.5 py-0.5 text-xs">{m[difficultyKey(question.difficulty)]}</span>
          {unscored ? (
            <span className="bg-muted ms-auto rounded-full px-2 py-0.5 text-xs font-medium">
              {fill(m['exam.review.worth'], { score: question.score })}
            </span>
          ) : (
            <span className={`ms-auto rounded-full px-2 py-0.5 text-xs font-medium ${OUTCOME_LOOK[outcome]}`}>
              {outcome === 'pending'
                ? fill(m['exam.review.pending'], { score: question.score })
                : `${m[`exam.review.${outcome}`]} · ${fill(m['exam.review.gained'], { gained: question.gained ?? 0, score: question.score })}`}
            </span>
          )}
        </header>
        <p className="break-words whitespace-pre-wrap">{question.stem}</p>
        {choice && question.options.length > 0 && <Options question={question} messages={m} />}
        <dl className="grid gap-2">
          <Labelled label={m['exam.review.answer']}>{given}</Labelled>
          {correct !== null && (
            <Labelled
              label={question.questionType === QuestionType.short ? m['exam.marking.reference'] : m['exam.review.correct']}
            >
              {correct}
            </Labelled>
          )}
          {question.analysis && <Labelled label={m['exam.review.analysis']}>{question.analysis}</Labelled>}
        </dl>
        {slot?.(question)}
      </article>
    </li>
  );
}

/** The screen-switch events of a paper with their times. */
export function ScreenEvents({ events, messages: m }: { events: Review['screenEvents']; messages: ReviewMessages }) {
  return (
    <section aria-labelledby="review-screen-events" className="grid gap-2">
      <h3 id="review-screen-events" className="font-semibold">
        {m['exam.screenEvents']}
      </h3>
      {events.length === 0 ? (
        <p className="text-muted-foreground text-sm">{m['exam.screenEventsNone']}</p>
      ) : (
        <ol className="grid gap-1 text-sm">
          {events.map((event, i) => (
            <li key={`${event.at}-${i}`} className="flex gap-3">
              <time dateTime={event.at} className="tabular-nums">
                {formatSeconds(event.at)}
              </time>
              <span>{event.kind === 'blur' ? m['exam.screenEvent.blur'] : m['exam.screenEvent.hidden']}</span>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}

export function PaperReview({ review, locale, messages: m, slot, headingLevel = 2 }: PaperReviewProps) {
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  return (
    <section aria-labelledby="paper-review" className="grid gap-4">
      <Heading id="paper-review" className="text-lg font-semibold">
        {m['exam.reviewTitle']}
      </Heading>
      {!review.showAnswers && (
        <p role="note" className="rounded-lg border border-sky-200 bg-sky-50 px-4 py-3 text-sm text-sky-950">
          {withheldText(review, m)}
        </p>
      )}
      <ScreenEvents events={review.screenEvents} messages={m} />
      <ol className="grid gap-3">
        {review.questions.map((question) => (
          <QuestionItem
            key={question.questionId}
            question={question}
            locale={locale}
            messages={m}
            slot={slot}
            withheld={!review.showAnswers}
          />
        ))}
      </ol>
    </section>
  );
}
