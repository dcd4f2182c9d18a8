/**
 * The company's announcements in the back office (administrators): 20 a page, filtered by
 * title, state and pin, sorted by publishing time; the filters and page live in the URL. Each
 * row opens the editor and offers publishing or taking back to a draft, pinning, the read
 * statistics and deleting (after a confirmation); the cheap changes can be undone from their toast.
 */
import EllipsisIcon from 'lucide-react/icons/ellipsis';
import PinIcon from 'lucide-react/icons/pin';
import PlusIcon from 'lucide-react/icons/plus';
import { useMemo, useState } from 'react';
import type { NoticeItem, NoticeState } from '@/api/crm-notice-types';
import { deleteNotice, getNoticePage, pinNotice, publishNotice, unpublishNotice } from '@/api/crm-notice';
import { ConfirmDialog } from '@/components/crm/data-table/ConfirmDialog';
import { DataTable, dataTableColumnHelper, type DataTableColumn } from '@/components/crm/data-table/DataTable';
import { KeywordFilter, SelectFilter } from '@/components/crm/data-table/filters';
import { usePageQuery } from '@/components/crm/data-table/use-page-query';
import { useUrlState } from '@/components/crm/data-table/use-url-state';
import { editHref, readsHref, titleIn } from '@/components/crm/notice/links';
import type { NoticeListMessages } from '@/components/crm/notice/messages';
import { StateBadge } from '@/components/crm/notice/StateBadge';
import { CheckingAccess, NoAccess } from '@/components/crm/shell/NoAccess';
import { useCrmAccess } from '@/components/crm/shell/use-crm-access';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '@/components/ui/dropdown-menu';
import { fill } from '@/i18n/fill';
import type { Locale } from '@/i18n/locale-path';
import { NOTICE_KEYWORD_MAX, NOTICE_STATES } from '@/lib/schemas/notice-rules';
import { notifySuccess } from '@/stores/toasts';

const DEFAULTS = { pageCurrent: 1, pageSize: 20, keyword: '', state: '', pinned: '', sortField: 'publishedAt', sortDesc: true };
const NO_ROWS: NoticeItem[] = [];

export function NoticeListPage({ locale, messages: m }: { locale: Locale; messages: NoticeListMessages }) {
  const access = useCrmAccess('admin');
  const [query, setQuery, resetQuery] = useUrlState(DEFAULTS);
  const [deleting, setDeleting] = useState<NoticeItem | null>(null);
  const { data, loading, error, reload } = usePageQuery(
    (params, signal) => getNoticePage(params, { signal, isShowErrTip: false }),
    {
      pageCurrent: query.pageCurrent,
      pageSize: query.pageSize,
      keyword: query.keyword || undefined,
      state: (NOTICE_STATES as readonly string[]).includes(query.state) ? (query.state as NoticeState) : undefined,
      pinned: query.pinned === 'yes' ? true : query.pinned === 'no' ? false : undefined,
      sortOrder: query.sortField === 'publishedAt' && !query.sortDesc ? ('asc' as const) : ('desc' as const),
    },
    { enabled: access === 'allowed' },
  );

  const columns = useMemo<DataTableColumn<NoticeItem>[]>(() => {
    const when = new Intl.DateTimeFormat(locale === 'en' ? 'en' : 'zh-CN', { dateStyle: 'medium', timeStyle: 'short' });
    const title = (n: NoticeItem) => titleIn(locale, n);
    const undo = (run: () => Promise<unknown>) => ({ label: m['crmNotice.undo'], run: () => void run().then(reload, () => {}) });
    const change = async (work: () => Promise<unknown>, done: string, back?: () => Promise<unknown>) => {
      try {
        await work();
      } catch {
        return; // The client showed the gateway's message.
      }
      notifySuccess(done, back ? undo(back) : undefined);
      reload();
    };
    const col = dataTableColumnHelper<NoticeItem>();
    return [
      col.accessor('titleZh', {
        id: 'title',
        header: m['crmNotice.col.title'],
        enableHiding: false,
        cell: (c) => (
          <span className="flex min-w-0 items-center gap-2">
            {c.row.original.pinned && (
              <Badge variant="secondary" className="gap-1">
                <PinIcon aria-hidden="true" />
                {m['crmNotice.pinned']}
              </Badge>
            )}
            <a href={editHref(locale, c.row.original.id)} className="truncate font-medium underline-offset-4 hover:underline">
              {title(c.row.original)}
            </a>
          </span>
        ),
      }),
      col.accessor('state', {
        header: m['crmNotice.col.state'],
        cell: (c) => <StateBadge state={c.getValue()} messages={m} />,
        meta: { className: 'whitespace-nowrap' },
      }),
      col.accessor('publishedAt', {
        header: m['crmNotice.col.publishedAt'],
        enableSorting: true,
        cell: (c) =>
          c.row.original.state === 'draft' ? (
            <span className="text-muted-foreground">—</span>
          ) : (
            <time dateTime={c.getValue()}>{when.format(new Date(c.getValue()))}</time>
          ),
        meta: { className: 'whitespace-nowrap' },
      }),
      col.accessor('authorName', { header: m['crmNotice.col.author'], cell: (c) => c.getValue() || '—' }),
      col.accessor('readCount', {
        header: m['crmNotice.col.reads'],
        cell: (c) =>
          c.row.original.state === 'draft' ? (
            <span className="text-muted-foreground">—</span>
          ) : (
            <a href={readsHref(locale, c.row.original.id)} className="tabular-nums underline-offset-4 hover:underline">
              {c.getValue()}
            </a>
          ),
        meta: { className: 'text-end' },
      }),
      col.display({
        id: 'actions',
        header: m['crm.table.actions'],
        enableHiding: false,
        meta: { className: 'w-12 text-end' },
        cell: (c) => {
          const n = c.row.original;
          const wasDraft = n.state === 'draft';
          return (
            <DropdownMenu>
              <DropdownMenuTrigger asChild>
                <Button type="button" variant="ghost" size="icon" aria-label={fill(m['crmNotice.action.menu'], { title: title(n) })}>
                  <EllipsisIcon aria-hidden="true" />
                </Button>
              </DropdownMenuTrigger>
              <DropdownMenuContent align="end">
                <DropdownMenuItem asChild>
                  <a href={editHref(locale, n.id)}>{m['crmNotice.action.edit']}</a>
                </DropdownMenuItem>
                {n.state !== 'published' && (
                  <DropdownMenuItem
                    onSelect={() =>
                      void change(() => publishNotice(n.id), m['crmNotice.done.published'], wasDraft ? () => unpublishNotice(n.id) : undefined)
                    }
                  >
                    {m['crmNotice.action.publish']}
                  </DropdownMenuItem>
                )}
                {n.state !== 'draft' && (
                  <DropdownMenuItem onSelect={() => void change(() => unpublishNotice(n.id), m['crmNotice.done.unpublished'])}>
                    {m['crmNotice.action.unpublish']}
                  </DropdownMenuItem>
                )}
                <DropdownMenuItem
                  onSelect={() =>
                    void change(
                      () => pinNotice(n.id, !n.pinned),
                      m[n.pinned ? 'crmNotice.done.unpinned' : 'crmNotice.done.pinned'],
                      () => pinNotice(n.id, n.pinned),
                    )
                  }
                >
                  {m[n.pinned ? 'crmNotice.action.unpin' : 'crmNotice.action.pin']}
                </DropdownMenuItem>
                {n.state !== 'draft' && (
                  <DropdownMenuItem asChild>
                    <a href={readsHref(locale, n.id)}>{m['crmNotice.action.reads']}</a>
                  </DropdownMenuItem>
                )}
                <DropdownMenuSeparator />
                <DropdownMenuItem variant="destructive" onSelect={() => setDeleting(n)}>
                  {m['crmNotice.action.delete']}
                </DropdownMenuItem>
              </DropdownMenuContent>
            </DropdownMenu>
          );
        },
      }),
    ];
  }, [locale, m, reload]);

  if (access === 'pending') return <CheckingAccess messages={m} />;
  if (access === 'denied') return <NoAccess locale={locale} messages={m} />;

  const select = (name: 'state' | 'pinned', options: { value: string; label: string }[]) => (
    <SelectFilter
      id={`notice-${name}`}
      label={m[`crmNotice.filter.${name}`]}
      value={query[name]}
      onChange={(v) => setQuery({ [name]: v, pageCurrent: 1 })}
      allLabel={m['crmNotice.filter.all']}
      options={options}
      className="w-32"
    />
  );

  const toolbar = (
    <div className="flex flex-wrap items-end gap-3">
      <KeywordFilter
        id="notice-keyword"
        label={m['crmNotice.filter.keyword']}
        value={query.keyword}
        onApply={(keyword) => setQuery({ keyword, pageCurrent: 1 })}
        maxLength={NOTICE_KEYWORD_MAX}
        searchLabel={m['crmNotice.filter.search']}
      />
      {select(
        'state',
        NOTICE_STATES.map((s) => ({ value: s, label: m[`crmNotice.state.${s}`] })),
      )}
      {select('pinned', [
        { value: 'yes', label: m['crmNotice.filter.pinnedOnly'] },
        { value: 'no', label: m['crmNotice.filter.notPinned'] },
      ])}
      <Button
        type="button"
        variant="ghost"
        onClick={resetQuery}
      >
        {m['crmNotice.filter.reset']}
      </Button>
    </div>
  );

  return (
    <section className="bg-background rounded-lg border p-4">
      <div className="mb-4 flex flex-wrap items-start justify-between gap-3">
        <p className="text-muted-foreground max-w-2xl text-sm">{m['crmNotice.list.intro']}</p>
        <Button asChild>
          <a href={editHref(locale)}>
            <PlusIcon aria-hidden="true" />
            {m['crmNotice.list.new']}
          </a>
        </Button>
      </div>
      <DataTable
        columns={columns}
        data={data?.list ?? NO_ROWS}
        totalCount={data?.totalCount ?? 0}
        paging={query}
        onPagingChange={(p) => setQuery(p)}
        sort={query}
        onSortChange={(s) => setQuery({ ...s, pageCurrent: 1 })}
        caption={fill(m['crmNotice.list.caption'], { count: data?.totalCount ?? 0 })}
        messages={m}
        loading={loading}
        error={error}
        onRetry={reload}
        emptyText={m['crmNotice.list.empty']}
        toolbar={toolbar}
      />
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => !open && setDeleting(null)}
        title={m['crmNotice.delete.title']}
        description={deleting ? fill(m['crmNotice.delete.text'], { title: titleIn(locale, deleting) }) : undefined}
        confirmLabel={m['crmNotice.action.delete']}
        cancelLabel={m['crm.table.cancel']}
        destructive
        onConfirm={async () => {
          if (!deleting) return;
          await deleteNotice(deleting.id);
          notifySuccess(m['crmNotice.done.deleted']);
          reload();
        }}
      />
    </section>
  );
}
