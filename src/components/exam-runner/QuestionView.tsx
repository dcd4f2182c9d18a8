/**
 * One question of the paper with the control its type takes: radio buttons (single choice, true
 * or false), checkboxes (multiple choice), one field per blank (fill in the blank) or a text
 * area with a length counter (short answer). Texts are shown as text, never as markup.
 */
import { forwardRef, useId, type KeyboardEvent } from 'react';
import type { PaperQuestion } from '@/api/exam-types';
import { QuestionType } from '@/api/exam-types';
import { FlagIcon } from '@/components/exam-runner/icons';
import type { RunnerMessages } from '@/components/exam-runner/messages';
import { SHORT_ANSWER_MAX, toggleOption } from '@/components/exam-runner/rules';
import { fill } from '@/i18n/fill';

/** Characters a blank takes. */
const BLANK_MAX = 200;

interface QuestionViewProps {
  question: PaperQuestion;
  total: number;
  answer: string[];
  flagged: boolean;
  messages: RunnerMessages;
  onChange(answer: string[]): void;
  onToggleFlag(): void;
}

/** The options a question shows: its own, or True / False for a true-or-false question without texts. */
export function optionsOf(question: PaperQuestion, m: RunnerMessages): PaperQuestion['options'] {
  if (question.options.length > 0 || question.questionType !== QuestionType.judge) return question.options;
  return [
    { key: 'T', text: m['exam.runner.true'], label: 'A' },
    { key: 'F', text: m['exam.runner.false'], label: 'B' },
  ];
}

const optionRow =
  'hover:bg-accent/60 has-[:checked]:border-primary has-[:checked]:bg-primary/5 has-[:focus-visible]:ring-ring/50 flex cursor-pointer items-start gap-3 rounded-md border px-4 py-3 has-[:focus-visible]:ring-[3px]';
const field =
  'border-input focus-visible:border-ring focus-visible:ring-ring/50 w-full rounded-md border bg-transparent px-3 py-2 text-base shadow-xs outline-none focus-visible:ring-[3px] md:text-sm';

/** Arrow keys move between checkboxes as they do between radio buttons. */
function moveAmongCheckboxes(event: KeyboardEvent<HTMLDivElement>) {
  const step = { ArrowDown: 1, ArrowRight: 1, ArrowUp: -1, ArrowLeft: -1 }[event.key];
  if (!step) return;
  const boxes = [...event.currentTarget.querySelectorAll<HTMLInputElement>('input[type=checkbox]')];
  const at = boxes.indexOf(event.target as HTMLInputElement);
  if (at < 0) return;
  event.preventDefault();
  boxes[(at + step + boxes.length) % boxes.length]?.focus();
}

export const QuestionView = forwardRef<HTMLHeadingElement, QuestionViewProps>(function QuestionView(
  { question, total, answer, flagged, messages: m, onChange, onToggleFlag },
  headingRef,
) {
  const id = useId();
  const stemId = `${id}-stem`;
  const type = question.questionType;
  const options = optionsOf(question, m);
  const order = options.map((o) => o.key);
  const isChoice = type === QuestionType.single || type === QuestionType.judge;
  const text = answer[0] ?? '';

  return (
    <article aria-labelledby={`${id}-title`} className="grid gap-5">
      <header className="flex flex-wrap items-start justify-between gap-3">
        <div className="grid gap-1">
          <h2 id={`${id}-title`} ref={headingRef} tabIndex={-1} className="text-lg font-semibold outline-none">
            {fill(m['exam.runner.questionOf'], { no: question.no, total })}
          </h2>
          <p className="text-muted-foreground flex flex-wrap gap-x-3 gap-y-1 text-sm">
            <span className="bg-primary/10 text-primary rounded px-2 py-0.5 font-medium">
              {m[`exam.questionType.${type}` as keyof RunnerMessages] ?? ''}
            </span>
            <span>
              {fill(m['exam.runner.difficulty'], {
                level: m[`exam.difficulty.${question.difficulty}` as keyof RunnerMessages] ?? '',
              })}
            </span>
            <span>{fill(m['exam.points'], { value: question.score })}</span>
          </p>
        </div>
        <button
          type="button"
          aria-pressed={flagged}
          onClick={onToggleFlag}
          className={`focus-visible:ring-ring/50 inline-flex h-8 items-center gap-1.5 rounded-md border px-3 text-sm outline-none focus-visible:ring-[3px] ${
            flagged ? 'border-amber-500 bg-amber-50 text-amber-800' : 'hover:bg-accent'
          }`}
        >
          <FlagIcon className="size-4" filled={flagged} />
          {m['exam.runner.flag']}
        </button>
      </header>

      <p id={stemId} className="text-base leading-relaxed break-words whitespace-pre-wrap">
        {question.stem}
      </p>

      {isChoice && (
        <div role="radiogroup" aria-labelledby={stemId} className="grid gap-2">
          {options.map((o) => (
            <label key={o.key} className={optionRow}>
              <input
                type="radio"
                name={`${id}-choice`}
                value={o.key}
                checked={answer[0] === o.key}
                onChange={() => onChange([o.key])}
                className="accent-primary mt-1 size-4 shrink-0"
              />
              <span className="font-medium">{o.label}.</span>{' '}
              <span className="break-words whitespace-pre-wrap">{o.text}</span>
            </label>
          ))}
        </div>
      )}

      {type === QuestionType.multiple && (
        <div role="group" aria-labelledby={stemId} className="grid gap-2" onKeyDown={moveAmongCheckboxes}>
          {options.map((o) => (
            <label key={o.key} className={optionRow}>
              <input
                type="checkbox"
                value={o.key}
                checked={answer.includes(o.key)}
                onChange={() => onChange(toggleOption(answer, o.key, order))}
                className="accent-primary mt-1 size-4 shrink-0"
              />
              <span className="font-medium">{o.label}.</span>{' '}
              <span className="break-words whitespace-pre-wrap">{o.text}</span>
            </label>
          ))}
        </div>
      )}

      {type === QuestionType.fill && (
        <div role="group" aria-labelledby={stemId} className="grid gap-3 sm:max-w-md">
          {Array.from({ length: Math.max(1, question.blanks) }, (_, i) => (
            <label key={i} className="grid gap-1.5 text-sm font-medium">
              {fill(m['exam.runner.blank'], { no: i + 1 })}
              <input
                type="text"
                value={answer[i] ?? ''}
                maxLength={BLANK_MAX}
                autoComplete="off"
                onChange={(event) => {
                  const next = Array.from({ length: Math.max(1, question.blanks) }, (_, j) => answer[j] ?? '');
                  next[i] = event.target.value;
                  onChange(next);
                }}
                className={field}
              />
            </label>
          ))}
        </div>
      )}

      {type === QuestionType.short && (
        <div className="grid gap-1.5">
          <label htmlFor={`${id}-text`} className="text-sm font-medium">
            {m['exam.runner.answer']}
          </label>
          <textarea
            id={`${id}-text`}
            value={text}
            maxLength={SHORT_ANSWER_MAX}
            rows={8}
            aria-describedby={`${id}-count ${stemId}`}
            onChange={(event) => onChange([event.target.value])}
            className={`${field} min-h-40 resize-y`}
          />
          <p id={`${id}-count`} className="text-muted-foreground text-end text-xs">
            {fill(m['exam.runner.length'], { count: text.length, max: SHORT_ANSWER_MAX })}
          </p>
        </div>
      )}
    </article>
  );
});
