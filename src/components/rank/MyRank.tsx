/**
 * The caller's own place in a ranking ("my place"): the place, or "not ranked yet" while they
 * have nothing, their value and how many members are ranked. Loads it itself unless given.
 */
import { useStore } from '@nanostores/react';
import { useEffect, useState } from 'react';
import type { CurrentRank } from '@/api/home-types';
import { getCurrentRank, type RankMeasure } from '@/api/rank';
import { PersonAvatar } from '@/components/rank/PersonAvatar';
import { RankValue } from '@/components/rank/RankList';
import type { RankMessages } from '@/components/rank/messages';
import { fill } from '@/i18n/fill';
import type { Locale } from '@/i18n/locale-path';
import { $user } from '@/stores/session';

interface MyRankProps {
  measure: RankMeasure;
  locale: Locale;
  messages: RankMessages;
  /** A larger card with the caller's picture (the rankings page, the account cards). */
  prominent?: boolean;
}

export function MyRank({ measure, locale, messages: m, prominent }: MyRankProps) {
  const user = useStore($user);
  const [current, setCurrent] = useState<CurrentRank>();
  const [status, setStatus] = useState<'loading' | 'error' | 'ready'>('loading');
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    const controller = new AbortController();
    setStatus('loading');
    getCurrentRank(measure, { isShowErrTip: false, signal: controller.signal }).then(
      (found) => {
        setCurrent(found);
        setStatus('ready');
      },
      () => !controller.signal.aborted && setStatus('error'),
    );
    return () => controller.abort();
  }, [measure, attempt]);

  let body;
  if (status === 'loading') {
    body = (
      <span role="status" aria-busy="true" className="flex flex-1 items-center gap-2">
        <span className="sr-only">{m['learning.loading']}</span>
        <span aria-hidden="true" className="bg-muted h-4 w-24 animate-pulse rounded" />
      </span>
    );
  } else if (status === 'error' || !current) {
    body = (
      <span role="alert" className="flex flex-1 items-center justify-between gap-2 text-sm">
        <span className="text-destructive">{m['learning.loadFailed']}</span>
        <button
          type="button"
          onClick={() => setAttempt((n) => n + 1)}
          className="focus-visible:ring-ring/50 hover:bg-accent shrink-0 rounded-md border px-2.5 py-0.5 text-xs font-medium outline-none focus-visible:ring-[3px]"
        >
          {m['learning.retry']}
        </button>
      </span>
    );
  } else {
    body = (
      <span className="flex min-w-0 flex-1 flex-wrap items-baseline justify-between gap-x-3 gap-y-0.5">
        <span className={`font-semibold ${prominent ? 'text-xl' : 'text-sm'}`}>
          {current.rank === null ? m['home.rank.unranked'] : fill(m['home.rank.place'], { rank: current.rank })}
        </span>
        <span className="flex items-baseline gap-3 text-sm">
          <RankValue value={current.value} measure={measure} locale={locale} messages={m} />
          <span className="text-muted-foreground text-xs">{fill(m['home.rank.total'], { total: current.total })}</span>
        </span>
      </span>
    );
  }

  return (
    <div
      className={`bg-primary/5 border-primary/15 flex items-center gap-3 rounded-lg border ${prominent ? 'p-4' : 'px-3 py-2'}`}
    >
      {prominent && user && <PersonAvatar name={user.userName} src={user.headPortrait} className="size-12" />}
      <span className="flex min-w-0 flex-1 flex-col gap-0.5">
        <span className="text-muted-foreground text-xs font-medium">{m['home.rank.mine']}</span>
        {body}
      </span>
    </div>
  );
}
