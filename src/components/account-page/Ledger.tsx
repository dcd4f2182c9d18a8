/**
 * The caller's points or credit-hour ledger on the cards tab (`accountRecordPage`, 10 a page):
 * each row's date, reason, source (linked to its course or project) and signed amount, newest
 * first, with the whole ledger's count and total. The ledger and its page live in the URL.
 */
import type { Ref } from 'react';
import { getAccountRecordPage } from '@/api/ledger';
import { AccountRecordKind, type AccountRecord } from '@/api/people-types';
import type { AccountPageMessages } from '@/components/account-page/messages';
import { cellClass, DataTable } from '@/components/account-page/DataTable';
import { formatAmount, formatTotal, sourceHref } from '@/components/account-page/ledger-format';
import { PagedBlock } from '@/components/account-page/PagedBlock';
import { formatMoment } from '@/components/study/format';
import { loadTexts } from '@/components/ui/load-state';
import { pagerTexts } from '@/components/ui/pager';
import { fill } from '@/i18n/fill';
import type { Locale } from '@/i18n/locale-path';

const KINDS = [AccountRecordKind.points, AccountRecordKind.creditHours] as const;

interface LedgerProps {
  locale: Locale;
  messages: AccountPageMessages;
  kind: AccountRecordKind;
  page: number;
  onKind: (kind: AccountRecordKind) => void;
  onPage: (page: number) => void;
  /** The section, which the cards' "view history" buttons move to. */
  ref?: Ref<HTMLElement>;
}

const pillClass =
  'focus-visible:ring-ring/50 aria-pressed:bg-primary aria-pressed:text-primary-foreground hover:bg-accent rounded-full border px-3 py-1 text-sm outline-none focus-visible:ring-[3px]';
const linkClass = 'text-primary font-medium outline-none hover:underline focus-visible:underline';

function Row({ record: r, locale, messages: m }: { record: AccountRecord; locale: Locale; messages: AccountPageMessages }) {
  const href = sourceHref(r, locale);
  return (
    <tr className="border-t align-top">
      <td className={`${cellClass()} whitespace-nowrap tabular-nums`}>
        <time dateTime={r.createdAt}>{formatMoment(r.createdAt)}</time>
      </td>
      <th scope="row" className={`${cellClass()} font-normal`}>
        {r.reason}
      </th>
      <td className={cellClass()}>
        {m[`ledger.source.${r.sourceType}`]}
        {href && (
          <>
            {' · '}
            <a href={href} className={linkClass}>
              {r.sourceName}
            </a>
          </>
        )}
      </td>
      <td className={`${cellClass(true)} font-semibold ${r.amount < 0 ? 'text-destructive' : 'text-emerald-700'}`}>
        {formatAmount(r.amount, r.kind)}
      </td>
    </tr>
  );
}

export function Ledger({ locale, messages: m, kind, page, onKind, onPage, ref }: LedgerProps) {
  return (
    <section ref={ref} id="ledger" tabIndex={-1} aria-labelledby="ledger-title" className="bg-card grid gap-4 rounded-xl border p-5 outline-none">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="ledger-title" className="text-lg font-semibold">
          {m['ledger.title']}
        </h2>
        <div role="group" aria-label={m['ledger.kinds']} className="flex flex-wrap gap-2">
          {KINDS.map((k) => (
            <button key={k} type="button" aria-pressed={kind === k} onClick={() => k !== kind && onKind(k)} className={pillClass}>
              {m[`ledger.kind.${k}`]}
            </button>
          ))}
        </div>
      </div>
      <PagedBlock
        // Another ledger starts clean rather than showing the other one's rows while it loads.
        key={kind}
        page={page}
        onPage={onPage}
        loadKey={String(kind)}
        load={(pageCurrent, signal) => getAccountRecordPage({ kind, pageCurrent }, { isShowErrTip: false, signal })}
        texts={loadTexts(m, m[`ledger.empty.${kind}`])}
        pager={pagerTexts(m)}
      >
        {(result) => (
          <>
            <p className="text-muted-foreground text-sm tabular-nums">
              {fill(m['ledger.summary'], { count: result.totalCount, sum: formatTotal(result.sum, kind) })}
            </p>
            <DataTable
              caption={fill(m['ledger.caption'], { kind: m[`ledger.kind.${kind}`], current: result.pageCurrent, total: result.totalPage })}
              columns={[
                { label: m['ledger.date'] },
                { label: m['ledger.reason'] },
                { label: m['ledger.source'] },
                { label: m[`ledger.amount.${kind}`], numeric: true },
              ]}
            >
              {result.list.map((record) => (
                <Row key={record.id} record={record} locale={locale} messages={m} />
              ))}
            </DataTable>
          </>
        )}
      </PagedBlock>
    </section>
  );
}
