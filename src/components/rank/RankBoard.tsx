/**
 * A ranking with paging and the caller's own place: a card on the home page (the call's page
 * size: integral 3, credit hours 9, certificates 3), the whole panel on the rankings page.
 * The page is the board's own unless the caller controls it (the rankings page keeps it in
 * the URL) and kept for coming back. While a next page loads, the shown one stays, dimmed.
 */
import { useStore } from '@nanostores/react';
import { useEffect, useRef, useState } from 'react';
import type { RankEntry } from '@/api/home-types';
import { getRankPage, type RankMeasure } from '@/api/rank';
import type { PageResult } from '@/api/types';
import { MyRank } from '@/components/rank/MyRank';
import { RankList } from '@/components/rank/RankList';
import type { RankMessages } from '@/components/rank/messages';
import { useKeptState } from '@/components/shell/keep-alive';
import { LoadState, loadTexts, type LoadStatus } from '@/components/ui/load-state';
import { Pager, pagerTexts } from '@/components/ui/pager';
import { fill } from '@/i18n/fill';
import type { Locale } from '@/i18n/locale-path';
import { $user } from '@/stores/session';

interface RankBoardProps {
  measure: RankMeasure;
  locale: Locale;
  messages: RankMessages;
  /** Entries a page; the call's default when absent. */
  pageSize?: number;
  /** The page, when the caller keeps it; with {@link RankBoardProps.onPageChange}. */
  page?: number;
  onPageChange?: (page: number) => void;
  /** The page turned out to be past the end (a stale link): the last page that exists. */
  onPageOutOfRange?: (lastPage: number) => void;
  /** The rankings page: roomier rows, the caller's place first and larger. */
  roomy?: boolean;
  /** The ranking's name, which also names its pager. */
  title: string;
}

/** Placeholder rows while the first page loads. */
export function RankSkeleton({ rows, roomy }: { rows: number; roomy?: boolean }) {
  return (
    <ul className="grid gap-0.5">
      {Array.from({ length: rows }, (_, i) => (
        <li key={i} className={`flex items-center gap-3 px-2 ${roomy ? 'py-2.5' : 'py-1.5'}`}>
          <span className="bg-muted size-7 shrink-0 animate-pulse rounded-full" />
          <span className={`bg-muted ${roomy ? 'size-10' : 'size-8'} shrink-0 animate-pulse rounded-full`} />
          <span className="grid flex-1 gap-1.5">
            <span className="bg-muted h-3.5 w-24 animate-pulse rounded" />
            <span className="bg-muted h-3 w-16 animate-pulse rounded" />
          </span>
          <span className="bg-muted h-4 w-12 animate-pulse rounded" />
        </li>
      ))}
    </ul>
  );
}

const DEFAULT_SIZE: Record<RankMeasure, number> = { integral: 3, creditHour: 9, certificate: 3 };

export function RankBoard({
  measure,
  locale,
  messages: m,
  pageSize,
  page: controlledPage,
  onPageChange,
  onPageOutOfRange,
  roomy,
  title,
}: RankBoardProps) {
  const user = useStore($user);
  // A page turned on the board itself is kept for when the visitor comes back.
  const [ownPage, setOwnPage] = useKeptState(`rank.${measure}.${pageSize ?? 'default'}.page`, 1);
  const page = controlledPage ?? ownPage;
  const [result, setResult] = useState<PageResult<RankEntry>>();
  const [status, setStatus] = useState<LoadStatus>('loading');
  const [busy, setBusy] = useState(false);
  const [attempt, setAttempt] = useState(0);
  const outOfRange = useRef(onPageOutOfRange);
  outOfRange.current = onPageOutOfRange;

  useEffect(() => {
    const controller = new AbortController();
    setBusy(true);
    getRankPage(
      measure,
      { pageCurrent: page, ...(pageSize ? { pageSize } : {}) },
      { isShowErrTip: false, signal: controller.signal },
    ).then(
      (found) => {
        setBusy(false);
        if (!found.list.length && page > 1 && found.totalPage > 0) {
          outOfRange.current?.(found.totalPage);
          if (!outOfRange.current) setOwnPage(found.totalPage);
          return;
        }
        setResult(found);
        setStatus(found.list.length ? 'ready' : 'empty');
      },
      () => {
        if (controller.signal.aborted) return;
        setBusy(false);
        setStatus('error');
      },
    );
    return () => controller.abort();
  }, [measure, page, pageSize, attempt]);

  const turn = (next: number) => (onPageChange ? onPageChange(next) : setOwnPage(next));
  const rows = pageSize ?? DEFAULT_SIZE[measure];
  const mine = <MyRank measure={measure} locale={locale} messages={m} prominent={roomy} />;

  return (
    <div className="grid gap-3">
      {roomy && mine}
      <div aria-busy={busy} className={`transition-opacity ${busy && result ? 'opacity-60' : ''}`}>
        <LoadState
          status={status === 'loading' || (status === 'error' && busy) ? 'loading' : status}
          texts={loadTexts(m, m['home.rank.empty'])}
          onRetry={() => setAttempt((n) => n + 1)}
          skeleton={<RankSkeleton rows={rows} roomy={roomy} />}
        >
          <RankList
            entries={result?.list ?? []}
            measure={measure}
            locale={locale}
            messages={m}
            meId={user?.id}
            roomy={roomy}
          />
          <Pager
            page={result?.pageCurrent ?? page}
            totalPage={result?.totalPage ?? 0}
            onChange={turn}
            disabled={busy}
            texts={{ ...pagerTexts(m), label: fill(m['home.rank.pages'], { title }) }}
          />
        </LoadState>
      </div>
      {!roomy && mine}
    </div>
  );
}
