/**
 * The signed-in visitor's greeting (by time of day) with their department, and their exam
 * tasks counted (`examTaskRecordCount`), each count leading to the exam centre.
 */
import { useStore } from '@nanostores/react';
import ArrowRightIcon from 'lucide-react/icons/arrow-right';
import { useEffect, useState } from 'react';
import type { ExamTaskCount } from '@/api/exam-types';
import { getExamTaskRecordCount } from '@/api/exam';
import { Bar, cardClass } from '@/components/home/parts';
import type { HomeMessages } from '@/components/home/messages';
import { PersonAvatar } from '@/components/rank/PersonAvatar';
import { fill } from '@/i18n/fill';
import { localizePath, type Locale } from '@/i18n/locale-path';
import { $user } from '@/stores/session';

interface GreetingProps {
  locale: Locale;
  messages: HomeMessages;
}

function greetingKey(hour: number) {
  if (hour < 12) return 'home.greeting.morning' as const;
  if (hour < 18) return 'home.greeting.afternoon' as const;
  return 'home.greeting.evening' as const;
}

function ExamCounts({ locale, messages: m }: GreetingProps) {
  const [count, setCount] = useState<ExamTaskCount>();
  const [status, setStatus] = useState<'loading' | 'error' | 'ready'>('loading');
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    const controller = new AbortController();
    setStatus('loading');
    getExamTaskRecordCount({ isShowErrTip: false, signal: controller.signal }).then(
      (found) => {
        setCount(found);
        setStatus('ready');
      },
      () => !controller.signal.aborted && setStatus('error'),
    );
    return () => controller.abort();
  }, [attempt]);

  const exam = (query = '') => `${localizePath('/exam', locale)}${query}`;
  const tiles = [
    { label: m['home.exam.total'], value: count?.total, href: exam() },
    { label: m['home.exam.waiting'], value: count?.waiting, href: exam('?status=0'), strong: true },
    { label: m['home.exam.waitingMark'], value: count?.waitingMark, href: exam('?status=3') },
    { label: m['home.exam.pass'], value: count?.pass, href: exam('?status=1') },
  ];

  return (
    <section aria-labelledby="home-exam" className="grid gap-2">
      <div className="flex items-center justify-between gap-3">
        <h2 id="home-exam" className="text-sm font-semibold">
          {m['home.exam.title']}
        </h2>
        <a
          href={exam()}
          className="text-muted-foreground hover:text-primary focus-visible:ring-ring/50 inline-flex items-center gap-1 rounded-md text-xs font-medium outline-none focus-visible:ring-[3px]"
        >
          {m['home.exam.centre']}
          <ArrowRightIcon aria-hidden="true" className="size-3.5" />
        </a>
      </div>
      {status === 'error' ? (
        <p role="alert" className="flex items-center gap-3 text-sm">
          <span className="text-destructive">{m['learning.loadFailed']}</span>
          <button
            type="button"
            onClick={() => setAttempt((n) => n + 1)}
            className="focus-visible:ring-ring/50 hover:bg-accent rounded-md border px-2.5 py-0.5 text-xs font-medium outline-none focus-visible:ring-[3px]"
          >
            {m['learning.retry']}
          </button>
        </p>
      ) : (
        <ul aria-busy={status === 'loading'} className="grid grid-cols-4 gap-2">
          {tiles.map((tile) => (
            <li key={tile.label}>
              <a
                href={tile.href}
                className="hover:border-primary/40 hover:bg-primary/5 focus-visible:ring-ring/50 flex flex-col items-center gap-0.5 rounded-xl border px-2 py-2.5 text-center outline-none focus-visible:ring-[3px]"
              >
                {status === 'loading' ? (
                  <Bar className="my-1 h-6 w-8" />
                ) : (
                  <span className={`text-2xl leading-8 font-semibold tabular-nums ${tile.strong && tile.value ? 'text-primary' : ''}`}>
                    {tile.value ?? 0}
                  </span>
                )}
                <span className="text-muted-foreground text-xs whitespace-nowrap">{tile.label}</span>
              </a>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

export function Greeting({ locale, messages: m }: GreetingProps) {
  const user = useStore($user);
  const name = user?.userName ?? '';
  const hello = fill(m[greetingKey(new Date().getHours())], { name }).replace(/[，,]\s*$/, '');
  const where = [user?.departmentName, user?.postName].filter(Boolean).join(' · ');
  return (
    <div className={`${cardClass} grid items-center gap-5 p-5 md:grid-cols-[1fr_auto] md:gap-8 md:p-6`}>
      <div className="flex min-w-0 items-center gap-4">
        <PersonAvatar name={name || '?'} src={user?.headPortrait} className="size-14 text-xl" />
        <div className="grid min-w-0 gap-0.5">
          <p className="truncate text-xl font-semibold tracking-tight">{hello}</p>
          <p className="text-muted-foreground truncate text-sm">{where || m['home.greeting.tagline']}</p>
          {where && <p className="text-muted-foreground hidden truncate text-sm lg:block">{m['home.greeting.tagline']}</p>}
        </div>
      </div>
      <div className="md:w-96">
        <ExamCounts locale={locale} messages={m} />
      </div>
    </div>
  );
}
