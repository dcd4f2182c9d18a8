/**
 * The rankings page (`/home/rank`): the three whole rankings — points, credit hours and
 * certificates — as tabs, each paged with the caller's own place. The chosen ranking and page
 * live in the URL query (`?tab=creditHour&page=2`).
 */
import AwardIcon from 'lucide-react/icons/award';
import ClockIcon from 'lucide-react/icons/clock';
import TrophyIcon from 'lucide-react/icons/trophy';
import { useRef, useState, type ComponentType, type KeyboardEvent } from 'react';
import type { RankMeasure } from '@/api/rank';
import { RankBoard, RankSkeleton } from '@/components/rank/RankBoard';
import type { RankPageMessages } from '@/components/rank/messages';
import { parseRankQuery, RANK_TABS, rankSearch, type RankQuery } from '@/components/rank/rank-query';
import { useSignedIn } from '@/components/shell/use-signed-in';
import { LoadState, loadTexts } from '@/components/ui/load-state';
import { LoginFirst } from '@/components/ui/login-first';
import type { Locale } from '@/i18n/locale-path';

/** Entries a page on the rankings page. */
export const RANK_PAGE_SIZE = 10;

const ICONS: Record<RankMeasure, ComponentType<{ className?: string; 'aria-hidden'?: boolean }>> = {
  integral: TrophyIcon,
  creditHour: ClockIcon,
  certificate: AwardIcon,
};

interface RankingsPageProps {
  locale: Locale;
  messages: RankPageMessages;
}

function readQuery(): RankQuery {
  return typeof location === 'undefined' ? { tab: 'integral', page: 1 } : parseRankQuery(location.search);
}

export function RankingsPage({ locale, messages: m }: RankingsPageProps) {
  const signedIn = useSignedIn();
  const [query, setQuery] = useState<RankQuery>(readQuery);
  const tabRefs = useRef<Partial<Record<RankMeasure, HTMLButtonElement | null>>>({});

  if (signedIn === undefined) {
    return (
      <LoadState status="loading" texts={loadTexts(m)} skeleton={<RankSkeleton rows={RANK_PAGE_SIZE} roomy />} />
    );
  }
  if (!signedIn) return <LoginFirst look="notice" text={m['auth.loginFirst']} linkText={m['study.signIn']} />;

  const update = (next: RankQuery) => {
    setQuery(next);
    const url = new URL(location.href);
    url.search = rankSearch(url.search, next);
    history.replaceState(history.state, '', url);
  };

  const choose = (tab: RankMeasure, focus = false) => {
    if (tab !== query.tab) update({ tab, page: 1 });
    if (focus) tabRefs.current[tab]?.focus();
  };

  const onKeyDown = (event: KeyboardEvent<HTMLButtonElement>) => {
    const index = RANK_TABS.indexOf(query.tab);
    const next = { ArrowRight: index + 1, ArrowLeft: index - 1, Home: 0, End: RANK_TABS.length - 1 }[event.key];
    if (next === undefined) return;
    event.preventDefault();
    choose(RANK_TABS[(next + RANK_TABS.length) % RANK_TABS.length]!, true);
  };

  const title = m[`home.rank.${query.tab}`];

  return (
    <div className="grid gap-6">
      <div role="tablist" aria-label={m['home.rank.tabs']} className="grid grid-cols-3 gap-2 sm:gap-3">
        {RANK_TABS.map((tab) => {
          const Icon = ICONS[tab];
          return (
            <button
              key={tab}
              ref={(el) => {
                tabRefs.current[tab] = el;
              }}
              id={`rank-tab-${tab}`}
              type="button"
              role="tab"
              aria-selected={query.tab === tab}
              aria-controls="rank-panel"
              tabIndex={query.tab === tab ? 0 : -1}
              onClick={() => choose(tab)}
              onKeyDown={onKeyDown}
              className="bg-card hover:bg-accent/60 focus-visible:ring-ring/50 aria-selected:border-primary aria-selected:bg-primary/5 aria-selected:text-primary flex items-center justify-center gap-2 rounded-xl border px-3 py-3 text-sm font-semibold outline-none focus-visible:ring-[3px] sm:text-base"
            >
              <Icon aria-hidden className="size-5 shrink-0" />
              {m[`home.rank.${tab}`]}
            </button>
          );
        })}
      </div>
      <section
        role="tabpanel"
        id="rank-panel"
        aria-labelledby={`rank-tab-${query.tab}`}
        className="bg-card grid gap-2 rounded-xl border p-4 shadow-xs sm:p-6"
      >
        <RankBoard
          key={query.tab}
          measure={query.tab}
          locale={locale}
          messages={m}
          pageSize={RANK_PAGE_SIZE}
          page={query.page}
          onPageChange={(page) => update({ ...query, page })}
          onPageOutOfRange={(page) => update({ ...query, page })}
          roomy
          title={title}
        />
      </section>
    </div>
  );
}
