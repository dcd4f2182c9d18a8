/**
 * The company's top 10 lecturers by learners taught (`lecturerRankList`), with the measure
 * explained under the heading and shown on every row; each name leads to the lecturer's page.
 */
import MedalIcon from 'lucide-react/icons/medal';
import { useEffect, useId, useState } from 'react';
import { getLecturerRankList } from '@/api/lecturer';
import { LECTURER_RANK_SIZE, type LecturerRankEntry } from '@/api/lecturer-types';
import type { LecturerDirectoryMessages } from '@/components/lecturer/messages';
import { LecturerPortrait, lecturerHref } from '@/components/lecturer/parts';
import { LoadState, loadTexts, type LoadStatus } from '@/components/ui/load-state';
import { fill } from '@/i18n/fill';
import type { Locale } from '@/i18n/locale-path';

const MEDALS: Record<number, string> = {
  1: 'bg-amber-400 text-amber-950',
  2: 'bg-slate-300 text-slate-900',
  3: 'bg-orange-300 text-orange-950',
};

function RankingSkeleton() {
  return (
    <ul className="grid gap-1">
      {Array.from({ length: 5 }, (_, i) => (
        <li key={i} className="flex items-center gap-3 px-2 py-2">
          <span className="bg-muted size-7 shrink-0 animate-pulse rounded-full" />
          <span className="bg-muted size-9 shrink-0 animate-pulse rounded-full" />
          <span className="bg-muted h-3.5 flex-1 animate-pulse rounded" />
        </li>
      ))}
    </ul>
  );
}

export function LecturerRanking({ locale, messages: m }: { locale: Locale; messages: LecturerDirectoryMessages }) {
  const ids = useId();
  const [list, setList] = useState<LecturerRankEntry[]>([]);
  const [status, setStatus] = useState<LoadStatus>('loading');
  const [round, setRound] = useState(0);

  useEffect(() => {
    const controller = new AbortController();
    setStatus('loading');
    getLecturerRankList({ signal: controller.signal, isShowErrTip: false })
      .then((found) => {
        setList(found.slice(0, LECTURER_RANK_SIZE));
        setStatus(found.length ? 'ready' : 'empty');
      })
      .catch(() => !controller.signal.aborted && setStatus('error'));
    return () => controller.abort();
  }, [round]);

  return (
    <section aria-labelledby={`${ids}-title`} aria-describedby={`${ids}-measure`} className="bg-card grid min-w-0 grid-cols-1 content-start gap-3 rounded-xl border p-4 shadow-xs">
      <div className="grid gap-1">
        <h2 id={`${ids}-title`} className="flex items-center gap-2 text-base font-semibold">
          <MedalIcon aria-hidden="true" className="text-primary size-5" />
          {m['lecturer.rank.title']}
        </h2>
        <p id={`${ids}-measure`} className="text-muted-foreground text-xs leading-relaxed">
          {m['lecturer.rank.measure']}
        </p>
      </div>
      <LoadState
        status={status}
        texts={loadTexts(m, m['lecturer.rank.empty'])}
        onRetry={() => setRound((n) => n + 1)}
        skeleton={<RankingSkeleton />}
      >
        <ol className="grid grid-cols-1 gap-0.5">
          {list.map((entry) => (
            <li key={entry.id} className="hover:bg-accent focus-within:ring-ring/50 relative flex items-center gap-3 rounded-lg px-2 py-2 focus-within:ring-[3px]">
              <span
                className={`${MEDALS[entry.rank] ?? 'bg-muted text-muted-foreground'} flex size-7 shrink-0 items-center justify-center rounded-full text-xs font-bold tabular-nums`}
              >
                <span aria-hidden="true">{entry.rank}</span>
                <span className="sr-only">{fill(m['lecturer.rank.place'], { rank: entry.rank })}</span>
              </span>
              <LecturerPortrait name={entry.name} src={entry.avatar} className="size-9 text-sm" />
              <div className="min-w-0 flex-1">
                <a
                  href={lecturerHref(entry.id, locale)}
                  className="block truncate text-sm font-medium outline-none after:absolute after:inset-0 after:content-[''] hover:underline"
                >
                  {entry.name}
                </a>
                {entry.title && (
                  <p title={entry.title} className="text-muted-foreground truncate text-xs">
                    {entry.title}
                  </p>
                )}
              </div>
              <div className="grid shrink-0 justify-items-end text-xs">
                <span className="tabular-nums">
                  <span className="text-muted-foreground me-1">{m['lecturer.learners']}</span>
                  <span className="text-sm font-semibold">{entry.learnerCount}</span>
                </span>
                {entry.rating > 0 && (
                  <span className="tabular-nums">
                    <span className="text-muted-foreground me-1">{m['lecturer.rating']}</span>
                    {entry.rating.toFixed(1)}
                  </span>
                )}
              </div>
            </li>
          ))}
        </ol>
      </LoadState>
    </section>
  );
}
