/**
 * One page of a ranking: place (medals for the first three), picture, name and department,
 * and the value with its unit. Equal values share a place, so the places are shown as given,
 * not counted by the list. The caller's own row is marked.
 */
import type { RankEntry } from '@/api/home-types';
import type { RankMeasure } from '@/api/rank';
import { PersonAvatar } from '@/components/rank/PersonAvatar';
import type { RankMessages } from '@/components/rank/messages';
import { fill } from '@/i18n/fill';
import type { Locale } from '@/i18n/locale-path';

const MEDALS: Record<number, string> = {
  1: 'bg-amber-400 text-amber-950',
  2: 'bg-slate-300 text-slate-900',
  3: 'bg-orange-300 text-orange-950',
};

/** A ranking's value for people: credit hours keep one decimal. */
export function formatRankValue(value: number, locale: Locale): string {
  return new Intl.NumberFormat(locale === 'en' ? 'en' : 'zh-CN', { maximumFractionDigits: 1 }).format(value);
}

export function RankValue({
  value,
  measure,
  locale,
  messages: m,
  className = '',
}: {
  value: number;
  measure: RankMeasure;
  locale: Locale;
  messages: RankMessages;
  className?: string;
}) {
  return (
    <span className={`tabular-nums ${className}`}>
      <span className="font-semibold">{formatRankValue(value, locale)}</span>
      <span className="text-muted-foreground ms-1 text-xs font-normal">{m[`home.rank.unit.${measure}`]}</span>
    </span>
  );
}

export function RankPlace({ rank, messages: m }: { rank: number; messages: RankMessages }) {
  return (
    <span
      className={`${MEDALS[rank] ?? 'bg-muted text-muted-foreground'} flex size-7 shrink-0 items-center justify-center rounded-full text-xs font-bold tabular-nums`}
    >
      <span aria-hidden="true">{rank}</span>
      <span className="sr-only">{fill(m['home.rank.place'], { rank })}</span>
    </span>
  );
}

interface RankListProps {
  entries: RankEntry[];
  measure: RankMeasure;
  locale: Locale;
  messages: RankMessages;
  /** The caller's member id: their row is marked. */
  meId?: string;
  /** Roomier rows (the rankings page). */
  roomy?: boolean;
}

export function RankList({ entries, measure, locale, messages: m, meId, roomy }: RankListProps) {
  return (
    <ol className={`grid ${roomy ? 'gap-1' : 'gap-0.5'}`}>
      {entries.map((entry) => {
        const mine = entry.enterpriseUserId === meId;
        return (
          <li
            key={entry.enterpriseUserId}
            aria-current={mine ? 'true' : undefined}
            className={`flex items-center gap-3 rounded-lg px-2 ${roomy ? 'py-2.5' : 'py-1.5'} ${mine ? 'bg-primary/8 ring-primary/25 ring-1' : ''}`}
          >
            <RankPlace rank={entry.rank} messages={m} />
            <PersonAvatar name={entry.userName} src={entry.headPortrait} className={roomy ? 'size-10' : 'size-8'} />
            <div className="min-w-0 flex-1">
              <p className="flex items-center gap-1.5 text-sm font-medium">
                <span className="truncate">{entry.userName}</span>
                {mine && (
                  <span className="bg-primary text-primary-foreground shrink-0 rounded px-1 text-[10px] leading-4">
                    {m['home.rank.you']}
                  </span>
                )}
              </p>
              {entry.departmentName && (
                <p className="text-muted-foreground truncate text-xs">{entry.departmentName}</p>
              )}
            </div>
            <RankValue value={entry.value} measure={measure} locale={locale} messages={m} className="text-sm" />
          </li>
        );
      })}
    </ol>
  );
}
