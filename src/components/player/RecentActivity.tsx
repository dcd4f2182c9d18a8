/**
 * The learner's recent study activity on `/watch`: one sentence per dynamic (started or
 * completed a course, completed a period, joined a project or a live class), newest first,
 * 10 at a time with "load more", each linking to its course, project or live room.
 */
import AwardIcon from 'lucide-react/icons/award';
import CircleCheckIcon from 'lucide-react/icons/circle-check';
import CirclePlayIcon from 'lucide-react/icons/circle-play';
import RadioIcon from 'lucide-react/icons/radio';
import UsersIcon from 'lucide-react/icons/users';
import { useCallback, useEffect, useId, useState, type ComponentType } from 'react';
import type { StudyDynamic, StudyDynamicKind } from '@/api/learning-types';
import { getStudyDynamics } from '@/api/player';
import { ActivitySentence } from '@/components/player/ActivitySentence';
import type { WatchHomeMessages } from '@/components/player/messages';
import { LoadState, type LoadStatus } from '@/components/ui/load-state';
import type { Locale } from '@/i18n/locale-path';
import { formatRelativeTime } from '@/lib/format';

interface RecentActivityProps {
  locale: Locale;
  messages: WatchHomeMessages;
}

const ICONS: Record<StudyDynamicKind, ComponentType<{ className?: string; 'aria-hidden'?: boolean }>> = {
  1: CirclePlayIcon,
  2: CircleCheckIcon,
  3: AwardIcon,
  4: UsersIcon,
  5: RadioIcon,
};

const buttonClass =
  'focus-visible:ring-ring/50 hover:bg-accent rounded-md border px-4 py-1.5 text-sm font-medium outline-none focus-visible:ring-[3px] disabled:pointer-events-none disabled:opacity-50';

export function RecentActivity({ locale, messages: m }: RecentActivityProps) {
  const headingId = useId();
  const [status, setStatus] = useState<LoadStatus>('loading');
  const [items, setItems] = useState<StudyDynamic[]>([]);
  const [paging, setPaging] = useState({ page: 0, totalPage: 0 });
  const [more, setMore] = useState<'idle' | 'loading' | 'error'>('idle');
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    let live = true;
    setStatus('loading');
    getStudyDynamics({ pageCurrent: 1 }, { isShowErrTip: false }).then(
      (result) => {
        if (!live) return;
        setItems(result.list);
        setPaging({ page: 1, totalPage: result.totalPage });
        setStatus(result.list.length ? 'ready' : 'empty');
      },
      () => live && setStatus('error'),
    );
    return () => {
      live = false;
    };
  }, [attempt]);

  const loadMore = useCallback(() => {
    setMore('loading');
    getStudyDynamics({ pageCurrent: paging.page + 1 }, { isShowErrTip: false }).then(
      (result) => {
        // Activity recorded meanwhile shifts the pages; keep each dynamic once.
        setItems((shown) => {
          const seen = new Set(shown.map((d) => d.id));
          return [...shown, ...result.list.filter((d) => !seen.has(d.id))];
        });
        setPaging({ page: result.pageCurrent, totalPage: result.totalPage });
        setMore('idle');
      },
      () => setMore('error'),
    );
  }, [paging.page]);

  const now = Date.now();
  const absolute = new Intl.DateTimeFormat(locale === 'en' ? 'en' : 'zh-CN', { dateStyle: 'medium', timeStyle: 'short' });
  return (
    <section aria-labelledby={headingId} className="grid gap-4">
      <h2 id={headingId} className="text-lg font-semibold">
        {m['player.activity.title']}
      </h2>
      <LoadState
        status={status}
        texts={{
          loading: m['learning.loading'],
          error: m['learning.loadFailed'],
          retry: m['learning.retry'],
          empty: m['player.activity.empty'],
        }}
        onRetry={() => setAttempt((n) => n + 1)}
      >
        <ul aria-labelledby={headingId} className="bg-card divide-y rounded-lg border">
          {items.map((d) => {
            const Icon = ICONS[d.kind];
            // A kind this page does not know yet (a newer gateway) has no sentence to show.
            if (!Icon) return null;
            return (
              <li key={d.id} className="flex items-start gap-3 px-4 py-3 text-sm">
                <Icon aria-hidden className="text-muted-foreground mt-0.5 size-4 shrink-0" />
                <p className="min-w-0 flex-1 leading-6">
                  <ActivitySentence dynamic={d} locale={locale} template={m[`player.activity.${d.kind}`]} unnamed={m['player.activity.unnamed']} />
                </p>
                <time dateTime={d.createdAt} title={absolute.format(new Date(d.createdAt))} className="text-muted-foreground shrink-0 text-xs leading-6">
                  {formatRelativeTime(d.createdAt, locale, now)}
                </time>
              </li>
            );
          })}
        </ul>
        {more === 'error' && (
          <p role="alert" className="text-destructive text-center text-sm">
            {m['learning.loadFailed']}
          </p>
        )}
        {paging.page < paging.totalPage && (
          <div className="flex justify-center">
            <button type="button" className={buttonClass} disabled={more === 'loading'} onClick={loadMore}>
              {more === 'loading' ? m['learning.loading'] : more === 'error' ? m['learning.retry'] : m['player.activity.loadMore']}
            </button>
          </div>
        )}
      </LoadState>
    </section>
  );
}
