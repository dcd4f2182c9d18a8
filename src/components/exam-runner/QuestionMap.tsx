/** The question map: every question's number as a button, showing answered, unanswered, flagged and current. */
import type { PaperQuestion } from '@/api/exam-types';
import { FlagIcon } from '@/components/exam-runner/icons';
import type { RunnerMessages } from '@/components/exam-runner/messages';
import { fill } from '@/i18n/fill';

interface QuestionMapProps {
  questions: PaperQuestion[];
  current: number;
  answered: (questionId: string) => boolean;
  flagged: ReadonlySet<string>;
  messages: RunnerMessages;
  onPick(index: number): void;
}

export function QuestionMap({ questions, current, answered, flagged, messages: m, onPick }: QuestionMapProps) {
  const done = questions.filter((q) => answered(q.questionId)).length;
  return (
    <nav aria-labelledby="exam-map-title" className="grid gap-3">
      <div className="flex items-baseline justify-between gap-2">
        <h2 id="exam-map-title" className="font-semibold">
          {m['exam.runner.map']}
        </h2>
        <p className="text-muted-foreground text-xs">{fill(m['exam.runner.progress'], { answered: done, total: questions.length })}</p>
      </div>
      <ol className="grid grid-cols-5 gap-2">
        {questions.map((q, i) => {
          const isAnswered = answered(q.questionId);
          const isFlagged = flagged.has(q.questionId);
          const isCurrent = i === current;
          const states = [
            isAnswered ? m['exam.runner.answered'] : m['exam.runner.unanswered'],
            ...(isFlagged ? [m['exam.runner.flagged']] : []),
            ...(isCurrent ? [m['exam.runner.current']] : []),
          ];
          return (
            <li key={q.questionId}>
              <button
                type="button"
                aria-label={`${fill(m['exam.runner.mapItem'], { no: q.no })}: ${states.join(', ')}`}
                aria-current={isCurrent ? 'step' : undefined}
                onClick={() => onPick(i)}
                className={`focus-visible:ring-ring/50 relative flex h-9 w-full items-center justify-center rounded-md border text-sm font-medium outline-none focus-visible:ring-[3px] ${
                  isAnswered ? 'bg-primary text-primary-foreground border-primary' : 'bg-background hover:bg-accent'
                } ${isCurrent ? 'ring-foreground ring-2 ring-offset-2' : ''}`}
              >
                {q.no}
                {isFlagged && (
                  <FlagIcon className="absolute -top-1.5 -right-1.5 size-3.5 text-amber-500" filled />
                )}
              </button>
            </li>
          );
        })}
      </ol>
      <ul className="text-muted-foreground flex flex-wrap gap-x-4 gap-y-1 text-xs" aria-hidden="true">
        <li className="flex items-center gap-1.5">
          <span className="bg-primary size-3 rounded-sm" />
          {m['exam.runner.answered']}
        </li>
        <li className="flex items-center gap-1.5">
          <span className="size-3 rounded-sm border" />
          {m['exam.runner.unanswered']}
        </li>
        <li className="flex items-center gap-1.5">
          <FlagIcon className="size-3 text-amber-500" filled />
          {m['exam.runner.flagged']}
        </li>
      </ul>
    </nav>
  );
}
