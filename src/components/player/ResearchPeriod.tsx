/**
 * A research period: the questionnaire answered in the page (questions of the exam's types, not
 * scored). Submitting completes the period; a submission is final and shown read-only. The
 * course's lecturers and administrators can download everyone's answers as CSV.
 */
import { useEffect, useId, useState } from 'react';
import type { ResearchAnswers, ResearchQuestion, ResearchView } from '@/api/period-types';
import { getResearch, submitResearch } from '@/api/periods';
import type { PeriodMessages } from '@/components/player/period-messages';
import { ResearchExportButton } from '@/components/player/ResearchExport';
import { LoadState } from '@/components/ui/load-state';
import { fill } from '@/i18n/fill';

interface ResearchPeriodProps {
  courseId: string;
  itemId: string;
  messages: PeriodMessages;
  locale: 'zh' | 'en';
  /** The period completed by the submission. */
  onCompleted: () => void;
}

const field =
  'border-input bg-background focus-visible:border-ring focus-visible:ring-ring/50 w-full rounded-md border px-3 py-2 text-sm outline-none focus-visible:ring-[3px] disabled:opacity-70';
const primary =
  'bg-primary text-primary-foreground focus-visible:ring-ring/50 hover:bg-primary/90 inline-flex h-10 items-center justify-center rounded-md px-6 text-sm font-medium outline-none focus-visible:ring-[3px] disabled:opacity-60';

/** The first question without a complete answer, numbered from 1; 0 when all are answered. */
function firstUnanswered(questions: readonly ResearchQuestion[], answers: ResearchAnswers): number {
  const index = questions.findIndex((q) => {
    const values = (answers[q.key] ?? []).map((v) => v.trim());
    if (q.questionType <= 3) return values.length === 0;
    const expected = q.questionType === 4 ? q.blanks : 1;
    return values.length < expected || values.slice(0, expected).some((v) => v === '');
  });
  return index + 1;
}

function Question({ question, index, answers, readOnly, messages, onChange }: {
  question: ResearchQuestion;
  index: number;
  answers: string[];
  readOnly: boolean;
  messages: PeriodMessages;
  onChange: (values: string[]) => void;
}) {
  const id = useId();
  const legend = (
    <legend className="mb-2 font-medium">
      <span className="text-muted-foreground me-2 text-sm">
        {fill(messages['periods.research.question'], { index })} · {messages[`periods.research.type.${question.questionType}`]}
      </span>
      <span className="block">{question.stem}</span>
    </legend>
  );
  if (question.questionType <= 3) {
    const multiple = question.questionType === 2;
    return (
      <fieldset className="grid gap-2" data-question={question.key}>
        {legend}
        {question.options.map((o) => (
          <label key={o.key} className="hover:bg-accent/50 flex cursor-pointer items-start gap-2 rounded-md px-2 py-1.5 text-sm">
            <input
              type={multiple ? 'checkbox' : 'radio'}
              name={`${id}-${question.key}`}
              value={o.key}
              checked={answers.includes(o.key)}
              disabled={readOnly}
              onChange={(e) => {
                if (!multiple) return onChange([o.key]);
                onChange(e.target.checked ? [...answers, o.key] : answers.filter((k) => k !== o.key));
              }}
              className="accent-primary mt-0.5 size-4"
            />
            <span>{question.questionType === 3 ? o.text : `${o.key}. ${o.text}`}</span>
          </label>
        ))}
      </fieldset>
    );
  }
  if (question.questionType === 4) {
    return (
      <fieldset className="grid gap-2" data-question={question.key}>
        {legend}
        {Array.from({ length: question.blanks }, (_, i) => (
          <label key={i} className="grid gap-1 text-sm">
            <span className="text-muted-foreground">{fill(messages['periods.research.blank'], { index: i + 1 })}</span>
            <input
              type="text"
              maxLength={200}
              value={answers[i] ?? ''}
              readOnly={readOnly}
              onChange={(e) => {
                const next = Array.from({ length: question.blanks }, (_, j) => answers[j] ?? '');
                next[i] = e.target.value;
                onChange(next);
              }}
              className={field}
            />
          </label>
        ))}
      </fieldset>
    );
  }
  return (
    <fieldset className="grid gap-2" data-question={question.key}>
      {legend}
      <textarea
        aria-label={question.stem}
        rows={4}
        maxLength={2000}
        value={answers[0] ?? ''}
        readOnly={readOnly}
        onChange={(e) => onChange([e.target.value])}
        className={field}
      />
    </fieldset>
  );
}

export function ResearchPeriod({ courseId, itemId, messages, locale, onCompleted }: ResearchPeriodProps) {
  const [view, setView] = useState<ResearchView>();
  const [failed, setFailed] = useState(false);
  const [attempt, setAttempt] = useState(0);
  const [answers, setAnswers] = useState<ResearchAnswers>({});
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState('');

  useEffect(() => {
    let live = true;
    setFailed(false);
    getResearch(courseId, itemId, { isShowErrTip: false }).then(
      (v) => {
        if (!live) return;
        setView(v);
        setAnswers(v.answers ?? {});
      },
      () => live && setFailed(true),
    );
    return () => {
      live = false;
    };
  }, [courseId, itemId, attempt]);

  const texts = { loading: messages['learning.loading'], error: messages['learning.loadFailed'], retry: messages['learning.retry'], empty: messages['periods.research.empty'] };
  if (!view) return <LoadState status={failed ? 'error' : 'loading'} texts={texts} onRetry={() => setAttempt((n) => n + 1)} />;
  if (view.questions.length === 0) return <LoadState status="empty" texts={texts} />;

  const submitted = view.submittedAt !== null;
  const submit = async () => {
    const missing = firstUnanswered(view.questions, answers);
    if (missing > 0) {
      setProblem(fill(messages['periods.research.unanswered'], { index: missing }));
      document.querySelector<HTMLElement>(`[data-question="${view.questions[missing - 1]!.key}"] input, [data-question="${view.questions[missing - 1]!.key}"] textarea`)?.focus();
      return;
    }
    setProblem('');
    setBusy(true);
    try {
      const done = await submitResearch({ courseId, itemId, answers });
      setView(done);
      setAnswers(done.answers ?? {});
      onCompleted();
    } catch {
      // The client showed the gateway's message.
    }
    setBusy(false);
  };

  return (
    <form
      className="bg-card grid gap-6 rounded-md border p-6"
      aria-labelledby={`${itemId}-title`}
      onSubmit={(e) => {
        e.preventDefault();
        if (!submitted && !busy) void submit();
      }}
    >
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="grid gap-1">
          <h2 id={`${itemId}-title`} className="text-lg font-semibold">
            {view.name}
          </h2>
          {submitted ? (
            <p role="status" className="text-sm font-medium text-emerald-700 dark:text-emerald-400">
              {fill(messages['periods.research.submitted'], { time: new Date(view.submittedAt!).toLocaleString(locale === 'en' ? 'en' : 'zh-CN') })}
            </p>
          ) : (
            <p className="text-muted-foreground text-sm">{messages['periods.research.intro']}</p>
          )}
        </div>
        {view.canExport && <ResearchExportButton courseId={courseId} itemId={itemId} fileName={view.name} messages={messages} />}
      </div>
      <ol className="grid gap-6">
        {view.questions.map((q, i) => (
          <li key={q.key}>
            <Question
              question={q}
              index={i + 1}
              answers={answers[q.key] ?? []}
              readOnly={submitted}
              messages={messages}
              onChange={(values) => setAnswers((a) => ({ ...a, [q.key]: values }))}
            />
          </li>
        ))}
      </ol>
      {!submitted && (
        <div className="flex flex-wrap items-center gap-3">
          <button type="submit" className={primary} disabled={busy}>
            {busy ? messages['periods.research.submitting'] : messages['periods.research.submit']}
          </button>
          {problem && (
            <p role="alert" className="text-destructive text-sm">
              {problem}
            </p>
          )}
        </div>
      )}
    </form>
  );
}
