/**
 * The company's study dynamics on the home page (`studyDynamicPage`, scope company, 10 a
 * page): who started or completed which course, joined which project or live class, and how
 * long ago, each linking to its course, project or live room. "Load more" appends the next
 * page; the loaded pages are kept, so coming back shows them again. Loaded lazily.
 */
import ActivityIcon from 'lucide-react/icons/activity';
import { useEffect, useState } from 'react';
import type { StudyDynamic } from '@/api/learning-types';
import { getStudyDynamics } from '@/api/player';
import type { HomeMessages } from '@/components/home/messages';
import { Bar, cardClass, SectionHeading } from '@/components/home/parts';
import { TimeAgo } from '@/components/home/TimeAgo';
import { ActivitySentence } from '@/components/player/ActivitySentence';
import { PersonAvatar } from '@/components/rank/PersonAvatar';
import { useKeptState } from '@/components/shell/keep-alive';
import { LoadState, loadTexts } from '@/components/ui/load-state';
import { fill } from '@/i18n/fill';
import type { Locale } from '@/i18n/locale-path';

interface CompanyDynamicsProps {
  locale: Locale;
  messages: HomeMessages;
}

/** The pages loaded so far (kept across leaving the page and coming back). */
interface Loaded {
  list: StudyDynamic[];
  page: number;
  totalPage: number;
  totalCount: number;
}

const NOTHING: Loaded = { list: [], page: 0, totalPage: 0, totalCount: 0 };

function load(pageCurrent: number) {
  return getStudyDynamics({ pageCurrent, scope: 'company' }, { isShowErrTip: false });
}

function Skeleton() {
  return (
    <ul className="grid gap-x-8 lg:grid-cols-2">
      {Array.from({ length: 10 }, (_, i) => (
        <li key={i} className="flex items-center gap-3 border-b py-3">
          <span className="bg-muted size-9 shrink-0 animate-pulse rounded-full" />
          <span className="grid flex-1 gap-1.5">
            <Bar className="h-4 w-4/5" />
            <Bar className="h-3 w-16" />
          </span>
        </li>
      ))}
    </ul>
  );
}

export function CompanyDynamics({ locale, messages: m }: CompanyDynamicsProps) {
  const [loaded, setLoaded] = useKeptState<Loaded>('home.dynamics', NOTHING);
  const [first, setFirst] = useState<'loading' | 'error'>('loading');
  const [more, setMore] = useState<'idle' | 'loading' | 'error'>('idle');
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    if (loaded.page > 0) return;
    let live = true;
    setFirst('loading');
    load(1).then(
      (result) => {
        if (!live) return;
        // Pages kept from an earlier visit win over a first page that raced them.
        setLoaded((shown) =>
          shown.page > 0
            ? shown
            : { list: result.list, page: 1, totalPage: result.totalPage, totalCount: result.totalCount },
        );
      },
      () => live && setFirst('error'),
    );
    return () => {
      live = false;
    };
    // Runs on mount and on retry; kept pages need no call.
  }, [attempt]);

  const loadMore = () => {
    setMore('loading');
    load(loaded.page + 1).then(
      (result) => {
        // Activity recorded meanwhile shifts the pages; keep each dynamic once.
        setLoaded((shown) => {
          const seen = new Set(shown.list.map((d) => d.id));
          return {
            list: [...shown.list, ...result.list.filter((d) => !seen.has(d.id))],
            page: Math.max(shown.page, result.pageCurrent),
            totalPage: result.totalPage,
            totalCount: result.totalCount,
          };
        });
        setMore('idle');
      },
      () => setMore('error'),
    );
  };

  const status = loaded.page > 0 ? (loaded.list.length ? 'ready' : 'empty') : first;
  const now = Date.now();
  return (
    <section aria-labelledby="home-dynamics" className={`${cardClass} grid gap-4 p-5 sm:p-6`}>
      <SectionHeading
        id="home-dynamics"
        title={m['home.dynamic.title']}
        note={m['home.dynamic.subtitle']}
        icon={<ActivityIcon aria-hidden="true" className="text-primary size-5" />}
      />
      <LoadState
        status={status}
        texts={loadTexts(m, m['home.dynamic.empty'])}
        onRetry={() => setAttempt((n) => n + 1)}
        skeleton={<Skeleton />}
      >
        <ul className="grid gap-x-8 lg:grid-cols-2">
          {loaded.list.map((dynamic) => (
            <li key={dynamic.id} className="flex items-start gap-3 border-b py-3">
              <PersonAvatar name={dynamic.userName || '?'} src={dynamic.headPortrait} className="size-9" />
              <div className="grid min-w-0 flex-1 gap-0.5">
                <p className="text-sm leading-relaxed break-words">
                  <ActivitySentence dynamic={dynamic} locale={locale} template={m[`home.dynamic.${dynamic.kind}`]} unnamed={m['home.dynamic.unnamed']} />
                </p>
                <TimeAgo value={dynamic.createdAt} locale={locale} now={now} className="text-muted-foreground text-xs" />
              </div>
            </li>
          ))}
        </ul>
        <div className="flex flex-wrap items-center justify-center gap-x-4 gap-y-2 pt-1">
          <p aria-live="polite" className="text-muted-foreground text-xs tabular-nums">
            {fill(m['home.dynamic.shown'], { shown: loaded.list.length, total: Math.max(loaded.totalCount, loaded.list.length) })}
          </p>
          {more === 'error' && (
            <p role="alert" className="text-destructive text-xs">
              {m['learning.loadFailed']}
            </p>
          )}
          {loaded.page < loaded.totalPage && (
            <button
              type="button"
              onClick={loadMore}
              disabled={more === 'loading'}
              className="focus-visible:ring-ring/50 hover:bg-accent rounded-md border px-4 py-1.5 text-sm font-medium outline-none focus-visible:ring-[3px] disabled:pointer-events-none disabled:opacity-50"
            >
              {more === 'error' ? m['learning.retry'] : more === 'loading' ? m['learning.loading'] : m['home.dynamic.more']}
            </button>
          )}
        </div>
      </LoadState>
    </section>
  );
}
