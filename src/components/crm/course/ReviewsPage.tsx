/**
 * The review of members' uploads (administrators): the files waiting for review, oldest first
 * (or those approved or rejected, latest first; the filter is kept in the URL), each with its
 * uploader, its processing and a link to look at it; approve it into the library, or reject it
 * with a reason in a dialog. The uploader gets a message either way.
 */
import { useMemo, useState, type SyntheticEvent } from 'react';
import { decideReview, getReviewPage } from '@/api/crm-course';
import type { ReviewResource } from '@/api/crm-course-types';
import type { ReviewMessages } from '@/components/crm/course/messages';
import { ProcessingState, uploadedFileColumns, useLiveProcessing } from '@/components/crm/course/processing';
import { DataTable, dataTableColumnHelper, type DataTableColumn } from '@/components/crm/data-table/DataTable';
import { usePageQuery } from '@/components/crm/data-table/use-page-query';
import { useUrlState } from '@/components/crm/data-table/use-url-state';
import { FormDialog } from '@/components/crm/form/FormDialog';
import { CheckingAccess, NoAccess } from '@/components/crm/shell/NoAccess';
import { useCrmAccess } from '@/components/crm/shell/use-crm-access';
import { Button } from '@/components/ui/button';
import { Label } from '@/components/ui/label';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { Textarea } from '@/components/ui/textarea';
import { fill } from '@/i18n/fill';
import type { Locale } from '@/i18n/locale-path';
import { MAX_REVIEW_REASON, REVIEW_FILTERS } from '@/lib/authoring-rules';
import { notifySuccess } from '@/stores/toasts';

const DEFAULTS = { pageCurrent: 1, pageSize: 20, review: 'pending' };
const NO_ROWS: ReviewResource[] = [];

export function ReviewsPage({ locale, messages: m }: { locale: Locale; messages: ReviewMessages }) {
  const access = useCrmAccess('admin');
  const [query, setQuery] = useUrlState(DEFAULTS);
  const review = REVIEW_FILTERS.find((r) => r === query.review) ?? 'pending';
  const params = { pageCurrent: query.pageCurrent, pageSize: query.pageSize, review };
  const { data, loading, error, reload } = usePageQuery((p, signal) => getReviewPage(p, { signal, isShowErrTip: false }), params, {
    enabled: access === 'allowed',
  });
  const { rows } = useLiveProcessing(data?.list ?? NO_ROWS, async (signal) => (await getReviewPage(params, { signal, isShowErrTip: false })).list, access === 'allowed');
  const [rejecting, setRejecting] = useState<ReviewResource | null>(null);
  const [reason, setReason] = useState('');
  const [problem, setProblem] = useState('');
  const [pending, setPending] = useState(false);

  const columns = useMemo<DataTableColumn<ReviewResource>[]>(() => {
    const when = new Intl.DateTimeFormat(locale === 'en' ? 'en' : 'zh-CN', { dateStyle: 'medium', timeStyle: 'short' });
    const col = dataTableColumnHelper<ReviewResource>();
    const approve = (r: ReviewResource) =>
      void decideReview({ id: r.id, approve: true }).then(() => {
        notifySuccess(fill(m['crmReview.approved'], { name: r.name }));
        reload();
      }, () => undefined);
    return [
      ...uploadedFileColumns<ReviewResource>(m),
      col.accessor('uploaderName', {
        header: m['crmReview.uploader'],
        cell: (c) => (
          <span className="whitespace-nowrap">
            {c.getValue()} <span className="text-muted-foreground">{c.row.original.uploaderEmpNo}</span>
          </span>
        ),
      }),
      col.accessor('createdAt', {
        header: m['crmReview.submittedAt'],
        cell: (c) => <time dateTime={c.getValue()}>{when.format(new Date(c.getValue()))}</time>,
        meta: { className: 'whitespace-nowrap' },
      }),
      col.accessor('state', { header: m['crmResource.state'], cell: (c) => <ProcessingState file={c.row.original} messages={m} /> }),
      col.display({
        id: 'decision',
        header: review === 'pending' ? m['crmReview.actions'] : m['crmReview.reviewedAt'],
        cell: (c) => {
          const r = c.row.original;
          return (
            <span className="flex flex-wrap items-center gap-2">
              {r.fileUrl && (
                <Button asChild size="sm" variant="ghost">
                  <a href={r.fileUrl} target="_blank" rel="noopener noreferrer" aria-label={`${m['crmReview.view']}：${r.name}`}>
                    {m['crmReview.view']}
                  </a>
                </Button>
              )}
              {review === 'pending' ? (
                <>
                  <Button type="button" size="sm" aria-label={`${m['crmReview.approve']}：${r.name}`} onClick={() => approve(r)}>
                    {m['crmReview.approve']}
                  </Button>
                  <Button
                    type="button"
                    size="sm"
                    variant="outline"
                    aria-label={`${m['crmReview.reject']}：${r.name}`}
                    onClick={() => {
                      setRejecting(r);
                      setReason('');
                      setProblem('');
                    }}
                  >
                    {m['crmReview.reject']}
                  </Button>
                </>
              ) : (
                <span className="flex flex-col text-sm">
                  {r.reviewedAt && <time dateTime={r.reviewedAt}>{when.format(new Date(r.reviewedAt))}</time>}
                  {r.reviewReason && <span className="text-muted-foreground max-w-56 text-xs break-words">{r.reviewReason}</span>}
                </span>
              )}
            </span>
          );
        },
      }),
    ];
  }, [locale, m, reload, review]);

  if (access === 'pending') return <CheckingAccess messages={m} />;
  if (access === 'denied') return <NoAccess locale={locale} messages={m} />;

  const reject = async (event: SyntheticEvent) => {
    event.preventDefault();
    if (!rejecting) return;
    const text = reason.trim();
    if (!text) {
      setProblem(m['crmCourse.error.required']);
      return;
    }
    setPending(true);
    try {
      await decideReview({ id: rejecting.id, approve: false, reason: text }, { isShowErrTip: false });
      notifySuccess(fill(m['crmReview.rejected'], { name: rejecting.name }));
      setRejecting(null);
      reload();
    } catch (failure) {
      setProblem(failure instanceof Error ? failure.message : String(failure));
    } finally {
      setPending(false);
    }
  };

  const toolbar = (
    <div className="flex flex-wrap items-end gap-3">
      <div className="flex flex-col gap-1">
        <Label htmlFor="review-state">{m['crmReview.filter']}</Label>
        <Select value={review} onValueChange={(v) => setQuery({ review: v, pageCurrent: 1 })}>
          <SelectTrigger id="review-state" className="w-36">
            <SelectValue />
          </SelectTrigger>
          <SelectContent>
            {REVIEW_FILTERS.map((r) => (
              <SelectItem key={r} value={r}>
                {m[`crmReview.status.${r}`]}
              </SelectItem>
            ))}
          </SelectContent>
        </Select>
      </div>
    </div>
  );

  return (
    <section className="bg-background rounded-lg border p-4">
      <p className="text-muted-foreground mb-4 max-w-2xl text-sm">{m['crmReview.intro']}</p>
      <DataTable
        columns={columns}
        data={rows}
        totalCount={data?.totalCount ?? 0}
        paging={query}
        onPagingChange={(p) => setQuery(p)}
        caption={fill(m['crmReview.caption'], { count: data?.totalCount ?? 0 })}
        messages={m}
        loading={loading}
        error={error}
        onRetry={reload}
        emptyText={m['crmReview.empty']}
        toolbar={toolbar}
      />
      {rejecting && (
        <FormDialog
          title={fill(m['crmReview.rejectTitle'], { name: rejecting.name })}
          description={rejecting.fileName}
          onSubmit={(e) => void reject(e)}
          onClose={() => setRejecting(null)}
          pending={pending}
          problem={problem}
          cancelLabel={m['crmReview.cancel']}
          submitLabel={m['crmReview.save']}
          pendingLabel={m['crmSite.saving']}
        >
          <div className="grid gap-2">
            <Label htmlFor="review-reason">{m['crmReview.reason']}</Label>
            <Textarea
              id="review-reason"
              value={reason}
              maxLength={MAX_REVIEW_REASON}
              aria-invalid={problem ? true : undefined}
              onChange={(e) => {
                setReason(e.target.value);
                setProblem('');
              }}
            />
          </div>
        </FormDialog>
      )}
    </section>
  );
}
