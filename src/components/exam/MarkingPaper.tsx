/**
 * One paper opened for marking: the learner, the screen-switch events, every question with the
 * answer given (short answers with their reference text) and a points field under each short
 * answer. Each mark updates the paper's score and status in place.
 */
import { useEffect, useId, useState, type MouseEvent, type SubmitEvent } from 'react';
import { getPaperReview, isExamNotFound, markAnswer } from '@/api/exam';
import { PaperStatus, QuestionType, type MarkResultOfAnswer, type PaperReview as Review } from '@/api/exam-types';
import { parsePoints } from '@/components/exam/format';
import type { MarkingMessages } from '@/components/exam/messages';
import { BackLink, NotFoundNotice } from '@/components/exam/page-frame';
import { PaperReview, type ReviewQuestion } from '@/components/exam/PaperReview';
import { Fact, PaperStatusBadge, scoreText } from '@/components/exam/parts';
import { formatMoment } from '@/components/study/format';
import { primaryButtonSm } from '@/components/ui/button-class';
import { fieldClass } from '@/components/ui/field';
import { LoadState, loadTexts, type LoadStatus } from '@/components/ui/load-state';
import { fill } from '@/i18n/fill';
import type { Locale } from '@/i18n/locale-path';
import { notifySuccess } from '@/stores/toasts';

function MarkForm({
  question,
  onMarked,
  messages: m,
}: {
  question: ReviewQuestion;
  onMarked: (result: MarkResultOfAnswer) => void;
  messages: MarkingMessages;
}) {
  const ids = useId();
  const [value, setValue] = useState(question.gained === null ? '' : String(question.gained));
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);

  const submit = async (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    const points = parsePoints(value, question.score);
    if (points === undefined || !question.answerId) {
      setError(fill(m['exam.marking.invalid'], { max: question.score }));
      return;
    }
    setError(undefined);
    setBusy(true);
    try {
      onMarked(await markAnswer(question.answerId, points));
      notifySuccess(m['exam.marking.saved']);
    } catch {
      // The client showed the gateway's message.
    } finally {
      setBusy(false);
    }
  };

  return (
    <form onSubmit={submit} noValidate className="bg-muted/40 flex flex-wrap items-end gap-3 rounded-lg border p-3">
      <div className="grid gap-1">
        <label htmlFor={`${ids}-points`} className="text-xs font-medium">
          {fill(m['exam.marking.points'], { max: question.score })}
        </label>
        <input
          id={`${ids}-points`}
          type="number"
          inputMode="numeric"
          min={0}
          max={question.score}
          step={1}
          value={value}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${ids}-error` : undefined}
          onChange={(event) => setValue(event.target.value)}
          className={`${fieldClass} aria-invalid:border-destructive w-24 tabular-nums`}
        />
      </div>
      <button type="submit" className={`${primaryButtonSm} h-9`} disabled={busy}>
        {m['exam.marking.save']}
      </button>
      {error && (
        <p id={`${ids}-error`} role="alert" className="text-destructive w-full text-sm">
          {error}
        </p>
      )}
    </form>
  );
}

interface MarkingPaperProps {
  paperId: string;
  locale: Locale;
  messages: MarkingMessages;
  backHref: string;
  onBack: () => void;
}

type State = LoadStatus | 'notFound';

export function MarkingPaper({ paperId, locale, messages: m, backHref, onBack }: MarkingPaperProps) {
  const [review, setReview] = useState<Review>();
  const [state, setState] = useState<State>('loading');
  const [round, setRound] = useState(0);

  useEffect(() => {
    const controller = new AbortController();
    setState('loading');
    getPaperReview(paperId, { isShowErrTip: false, signal: controller.signal })
      .then((found) => {
        setReview(found);
        setState('ready');
      })
      .catch((error: unknown) => {
        if (!controller.signal.aborted) setState(isExamNotFound(error) ? 'notFound' : 'error');
      });
    return () => controller.abort();
  }, [paperId, round]);

  const back = (
    <BackLink
      href={backHref}
      text={m['exam.marking.back']}
      onClick={(event: MouseEvent<HTMLAnchorElement>) => {
        if (event.metaKey || event.ctrlKey || event.shiftKey || event.button !== 0) return;
        event.preventDefault();
        onBack();
      }}
    />
  );

  if (state === 'notFound') return <NotFoundNotice back={back} text={m['exam.notFound']} />;
  if (state !== 'ready' || !review) {
    return (
      <div className="grid gap-4">
        {back}
        <LoadState status={state} texts={loadTexts(m)} onRetry={() => setRound((n) => n + 1)} />
      </div>
    );
  }

  const onMarked = (result: MarkResultOfAnswer) =>
    setReview((current) =>
      current && {
        ...current,
        ...result.paper,
        questions: current.questions.map((q) => (q.answerId === result.answerId ? { ...q, gained: result.gained } : q)),
      },
    );

  const slot = (question: ReviewQuestion) =>
    review.canMark && question.questionType === QuestionType.short && question.answerId ? (
      <MarkForm key={question.answerId} question={question} onMarked={onMarked} messages={m} />
    ) : null;

  return (
    <div className="grid gap-6">
      {back}
      <header className="bg-card grid gap-4 rounded-xl border p-5">
        <div className="flex flex-wrap items-center gap-3">
          <h2 className="text-xl font-semibold">{fill(m['exam.marking.title'], { name: review.examName })}</h2>
          <PaperStatusBadge
            status={review.status}
            passed={review.status === PaperStatus.marked ? review.passed : null}
            messages={m}
          />
        </div>
        <dl className="grid grid-cols-2 gap-x-6 gap-y-2 sm:grid-cols-4" aria-live="polite">
          <Fact term={m['exam.marking.learner']}>{review.userName}</Fact>
          <Fact term={m['exam.marking.empNo']}>{review.empNo}</Fact>
          <Fact term={m['exam.submittedAt']}>{formatMoment(review.submittedAt)}</Fact>
          <Fact term={m['exam.score']}>{scoreText(review.score, review.totalScore, m)}</Fact>
        </dl>
        {!review.canMark && (
          <p role="note" className="text-muted-foreground text-sm">
            {m['exam.marking.ownPaper']}
          </p>
        )}
      </header>
      <PaperReview review={review} locale={locale} messages={m} slot={slot} />
    </div>
  );
}
