/**
 * Before the exam (`/account/exam/{id}`, `/account/exam/detail?id=`, `detail_copy?id=`; the id
 * is the caller's exam task): the rules, duration, questions per type, total and pass mark,
 * attempts left, the screen-switch limit with the spec's warning, the window and why it cannot
 * start now; Start or Continue into the runner; the task's previous papers, 10 a page.
 */
import TriangleAlertIcon from 'lucide-react/icons/triangle-alert';
import { useEffect, useState } from 'react';
import { getExamTask, getTaskPaperPage, isExamNotFound } from '@/api/exam';
import type { ExamTaskDetail, PaperRecord } from '@/api/exam-types';
import type { PageResult } from '@/api/types';
import { answersRuleKey, attemptsText, windowText } from '@/components/exam/format';
import { runnerHref } from '@/components/exam/links';
import type { ExamDetailMessages } from '@/components/exam/messages';
import { BackLink, PendingPage } from '@/components/exam/page-frame';
import { ExamStatusBadge, Fact, PaperTable } from '@/components/exam/parts';
import { useSignedIn } from '@/components/shell/use-signed-in';
import { primaryButton } from '@/components/ui/button-class';
import { LoadState, loadTexts, type LoadStatus } from '@/components/ui/load-state';
import { Pager, pagerTexts } from '@/components/ui/pager';
import { fill } from '@/i18n/fill';
import { localizePath, routeParam, type Locale } from '@/i18n/locale-path';

interface ExamDetailProps {
  locale: Locale;
  messages: ExamDetailMessages;
  /** The parameterised route (`/account/exam`); without it the id comes as `?id=`. */
  routePath?: string;
}

type State = LoadStatus | 'notFound';

function readId(routePath: string | undefined): string | undefined {
  if (typeof location === 'undefined') return undefined;
  const fromPath = routePath ? routeParam(location.pathname, routePath) : undefined;
  return fromPath || new URLSearchParams(location.search).get('id')?.trim() || undefined;
}

function PreviousPapers({ taskId, locale, messages: m }: { taskId: string; locale: Locale; messages: ExamDetailMessages }) {
  const [page, setPage] = useState(1);
  const [result, setResult] = useState<PageResult<PaperRecord>>();
  const [status, setStatus] = useState<LoadStatus>('loading');
  const [round, setRound] = useState(0);
  useEffect(() => {
    const controller = new AbortController();
    setStatus('loading');
    getTaskPaperPage(taskId, page, { isShowErrTip: false, signal: controller.signal })
      .then((found) => {
        setResult(found);
        setStatus(found.list.length ? 'ready' : 'empty');
      })
      .catch(() => !controller.signal.aborted && setStatus('error'));
    return () => controller.abort();
  }, [taskId, page, round]);
  return (
    <section aria-labelledby="exam-previous-papers" className="grid gap-3">
      <h2 id="exam-previous-papers" className="text-lg font-semibold">
        {m['exam.previousPapers']}
      </h2>
      <LoadState status={status} texts={loadTexts(m, m['exam.emptyPapers'])} onRetry={() => setRound((n) => n + 1)}>
        {result && <PaperTable papers={result.list} locale={locale} messages={m} />}
        <Pager page={page} totalPage={result?.totalPage ?? 0} onChange={setPage} texts={pagerTexts(m)} />
      </LoadState>
    </section>
  );
}

export function ExamDetail({ locale, messages: m, routePath }: ExamDetailProps) {
  const signedIn = useSignedIn();
  const [id] = useState(() => readId(routePath));
  const [task, setTask] = useState<ExamTaskDetail>();
  const [state, setState] = useState<State>('loading');
  const [round, setRound] = useState(0);

  useEffect(() => {
    if (!signedIn) return;
    if (!id) {
      setState('notFound');
      return;
    }
    const controller = new AbortController();
    setState('loading');
    getExamTask(id, { isShowErrTip: false, signal: controller.signal })
      .then((found) => {
        setTask(found);
        setState('ready');
      })
      .catch((error: unknown) => {
        if (!controller.signal.aborted) setState(isExamNotFound(error) ? 'notFound' : 'error');
      });
    return () => controller.abort();
  }, [id, signedIn, round]);

  const back = <BackLink href={localizePath('/exam', locale)} text={m['exam.backToCentre']} />;
  if (!signedIn || state !== 'ready' || !task) {
    return (
      <PendingPage
        signedIn={signedIn}
        state={state}
        back={back}
        notFoundText={m['exam.taskNotFound']}
        messages={m}
        onRetry={() => setRound((n) => n + 1)}
      />
    );
  }

  const typeCounts = Object.entries(task.typeCounts)
    .map(([type, count]) => [Number(type), count] as const)
    .filter(([type, count]) => type >= 1 && type <= 5 && count > 0)
    .sort(([a], [b]) => a - b);
  const blocked = task.blockedReason.trim();

  return (
    <div className="grid gap-8">
      {back}
      <header className="grid gap-3">
        <div className="flex flex-wrap items-center gap-2">
          <h1 className="text-2xl font-semibold tracking-tight">{task.name}</h1>
          <ExamStatusBadge status={task.status} messages={m} />
          <span className="bg-muted rounded px-1.5 py-0.5 text-xs">{m[task.type === 1 ? 'exam.type.1' : 'exam.type.2']}</span>
        </div>
        <dl className="bg-card grid grid-cols-2 gap-x-6 gap-y-3 rounded-xl border p-4 sm:grid-cols-3 lg:grid-cols-6">
          <Fact term={m['exam.duration']}>{fill(m['exam.minutes'], { count: task.duration })}</Fact>
          <Fact term={m['exam.questions']}>{fill(m['exam.questionTotal'], { count: task.questionCount })}</Fact>
          <Fact term={m['exam.totalScore']}>{fill(m['exam.points'], { value: task.totalScore })}</Fact>
          <Fact term={m['exam.passScore']}>{fill(m['exam.points'], { value: task.passScore })}</Fact>
          <Fact term={m['exam.attempts']}>{attemptsText(task.attemptsUsed, task.attempts, m)}</Fact>
          <Fact term={m['exam.attemptsLeft']}>{task.attemptsLeft === null ? m['exam.unlimited'] : task.attemptsLeft}</Fact>
        </dl>
      </header>

      <section aria-labelledby="exam-rules" className="grid gap-3">
        <h2 id="exam-rules" className="text-lg font-semibold">
          {m['exam.rules']}
        </h2>
        <p className="text-sm whitespace-pre-wrap">{task.intro.trim() || m['exam.noRules']}</p>
        <ul className="text-muted-foreground grid list-disc gap-1 ps-5 text-sm">
          <li>{fill(m['exam.labelValue'], { label: m['exam.window'], value: windowText(task.startAt, task.endAt, m) })}</li>
          {typeCounts.length > 0 && (
            <li>
              {fill(m['exam.labelValue'], {
                label: m['exam.questions'],
                value: typeCounts
                  .map(([type, count]) =>
                    fill(m['exam.typeCount'], { label: m[`exam.questionType.${type as 1 | 2 | 3 | 4 | 5}`], count }),
                  )
                  .join(' · '),
              })}
            </li>
          )}
          {task.shuffleQuestions && <li>{m['exam.shuffled']}</li>}
          <li>{m[answersRuleKey(task.answersShown)]}</li>
        </ul>
        <div
          className={`grid gap-1 rounded-lg border px-4 py-3 text-sm ${
            task.screenSwitchLimit > 0 ? 'border-amber-300 bg-amber-50 text-amber-950' : ''
          }`}
        >
          <p className="flex items-center gap-2 font-semibold">
            {task.screenSwitchLimit > 0 && <TriangleAlertIcon aria-hidden="true" className="size-4" />}
            {m['exam.screenRule']}
          </p>
          {task.screenSwitchLimit > 0 ? (
            <>
              <p>{fill(m['exam.screenLimitRule'], { count: task.screenSwitchLimit })}</p>
              <p>{m['exam.screenWarning']}</p>
            </>
          ) : (
            <p>{m['exam.screenFree']}</p>
          )}
        </div>
      </section>

      <div className="grid gap-3">
        {blocked && (
          <div role="alert" className="border-destructive/30 bg-destructive/5 rounded-lg text-red-700 border px-4 py-3 text-sm">
            <p className="font-semibold">{m['exam.blocked']}</p>
            <p>{blocked}</p>
          </div>
        )}
        {(!blocked || task.paperInProgress) && (
          <a href={runnerHref(task.taskId, locale)} className={`${primaryButton} justify-self-start px-8`}>
            {task.paperInProgress ? m['exam.continue'] : m['exam.start']}
          </a>
        )}
      </div>

      <PreviousPapers taskId={task.taskId} locale={locale} messages={m} />
    </div>
  );
}
