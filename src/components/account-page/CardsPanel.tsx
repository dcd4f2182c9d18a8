/**
 * The account page's cards tab (`change=3`): the caller's points, credit hours and
 * certificates, each with their place in the company's ranking (the current-rank calls), and
 * below them the points or credit-hour ledger. `recordType` 1 (points) or 2 (certificates)
 * picks a card: it is marked and scrolled to; 1 also opens the points ledger.
 */
import AwardIcon from 'lucide-react/icons/award';
import ClockIcon from 'lucide-react/icons/clock';
import CoinsIcon from 'lucide-react/icons/coins';
import { useEffect, useRef, useState, type ComponentType } from 'react';
import type { CurrentRank } from '@/api/home-types';
import { AccountRecordKind } from '@/api/people-types';
import { getCurrentRank, type RankMeasure } from '@/api/rank';
import { Ledger } from '@/components/account-page/Ledger';
import type { AccountPageMessages } from '@/components/account-page/messages';
import { switchLedger, withPage, type AccountQuery } from '@/components/account-page/query';
import { LoaderCircleIcon } from '@/components/layout/icons';
import { fill } from '@/i18n/fill';
import { localizePath, type Locale } from '@/i18n/locale-path';

interface CardsPanelProps {
  locale: Locale;
  messages: AccountPageMessages;
  query: AccountQuery;
  /** Replaces the page's query (the ledger and its page live there). */
  onQuery: (search: string) => void;
}

interface CardDef {
  measure: RankMeasure;
  title: 'accountPage.points' | 'accountPage.creditHours' | 'accountPage.certificates';
  Icon: ComponentType<{ className?: string; 'aria-hidden'?: boolean }>;
  /** The recordType that picks this card. */
  recordType?: 1 | 2;
  /** The ledger of the card's measure. */
  ledger?: AccountRecordKind;
  link: { path: string; label: 'accountPage.viewRanking' | 'accountPage.viewCertificates' };
}

const CARDS: CardDef[] = [
  {
    measure: 'integral',
    title: 'accountPage.points',
    Icon: CoinsIcon,
    recordType: 1,
    ledger: AccountRecordKind.points,
    link: { path: '/home/rank', label: 'accountPage.viewRanking' },
  },
  {
    measure: 'creditHour',
    title: 'accountPage.creditHours',
    Icon: ClockIcon,
    ledger: AccountRecordKind.creditHours,
    link: { path: '/home/rank', label: 'accountPage.viewRanking' },
  },
  { measure: 'certificate', title: 'accountPage.certificates', Icon: AwardIcon, recordType: 2, link: { path: '/certificate', label: 'accountPage.viewCertificates' } },
];

const linkClass = 'text-primary text-sm font-medium underline-offset-4 outline-none hover:underline focus-visible:underline';

interface RankCardProps {
  card: CardDef;
  locale: Locale;
  messages: AccountPageMessages;
  picked: boolean;
  /** Shows the card's ledger. */
  onLedger: (kind: AccountRecordKind) => void;
}

function RankCard({ card, locale, messages: m, picked, onLedger }: RankCardProps) {
  const ledgerKind = card.ledger;
  const [rank, setRank] = useState<CurrentRank>();
  const [state, setState] = useState<'loading' | 'error' | 'ready'>('loading');
  const [reload, setReload] = useState(0);
  const ref = useRef<HTMLElement>(null);

  useEffect(() => {
    const controller = new AbortController();
    setState('loading');
    getCurrentRank(card.measure, { isShowErrTip: false, signal: controller.signal })
      .then((found) => {
        setRank(found);
        setState('ready');
      })
      .catch(() => {
        if (!controller.signal.aborted) setState('error');
      });
    return () => controller.abort();
  }, [card.measure, reload]);

  useEffect(() => {
    if (picked) ref.current?.scrollIntoView({ block: 'nearest' });
  }, [picked]);

  const headingId = `card-${card.measure}`;
  return (
    <section
      ref={ref}
      aria-labelledby={headingId}
      aria-current={picked ? 'true' : undefined}
      className="bg-card aria-[current=true]:border-primary aria-[current=true]:ring-primary/30 grid content-start gap-3 rounded-xl border p-5 aria-[current=true]:ring-2"
    >
      <h2 id={headingId} className="text-muted-foreground flex items-center gap-2 text-sm font-medium">
        <card.Icon aria-hidden className="text-primary size-5" />
        {m[card.title]}
      </h2>
      <div aria-live="polite" aria-busy={state === 'loading'} className="grid min-h-16 gap-1">
        {state === 'loading' && (
          <p className="text-muted-foreground flex items-center gap-2 text-sm">
            <LoaderCircleIcon aria-hidden="true" className="size-4 animate-spin" />
            {m['learning.loading']}
          </p>
        )}
        {state === 'error' && (
          <p role="alert" className="flex flex-wrap items-center gap-3 text-sm">
            <span className="text-destructive">{m['learning.loadFailed']}</span>
            <button
              type="button"
              onClick={() => setReload((n) => n + 1)}
              className="focus-visible:ring-ring/50 hover:bg-accent rounded-md border px-3 py-1 font-medium outline-none focus-visible:ring-[3px]"
            >
              {m['learning.retry']}
            </button>
          </p>
        )}
        {state === 'ready' && rank && (
          <>
            <p className="text-3xl font-semibold tabular-nums">{rank.value}</p>
            <p className="text-muted-foreground text-sm tabular-nums">
              {rank.rank === null ? m['accountPage.unranked'] : fill(m['accountPage.rank'], { rank: rank.rank })}
              {' · '}
              {fill(m['accountPage.rankTotal'], { total: rank.total })}
            </p>
          </>
        )}
      </div>
      <div className="flex flex-wrap gap-x-4 gap-y-1">
        <a href={localizePath(card.link.path, locale)} className={linkClass}>
          {m[card.link.label]}
        </a>
        {ledgerKind && (
          <button type="button" aria-controls="ledger" onClick={() => onLedger(ledgerKind)} className={linkClass}>
            {m['ledger.viewDetails']}
          </button>
        )}
      </div>
    </section>
  );
}

export function CardsPanel({ locale, messages: m, query, onQuery }: CardsPanelProps) {
  const ledger = useRef<HTMLElement>(null);
  const showLedger = (kind: AccountRecordKind) => {
    if (kind !== query.ledger) onQuery(switchLedger(location.search, kind));
    ledger.current?.focus({ preventScroll: true });
    ledger.current?.scrollIntoView({ block: 'start' });
  };
  return (
    <div className="grid gap-6">
      <div className="grid gap-4 sm:grid-cols-3">
        {CARDS.map((card) => (
          <RankCard
            key={card.measure}
            card={card}
            locale={locale}
            messages={m}
            picked={card.recordType !== undefined && card.recordType === query.recordType}
            onLedger={showLedger}
          />
        ))}
      </div>
      <Ledger
        ref={ledger}
        locale={locale}
        messages={m}
        kind={query.ledger}
        page={query.page}
        onKind={(kind) => onQuery(switchLedger(location.search, kind))}
        onPage={(page) => onQuery(withPage(location.search, page))}
      />
    </div>
  );
}
