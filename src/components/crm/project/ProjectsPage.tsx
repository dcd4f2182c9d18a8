/**
 * The study projects (administrators): every project of the company in the learners' order, 20
 * a page, found by name (in the URL), with its registration rule, dates, courses, members and
 * registrations waiting for approval. Each row opens its form; its menu opens the form or the
 * registration queue, or deletes the project after a confirmation.
 */
import { useMemo, useState } from 'react';
import { deleteCrmProject, getCrmProjectPage } from '@/api/crm-project';
import type { CrmProjectItem } from '@/api/crm-project-types';
import { nameIn } from '@/components/crm/course/links';
import { dataTableColumnHelper, type DataTableColumn } from '@/components/crm/data-table/DataTable';
import { RecordList, RowMenu } from '@/components/crm/data-table/RecordList';
import { KeywordFilter } from '@/components/crm/data-table/filters';
import { usePageQuery } from '@/components/crm/data-table/use-page-query';
import { useUrlState } from '@/components/crm/data-table/use-url-state';
import { intlLocale } from '@/components/crm/live/links';
import { projectEditHref, projectMembersHref } from '@/components/crm/project/links';
import type { ProjectListMessages } from '@/components/crm/project/messages';
import { CheckingAccess, NoAccess } from '@/components/crm/shell/NoAccess';
import { useCrmAccess } from '@/components/crm/shell/use-crm-access';
import { Button } from '@/components/ui/button';
import { fill } from '@/i18n/fill';
import type { Locale } from '@/i18n/locale-path';
import { notifySuccess } from '@/stores/toasts';

const DEFAULTS = { pageCurrent: 1, pageSize: 20, keyword: '' };
const NO_ROWS: CrmProjectItem[] = [];

export function ProjectsPage({ locale, messages: m }: { locale: Locale; messages: ProjectListMessages }) {
  const access = useCrmAccess('admin');
  const [query, setQuery, resetQuery] = useUrlState(DEFAULTS);
  const [deleting, setDeleting] = useState<CrmProjectItem | null>(null);
  const { data, loading, error, reload } = usePageQuery(
    (params, signal) => getCrmProjectPage(params, { signal, isShowErrTip: false }),
    { pageCurrent: query.pageCurrent, pageSize: query.pageSize, keyword: query.keyword || undefined },
    { enabled: access === 'allowed' },
  );

  const columns = useMemo<DataTableColumn<CrmProjectItem>[]>(() => {
    const day = new Intl.DateTimeFormat(intlLocale(locale), { dateStyle: 'medium' });
    const col = dataTableColumnHelper<CrmProjectItem>();
    return [
      col.accessor('nameZh', {
        id: 'name',
        header: m['crmProject.name'],
        enableHiding: false,
        cell: (c) => (
          <span className="flex min-w-0 items-center gap-3">
            {c.row.original.cover ? (
              <img src={c.row.original.cover} alt="" className="h-9 w-16 shrink-0 rounded object-cover" loading="lazy" />
            ) : (
              <span aria-hidden="true" className="bg-muted h-9 w-16 shrink-0 rounded" />
            )}
            <a href={projectEditHref(locale, c.row.original.id)} className="truncate font-medium underline-offset-4 hover:underline">
              {nameIn(locale, c.row.original)}
            </a>
            {c.row.original.isFree && <span className="bg-muted rounded px-1.5 py-0.5 text-xs">{m['crmProject.free']}</span>}
          </span>
        ),
      }),
      col.accessor('registration', {
        header: m['crmProject.registration'],
        cell: (c) => m[`crmProject.registration.${c.row.original.registration}`],
        meta: { className: 'whitespace-nowrap' },
      }),
      col.accessor('startAt', {
        id: 'dates',
        header: m['crmProject.dates'],
        cell: (c) => (
          <span className="whitespace-nowrap">
            <time dateTime={c.row.original.startAt}>{day.format(new Date(c.row.original.startAt))}</time>
            {' – '}
            {c.row.original.studyEndAt ? (
              <time dateTime={c.row.original.studyEndAt}>{day.format(new Date(c.row.original.studyEndAt))}</time>
            ) : (
              <span className="text-muted-foreground">{m['crmProject.noEnd']}</span>
            )}
          </span>
        ),
      }),
      col.accessor('courseCount', { header: m['crmProject.courses'], meta: { className: 'text-end tabular-nums' } }),
      col.accessor('memberCount', { header: m['crmProject.members'], meta: { className: 'text-end tabular-nums' } }),
      col.accessor('waitingCount', {
        header: m['crmProject.waiting'],
        meta: { className: 'text-end tabular-nums' },
        cell: (c) =>
          c.getValue() > 0 ? (
            <a
              href={projectMembersHref(locale, c.row.original.id, 0)}
              className="text-primary font-medium underline underline-offset-4"
              aria-label={fill(m['crmProject.waitingLink'], { count: c.getValue(), name: nameIn(locale, c.row.original) })}
            >
              {c.getValue()}
            </a>
          ) : (
            0
          ),
      }),
      col.display({
        id: 'actions',
        header: m['crm.table.actions'],
        enableHiding: false,
        meta: { className: 'w-12 text-end' },
        cell: (c) => {
          const project = c.row.original;
          return (
            <RowMenu
              label={fill(m['crmProject.more'], { name: nameIn(locale, project) })}
              links={[
                { href: projectEditHref(locale, project.id), label: m['crmProject.edit'] },
                { href: projectMembersHref(locale, project.id), label: m['crmProject.openQueue'] },
              ]}
              deleteLabel={m['crmProject.delete']}
              onDelete={() => setDeleting(project)}
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
      <KeywordFilter id="project-keyword" label={m['crmProject.keyword']} value={query.keyword} onApply={(keyword) => setQuery({ keyword, pageCurrent: 1 })} />
      <Button type="button" variant="ghost" onClick={resetQuery}>
        {m['crmProject.reset']}
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
      caption={fill(m['crmProject.caption'], { count: data?.totalCount ?? 0 })}
      messages={m}
      loading={loading}
      error={error}
      onRetry={reload}
      emptyText={m['crmProject.empty']}
      toolbar={toolbar}
      intro={m['crmProject.list.intro']}
      newHref={projectEditHref(locale)}
      newLabel={m['crmProject.new']}
      remove={{
        open: deleting !== null,
        onClose: () => setDeleting(null),
        title: deleting ? fill(m['crmProject.deleteTitle'], { name: nameIn(locale, deleting) }) : '',
        description: m['crmProject.deleteBody'],
        confirmLabel: m['crmProject.delete'],
        cancelLabel: m['crm.table.cancel'],
        onConfirm: async () => {
          if (!deleting) return;
          await deleteCrmProject(deleting.id);
          notifySuccess(fill(m['crmProject.deleted'], { name: nameIn(locale, deleting) }));
          reload();
        },
      }}
    />
  );
}
