/**
 * The study tasks (administrators): every task of the company, latest start first, 20 a page,
 * found by name and filtered by type, the filters and page in the URL. Each row opens its form;
 * its menu opens the form or the members' progress, or deletes the task after a confirmation.
 */
import { useMemo, useState } from 'react';
import { deleteCrmTask, getCrmTaskPage } from '@/api/crm-task';
import type { CrmTaskRow } from '@/api/crm-task-types';
import { nameIn } from '@/components/crm/course/links';
import { dataTableColumnHelper, type DataTableColumn } from '@/components/crm/data-table/DataTable';
import { RecordList, RowMenu } from '@/components/crm/data-table/RecordList';
import { KeywordFilter, SelectFilter } from '@/components/crm/data-table/filters';
import { usePageQuery } from '@/components/crm/data-table/use-page-query';
import { useUrlState } from '@/components/crm/data-table/use-url-state';
import { CheckingAccess, NoAccess } from '@/components/crm/shell/NoAccess';
import { useCrmAccess } from '@/components/crm/shell/use-crm-access';
import { taskEditHref, taskProgressHref, taskTime } from '@/components/crm/task/links';
import type { TaskListMessages } from '@/components/crm/task/messages';
import { TaskStateBadge } from '@/components/crm/task/TaskStateBadge';
import { Button } from '@/components/ui/button';
import { fill } from '@/i18n/fill';
import type { Locale } from '@/i18n/locale-path';
import { TASK_TYPES } from '@/lib/task-rules';
import { notifySuccess } from '@/stores/toasts';

const DEFAULTS = { pageCurrent: 1, pageSize: 20, keyword: '', type: '' };
const NO_ROWS: CrmTaskRow[] = [];

export function TasksPage({ locale, messages: m }: { locale: Locale; messages: TaskListMessages }) {
  const access = useCrmAccess('admin');
  const [query, setQuery, resetQuery] = useUrlState(DEFAULTS);
  const [deleting, setDeleting] = useState<CrmTaskRow | null>(null);
  const taskType = TASK_TYPES.find((t) => String(t) === query.type);
  const { data, loading, error, reload } = usePageQuery(
    (params, signal) => getCrmTaskPage(params, { signal, isShowErrTip: false }),
    { pageCurrent: query.pageCurrent, pageSize: query.pageSize, keyword: query.keyword || undefined, taskType },
    { enabled: access === 'allowed' },
  );

  const columns = useMemo<DataTableColumn<CrmTaskRow>[]>(() => {
    const col = dataTableColumnHelper<CrmTaskRow>();
    return [
      col.accessor('nameZh', {
        id: 'name',
        header: m['crmTask.name'],
        enableHiding: false,
        cell: (c) => (
          <a href={taskEditHref(locale, c.row.original.id)} className="font-medium underline-offset-4 hover:underline">
            {nameIn(locale, c.row.original)}
          </a>
        ),
      }),
      col.accessor('taskType', {
        header: m['crmTask.type'],
        cell: (c) => m[`study.taskType.${c.getValue() as 1 | 2 | 3 | 4}`] ?? '—',
        meta: { className: 'whitespace-nowrap' },
      }),
      col.accessor('startAt', {
        id: 'time',
        header: m['crmTask.time'],
        cell: (c) => <time dateTime={c.row.original.startAt}>{taskTime(locale, c.row.original.startAt, c.row.original.endAt, m['crmTask.noEnd'])}</time>,
        meta: { className: 'whitespace-nowrap' },
      }),
      col.accessor('state', {
        header: m['crmTask.state'],
        cell: (c) => <TaskStateBadge state={c.getValue()} messages={m} />,
        meta: { className: 'whitespace-nowrap' },
      }),
      col.accessor('itemCount', {
        header: m['crmTask.items'],
        cell: (c) => fill(m['crmTask.itemCount'], { count: c.getValue() }),
        meta: { className: 'text-end tabular-nums whitespace-nowrap' },
      }),
      col.accessor('memberCount', {
        header: m['crmTask.members'],
        cell: (c) => (
          <a href={taskProgressHref(locale, c.row.original.id)} className="underline-offset-4 hover:underline">
            {c.getValue()}
          </a>
        ),
        meta: { className: 'text-end tabular-nums' },
      }),
      col.display({
        id: 'actions',
        header: m['crm.table.actions'],
        enableHiding: false,
        meta: { className: 'w-12 text-end' },
        cell: (c) => {
          const task = c.row.original;
          return (
            <RowMenu
              label={fill(m['crmTask.more'], { name: nameIn(locale, task) })}
              links={[
                { href: taskEditHref(locale, task.id), label: m['crmTask.edit'] },
                { href: taskProgressHref(locale, task.id), label: m['crmTask.progress'] },
              ]}
              deleteLabel={m['crmTask.delete']}
              onDelete={() => setDeleting(task)}
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
      <KeywordFilter id="task-keyword" label={m['crmTask.keyword']} value={query.keyword} onApply={(keyword) => setQuery({ keyword, pageCurrent: 1 })} />
      <SelectFilter
        id="task-type"
        label={m['crmTask.type']}
        value={query.type}
        onChange={(type) => setQuery({ type, pageCurrent: 1 })}
        allLabel={m['crmTask.allTypes']}
        options={TASK_TYPES.map((t) => ({ value: String(t), label: m[`study.taskType.${t}`] }))}
        className="w-36"
      />
      <Button type="button" variant="ghost" onClick={resetQuery}>
        {m['crmTask.reset']}
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
      caption={fill(m['crmTask.caption'], { count: data?.totalCount ?? 0 })}
      messages={m}
      loading={loading}
      error={error}
      onRetry={reload}
      emptyText={m['crmTask.empty']}
      toolbar={toolbar}
      intro={m['crmTask.list.intro']}
      newHref={taskEditHref(locale)}
      newLabel={m['crmTask.new']}
      remove={{
        open: deleting !== null,
        onClose: () => setDeleting(null),
        title: deleting ? fill(m['crmTask.deleteTitle'], { name: nameIn(locale, deleting) }) : '',
        description: m['crmTask.deleteBody'],
        confirmLabel: m['crmTask.delete'],
        cancelLabel: m['crm.table.cancel'],
        onConfirm: async () => {
          if (!deleting) return;
          await deleteCrmTask(deleting.id);
          notifySuccess(fill(m['crmTask.deleted'], { name: nameIn(locale, deleting) }));
          reload();
        },
      }}
    />
  );
}
