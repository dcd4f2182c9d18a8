/**
 * `/watch`: the learner's courses in progress (to continue where they stopped) and the ones
 * completed recently, as links into the player, and their recent study activity.
 */
import { useStore } from '@nanostores/react';
import { useEffect, useId, useState } from 'react';
import type { CourseItem } from '@/api/learning-types';
import { getCoursePage } from '@/api/course';
import type { WatchHomeMessages } from '@/components/player/messages';
import { RecentActivity } from '@/components/player/RecentActivity';
import { LoadState, type LoadStatus } from '@/components/ui/load-state';
import { LoginFirst } from '@/components/ui/login-first';
import { fill } from '@/i18n/fill';
import { localizePath, type Locale } from '@/i18n/locale-path';
import { $token } from '@/stores/session';

interface WatchHomeProps {
  locale: Locale;
  messages: WatchHomeMessages;
}

function CourseList({ title, courses, status, action, locale, messages, onRetry }: {
  title: string;
  courses: CourseItem[];
  status: LoadStatus;
  action: string;
  locale: Locale;
  messages: WatchHomeMessages;
  onRetry: () => void;
}) {
  const id = useId();
  return (
    <section aria-labelledby={id} className="grid gap-4">
      <h2 id={id} className="text-lg font-semibold">
        {title}
      </h2>
      <LoadState
        status={status}
        texts={{
          loading: messages['learning.loading'],
          error: messages['learning.loadFailed'],
          retry: messages['learning.retry'],
          empty: messages['learning.empty'],
        }}
        onRetry={onRetry}
      >
        <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
          {courses.map((course) => (
            <li key={course.id} className="bg-card grid overflow-hidden rounded-lg border">
              {course.cover ? (
                <img src={course.cover} alt="" loading="lazy" className="aspect-video w-full object-cover" />
              ) : (
                <div aria-hidden="true" className="bg-muted aspect-video w-full" />
              )}
              <div className="grid gap-2 p-3">
                <h3 className="line-clamp-2 text-sm font-medium">{course.name}</h3>
                <div
                  role="progressbar"
                  aria-label={fill(messages['learning.progress'], { value: course.studyProgress })}
                  aria-valuemin={0}
                  aria-valuemax={100}
                  aria-valuenow={course.studyProgress}
                  className="bg-primary/20 h-1.5 overflow-hidden rounded-full"
                >
                  <div className="bg-primary h-full" style={{ width: `${course.studyProgress}%` }} />
                </div>
                <div className="flex items-center justify-between gap-2 text-xs">
                  <span className="text-muted-foreground">{fill(messages['learning.progress'], { value: course.studyProgress })}</span>
                  <a
                    href={`${localizePath('/watch/course', locale)}?courseId=${encodeURIComponent(course.id)}`}
                    className="text-primary focus-visible:ring-ring/50 rounded font-medium outline-none hover:underline focus-visible:ring-[3px]"
                    aria-label={`${action} ${course.name}`}
                  >
                    {action}
                  </a>
                </div>
              </div>
            </li>
          ))}
        </ul>
      </LoadState>
    </section>
  );
}

type Block = { status: LoadStatus; courses: CourseItem[] };

export function WatchHome({ locale, messages }: WatchHomeProps) {
  const token = useStore($token);
  const [mounted, setMounted] = useState(false);
  const [learning, setLearning] = useState<Block>({ status: 'loading', courses: [] });
  const [done, setDone] = useState<Block>({ status: 'loading', courses: [] });
  const [attempt, setAttempt] = useState(0);

  useEffect(() => setMounted(true), []);
  useEffect(() => {
    if (!token) return;
    let live = true;
    const load = (learningStatus: 1 | 2, set: (b: Block) => void) => {
      set({ status: 'loading', courses: [] });
      getCoursePage({ learningStatus }, { isShowErrTip: false }).then(
        (page) => live && set({ status: page.list.length ? 'ready' : 'empty', courses: page.list }),
        () => live && set({ status: 'error', courses: [] }),
      );
    };
    load(1, setLearning);
    load(2, setDone);
    return () => {
      live = false;
    };
  }, [token, attempt]);

  if (!mounted) return null;
  if (!token) return <LoginFirst look="stage" text={messages['auth.loginFirst']} linkText={messages['player.signIn']} />;
  const retry = () => setAttempt((n) => n + 1);
  return (
    <div className="grid gap-10">
      <CourseList title={messages['player.continuing']} courses={learning.courses} status={learning.status} action={messages['player.continueStudy']} locale={locale} messages={messages} onRetry={retry} />
      <CourseList title={messages['player.recent']} courses={done.courses} status={done.status} action={messages['player.review']} locale={locale} messages={messages} onRetry={retry} />
      <RecentActivity locale={locale} messages={messages} />
    </div>
  );
}
