/**
 * The main area of the player: one period shown by what it is. Opening it checks access
 * (`progressCheckResource`) and opens a viewing (`resourceWatch`); a refusal shows the
 * gateway's message in place of the player. Media report the spans played; documents report
 * each page once it stayed shown for the course's minimum time ("已读 2/3 页"); a file without
 * preview says it counts once downloaded; images and image-and-text report once shown; exams
 * lead to the exam; content types 5–8 are explained.
 */
import { lazy, Suspense, useCallback, useEffect, useRef, useState, type ReactNode } from 'react';
import type { CourseConfig, CourseResourceItem, ImageTextContent, ProgressReportResult, ResourceWatchResult } from '@/api/learning-types';
import { gatewayMessage, outcomeOf } from '@/api/outcome';
import { checkResource, getImageText, getProgress, getTaskIsOk, saveExamTaskByCourse, saveProgress, watchResource, type StudyScope } from '@/api/player';
import { typeLabelKey } from '@/components/learning/type-label';
import type { PlayerMessages } from '@/components/player/messages';
import { isOffline } from '@/components/player/periods';
import { useProgressReport } from '@/components/player/use-progress-report';
import { LoadState } from '@/components/ui/load-state';
import { fill } from '@/i18n/fill';
import { localizePath, type Locale } from '@/i18n/locale-path';

// Each kind of period loads only the code it needs.
const VideoPlayer = lazy(() => import('@/components/player/VideoPlayer').then((m) => ({ default: m.VideoPlayer })));
const AudioPlayer = lazy(() => import('@/components/player/AudioPlayer').then((m) => ({ default: m.AudioPlayer })));
const DocumentPeriod = lazy(() => import('@/components/player/DocumentPeriod').then((m) => ({ default: m.DocumentPeriod })));
const ResearchPeriod = lazy(() => import('@/components/player/ResearchPeriod').then((m) => ({ default: m.ResearchPeriod })));
const RecordedPeriod = lazy(() => import('@/components/player/RecordedPeriod').then((m) => ({ default: m.RecordedPeriod })));

interface PeriodStageProps {
  locale: Locale;
  courseId: string;
  period: CourseResourceItem;
  scope: StudyScope;
  config: CourseConfig;
  messages: PlayerMessages;
  autoPlay: boolean;
  onProgress: (itemId: string, result: ProgressReportResult) => void;
  /** The medium played to its end. */
  onFinished: () => void;
}

type Opened =
  | { status: 'loading' }
  | { status: 'error' }
  | { status: 'blocked'; message: string }
  | { status: 'ready'; watch?: ResourceWatchResult };

function Notice({ children }: { children: ReactNode }) {
  return (
    <div role="alert" className="bg-muted flex min-h-64 flex-col items-center justify-center gap-3 rounded-md p-8 text-center">
      {children}
    </div>
  );
}

function MediaPeriod({ watch, config, messages, autoPlay, onProgress, onFinished }: {
  watch: ResourceWatchResult;
  config: CourseConfig;
  messages: PlayerMessages;
  autoPlay: boolean;
  onProgress: (result: ProgressReportResult) => void;
  onFinished: () => void;
}) {
  const report = useProgressReport(watch.watchId, config.heartbeatSeconds, onProgress);
  const total = watch.totalDuration;
  const startAt = watch.lastPosition > 0 && (!total || watch.lastPosition < total - 1) ? watch.lastPosition : 0;
  const antiSkip = config.antiSkip && !watch.completed;
  // The last report may come back after the learner has moved to another period: then the
  // countdown to the next one is not started (it would take them away from where they went).
  const shown = useRef(true);
  useEffect(() => {
    shown.current = true;
    return () => {
      shown.current = false;
    };
  }, []);
  const ended = async (position: number) => {
    report.setPosition(position);
    await report.save();
    if (shown.current) onFinished();
  };
  // What both players take: where to start, the course's playing rules and the progress reports.
  const common = {
    label: watch.name,
    startAt,
    playbackRates: config.playbackRates,
    antiSkip,
    furthest: watch.furthest,
    onPlayed: report.add,
    onTimeUpdate: report.setPosition,
    onPause: () => void report.save(),
    onEnded: (p: number) => void ended(p),
  };
  if (watch.resourceType === 3) {
    return (
      <AudioPlayer
        url={watch.url}
        autoPlay={autoPlay}
        texts={{ speed: messages['player.speed'], antiSkip: messages['player.antiSkip'] }}
        {...common}
      />
    );
  }
  return (
    <VideoPlayer
      playUrls={watch.playUrls}
      videoConfig={watch.videoConfig}
      watermarkText={config.watermark ? config.watermarkText : undefined}
      autoPlay={autoPlay || undefined}
      messages={messages}
      {...common}
    />
  );
}

function ImageText({ courseId, itemId, messages, onViewed }: { courseId: string; itemId: string; messages: PlayerMessages; onViewed: () => void }) {
  const [content, setContent] = useState<ImageTextContent>();
  const [failed, setFailed] = useState(false);
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    let live = true;
    setFailed(false);
    getImageText(courseId, itemId, { isShowErrTip: false }).then(
      (c) => {
        if (!live) return;
        setContent(c);
        onViewed();
      },
      () => live && setFailed(true),
    );
    return () => {
      live = false;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [courseId, itemId, attempt]);
  if (!content) {
    return (
      <LoadState
        status={failed ? 'error' : 'loading'}
        texts={{ loading: messages['learning.loading'], error: messages['learning.loadFailed'], retry: messages['learning.retry'], empty: '' }}
        onRetry={() => setAttempt((n) => n + 1)}
      />
    );
  }
  return (
    <article className="bg-card grid gap-4 rounded-md border p-6 leading-7">
      {content.blocks.length === 0 && <p className="text-muted-foreground">{messages['learning.empty']}</p>}
      {content.blocks.map((block, i) =>
        block.type === 'image' ? (
          <img key={i} src={block.value} alt="" loading="lazy" className="mx-auto max-w-full rounded-md" />
        ) : (
          <p key={i} className="whitespace-pre-wrap break-words">
            {block.value}
          </p>
        ),
      )}
    </article>
  );
}

/**
 * An exam period: passed (progress 100), it says so and leads to the result; otherwise the
 * button opens the runner while an attempt is left, and the latest result when none is.
 */
function ExamPeriod({ locale, courseId, period, examId, messages }: {
  locale: Locale;
  courseId: string;
  period: CourseResourceItem;
  examId: string | null;
  messages: PlayerMessages;
}) {
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState('');
  const passed = period.studyProgress >= 100;
  const open = async () => {
    if (!examId) return setMessage(messages['player.exam.notReady']);
    setBusy(true);
    setMessage('');
    try {
      const task = await saveExamTaskByCourse({ courseId, itemId: period.subResourceId, examId });
      const ok = await getTaskIsOk(task.taskId);
      // The runner (`runnerHref`) while an attempt is left, else the latest paper's result (`resultHref`).
      const taskId = encodeURIComponent(task.taskId);
      if (ok.ok) return location.assign(localizePath(`/account/exam/examQuestion?taskId=${taskId}`, locale));
      if (ok.paper) {
        const page = ok.paper.status === 1 ? 'waitExamSuccess' : 'examSuccess';
        return location.assign(localizePath(`/account/exam/${page}?paperId=${encodeURIComponent(ok.paper.paperId)}`, locale));
      }
      setMessage(ok.message || messages['player.exam.notReady']);
    } catch {
      // The client showed the gateway's message.
    }
    setBusy(false);
  };
  return (
    <div className="bg-muted flex min-h-64 flex-col items-center justify-center gap-4 rounded-md p-8 text-center">
      {passed ? (
        <p role="status" className="text-lg font-semibold text-emerald-700 dark:text-emerald-400" data-testid="exam-period-state">
          {messages['player.exam.passed']}
        </p>
      ) : (
        <p>{fill(messages['player.exam.intro'], { name: period.subResourceName })}</p>
      )}
      <button
        type="button"
        disabled={busy}
        onClick={() => void open()}
        className="bg-primary text-primary-foreground focus-visible:ring-ring/50 hover:bg-primary/90 inline-flex h-10 items-center rounded-md px-6 text-sm font-medium outline-none focus-visible:ring-[3px] disabled:opacity-60"
      >
        {passed ? messages['player.exam.viewResult'] : messages['player.exam.start']}
      </button>
      {message && (
        <p role="alert" className="text-muted-foreground text-sm">
          {message}
        </p>
      )}
    </div>
  );
}

export function PeriodStage({ locale, courseId, period, scope, config, messages, autoPlay, onProgress, onFinished }: PeriodStageProps) {
  const itemId = period.subResourceId;
  const [opened, setOpened] = useState<Opened>({ status: 'loading' });
  const [attempt, setAttempt] = useState(0);
  const offline = isOffline(period.contentType);
  const isExam = period.contentType === 3;

  useEffect(() => {
    let live = true;
    setOpened({ status: 'loading' });
    (async () => {
      const check = await checkResource(courseId, itemId, scope, { isShowErrTip: false });
      if (!check.allowed) return { status: 'blocked', message: check.message } as const;
      if (offline || isExam) return { status: 'ready' } as const;
      const watch = await watchResource({ courseId, itemId, ...scope }, { isShowErrTip: false });
      return { status: 'ready', watch } as const;
    })().then(
      (next) => live && setOpened(next),
      (error: unknown) => {
        if (!live) return;
        const message = gatewayMessage(outcomeOf(error));
        setOpened(message ? { status: 'blocked', message } : { status: 'error' });
      },
    );
    return () => {
      live = false;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [courseId, itemId, scope.studyTaskId, scope.projectId, attempt]);

  const reportProgress = useCallback((result: ProgressReportResult) => onProgress(itemId, result), [itemId, onProgress]);
  // A questionnaire submitted or a result recorded: the period's and the course's progress as the gateway now has them.
  const refreshProgress = useCallback(() => {
    getProgress(courseId, scope, { isShowErrTip: false }).then((info) => {
      const studyProgress = info.periods.find((p) => p.itemId === itemId)?.studyProgress ?? 0;
      onProgress(itemId, {
        studyProgress,
        credited: 0,
        courseProgress: info.studyProgress,
        learningStatus: info.learningStatus,
        completed: studyProgress === 100,
        furthest: 0,
      });
    }, () => undefined);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [courseId, itemId, scope.studyTaskId, scope.projectId, onProgress]);
  const watch = opened.status === 'ready' ? opened.watch : undefined;
  const viewed = useCallback(
    (position: number) => {
      if (!watch) return;
      saveProgress({ watchId: watch.watchId, intervals: [], position }, { isShowErrTip: false }).then(reportProgress, () => undefined);
    },
    [watch, reportProgress],
  );

  if (opened.status === 'loading' || opened.status === 'error') {
    return (
      <div className="bg-muted min-h-64 rounded-md">
        <LoadState
          status={opened.status}
          texts={{ loading: messages['learning.loading'], error: messages['learning.loadFailed'], retry: messages['learning.retry'], empty: '' }}
          onRetry={() => setAttempt((n) => n + 1)}
        />
      </div>
    );
  }
  if (opened.status === 'blocked') {
    return (
      <Notice>
        <p className="font-medium" data-testid="access-message">
          {opened.message}
        </p>
      </Notice>
    );
  }
  if (offline) {
    const key = typeLabelKey(period.contentType, period.resourceType, period.fileName);
    const type = key ? messages[key] : '';
    return (
      <Suspense fallback={<div className="bg-muted min-h-64 rounded-md" aria-busy="true" />}>
        {period.contentType === 5 ? (
          <ResearchPeriod courseId={courseId} itemId={itemId} messages={messages} locale={locale} onCompleted={refreshProgress} />
        ) : (
          <RecordedPeriod
            courseId={courseId}
            itemId={itemId}
            title={type}
            intro={fill(messages['player.offline.intro'], { type })}
            messages={messages}
            onChanged={refreshProgress}
          />
        )}
      </Suspense>
    );
  }
  if (isExam) {
    return <ExamPeriod locale={locale} courseId={courseId} period={period} examId={period.examId} messages={messages} />;
  }
  if (!watch) return null;
  return (
    <Suspense fallback={<div className="bg-muted min-h-64 rounded-md" aria-busy="true" />}>
      <PeriodContent
        watch={watch}
        courseId={courseId}
        period={period}
        config={config}
        messages={messages}
        autoPlay={autoPlay}
        viewed={viewed}
        onProgress={reportProgress}
        onFinished={onFinished}
      />
    </Suspense>
  );
}

/** What an opened period shows, by its content and resource type. */
function PeriodContent({ watch, courseId, period, config, messages, autoPlay, viewed, onProgress, onFinished }: {
  watch: ResourceWatchResult;
  courseId: string;
  period: CourseResourceItem;
  config: CourseConfig;
  messages: PlayerMessages;
  autoPlay: boolean;
  viewed: (position: number) => void;
  onProgress: (result: ProgressReportResult) => void;
  onFinished: () => void;
}) {
  if (period.contentType === 4 || watch.contentType === 4) {
    return <ImageText courseId={courseId} itemId={period.subResourceId} messages={messages} onViewed={() => viewed(0)} />;
  }
  switch (watch.resourceType) {
    case 2:
    case 3:
      return (
        <MediaPeriod
          key={watch.watchId}
          watch={watch}
          config={config}
          messages={messages}
          autoPlay={autoPlay}
          onProgress={onProgress}
          onFinished={onFinished}
        />
      );
    case 5:
      return (
        <img
          src={watch.url}
          alt={watch.name}
          onLoad={() => viewed(0)}
          className="mx-auto max-h-[75vh] rounded-md border"
        />
      );
    default:
      return (
        <DocumentPeriod
          watch={watch}
          courseId={courseId}
          config={config}
          messages={messages}
          viewed={viewed}
          onProgress={onProgress}
          downloadOnly={watch.resourceType !== 4}
        />
      );
  }
}
