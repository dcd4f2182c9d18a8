/**
 * The exam runner (`/account/exam/examQuestion?taskId=`, and its copy variant): starts or
 * resumes the task's paper, shows one question at a time with the question map, keeps every
 * answer in the local journal and the gateway (see {@link createPaperSync}), counts down to the
 * gateway's deadline, reports leaves of the page, and hands the paper in.
 */
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { examAnswerSave, examFinish, examFinishView, examScreenSwitch, examStart } from '@/api/exam-runner';
import { PaperStatus, type PaperResult, type PaperSession, type ScreenSwitchResult } from '@/api/exam-types';
import { gatewayMessage, outcomeOf } from '@/api/outcome';
import { openJournal, type Journal } from '@/components/exam-runner/journal';
import { watchLeaves } from '@/components/exam-runner/leaves';
import type { RunnerMessages } from '@/components/exam-runner/messages';
import { createPaperSync, type PaperSync, type SyncStatus } from '@/components/exam-runner/paper-sync';
import { QuestionMap } from '@/components/exam-runner/QuestionMap';
import { optionsOf, QuestionView } from '@/components/exam-runner/QuestionView';
import { clockOffset, formatClock, isAnswered, remainingMs, retryDelay } from '@/components/exam-runner/rules';
import { RunnerDialog } from '@/components/exam-runner/RunnerDialog';
import { LoaderCircleIcon } from '@/components/layout/icons';
import { useSignedIn } from '@/components/shell/use-signed-in';
import { LoginFirst } from '@/components/ui/login-first';
import { fill } from '@/i18n/fill';
import { localizePath, type Locale } from '@/i18n/locale-path';

interface ExamRunnerProps {
  locale: Locale;
  messages: RunnerMessages;
}

type Phase =
  | { kind: 'loading' }
  | { kind: 'noTask' }
  | { kind: 'error' }
  | { kind: 'blocked'; message: string }
  | { kind: 'ready'; paper: PaperSession };

type Dialog =
  | { kind: 'none' }
  | { kind: 'handIn' }
  | { kind: 'warning'; count: number }
  /** The paper is closed (time up, past the leave limit, handed in elsewhere): on to the result. */
  | { kind: 'closing'; message: string };

const quiet = { isShowErrTip: false } as const;
/** Answers still waiting are sent this long before the deadline. */
const LAST_CALL_MS = 2000;
/** How long a closing message stays before the result page opens. */
const CLOSING_MESSAGE_MS = 2500;

const primaryButton =
  'bg-primary text-primary-foreground focus-visible:ring-ring/50 hover:bg-primary/90 inline-flex h-9 items-center justify-center gap-2 rounded-md px-4 text-sm font-medium outline-none focus-visible:ring-[3px] disabled:pointer-events-none disabled:opacity-50';
const outlineButton =
  'bg-background focus-visible:ring-ring/50 hover:bg-accent inline-flex h-9 items-center justify-center gap-2 rounded-md border px-4 text-sm font-medium outline-none focus-visible:ring-[3px] disabled:pointer-events-none disabled:opacity-50';

function flagsKey(paperId: string): string {
  return `exam-flags:${paperId}`;
}

function readFlags(paperId: string): Set<string> {
  try {
    return new Set(JSON.parse(localStorage.getItem(flagsKey(paperId)) ?? '[]') as string[]);
  } catch {
    return new Set();
  }
}

function writeFlags(paperId: string, flags: ReadonlySet<string>): void {
  try {
    if (flags.size === 0) localStorage.removeItem(flagsKey(paperId));
    else localStorage.setItem(flagsKey(paperId), JSON.stringify([...flags]));
  } catch {
    // Flags are a convenience; without storage they last as long as the page.
  }
}

const isNetworkError = (error: unknown) => outcomeOf(error).kind === 'network';

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

/** Hands the paper in, retrying while the gateway cannot be reached; the result, or undefined when it refuses. */
async function finishPaper(paperId: string): Promise<PaperResult | undefined> {
  for (let failures = 1; ; failures += 1) {
    try {
      return await examFinish(paperId, quiet);
    } catch (error) {
      if (!isNetworkError(error)) return examFinishView(paperId, quiet).catch(() => undefined);
      await sleep(retryDelay(failures));
    }
  }
}

export function ExamRunner({ locale, messages: m }: ExamRunnerProps) {
  const signedIn = useSignedIn();
  const [phase, setPhase] = useState<Phase>({ kind: 'loading' });
  const [attempt, setAttempt] = useState(0);
  const [answers, setAnswers] = useState<Record<string, string[]>>({});
  const [index, setIndex] = useState(0);
  const [flags, setFlags] = useState<Set<string>>(new Set());
  const [status, setStatus] = useState<SyncStatus>({ state: 'saved', unsaved: 0 });
  /** Whole seconds left, so that the page renders once a second. */
  const [secondsLeft, setSecondsLeft] = useState<number>();
  const [dialog, setDialog] = useState<Dialog>({ kind: 'none' });
  const [handingIn, setHandingIn] = useState(false);
  const [handInError, setHandInError] = useState('');
  const [resultHref, setResultHref] = useState('');

  const syncRef = useRef<PaperSync | undefined>(undefined);
  const journalRef = useRef<Journal | undefined>(undefined);
  const offsetRef = useRef(0);
  const closingRef = useRef(false);
  const leavesRef = useRef(0);
  const headingRef = useRef<HTMLHeadingElement>(null);

  const paper = phase.kind === 'ready' ? phase.paper : undefined;
  const paperId = paper?.paperId ?? '';

  const hrefOf = useCallback(
    (result: Pick<PaperResult, 'paperId' | 'status'>) => {
      const path = result.status === PaperStatus.waitingMark ? '/account/exam/waitExamSuccess' : '/account/exam/examSuccess';
      return `${localizePath(path, locale)}?paperId=${encodeURIComponent(result.paperId)}`;
    },
    [locale],
  );

  /** The paper is closed: show why, hand it in (the gateway may have done so already), open the result. */
  const closeWith = useCallback(
    async (id: string, message: string) => {
      if (closingRef.current) return;
      closingRef.current = true;
      syncRef.current?.stop();
      setDialog({ kind: 'closing', message });
      const shownAt = Date.now();
      const result = await finishPaper(id);
      await journalRef.current?.clear(id);
      writeFlags(id, new Set());
      const href = hrefOf(result ?? { paperId: id, status: PaperStatus.marked });
      setResultHref(href);
      await sleep(Math.max(0, CLOSING_MESSAGE_MS - (Date.now() - shownAt)));
      location.assign(href);
    },
    [hrefOf],
  );

  // Start or resume the paper.
  useEffect(() => {
    if (signedIn !== true) return;
    const query = new URLSearchParams(location.search);
    const taskId = query.get('taskId') ?? '';
    const knownPaper = query.get('paperId') ?? '';
    if (!taskId) {
      setPhase({ kind: 'noTask' });
      return;
    }
    let live = true;
    let sync: PaperSync | undefined;
    setPhase({ kind: 'loading' });
    (async () => {
      // A paper this page already ran may have been handed in meanwhile (by the deadline sweep):
      // show its result rather than start another attempt.
      if (knownPaper) {
        const known = await examFinishView(knownPaper, quiet).catch(() => undefined);
        if (!live) return;
        if (known && known.status !== PaperStatus.inProgress) {
          location.replace(hrefOf(known));
          return;
        }
      }
      const [session, journal] = await Promise.all([examStart(taskId, quiet), openJournal()]);
      const receivedAt = Date.now();
      if (!live) return;
      journalRef.current = journal;
      offsetRef.current = clockOffset(session.serverTime, receivedAt);
      sync = createPaperSync({
        paperId: session.paperId,
        journal,
        saveAnswer: (body, keepalive) => examAnswerSave(body, { ...quiet, keepalive, signal: AbortSignal.timeout(20_000) }),
        sendLeave: (body, keepalive) => examScreenSwitch(body, { ...quiet, keepalive, signal: AbortSignal.timeout(20_000) }),
        onStatus: (s) => live && setStatus(s),
        onLeaveResult: (result) => live && leaveAnswered(session, result),
        onClosed: (message) => live && void closeWith(session.paperId, message || m['exam.timeUp']),
      });
      syncRef.current = sync;
      const shown = await sync.load(session.answers);
      if (!live) return;
      const pending = await journal.leaves(session.paperId);
      leavesRef.current = session.screenSwitches + pending.length;
      const url = new URL(location.href);
      url.searchParams.set('paperId', session.paperId);
      history.replaceState(history.state, '', url);
      setAnswers(Object.fromEntries(shown));
      setFlags(readFlags(session.paperId));
      setIndex(0);
      setSecondsLeft(Math.ceil(remainingMs(session.deadlineAt, offsetRef.current, Date.now()) / 1000));
      setPhase({ kind: 'ready', paper: session });
    })().catch((error: unknown) => {
      if (!live) return;
      const message = gatewayMessage(outcomeOf(error));
      setPhase(message ? { kind: 'blocked', message } : { kind: 'error' });
    });
    return () => {
      live = false;
      sync?.stop();
    };
    // leaveAnswered and closeWith read only refs and stable setters.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [signedIn, attempt]);

  function leaveAnswered(session: PaperSession, result: ScreenSwitchResult) {
    if (result.handedIn) {
      void closeWith(session.paperId, m['exam.screenLimit']);
      return;
    }
    leavesRef.current = Math.max(leavesRef.current, result.screenSwitches);
    if (result.screenSwitchLimit > 0) setDialog((d) => (d.kind === 'warning' ? { kind: 'warning', count: leavesRef.current } : d));
  }

  // The countdown, on the gateway's clock.
  useEffect(() => {
    if (!paper) return;
    let lastCall = false;
    const tick = () => {
      const left = remainingMs(paper.deadlineAt, offsetRef.current, Date.now());
      setSecondsLeft(Math.ceil(left / 1000));
      if (left <= LAST_CALL_MS && !lastCall) {
        lastCall = true;
        void syncRef.current?.flush();
      }
      if (left <= 0) void closeWith(paper.paperId, m['exam.timeUp']);
    };
    tick();
    const timer = setInterval(tick, 500);
    return () => clearInterval(timer);
  }, [paper, closeWith, m]);

  // Connection changes, leaving the page, and a last send when the page goes away.
  useEffect(() => {
    if (!paper) return;
    const sync = syncRef.current;
    if (!sync) return;
    const onConnection = () => sync.connectionChanged();
    const onPageHide = () => void sync.flush(true);
    window.addEventListener('online', onConnection);
    window.addEventListener('offline', onConnection);
    window.addEventListener('pagehide', onPageHide);
    const stopLeaves = watchLeaves((kind) => {
      if (closingRef.current) return;
      sync.leave(kind);
      const limit = paper.screenSwitchLimit;
      if (limit <= 0) return;
      leavesRef.current += 1;
      // Past the limit the gateway hands the paper in; its answer brings the message.
      if (leavesRef.current <= limit) setDialog({ kind: 'warning', count: leavesRef.current });
    });
    return () => {
      window.removeEventListener('online', onConnection);
      window.removeEventListener('offline', onConnection);
      window.removeEventListener('pagehide', onPageHide);
      stopLeaves();
    };
  }, [paper]);

  const questions = useMemo(() => paper?.questions ?? [], [paper]);
  const question = questions[index];
  const answeredOf = useCallback(
    (questionId: string) => {
      const q = questions.find((x) => x.questionId === questionId);
      return q ? isAnswered(q.questionType, answers[questionId]) : false;
    },
    [questions, answers],
  );
  const unanswered = questions.filter((q) => !isAnswered(q.questionType, answers[q.questionId])).length;

  const change = useCallback((questionId: string, answer: string[]) => {
    if (closingRef.current) return;
    setAnswers((prev) => ({ ...prev, [questionId]: answer }));
    syncRef.current?.change(questionId, answer);
  }, []);

  const toggleFlag = (questionId: string) => {
    setFlags((prev) => {
      const next = new Set(prev);
      if (next.has(questionId)) next.delete(questionId);
      else next.add(questionId);
      writeFlags(paperId, next);
      return next;
    });
  };

  // Number keys choose an option of the current choice question.
  useEffect(() => {
    if (!question || dialog.kind !== 'none') return;
    const options = optionsOf(question, m);
    const onKey = (event: KeyboardEvent) => {
      if (event.altKey || event.ctrlKey || event.metaKey || !/^[1-9]$/.test(event.key)) return;
      const target = event.target as HTMLElement | null;
      if (target?.closest('textarea, input[type=text], [contenteditable=true]')) return;
      if (question.questionType > 3) return;
      const option = options[Number(event.key) - 1];
      if (!option) return;
      event.preventDefault();
      const current = answers[question.questionId] ?? [];
      const next =
        question.questionType === 2
          ? options.map((o) => o.key).filter((k) => (k === option.key ? !current.includes(k) : current.includes(k)))
          : [option.key];
      change(question.questionId, next);
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [question, dialog.kind, answers, change, m]);

  const pick = (i: number) => {
    setIndex(i);
    requestAnimationFrame(() => headingRef.current?.focus());
  };

  async function handIn() {
    const sync = syncRef.current;
    if (!paper || !sync || handingIn) return;
    setHandingIn(true);
    setHandInError('');
    const saved = await sync.flush();
    if (closingRef.current) return;
    if (!saved) {
      setHandInError(fill(m['exam.runner.handInOffline'], { count: sync.unsaved() }));
      setHandingIn(false);
      return;
    }
    try {
      closingRef.current = true;
      sync.stop();
      const result = await examFinish(paper.paperId, quiet);
      await journalRef.current?.clear(paper.paperId);
      writeFlags(paper.paperId, new Set());
      location.assign(hrefOf(result));
    } catch (error) {
      closingRef.current = false;
      setHandInError(
        isNetworkError(error) ? fill(m['exam.runner.handInOffline'], { count: sync.unsaved() }) : m['exam.runner.handInFailed'],
      );
      setHandingIn(false);
    }
  }

  if (signedIn === false) return <LoginFirst look="stage" text={m['auth.loginFirst']} linkText={m['exam.runner.signIn']} />;

  if (phase.kind === 'noTask' || phase.kind === 'blocked' || phase.kind === 'error') {
    const text = phase.kind === 'noTask' ? m['exam.runner.noTask'] : phase.kind === 'blocked' ? phase.message : m['learning.loadFailed'];
    return (
      <div role="alert" className="flex flex-col items-center gap-4 rounded-xl border px-6 py-12 text-center">
        <p className="text-lg font-medium">{text}</p>
        <div className="flex gap-2">
          {phase.kind === 'error' && (
            <button type="button" className={primaryButton} onClick={() => setAttempt((n) => n + 1)}>
              {m['learning.retry']}
            </button>
          )}
          <a className={outlineButton} href={localizePath('/exam', locale)}>
            {m['exam.backToCentre']}
          </a>
        </div>
      </div>
    );
  }

  if (!paper || !question) {
    return (
      <p role="status" className="text-muted-foreground flex items-center justify-center gap-2 py-16 text-sm">
        <LoaderCircleIcon className="size-4 animate-spin" />
        {m['exam.runner.loading']}
      </p>
    );
  }

  const statusText =
    status.state === 'offline'
      ? fill(m['exam.runner.status.offline'], { count: status.unsaved })
      : m[`exam.runner.status.${status.state}`];
  const statusTone =
    status.state === 'offline' ? 'text-destructive' : status.state === 'saving' ? 'text-muted-foreground' : 'text-emerald-700';
  const left = (secondsLeft ?? 0) * 1000;

  return (
    <div className="grid gap-6">
      <div className="bg-background/95 sticky top-0 z-10 flex flex-wrap items-center justify-between gap-x-6 gap-y-2 border-b py-3 backdrop-blur">
        <div className="grid gap-0.5">
          <h1 className="text-xl font-semibold break-words">{paper.examName}</h1>
          <p className="text-muted-foreground text-sm">{fill(m['exam.runner.attempt'], { no: paper.attemptNo })}</p>
        </div>
        <div className="flex flex-wrap items-center gap-x-6 gap-y-2">
          {/* A row of its own on phones and room for its longest text elsewhere: the header keeps
              its height while the text changes (saving, saved, synced), so the question below never moves. */}
          <p
            role="status"
            aria-live="polite"
            data-state={status.state}
            className={`basis-full text-sm font-medium sm:min-w-[15em] sm:basis-auto ${statusTone}`}
          >
            {statusText}
          </p>
          <p className="flex items-baseline gap-2">
            <span id="exam-time-left" className="text-muted-foreground text-sm">
              {m['exam.runner.timeLeft']}
            </span>
            <span
              role="timer"
              aria-labelledby="exam-time-left"
              className={`font-mono text-2xl font-semibold tabular-nums ${left < 5 * 60_000 ? 'text-destructive' : ''}`}
            >
              {formatClock(left)}
            </span>
          </p>
          <button
            type="button"
            className={primaryButton}
            onClick={() => {
              setHandInError('');
              setDialog({ kind: 'handIn' });
            }}
          >
            {m['exam.runner.handIn']}
          </button>
        </div>
      </div>

      <div className="grid gap-8 lg:grid-cols-[minmax(0,1fr)_18rem]">
        <section className="grid content-start gap-6">
          <QuestionView
            key={question.questionId}
            ref={headingRef}
            question={question}
            total={questions.length}
            answer={answers[question.questionId] ?? []}
            flagged={flags.has(question.questionId)}
            messages={m}
            onChange={(answer) => change(question.questionId, answer)}
            onToggleFlag={() => toggleFlag(question.questionId)}
          />
          {question.questionType <= 3 && <p className="text-muted-foreground text-xs">{m['exam.runner.keysHint']}</p>}
          <div className="flex justify-between gap-2 border-t pt-4">
            <button type="button" className={outlineButton} disabled={index === 0} onClick={() => setIndex((i) => i - 1)}>
              {m['exam.runner.prev']}
            </button>
            <button
              type="button"
              className={outlineButton}
              disabled={index >= questions.length - 1}
              onClick={() => setIndex((i) => i + 1)}
            >
              {m['exam.runner.next']}
            </button>
          </div>
        </section>
        <aside className="lg:sticky lg:top-28 lg:self-start">
          <QuestionMap
            questions={questions}
            current={index}
            answered={answeredOf}
            flagged={flags}
            messages={m}
            onPick={pick}
          />
        </aside>
      </div>

      <RunnerDialog
        open={dialog.kind === 'handIn'}
        title={m['exam.runner.handInTitle']}
        onDismiss={handingIn ? undefined : () => setDialog({ kind: 'none' })}
        actions={
          <>
            <button type="button" className={outlineButton} disabled={handingIn} onClick={() => setDialog({ kind: 'none' })}>
              {m['exam.runner.keepAnswering']}
            </button>
            <button type="button" className={primaryButton} disabled={handingIn} onClick={() => void handIn()}>
              {handingIn && <LoaderCircleIcon className="size-4 animate-spin" />}
              {handingIn ? m['exam.runner.handingIn'] : m['exam.runner.handInConfirm']}
            </button>
          </>
        }
      >
        <p>{unanswered > 0 ? fill(m['exam.runner.handInUnanswered'], { count: unanswered }) : m['exam.runner.handInAll']}</p>
        {handInError && (
          <p role="alert" className="text-destructive">
            {handInError}
          </p>
        )}
      </RunnerDialog>

      <RunnerDialog
        open={dialog.kind === 'warning'}
        role="alertdialog"
        title={m['exam.screenWarning']}
        onDismiss={() => setDialog({ kind: 'none' })}
        actions={
          <button type="button" className={primaryButton} onClick={() => setDialog({ kind: 'none' })}>
            {m['exam.runner.understood']}
          </button>
        }
      >
        {dialog.kind === 'warning' && (
          <p>{fill(m['exam.runner.screenCount'], { count: dialog.count, limit: paper.screenSwitchLimit })}</p>
        )}
      </RunnerDialog>

      <RunnerDialog
        open={dialog.kind === 'closing'}
        role="alertdialog"
        title={dialog.kind === 'closing' ? dialog.message : ''}
        actions={
          resultHref ? (
            <a className={primaryButton} href={resultHref}>
              {m['exam.runner.viewResult']}
            </a>
          ) : undefined
        }
      >
        <p className="flex items-center gap-2">
          {!resultHref && <LoaderCircleIcon className="size-4 animate-spin" />}
          {m['exam.runner.handedIn']}
        </p>
      </RunnerDialog>
    </div>
  );
}
