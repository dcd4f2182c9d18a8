/**
 * The live rooms (administrators): every room of the company, those on air first, then the
 * upcoming ones by start, then the ended ones newest first, 20 a page, found by name and
 * filtered by status, the filters and page in the URL. Each row opens its form; its menu
 * opens the form or the room's attendance, or deletes the room after a confirmation.
 */
import { useMemo, useState } from 'react';
import { deleteCrmLive, getCrmLivePage } from '@/api/crm-live';
import type { CrmLiveRoom } from '@/api/crm-live-types';
import { nameIn } from '@/components/crm/course/links';
import { dataTableColumnHelper, type DataTableColumn } from '@/components/crm/data-table/DataTable';
import { RecordList, RowMenu } from '@/components/crm/data-table/RecordList';
import { KeywordFilter, SelectFilter } from '@/components/crm/data-table/filters';
import { usePageQuery } from '@/components/crm/data-table/use-page-query';
import { useUrlState } from '@/components/crm/data-table/use-url-state';
import { liveAttendanceHref, liveEditHref, timeRange } from '@/components/crm/live/links';
import type { LiveListMessages } from '@/components/crm/live/messages';
import { LiveStatusBadge } from '@/components/crm/live/StatusBadge';
import { CheckingAccess, NoAccess } from '@/components/crm/shell/NoAccess';
import { useCrmAccess } from '@/components/crm/shell/use-crm-access';
import { Button } from '@/components/ui/button';
import { fill } from '@/i18n/fill';
import type { Locale } from '@/i18n/locale-path';
import { notifySuccess } from '@/stores/toasts';

const DEFAULTS = {
  pageCurrent: 1,
  pageSize: 20,
  keyword: '',
  status: '',
};
const NO_ROWS: CrmLiveRoom[] = [];
const STATUSES = [1, 2, 3] as const;

export function LivePage({ locale, messages: m }: { locale: Locale; messages: LiveListMessages }) {
  const access = useCrmAccess('admin');
  const [query, setQuery, resetQuery] = useUrlState(DEFAULTS);
  const [deleting, setDeleting] = useState<CrmLiveRoom | null>(null);
  const liveStatus = STATUSES.find((s) => String(s) === query.status);
  const { data, loading, error, reload } = usePageQuery(
    (params, signal) => getCrmLivePage(params, { signal, isShowErrTip: false }),
    {
      pageCurrent: query.pageCurrent,
      pageSize: query.pageSize,
      keyword: query.keyword || undefined,
      liveStatus,
    },
    { enabled: access === 'allowed' },
  );

  const columns = useMemo<DataTableColumn<CrmLiveRoom>[]>(() => {
    const col = dataTableColumnHelper<CrmLiveRoom>();
    return [
      col.accessor('nameZh', {
        id: 'name',
        header: m['crmLive.name'],
        enableHiding: false,
        cell: (c) => (
          <span className="flex min-w-0 items-center gap-3">
            {c.row.original.cover ? (
              <img src={c.row.original.cover} alt="" className="h-9 w-16 shrink-0 rounded object-cover" loading="lazy" />
            ) : (
              <span aria-hidden="true" className="bg-muted h-9 w-16 shrink-0 rounded" />
            )}
            <a href={liveEditHref(locale, c.row.original.id)} className="truncate font-medium underline-offset-4 hover:underline">
              {nameIn(locale, c.row.original)}
            </a>
          </span>
        ),
      }),
      col.accessor('lecturerName', {
        header: m['crmLive.lecturer'],
        cell: (c) => c.getValue() || '—',
      }),
      col.accessor('startAt', {
        id: 'time',
        header: m['crmLive.time'],
        cell: (c) => <time dateTime={c.row.original.startAt}>{timeRange(locale, c.row.original.startAt, c.row.original.endAt)}</time>,
        meta: { className: 'whitespace-nowrap' },
      }),
      col.accessor('liveStatus', {
        header: m['crmLive.status'],
        cell: (c) => <LiveStatusBadge status={c.getValue()} messages={m} />,
        meta: { className: 'whitespace-nowrap' },
      }),
      col.accessor('attendeeCount', {
        header: m['crmLive.attendees'],
        meta: { className: 'text-end tabular-nums' },
      }),
      col.accessor('playbackResourceId', {
        id: 'recording',
        header: m['crmLive.recording'],
        cell: (c) =>
          c.getValue() ? (
            <span title={c.row.original.playbackName || undefined}>{m['crmLive.recording.yes']}</span>
          ) : (
            <span className="text-muted-foreground">{m['crmLive.recording.no']}</span>
          ),
        meta: { className: 'whitespace-nowrap' },
      }),
      col.display({
        id: 'actions',
        header: m['crm.table.actions'],
        enableHiding: false,
        meta: { className: 'w-12 text-end' },
        cell: (c) => {
          const room = c.row.original;
          return (
            <RowMenu
              label={fill(m['crmLive.more'], { name: nameIn(locale, room) })}
              links={[
                { href: liveEditHref(locale, room.id), label: m['crmLive.edit'] },
                { href: liveAttendanceHref(locale, room.id), label: m['crmLive.attendance'] },
              ]}
              deleteLabel={m['crmLive.delete']}
              onDelete={() => setDeleting(room)}
            />
          );
        },
      }),
    ];
  }, [locale, m]);

  if (access === 'pending') return <CheckingAccess messages={m} />;
  if (access === 'denied') return <NoAccess locale={locale} messages={m} />;

  const toolbar = (
    <div className="flex flex-wrap items-end gap-3">
      <KeywordFilter id="live-keyword" label={m['crmLive.keyword']} value={query.keyword} onApply={(keyword) => setQuery({ keyword, pageCurrent: 1 })} />
      <SelectFilter
        id="live-status"
        label={m['crmLive.status']}
        value={query.status}
        onChange={(status) => setQuery({ status, pageCurrent: 1 })}
        allLabel={m['crmLive.allStatuses']}
        options={STATUSES.map((s) => ({ value: String(s), label: m[`crmLive.status.${s}`] }))}
        className="w-32"
      />
      <Button type="button" variant="ghost" onClick={resetQuery}>
        {m['crmLive.reset']}
      </Button>
    </div>
  );

  return (
    <RecordList
      columns={columns}
      data={data?.list ?? NO_ROWS}
      totalCount={data?.totalCount ?? 0}
      paging={query}
      onPagingChange={(p) => setQuery(p)}
      caption={fill(m['crmLive.caption'], { count: data?.totalCount ?? 0 })}
      messages={m}
      loading={loading}
      error={error}
      onRetry={reload}
      emptyText={m['crmLive.empty']}
      toolbar={toolbar}
      intro={m['crmLive.list.intro']}
      newHref={liveEditHref(locale)}
      newLabel={m['crmLive.new']}
      remove={{
        open: deleting !== null,
        onClose: () => setDeleting(null),
        title: deleting ? fill(m['crmLive.deleteTitle'], { name: nameIn(locale, deleting) }) : '',
        description: m['crmLive.deleteBody'],
        confirmLabel: m['crmLive.delete'],
        cancelLabel: m['crm.table.cancel'],
        onConfirm: async () => {
          if (!deleting) return;
          await deleteCrmLive(deleting.id);
          notifySuccess(fill(m['crmLive.deleted'], { name: nameIn(locale, deleting) }));
          reload();
        },
      }}
    />
  );
}
