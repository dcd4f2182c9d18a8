/**
 * "My files" on the "my uploads" page: any member uploads videos, audio, documents, pictures and
 * archives into their own space (resumably, as the library does), watches them be processed,
 * submits a processed one for review, and sees the administrator's decision with its reason; a
 * file not yet in the library can be deleted (after a confirmation), a failed one retried.
 */
import { lazy, Suspense, useMemo, useState } from 'react';
import { deleteMyResource, getMyResourcePage, retryMyResource, submitMyResource } from '@/api/crm-course';
import type { MyResource } from '@/api/crm-course-types';
import type { MyResourceMessages } from '@/components/crm/course/messages';
import { ProcessingState, uploadedFileColumns, useLiveProcessing } from '@/components/crm/course/processing';
import { ConfirmDialog } from '@/components/crm/data-table/ConfirmDialog';
import { DataTable, dataTableColumnHelper, type DataTableColumn } from '@/components/crm/data-table/DataTable';
import { usePageQuery } from '@/components/crm/data-table/use-page-query';
import { Button } from '@/components/ui/button';
import { fill } from '@/i18n/fill';
import type { Locale } from '@/i18n/locale-path';
import { notifySuccess } from '@/stores/toasts';

const MediaUploader = lazy(() => import('@/components/crm/course/MediaUploader').then((mod) => ({ default: mod.MediaUploader })));
const NO_ROWS: MyResource[] = [];

export function MyResources({ locale, messages: m }: { locale: Locale; messages: MyResourceMessages }) {
  const [paging, setPaging] = useState({ pageCurrent: 1, pageSize: 10 });
  const [deleting, setDeleting] = useState<MyResource | null>(null);
  const { data, loading, error, reload } = usePageQuery((params, signal) => getMyResourcePage(params, { signal, isShowErrTip: false }), paging);
  const { rows, mark } = useLiveProcessing(data?.list ?? NO_ROWS, async (signal) => (await getMyResourcePage(paging, { signal, isShowErrTip: false })).list);

  const columns = useMemo<DataTableColumn<MyResource>[]>(() => {
    const when = new Intl.DateTimeFormat(locale === 'en' ? 'en' : 'zh-CN', { dateStyle: 'medium' });
    const col = dataTableColumnHelper<MyResource>();
    const submit = (r: MyResource) =>
      void submitMyResource(r.id).then(() => {
        notifySuccess(fill(m['crm.myResources.submitted'], { name: r.name }));
        reload();
      }, () => undefined);
    const retry = (r: MyResource) =>
      void retryMyResource(r.id).then(() => {
        notifySuccess(m['crmResource.retried']);
        mark(r.id, { state: 'processing', progress: 0, failure: '' });
      }, () => undefined);
    return [
      ...uploadedFileColumns<MyResource>(m),
      col.accessor('state', { header: m['crmResource.state'], cell: (c) => <ProcessingState file={c.row.original} messages={m} onRetry={() => retry(c.row.original)} /> }),
      col.accessor('review', {
        header: m['crm.myResources.review'],
        cell: (c) => {
          const r = c.row.original;
          return (
            <span className="flex flex-col gap-0.5">
              <span className={r.review === 'rejected' ? 'text-destructive font-medium' : r.review === 'approved' ? 'font-medium text-emerald-700 dark:text-emerald-400' : ''}>
                {m[`crm.myResources.review.${r.review}`]}
              </span>
              {r.review === 'rejected' && <span className="text-muted-foreground max-w-56 text-xs break-words">{fill(m['crm.myResources.reason'], { reason: r.reviewReason })}</span>}
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
        header: m['crm.myResources.actions'],
        cell: (c) => {
          const r = c.row.original;
          return (
            <span className="flex flex-wrap gap-2">
              {r.fileUrl && (
                <Button asChild size="sm" variant="ghost">
                  <a href={r.fileUrl} target="_blank" rel="noopener noreferrer" aria-label={`${m['crm.myResources.view']}：${r.name}`}>
                    {m['crm.myResources.view']}
                  </a>
                </Button>
              )}
              {(r.review === 'own' || r.review === 'rejected') && r.state === 'ready' && (
                <Button type="button" size="sm" variant="outline" aria-label={`${m['crm.myResources.submit']}：${r.name}`} onClick={() => submit(r)}>
                  {m['crm.myResources.submit']}
                </Button>
              )}
              {r.review !== 'approved' && (
                <Button
                  type="button"
                  size="sm"
                  variant="ghost"
                  className="text-destructive"
                  aria-label={`${m['crm.myResources.delete']}：${r.name}`}
                  onClick={() => setDeleting(r)}
                >
                  {m['crm.myResources.delete']}
                </Button>
              )}
            </span>
          );
        },
      }),
    ];
  }, [locale, m, mark, reload]);

  return (
    <section className="bg-background rounded-lg border p-4" aria-labelledby="my-resources-title">
      <h2 id="my-resources-title" className="mb-1 text-base font-semibold">
        {m['crm.myResources.title']}
      </h2>
      <p className="text-muted-foreground mb-4 max-w-2xl text-sm">{m['crm.myResources.intro']}</p>
      <Suspense fallback={<div className="mb-4 h-[74px] rounded-md border border-dashed" aria-hidden="true" />}>
        <MediaUploader messages={m} onUploaded={reload} purpose="mine" />
      </Suspense>
      <DataTable
        columns={columns}
        data={rows}
        totalCount={data?.totalCount ?? 0}
        paging={paging}
        onPagingChange={(p) => setPaging((was) => ({ ...was, ...p }))}
        caption={fill(m['crm.myResources.caption'], { count: data?.totalCount ?? 0 })}
        messages={m}
        loading={loading}
        error={error}
        onRetry={reload}
        emptyText={m['crm.myResources.empty']}
      />
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => !open && setDeleting(null)}
        title={deleting ? fill(m['crm.myResources.deleteTitle'], { name: deleting.name }) : ''}
        description={m['crm.myResources.deleteBody']}
        confirmLabel={m['crm.myResources.delete']}
        cancelLabel={m['crm.myResources.cancel']}
        destructive
        onConfirm={async () => {
          if (!deleting) return;
          await deleteMyResource(deleting.id);
          notifySuccess(fill(m['crm.myResources.deleted'], { name: deleting.name }));
          reload();
        }}
      />
    </section>
  );
}
