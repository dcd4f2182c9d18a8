/**
 * The player page (`/watch/course`, `/watch/task`, `/watch/free_task`) and the chapter panels
 * (`/watch/catePanel`, `/watch/free_catePanel`): the current period in the main area, the
 * chapters beside it with each period's progress as the gateway reports it, previous / next
 * and auto-advance. The course, period and study task come from the address
 * (`courseId`, `itemId`, `taskId`, `projectId`).
 */
import { useStore } from '@nanostores/react';
import { useCallback, useEffect, useMemo, useState } from 'react';
import type { CourseConfig, CourseDetail, CourseResourceItem, ProgressReportResult } from '@/api/learning-types';
import { getChapterPeriodList, getCourse } from '@/api/course';
import { gatewayMessage, outcomeOf } from '@/api/outcome';
import { getCourseConfig, type StudyScope } from '@/api/player';
import { typeLabelKeys, type TypeLabelKey } from '@/components/learning/type-label';
import { ChapterPanel, type ChapterPanelTexts } from '@/components/player/ChapterPanel';
import type { PlayerMessages } from '@/components/player/messages';
import { PeriodStage } from '@/components/player/PeriodStage';
import { groupPeriods } from '@/components/player/periods';
import { LoadState } from '@/components/ui/load-state';
import { LoginFirst } from '@/components/ui/login-first';
import { fill } from '@/i18n/fill';
import { localizePath, type Locale } from '@/i18n/locale-path';
import { $token } from '@/stores/session';

export type PlayerMode = 'course' | 'task' | 'free_task' | 'catePanel' | 'free_catePanel';

interface CoursePlayerProps {
  locale: Locale;
  mode: PlayerMode;
  messages: PlayerMessages;
}

/** Seconds before the next period opens by itself. */
const AUTO_NEXT_SECONDS = 5;

interface Address {
  courseId: string;
  itemId: string;
  taskId: string;
  projectId: string;
}

function readAddress(): Address {
  const q = new URLSearchParams(location.search);
  return {
    courseId: q.get('courseId') ?? '',
    itemId: q.get('itemId') ?? '',
    taskId: q.get('taskId') ?? q.get('studyTaskId') ?? '',
    projectId: q.get('projectId') ?? '',
  };
}

/** Where periods play for each mode: the panels open the matching player. */
const PLAYER_PATH: Record<PlayerMode, string> = {
  course: '/watch/course',
  task: '/watch/task',
  free_task: '/watch/free_task',
  catePanel: '/watch/course',
  free_catePanel: '/watch/free_task',
};

interface Loaded {
  course: CourseDetail;
  tree: CourseResourceItem[];
  config: CourseConfig;
}

type State = { status: 'loading' } | { status: 'error' } | { status: 'blocked'; message: string } | ({ status: 'ready' } & Loaded);

const linkButton =
  'focus-visible:ring-ring/50 hover:bg-accent inline-flex h-9 items-center rounded-md border px-3 text-sm font-medium outline-none focus-visible:ring-[3px] disabled:pointer-events-none disabled:opacity-50';
const primaryButton =
  'bg-primary text-primary-foreground focus-visible:ring-ring/50 hover:bg-primary/90 inline-flex h-9 items-center rounded-md px-4 text-sm font-medium outline-none focus-visible:ring-[3px]';

export function CoursePlayer({ locale, mode, messages }: CoursePlayerProps) {
  const token = useStore($token);
  const [mounted, setMounted] = useState(false);
  const [address, setAddress] = useState<Address>({ courseId: '', itemId: '', taskId: '', projectId: '' });
  const [state, setState] = useState<State>({ status: 'loading' });
  const [attempt, setAttempt] = useState(0);
  const [progress, setProgress] = useState<Record<string, number>>({});
  const [courseProgress, setCourseProgress] = useState(0);
  const [autoPlay, setAutoPlay] = useState(false);
  const [countdown, setCountdown] = useState<number>();
  const panelOnly = mode === 'catePanel' || mode === 'free_catePanel';

  useEffect(() => {
    setMounted(true);
    setAddress(readAddress());
    const onPop = () => setAddress(readAddress());
    window.addEventListener('popstate', onPop);
    return () => window.removeEventListener('popstate', onPop);
  }, []);

  const scope: StudyScope = useMemo(
    () => ({ studyTaskId: address.taskId || undefined, projectId: address.projectId || undefined }),
    [address.taskId, address.projectId],
  );

  useEffect(() => {
    if (!mounted || !token || !address.courseId) return;
    let live = true;
    setState({ status: 'loading' });
    const quiet = { isShowErrTip: false };
    Promise.all([
      getCourse(address.courseId, quiet),
      getChapterPeriodList(address.courseId, quiet),
      getCourseConfig(address.courseId, scope, quiet),
    ]).then(
      ([course, tree, config]) => {
        if (!live) return;
        setState({ status: 'ready', course, tree, config });
        setProgress({});
        setCourseProgress(course.studyProgress);
      },
      (error: unknown) => {
        if (!live) return;
        const message = gatewayMessage(outcomeOf(error));
        setState(message ? { status: 'blocked', message } : { status: 'error' });
      },
    );
    return () => {
      live = false;
    };
  }, [mounted, token, address.courseId, scope, attempt]);

  const groups = useMemo(() => (state.status === 'ready' ? groupPeriods(state.tree) : []), [state]);
  const periods = useMemo(() => groups.flatMap((g) => g.periods), [groups]);
  const current = useMemo(() => {
    if (state.status !== 'ready' || panelOnly) return undefined;
    return (
      periods.find((p) => p.subResourceId === address.itemId) ??
      periods.find((p) => p.subResourceId === state.course.lastItemId) ??
      periods[0]
    );
  }, [state, periods, address.itemId, panelOnly]);
  const index = current ? periods.indexOf(current) : -1;
  const prev = index > 0 ? periods[index - 1] : undefined;
  const next = index >= 0 ? periods[index + 1] : undefined;

  const hrefOf = useCallback(
    (period: CourseResourceItem) => {
      const q = new URLSearchParams();
      if (address.taskId) q.set('taskId', address.taskId);
      if (address.projectId) q.set('projectId', address.projectId);
      q.set('courseId', address.courseId);
      q.set('itemId', period.subResourceId);
      return `${localizePath(PLAYER_PATH[mode], locale)}?${q}`;
    },
    [address, mode, locale],
  );

  const select = useCallback(
    (period: CourseResourceItem, play = false) => {
      setCountdown(undefined);
      setAutoPlay(play);
      history.pushState(null, '', hrefOf(period));
      setAddress(readAddress());
    },
    [hrefOf],
  );

  const onProgress = useCallback((itemId: string, result: ProgressReportResult) => {
    setProgress((p) => ({ ...p, [itemId]: result.studyProgress }));
    setCourseProgress(result.courseProgress);
  }, []);

  const onFinished = useCallback(() => {
    if (next) setCountdown(AUTO_NEXT_SECONDS);
  }, [next]);

  useEffect(() => {
    if (countdown === undefined) return;
    if (countdown <= 0) {
      if (next) select(next, true);
      return;
    }
    const id = window.setTimeout(() => setCountdown((n) => (n === undefined ? n : n - 1)), 1000);
    return () => window.clearTimeout(id);
  }, [countdown, next, select]);

  if (!mounted) {
    return <LoadState status="loading" texts={{ loading: messages['learning.loading'], error: '', retry: '', empty: '' }} />;
  }
  if (!token) return <LoginFirst look="stage" text={messages['auth.loginFirst']} linkText={messages['player.signIn']} />;
  if (!address.courseId) {
    return (
      <div role="alert" className="bg-muted flex min-h-64 flex-col items-center justify-center gap-4 rounded-lg p-8 text-center">
        <p>{messages['player.noCourse']}</p>
        <a className={primaryButton} href={localizePath('/knowledge', locale)}>
          {messages['player.backToCourse']}
        </a>
      </div>
    );
  }
  if (state.status === 'blocked') {
    return (
      <div role="alert" className="bg-muted flex min-h-64 items-center justify-center rounded-lg p-8 text-center">
        <p className="font-medium" data-testid="access-message">
          {state.message}
        </p>
      </div>
    );
  }
  if (state.status !== 'ready') {
    return (
      <LoadState
        status={state.status}
        texts={{ loading: messages['learning.loading'], error: messages['learning.loadFailed'], retry: messages['learning.retry'], empty: '' }}
        onRetry={() => setAttempt((n) => n + 1)}
      />
    );
  }

  const { course, config } = state;
  const panelTexts: ChapterPanelTexts = {
    title: messages['player.chapters'],
    current: messages['player.current'],
    courseProgress: messages['player.courseProgress'],
    progress: messages['player.periodProgress'],
    types: Object.fromEntries(typeLabelKeys.map((k) => [k, messages[k]])) as Record<TypeLabelKey, string>,
  };
  const courseHref = localizePath(`/knowledge/course/${encodeURIComponent(course.id)}`, locale);
  const panel = (
    <ChapterPanel
      groups={groups}
      currentId={current?.subResourceId}
      progress={progress}
      courseProgress={courseProgress}
      texts={panelTexts}
      hrefOf={hrefOf}
      onSelect={panelOnly ? undefined : (p) => select(p)}
      className={panelOnly ? undefined : 'lg:sticky lg:top-4 lg:max-h-[calc(100dvh-2rem)] lg:overflow-auto'}
    />
  );

  if (panelOnly) {
    const resume = periods.find((p) => p.subResourceId === course.lastItemId) ?? periods[0];
    return (
      <div className="mx-auto grid max-w-3xl gap-6">
        <header className="grid gap-3">
          <a href={courseHref} className="text-muted-foreground hover:text-foreground w-fit text-sm underline-offset-4 hover:underline">
            {messages['player.backToCourse']}
          </a>
          <h1 className="text-2xl font-semibold">{course.name}</h1>
          {resume && (
            <a className={`${primaryButton} w-fit`} href={hrefOf(resume)}>
              {course.lastItemId ? messages['player.continueStudy'] : messages['player.startStudy']}
            </a>
          )}
        </header>
        {periods.length ? panel : <p className="text-muted-foreground">{messages['learning.empty']}</p>}
      </div>
    );
  }

  const periodValue = current ? (progress[current.subResourceId] ?? current.studyProgress) : 0;
  return (
    <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_20rem]">
      <section aria-labelledby="period-title" className="grid min-w-0 content-start gap-4">
        <div className="grid gap-1">
          <a href={courseHref} className="text-muted-foreground hover:text-foreground w-fit text-sm underline-offset-4 hover:underline">
            {course.name}
          </a>
          <h1 id="period-title" className="text-xl font-semibold">
            {current?.subResourceName ?? course.name}
          </h1>
        </div>
        {current ? (
          <PeriodStage
            key={current.subResourceId}
            locale={locale}
            courseId={course.id}
            period={current}
            scope={scope}
            config={config}
            messages={messages}
            autoPlay={autoPlay}
            onProgress={onProgress}
            onFinished={onFinished}
          />
        ) : (
          <p className="text-muted-foreground bg-muted rounded-md p-8 text-center">{messages['learning.empty']}</p>
        )}
        {current && (
          <div className="flex flex-wrap items-center gap-3">
            <p className="me-auto text-sm" data-testid="period-progress" aria-live="polite">
              {fill(messages['player.periodProgress'], { value: periodValue })}
            </p>
            <button type="button" className={linkButton} disabled={!prev} onClick={() => prev && select(prev)}>
              {messages['player.prevPeriod']}
            </button>
            <button type="button" className={linkButton} disabled={!next} onClick={() => next && select(next)}>
              {messages['player.nextPeriod']}
            </button>
          </div>
        )}
        {countdown !== undefined && next && (
          <div role="status" className="bg-accent flex flex-wrap items-center gap-3 rounded-md px-4 py-3 text-sm">
            <span className="me-auto">{fill(messages['player.autoNext'], { seconds: countdown, name: next.subResourceName })}</span>
            <button type="button" className={primaryButton} onClick={() => select(next, true)}>
              {messages['player.playNow']}
            </button>
            <button type="button" className={linkButton} onClick={() => setCountdown(undefined)}>
              {messages['player.cancel']}
            </button>
          </div>
        )}
      </section>
      <aside>{panel}</aside>
    </div>
  );
}
