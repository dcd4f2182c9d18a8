/**
 * After the exam (`/account/exam/examSuccess?paperId=`, `/account/exam/waitExamSuccess?paperId=`):
 * the score and pass or fail, or, while short answers wait for a lecturer, the objective score
 * so far; when and how the paper was handed in; then the paper review. The paper's status
 * decides what shows, whichever of the two pages opened it.
 */
import ClockIcon from 'lucide-react/icons/clock';
import { useEffect, useState } from 'react';
import { getPaperResult, getPaperReview, isExamNotFound } from '@/api/exam';
import { PaperStatus, type PaperResult, type PaperReview as Review } from '@/api/exam-types';
import { examTaskHref, runnerHref } from '@/components/exam/links';
import type { ExamResultMessages } from '@/components/exam/messages';
import { BackLink, PendingPage } from '@/components/exam/page-frame';
import { PaperReview } from '@/components/exam/PaperReview';
import { ExamStatusBadge, Fact, reasonText, scoreText } from '@/components/exam/parts';
import { useSignedIn } from '@/components/shell/use-signed-in';
import { formatMoment } from '@/components/study/format';
import { primaryButtonSm } from '@/components/ui/button-class';
import { LoadState, loadTexts, type LoadStatus } from '@/components/ui/load-state';
import { fill } from '@/i18n/fill';
import { localizePath, type Locale } from '@/i18n/locale-path';

interface ExamResultProps {
  locale: Locale;
  messages: ExamResultMessages;
}

type State = LoadStatus | 'notFound';

function readPaperId(): string | undefined {
  if (typeof location === 'undefined') return undefined;
  return new URLSearchParams(location.search).get('paperId')?.trim() || undefined;
}

/** How the paper was handed in: by the candidate, at the deadline, or past the screen-switch limit. */
function HandInReason({ reason, messages: m }: { reason: string | null; messages: ExamResultMessages }) {
  if (reason === 'timeout') return <p role="status" className="text-sm font-medium text-amber-900">{m['exam.timeUp']}</p>;
  if (reason === 'screen') return <p role="status" className="text-sm font-medium text-red-800">{m['exam.screenLimit']}</p>;
  return null;
}

function Summary({ result, locale, messages: m }: { result: PaperResult; locale: Locale; messages: ExamResultMessages }) {
  const waiting = result.status === PaperStatus.waitingMark;
  const inProgress = result.status === PaperStatus.inProgress;
  return (
    <header className="bg-card grid gap-5 rounded-xl border p-6">
      <div className="grid gap-1">
        <p className="text-muted-foreground text-sm">{result.examName}</p>
        <h1 className="flex items-center gap-2 text-2xl font-semibold tracking-tight">
          {waiting && <ClockIcon aria-hidden="true" className="size-6 text-amber-700" />}
          {waiting ? m['exam.result.waitTitle'] : inProgress ? m['exam.paperStatus.0'] : m['exam.result.title']}
        </h1>
      </div>
      {waiting && <p className="text-sm">{m['exam.result.waitText']}</p>}
      {!waiting && !inProgress && (
        <div className="flex flex-wrap items-center gap-4">
          <p className="text-4xl font-bold tabular-nums" aria-label={`${m['exam.result.yourScore']} ${scoreText(result.score, result.totalScore, m)}`}>
            {scoreText(result.score, result.totalScore, m)}
          </p>
          {result.passed !== null && <ExamStatusBadge status={result.passed ? 1 : 2} messages={m} />}
        </div>
      )}
      <dl className="grid grid-cols-2 gap-x-6 gap-y-3 sm:grid-cols-4">
        {waiting && (
          <Fact term={m['exam.result.objectiveScore']}>{scoreText(result.score ?? 0, result.totalScore, m)}</Fact>
        )}
        <Fact term={m['exam.passScore']}>{fill(m['exam.points'], { value: result.passScore })}</Fact>
        <Fact term={m['exam.result.handedIn']}>{formatMoment(result.submittedAt)}</Fact>
        <Fact term={m['exam.reason']}>{reasonText(result.submitReason, m) || '—'}</Fact>
        <Fact term={m['exam.result.answeredLabel']}>
          {fill(m['exam.result.answered'], { answered: result.answeredCount, total: result.questionCount })}
        </Fact>
      </dl>
      <HandInReason reason={result.submitReason} messages={m} />
      <div className="flex flex-wrap gap-3">
        {inProgress && (
          <a href={runnerHref(result.taskId, locale)} className={primaryButtonSm}>
            {m['exam.continue']}
          </a>
        )}
        <a
          href={examTaskHref(result.taskId, locale)}
          className="text-primary focus-visible:ring-ring/50 inline-flex items-center rounded-sm text-sm font-medium outline-none hover:underline focus-visible:ring-[3px]"
        >
          {m['exam.details']}
        </a>
      </div>
    </header>
  );
}

export function ExamResult({ locale, messages: m }: ExamResultProps) {
  const signedIn = useSignedIn();
  const [paperId] = useState(readPaperId);
  const [result, setResult] = useState<PaperResult>();
  const [state, setState] = useState<State>('loading');
  const [review, setReview] = useState<Review>();
  const [reviewState, setReviewState] = useState<State>('loading');
  const [round, setRound] = useState(0);

  useEffect(() => {
    if (!signedIn) return;
    if (!paperId) {
      setState('notFound');
      return;
    }
    const controller = new AbortController();
    const opts = { isShowErrTip: false, signal: controller.signal } as const;
    setState('loading');
    setReviewState('loading');
    getPaperResult(paperId, opts)
      .then((found) => {
        setResult(found);
        setState('ready');
      })
      .catch((error: unknown) => {
        if (!controller.signal.aborted) setState(isExamNotFound(error) ? 'notFound' : 'error');
      });
    getPaperReview(paperId, opts)
      .then((found) => {
        setReview(found);
        setReviewState('ready');
      })
      .catch((error: unknown) => {
        if (!controller.signal.aborted) setReviewState(isExamNotFound(error) ? 'notFound' : 'error');
      });
    return () => controller.abort();
  }, [paperId, signedIn, round]);

  const back = <BackLink href={localizePath('/exam', locale)} text={m['exam.backToCentre']} />;
  if (!signedIn || state !== 'ready' || !result) {
    return (
      <PendingPage
        signedIn={signedIn}
        state={state}
        back={back}
        notFoundText={m['exam.notFound']}
        messages={m}
        onRetry={() => setRound((n) => n + 1)}
      />
    );
  }

  return (
    <div className="grid gap-8">
      {back}
      <Summary result={result} locale={locale} messages={m} />
      {reviewState === 'ready' && review ? (
        <PaperReview review={review} locale={locale} messages={m} />
      ) : (
        reviewState !== 'notFound' && (
          <LoadState
            status={reviewState === 'error' ? 'error' : 'loading'}
            texts={loadTexts(m)}
            onRetry={() => setRound((n) => n + 1)}
          />
        )
      )}
    </div>
  );
}
