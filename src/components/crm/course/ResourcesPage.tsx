/**
 * The resource library (administrators): every file of the company once, newest first, 20 a
 * page, found by name or file name and filtered by type (in the URL); each with its size,
 * length, and the courses and live rooms that use it.
 */
import { lazy, Suspense, useMemo, useState } from 'react';
import { deleteResource, getResourcePage, retryResource } from '@/api/crm-course';
import type { CrmResource } from '@/api/crm-course-types';
import type { ResourceMessages } from '@/components/crm/course/messages';
import { mediaLength, ProcessingState, useLiveProcessing } from '@/components/crm/course/processing';
import { DataTable, dataTableColumnHelper, type DataTableColumn } from '@/components/crm/data-table/DataTable';
import { KeywordFilter, SelectFilter } from '@/components/crm/data-table/filters';
import { usePageQuery } from '@/components/crm/data-table/use-page-query';
import { useUrlState } from '@/components/crm/data-table/use-url-state';
import { CheckingAccess, NoAccess } from '@/components/crm/shell/NoAccess';
import { useCrmAccess } from '@/components/crm/shell/use-crm-access';
import { Button } from '@/components/ui/button';
import { fill } from '@/i18n/fill';
import type { Locale } from '@/i18n/locale-path';
import { formatFileSize } from '@/lib/format';
import { notifySuccess } from '@/stores/toasts';

/** The delete confirmation loads when a delete is asked for. */
const ConfirmDialog = lazy(() => import('@/components/crm/data-table/ConfirmDialog').then((mod) => ({ default: mod.ConfirmDialog })));
const MediaUploader = lazy(() => import('@/components/crm/course/MediaUploader').then((mod) => ({ default: mod.MediaUploader })));

const DEFAULTS = { pageCurrent: 1, pageSize: 20, keyword: '', type: '' };
const NO_ROWS: CrmResource[] = [];
const TYPES = [2, 3, 4, 5, 6] as const;

export function ResourcesPage({ locale, messages: m }: { locale: Locale; messages: ResourceMessages }) {
  const access = useCrmAccess('admin');
  const [query, setQuery, resetQuery] = useUrlState(DEFAULTS);
  const type = TYPES.find((t) => String(t) === query.type);
  const { data, loading, error, reload } = usePageQuery(
    (params, signal) => getResourcePage(params, { signal, isShowErrTip: false }),
    { pageCurrent: query.pageCurrent, pageSize: query.pageSize, keyword: query.keyword || undefined, resourceType: type },
    { enabled: access === 'allowed' },
  );

  const [deleting, setDeleting] = useState<CrmResource | null>(null);

  // Files being processed are looked at again, quietly, until they are ready or failed.
  const { rows, mark } = useLiveProcessing(
    data?.list ?? NO_ROWS,
    async (signal) =>
      (
        await getResourcePage(
          { pageCurrent: query.pageCurrent, pageSize: query.pageSize, keyword: query.keyword || undefined, resourceType: type },
          { signal, isShowErrTip: false },
        )
      ).list,
    access === 'allowed',
  );

  const columns = useMemo<DataTableColumn<CrmResource>[]>(() => {
    const when = new Intl.DateTimeFormat(locale === 'en' ? 'en' : 'zh-CN', { dateStyle: 'medium' });
    const typeName = (t: number) => (m as Record<string, string>)[`crmCourse.outline.resourceType.${t}`] ?? String(t);
    const col = dataTableColumnHelper<CrmResource>();
    return [
      col.accessor('name', { header: m['crmResource.name'], enableHiding: false, cell: (c) => <span className="font-medium">{c.getValue()}</span> }),
      col.accessor('resourceType', { header: m['crmResource.type'], cell: (c) => typeName(c.getValue()), meta: { className: 'whitespace-nowrap' } }),
      col.accessor('state', {
        header: m['crmResource.state'],
        cell: (c) => {
          const r = c.row.original;
          const retry = () =>
            void retryResource(r.id).then(() => {
              notifySuccess(m['crmResource.retried']);
              mark(r.id, { state: 'processing', progress: 0, failure: '' });
            }, () => undefined);
          return <ProcessingState file={r} messages={m} onRetry={retry} />;
        },
        meta: { className: 'whitespace-nowrap' },
      }),
      col.accessor('fileName', { header: m['crmResource.fileName'], cell: (c) => <span className="text-muted-foreground">{c.getValue() || '—'}</span> }),
      col.accessor('size', { header: m['crmResource.size'], cell: (c) => (c.getValue() ? formatFileSize(c.getValue()) : '—'), meta: { className: 'text-end tabular-nums whitespace-nowrap' } }),
      col.accessor('duration', { header: m['crmResource.duration'], cell: (c) => mediaLength(c.getValue()), meta: { className: 'text-end tabular-nums' } }),
      col.accessor('usedIn', {
        header: m['crmResource.usedIn'],
        cell: (c) => {
          const r = c.row.original;
          if (!r.usedCount && !r.liveCount) return <span className="text-muted-foreground">{m['crmResource.unused']}</span>;
          return (
            <span>
              {r.usedIn.join('、')}
              {r.usedCount > r.usedIn.length && <span className="text-muted-foreground"> {fill(m['crmResource.more'], { count: r.usedCount })}</span>}
              {r.liveCount > 0 && <span className="text-muted-foreground"> · {fill(m['crmResource.live'], { count: r.liveCount })}</span>}
            </span>
          );
        },
      }),
      col.accessor('createdAt', {
        header: m['crmResource.createdAt'],
        cell: (c) => <time dateTime={c.getValue()}>{when.format(new Date(c.getValue()))}</time>,
        meta: { className: 'whitespace-nowrap' },
      }),
      col.display({
        id: 'actions',
        header: m['crmResource.actions'],
        // Only a file nothing uses can go.
        cell: (c) => {
          const r = c.row.original;
          if (r.usedCount || r.liveCount || r.state === 'processing') return null;
          return (
            <Button type="button" size="sm" variant="ghost" className="text-destructive" aria-label={`${m['crmResource.delete']}：${r.name}`} onClick={() => setDeleting(r)}>
              {m['crmResource.delete']}
            </Button>
          );
        },
      }),
    ];
  }, [locale, m, mark]);

  if (access === 'pending') return <CheckingAccess messages={m} />;
  if (access === 'denied') return <NoAccess locale={locale} messages={m} />;

  const toolbar = (
    <div className="flex flex-wrap items-end gap-3">
      <KeywordFilter id="resource-keyword" label={m['crmResource.keyword']} value={query.keyword} onApply={(keyword) => setQuery({ keyword, pageCurrent: 1 })} />
      <SelectFilter
        id="resource-type"
        label={m['crmResource.type']}
        value={query.type}
        onChange={(v) => setQuery({ type: v, pageCurrent: 1 })}
        allLabel={m['crmResource.allTypes']}
        options={TYPES.map((t) => ({ value: String(t), label: (m as Record<string, string>)[`crmCourse.outline.resourceType.${t}`]! }))}
        className="w-32"
      />
      <Button type="button" variant="ghost" onClick={resetQuery}>
        {m['crmResource.reset']}
      </Button>
    </div>
  );

  return (
    <section className="bg-background rounded-lg border p-4">
      <p className="text-muted-foreground mb-4 max-w-2xl text-sm">{m['crmResource.intro']}</p>
      <Suspense fallback={<div className="mb-4 h-[74px] rounded-md border border-dashed" aria-hidden="true" />}>
        <MediaUploader messages={m} onUploaded={reload} />
      </Suspense>
      <DataTable
        columns={columns}
        data={rows}
        totalCount={data?.totalCount ?? 0}
        paging={query}
        onPagingChange={(p) => setQuery(p)}
        caption={fill(m['crmResource.caption'], { count: data?.totalCount ?? 0 })}
        messages={m}
        loading={loading}
        error={error}
        onRetry={reload}
        emptyText={m['crmResource.empty']}
        toolbar={toolbar}
      />
      {deleting && (
        <Suspense fallback={null}>
          <ConfirmDialog
            open
            onOpenChange={(open) => !open && setDeleting(null)}
            title={fill(m['crmResource.deleteTitle'], { name: deleting.name })}
            description={m['crmResource.deleteBody']}
            confirmLabel={m['crmResource.delete']}
            cancelLabel={m['crm.table.cancel']}
            destructive
            onConfirm={async () => {
              await deleteResource(deleting.id);
              notifySuccess(fill(m['crmResource.deleted'], { name: deleting.name }));
              reload();
            }}
          />
        </Suspense>
      )}
    </section>
  );
}
