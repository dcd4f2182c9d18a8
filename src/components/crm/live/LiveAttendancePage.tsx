/**
 * A live room's attendance (`/crm/live/attendance?id=`): the room's name, status, time and
 * lecturer, then every member who joined it with when they joined, were last seen and left,
 * signed in, how long they watched while it was live and how often they hung up, found by name
 * or employee number (in the URL); the list can be exported into the download centre.
 */
import { useMemo } from 'react';
import { getCrmLive, getLiveAttendance } from '@/api/crm-live';
import type { CrmLiveAttendee } from '@/api/crm-live-types';
import { nameIn } from '@/components/crm/course/links';
import { DataTable, dataTableColumnHelper, type DataTableColumn } from '@/components/crm/data-table/DataTable';
import { KeywordFilter } from '@/components/crm/data-table/filters';
import { usePageQuery } from '@/components/crm/data-table/use-page-query';
import { useUrlState } from '@/components/crm/data-table/use-url-state';
import { AttendanceExport } from '@/components/crm/live/AttendanceExport';
import { intlLocale, liveListHref, timeRange, watchedTime } from '@/components/crm/live/links';
import type { LiveAttendanceMessages } from '@/components/crm/live/messages';
import { LiveStatusBadge } from '@/components/crm/live/StatusBadge';
import { CheckingAccess, NoAccess } from '@/components/crm/shell/NoAccess';
import { BackLink, RecordProblem, recordProblem, useRecord } from '@/components/crm/shell/record-page';
import { useCrmAccess } from '@/components/crm/shell/use-crm-access';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { fill } from '@/i18n/fill';
import type { Locale } from '@/i18n/locale-path';

const DEFAULTS = { id: '', pageCurrent: 1, pageSize: 20, keyword: '' };
const NO_ROWS: CrmLiveAttendee[] = [];

export function LiveAttendancePage({ locale, messages: m }: { locale: Locale; messages: LiveAttendanceMessages }) {
  const access = useCrmAccess('admin');
  const [query, setQuery, resetQuery] = useUrlState(DEFAULTS);
  const id = query.id;

  const { state, retry } = useRecord(id, getCrmLive, m['crmLive.form.notFound'], access === 'allowed');

  const { data, loading, error, reload } = usePageQuery(
    (params, signal) => getLiveAttendance(params, { signal, isShowErrTip: false }),
    { id, pageCurrent: query.pageCurrent, pageSize: query.pageSize, keyword: query.keyword || undefined },
    { enabled: access === 'allowed' && !!id && state.kind === 'ready' },
  );

  const columns = useMemo<DataTableColumn<CrmLiveAttendee>[]>(() => {
    const when = new Intl.DateTimeFormat(intlLocale(locale), { dateStyle: 'short', timeStyle: 'medium' });
    const at = (iso: string | null) => (iso ? <time dateTime={iso}>{when.format(new Date(iso))}</time> : <span className="text-muted-foreground">—</span>);
    const col = dataTableColumnHelper<CrmLiveAttendee>();
    return [
      col.accessor('userName', { header: m['crmLive.att.name'], enableHiding: false }),
      col.accessor('empNo', { header: m['crmLive.att.empNo'] }),
      col.accessor('departmentName', { header: m['crmLive.att.department'], cell: (c) => c.getValue() || '—' }),
      col.accessor('joinedAt', { header: m['crmLive.att.joinedAt'], cell: (c) => at(c.getValue()), meta: { className: 'whitespace-nowrap' } }),
      col.accessor('lastSeenAt', { header: m['crmLive.att.lastSeenAt'], cell: (c) => at(c.getValue()), meta: { className: 'whitespace-nowrap' } }),
      col.accessor('leftAt', { header: m['crmLive.att.leftAt'], cell: (c) => at(c.getValue()), meta: { className: 'whitespace-nowrap' } }),
      col.accessor('signedAt', { header: m['crmLive.att.signedAt'], cell: (c) => at(c.getValue()), meta: { className: 'whitespace-nowrap' } }),
      col.accessor('watchSeconds', {
        header: m['crmLive.att.watched'],
        cell: (c) => watchedTime(c.getValue()),
        meta: { className: 'text-end tabular-nums' },
      }),
      col.accessor('hangUps', { header: m['crmLive.att.hangUps'], meta: { className: 'text-end tabular-nums' } }),
    ];
  }, [locale, m]);

  if (access === 'pending') return <CheckingAccess messages={m} />;
  if (access === 'denied') return <NoAccess locale={locale} messages={m} />;

  const back = <BackLink href={liveListHref(locale)}>{m['crmLive.att.back']}</BackLink>;
  const problem = recordProblem(id, state, { missing: m['crmLive.att.missing'], loadFailed: m['crmSite.loadFailed'] });
  if (problem)
    return (
      <RecordProblem back={back} message={problem} onRetry={state.kind === 'failed' && !state.notFound ? retry : undefined} retryLabel={m['crmSite.retry']} />
    );

  const room = state.kind === 'ready' ? state.record : null;
  const facts = room
    ? [
        { label: m['crmLive.att.time'], value: <time dateTime={room.startAt}>{timeRange(locale, room.startAt, room.endAt)}</time> },
        { label: m['crmLive.att.lecturer'], value: room.lecturerName || '—' },
        { label: m['crmLive.att.attendees'], value: <span className="tabular-nums">{room.attendeeCount}</span> },
      ]
    : [];

  const toolbar = (
    <div className="flex flex-wrap items-end gap-3">
      <KeywordFilter
        id="attendance-keyword"
        label={m['crmLive.att.keyword']}
        value={query.keyword}
        onApply={(keyword) => setQuery({ keyword, pageCurrent: 1 })}
        searchLabel={m['crmLive.att.search']}
      />
      <Button
        type="button"
        variant="ghost"
        onClick={() => {
          resetQuery();
          setQuery({ id });
        }}
      >
        {m['crmLive.att.reset']}
      </Button>
    </div>
  );

  return (
    <section className="bg-background grid gap-4 rounded-lg border p-4">
      {back}
      <section aria-label={m['crmLive.att.summary']} className="grid gap-3">
        {room ? (
          <div className="flex flex-wrap items-center gap-3">
            <h2 className="text-lg font-semibold">{nameIn(locale, room)}</h2>
            <LiveStatusBadge status={room.liveStatus} messages={m} />
          </div>
        ) : (
          <Skeleton className="h-7 w-64" />
        )}
        {room ? (
          <dl className="grid gap-x-6 gap-y-1 text-sm sm:grid-cols-[auto_1fr]">
            {facts.map((f) => (
              <div key={f.label} className="contents">
                <dt className="text-muted-foreground">{f.label}</dt>
                <dd>{f.value}</dd>
              </div>
            ))}
          </dl>
        ) : (
          <Skeleton className="h-16 w-80" />
        )}
      </section>
      {room && <AttendanceExport roomId={room.id} messages={m} />}
      <DataTable
        columns={columns}
        data={data?.list ?? NO_ROWS}
        totalCount={data?.totalCount ?? 0}
        paging={query}
        onPagingChange={(p) => setQuery(p)}
        caption={fill(m['crmLive.att.caption'], { count: data?.totalCount ?? 0 })}
        messages={m}
        loading={loading || state.kind === 'loading'}
        error={error}
        onRetry={reload}
        emptyText={m['crmLive.att.empty']}
        toolbar={toolbar}
        getRowId={(r) => r.memberId}
      />
    </section>
  );
}
