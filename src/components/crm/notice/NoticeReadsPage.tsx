/**
 * Who read an announcement (`/crm/announcements/reads?id=`): how many members it reaches, read
 * and did not, and the members with their state and read time, filtered by state and name or
 * employee number (in the URL); the list can be exported into the download centre.
 */
import ArrowLeftIcon from 'lucide-react/icons/arrow-left';
import DownloadIcon from 'lucide-react/icons/download';
import { useEffect, useMemo, useState } from 'react';
import type { NoticeReader, NoticeReadStats } from '@/api/crm-notice-types';
import { exportNoticeReaders, getNoticeReadPage, getNoticeReadStats } from '@/api/crm-notice';
import { outcomeOf } from '@/api/outcome';
import { DataTable, dataTableColumnHelper, type DataTableColumn } from '@/components/crm/data-table/DataTable';
import { KeywordFilter, SelectFilter } from '@/components/crm/data-table/filters';
import { usePageQuery } from '@/components/crm/data-table/use-page-query';
import { useUrlState } from '@/components/crm/data-table/use-url-state';
import { listHref } from '@/components/crm/notice/links';
import type { NoticeReadsMessages } from '@/components/crm/notice/messages';
import { StateBadge } from '@/components/crm/notice/StateBadge';
import { CheckingAccess, NoAccess } from '@/components/crm/shell/NoAccess';
import { useCrmAccess } from '@/components/crm/shell/use-crm-access';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { fill } from '@/i18n/fill';
import type { Locale } from '@/i18n/locale-path';
import { NOTICE_KEYWORD_MAX } from '@/lib/schemas/notice-rules';
import { notifySuccess } from '@/stores/toasts';

const DEFAULTS = { id: '', pageCurrent: 1, pageSize: 20, keyword: '', read: '' };
const NO_ROWS: NoticeReader[] = [];

type StatsState = { kind: 'loading' } | { kind: 'ready'; stats: NoticeReadStats } | { kind: 'notFound' } | { kind: 'error' };

export function NoticeReadsPage({ locale, messages: m }: { locale: Locale; messages: NoticeReadsMessages }) {
  const access = useCrmAccess('admin');
  const [query, setQuery, resetQuery] = useUrlState(DEFAULTS);
  const [stats, setStats] = useState<StatsState>({ kind: 'loading' });
  const [attempt, setAttempt] = useState(0);
  const [exporting, setExporting] = useState(false);
  const id = query.id;
  const read = query.read === 'read' ? true : query.read === 'unread' ? false : undefined;

  useEffect(() => {
    if (access !== 'allowed' || !id) return;
    const controller = new AbortController();
    setStats({ kind: 'loading' });
    getNoticeReadStats(id, { signal: controller.signal, isShowErrTip: false }).then(
      (found) => setStats({ kind: 'ready', stats: found }),
      (error: unknown) => !controller.signal.aborted && setStats({ kind: outcomeOf(error).kind === 'notFound' ? 'notFound' : 'error' }),
    );
    return () => controller.abort();
  }, [access, id, attempt]);

  const { data, loading, error, reload } = usePageQuery(
    (params, signal) => getNoticeReadPage(params, { signal, isShowErrTip: false }),
    { id, pageCurrent: query.pageCurrent, pageSize: query.pageSize, keyword: query.keyword || undefined, read },
    { enabled: access === 'allowed' && !!id && stats.kind === 'ready' },
  );

  const columns = useMemo<DataTableColumn<NoticeReader>[]>(() => {
    const when = new Intl.DateTimeFormat(locale === 'en' ? 'en' : 'zh-CN', { dateStyle: 'medium', timeStyle: 'short' });
    const col = dataTableColumnHelper<NoticeReader>();
    return [
      col.accessor('userName', { header: m['crmNotice.reads.name'], enableHiding: false }),
      col.accessor('empNo', { header: m['crmNotice.reads.empNo'] }),
      col.accessor('departmentName', { header: m['crmNotice.reads.department'], cell: (c) => c.getValue() || '—' }),
      col.accessor('read', {
        header: m['crmNotice.reads.stateOf'],
        cell: (c) => <Badge variant={c.getValue() ? 'default' : 'outline'}>{m[c.getValue() ? 'crmNotice.reads.read' : 'crmNotice.reads.unread']}</Badge>,
      }),
      col.accessor('readAt', {
        header: m['crmNotice.reads.readAt'],
        cell: (c) => {
          const at = c.getValue();
          return at ? <time dateTime={at}>{when.format(new Date(at))}</time> : <span className="text-muted-foreground">—</span>;
        },
        meta: { className: 'whitespace-nowrap' },
      }),
    ];
  }, [locale, m]);

  if (access === 'pending') return <CheckingAccess messages={m} />;
  if (access === 'denied') return <NoAccess locale={locale} messages={m} />;

  const back = (
    <a href={listHref(locale)} className="text-muted-foreground hover:text-foreground inline-flex items-center gap-1 text-sm underline-offset-4 hover:underline">
      <ArrowLeftIcon aria-hidden="true" className="size-4" />
      {m['crmNotice.reads.back']}
    </a>
  );
  const problem = !id ? m['crmNotice.reads.missing'] : stats.kind === 'notFound' ? m['crmNotice.edit.notFound'] : stats.kind === 'error' ? m['crmNotice.edit.loadFailed'] : '';
  if (problem) {
    return (
      <section className="bg-background grid gap-4 rounded-lg border p-4">
        {back}
        <div role="alert" className="grid justify-items-center gap-3 py-10 text-center">
          <p>{problem}</p>
          {stats.kind === 'error' && id && (
            <Button type="button" variant="outline" onClick={() => setAttempt((n) => n + 1)}>
              {m['crmNotice.edit.retry']}
            </Button>
          )}
        </div>
      </section>
    );
  }

  const exportList = async () => {
    setExporting(true);
    try {
      await exportNoticeReaders({ id, keyword: query.keyword || undefined, read });
      notifySuccess(m['crmNotice.reads.exported']);
    } catch {
      // The client showed the gateway's message.
    }
    setExporting(false);
  };

  const figures =
    stats.kind === 'ready'
      ? [
          { label: m['crmNotice.reads.reach'], value: String(stats.stats.reach) },
          { label: m['crmNotice.reads.read'], value: String(stats.stats.read) },
          { label: m['crmNotice.reads.unread'], value: String(stats.stats.unread) },
          { label: m['crmNotice.reads.rate'], value: stats.stats.reach ? `${Math.round((stats.stats.read / stats.stats.reach) * 100)}%` : '—' },
        ]
      : [];

  const toolbar = (
    <div className="flex flex-wrap items-end gap-3">
      <KeywordFilter
        id="reads-keyword"
        label={m['crmNotice.reads.keyword']}
        value={query.keyword}
        onApply={(keyword) => setQuery({ keyword, pageCurrent: 1 })}
        maxLength={NOTICE_KEYWORD_MAX}
        searchLabel={m['crmNotice.filter.search']}
      />
      <SelectFilter
        id="reads-state"
        label={m['crmNotice.reads.state']}
        value={query.read}
        onChange={(read) => setQuery({ read, pageCurrent: 1 })}
        allLabel={m['crmNotice.reads.all']}
        options={[
          { value: 'read', label: m['crmNotice.reads.read'] },
          { value: 'unread', label: m['crmNotice.reads.unread'] },
        ]}
        className="w-28"
      />
      <Button
        type="button"
        variant="ghost"
        onClick={() => {
          resetQuery();
          setQuery({ id });
        }}
      >
        {m['crmNotice.filter.reset']}
      </Button>
      <Button type="button" variant="outline" disabled={exporting} onClick={() => void exportList()}>
        <DownloadIcon aria-hidden="true" />
        {m['crmNotice.reads.export']}
      </Button>
    </div>
  );

  return (
    <section className="bg-background grid gap-4 rounded-lg border p-4">
      {back}
      {stats.kind === 'ready' ? (
        <div className="flex flex-wrap items-center gap-3">
          <h2 className="text-lg font-semibold">{stats.stats.title}</h2>
          <StateBadge state={stats.stats.state} messages={m} />
        </div>
      ) : (
        <Skeleton className="h-7 w-64" />
      )}
      <section aria-label={m['crmNotice.reads.summary']}>
        <dl className="grid grid-cols-2 gap-3 sm:grid-cols-4">
          {stats.kind === 'ready'
            ? figures.map((f) => (
                <div key={f.label} className="rounded-md border p-3">
                  <dt className="text-muted-foreground text-sm">{f.label}</dt>
                  <dd className="text-2xl font-semibold tabular-nums">{f.value}</dd>
                </div>
              ))
            : Array.from({ length: 4 }, (_, i) => <Skeleton key={i} className="h-20" />)}
        </dl>
      </section>
      <DataTable
        columns={columns}
        data={data?.list ?? NO_ROWS}
        totalCount={data?.totalCount ?? 0}
        paging={query}
        onPagingChange={(p) => setQuery(p)}
        caption={fill(m['crmNotice.reads.caption'], { count: data?.totalCount ?? 0 })}
        messages={m}
        loading={loading || stats.kind === 'loading'}
        error={error}
        onRetry={reload}
        emptyText={m['crmNotice.reads.empty']}
        toolbar={toolbar}
        getRowId={(r) => r.memberId}
      />
    </section>
  );
}
