/**
 * A study task (`/account/task/{id}`): its type, dates and the caller's progress, the required
 * and elective courses (into the player with the task), the exams of an exam task, rating,
 * collection and comments. A task past its end that is not completed says 'The available
 * learning time has expired' and its courses cannot be opened; a task that is not the caller's
 * shows the not-found state.
 */
import { useStore } from '@nanostores/react';
import { useEffect, useState } from 'react';
import type { CourseItem, StudyTaskDetail } from '@/api/learning-types';
import { getStudyTask, isNotFound, saveStudyTaskMark, setStudyCollected } from '@/api/study';
import { formatDay } from '@/components/study/format';
import type { TaskMessages } from '@/components/study/messages';
import { AccessAlert, CollectButton, NotFoundNotice, PageProgress, useBusy } from '@/components/study/DetailParts';
import { StudyComments } from '@/components/study/StudyComments';
import { StudyCourseList } from '@/components/study/StudyCourseItem';
import { taskTypeLabel } from '@/components/study/TaskCard';
import { LoadState, loadTexts, type LoadStatus } from '@/components/ui/load-state';
import { LoginFirst } from '@/components/ui/login-first';
import { StarInput } from '@/components/ui/star-input';
import { Stars } from '@/components/ui/stars';
import { localizePath, routeParam, type Locale } from '@/i18n/locale-path';
import { $token } from '@/stores/session';
import { notifySuccess } from '@/stores/toasts';

interface StudyTaskPageProps {
  locale: Locale;
  messages: TaskMessages;
}

type State = LoadStatus | 'notFound';

export function StudyTaskPage({ locale, messages: m }: StudyTaskPageProps) {
  const token = useStore($token);
  // The token is known only in the browser: the built page and the first render agree without it.
  const [mounted, setMounted] = useState(false);
  useEffect(() => setMounted(true), []);
  const [id] = useState(() =>
    typeof location === 'undefined' ? undefined : routeParam(location.pathname, '/account/task'),
  );
  const [task, setTask] = useState<StudyTaskDetail>();
  const [state, setState] = useState<State>('loading');
  const [reload, setReload] = useState(0);
  const [busy, run] = useBusy();

  useEffect(() => {
    if (!token) return;
    if (!id) {
      setState('notFound');
      return;
    }
    const controller = new AbortController();
    setState('loading');
    getStudyTask(id, { isShowErrTip: false, signal: controller.signal })
      .then((found) => {
        setTask(found);
        setState('ready');
      })
      .catch((error: unknown) => {
        if (!controller.signal.aborted) setState(isNotFound(error) ? 'notFound' : 'error');
      });
    return () => controller.abort();
  }, [id, token, reload]);

  if (!mounted) return <LoadState status="loading" texts={loadTexts(m)} />;
  if (!token) return <LoginFirst look="notice" text={m['auth.loginFirst']} linkText={m['study.signIn']} />;
  if (state === 'notFound') {
    return <NotFoundNotice text={m['study.task.notFound']} />;
  }
  if (state !== 'ready' || !task) {
    return <LoadState status={state} texts={loadTexts(m)} onRetry={() => setReload((n) => n + 1)} />;
  }

  const rate = (score: number) =>
    run(async () => {
      const result = await saveStudyTaskMark({ targetId: task.id, score });
      setTask({ ...task, rating: result.rating, myRating: result.myRating });
      notifySuccess(m['study.rated']);
    });

  const toggleCollect = () =>
    run(async () => {
      await setStudyCollected('task', task.id, !task.collected);
      setTask({ ...task, collected: !task.collected });
    });

  const hrefOf = (course: CourseItem) =>
    task.expired
      ? undefined
      : localizePath(
          `/watch/task?taskId=${encodeURIComponent(task.id)}&courseId=${encodeURIComponent(course.id)}`,
          locale,
        );

  return (
    <div className="grid gap-8">
      <header className="grid gap-4 md:grid-cols-[20rem_1fr]">
        <div className="bg-muted aspect-video overflow-hidden rounded-xl">
          {task.cover && <img src={task.cover} alt="" className="size-full object-cover" />}
        </div>
        <div className="grid content-start gap-3">
          <p>
            <span className="bg-primary/10 text-primary rounded px-2 py-0.5 text-xs font-medium">
              {taskTypeLabel(m, task.taskType)}
            </span>
          </p>
          <h1 className="text-2xl font-semibold tracking-tight">{task.name}</h1>
          {task.intro && <p className="text-muted-foreground text-sm whitespace-pre-wrap">{task.intro}</p>}
          <dl className="text-muted-foreground grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
            <dt>{m['study.startAt']}</dt>
            <dd>{formatDay(task.startAt)}</dd>
            <dt>{m['study.endAt']}</dt>
            <dd>{task.endAt ? formatDay(task.endAt) : m['study.noEnd']}</dd>
          </dl>
          <PageProgress status={task.learningStatus} progress={task.studyProgress} messages={m} />
          <div className="flex flex-wrap items-center gap-4">
            <span className="flex items-center gap-2 text-sm">
              <span className="text-muted-foreground">{m['study.rating']}</span>
              <Stars value={task.rating} label={`${m['study.rating']} ${task.rating.toFixed(1)}`} />
              <span className="tabular-nums">{task.rating.toFixed(1)}</span>
            </span>
            <span className="flex items-center gap-2 text-sm">
              <span className="text-muted-foreground" aria-hidden="true">
                {m['study.myRating']}
              </span>
              <StarInput
                value={task.myRating}
                label={m['study.myRating']}
                itemLabel={m['study.rateLabel']}
                disabled={busy}
                onChange={(score) => void rate(score)}
              />
            </span>
            <CollectButton collected={task.collected} disabled={busy} onToggle={() => void toggleCollect()} messages={m} />
          </div>
        </div>
      </header>

      {task.expired && (
        <AccessAlert>{m['learning.timeExpired']}</AccessAlert>
      )}

      {task.courses.length > 0 && (
        <div className="grid gap-6">
          <StudyCourseList courses={task.courses} hrefOf={hrefOf} messages={m} headingLevel={2} />
        </div>
      )}

      {task.exams.length > 0 && (
        <section aria-labelledby="task-exams" className="grid gap-2">
          <h2 id="task-exams" className="text-sm font-semibold">
            {m['study.task.exams']}
          </h2>
          <ul className="grid gap-2">
            {task.exams.map((exam) => (
              <li key={exam.examId} className="bg-card flex flex-wrap items-center gap-3 rounded-lg border p-3">
                <span className="font-medium">{exam.name}</span>
                <span className="bg-muted rounded px-1.5 py-0.5 text-xs">
                  {m[`study.examStatus.${exam.status as 0 | 1 | 2 | 3 | 4}`] ?? m['study.examStatus.0']}
                </span>
                {task.expired || !exam.taskId ? null : (
                  <a
                    href={localizePath(`/account/exam/${encodeURIComponent(exam.taskId)}`, locale)}
                    className="bg-primary text-primary-foreground focus-visible:ring-ring/50 ms-auto rounded-md px-3 py-1.5 text-sm font-medium outline-none hover:opacity-90 focus-visible:ring-[3px]"
                  >
                    {m['study.task.takeExam']}
                  </a>
                )}
              </li>
            ))}
          </ul>
        </section>
      )}

      <StudyComments targetType="task" targetId={task.id} messages={m} />
    </div>
  );
}
