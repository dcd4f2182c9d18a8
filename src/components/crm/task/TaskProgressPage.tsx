/**
 * A study task's progress (`/crm/tasks/progress?id=`): the task's name, state, times and how many
 * members are assigned, counted by learning status; then every assigned member with their
 * department, progress, required items done, when assigned and when they last studied, found by
 * name or employee number and filtered by status and department (all in the URL). The list the
 * filters show can be exported into the download centre, and those not done reminded.
 */
import { lazy, Suspense, useEffect, useMemo, useState } from 'react';
import { getDepartmentList } from '@/api/account';
import { getCrmTask, getCrmTaskProgress } from '@/api/crm-task';
import type { CrmTaskProgressPage, CrmTaskProgressRow } from '@/api/crm-task-types';
import type { TreeOption } from '@/api/types';
import { nameIn } from '@/components/crm/course/links';
import { DataTable, dataTableColumnHelper, type DataTableColumn } from '@/components/crm/data-table/DataTable';
import { KeywordFilter, SelectFilter } from '@/components/crm/data-table/filters';
import { usePageQuery } from '@/components/crm/data-table/use-page-query';
import { useUrlState } from '@/components/crm/data-table/use-url-state';
import { intlLocale } from '@/components/crm/live/links';
import { CheckingAccess, NoAccess } from '@/components/crm/shell/NoAccess';
import { BackLink, RecordProblem, recordProblem, useRecord } from '@/components/crm/shell/record-page';
import { useCrmAccess } from '@/components/crm/shell/use-crm-access';
import { taskListHref, taskTime } from '@/components/crm/task/links';
import type { TaskProgressMessages } from '@/components/crm/task/messages';
import { TaskStateBadge } from '@/components/crm/task/TaskStateBadge';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { fill } from '@/i18n/fill';
import type { Locale } from '@/i18n/locale-path';

/** The export and the reminder, loaded once the task is shown. */
const TaskProgressActions = lazy(() => import('@/components/crm/task/TaskProgressActions').then((mod) => ({ default: mod.TaskProgressActions })));

const DEFAULTS = { id: '', pageCurrent: 1, pageSize: 20, keyword: '', status: '', department: '' };
const NO_ROWS: CrmTaskProgressRow[] = [];
const STATUSES = [0, 1, 2] as const;

/** A department tree as select options, each indented under its parent. */
function departmentOptions(tree: TreeOption[], depth = 0): { value: string; label: string }[] {
  return tree.flatMap((node) => [{ value: node.id, label: `${'\u3000'.repeat(depth)}${node.name}` }, ...departmentOptions(node.children ?? [], depth + 1)]);
}

export function TaskProgressPage({ locale, messages: m }: { locale: Locale; messages: TaskProgressMessages }) {
  const access = useCrmAccess('admin');
  const [query, setQuery, resetQuery] = useUrlState(DEFAULTS);
  const [departments, setDepartments] = useState<{ value: string; label: string }[]>([]);
  const id = query.id;
  const learningStatus = STATUSES.find((s) => String(s) === query.status);
  const filters = { keyword: query.keyword || undefined, learningStatus, departmentId: query.department || undefined };

  const { state, retry } = useRecord(id, getCrmTask, m['crmTask.form.notFound'], access === 'allowed');

  useEffect(() => {
    if (access !== 'allowed') return;
    const controller = new AbortController();
    // Without the tree the filter offers "all departments" only.
    getDepartmentList({ signal: controller.signal, isShowErrTip: false }).then(
      (tree) => setDepartments(departmentOptions(tree)),
      () => {},
    );
    return () => controller.abort();
  }, [access]);

  const { data, loading, error, reload } = usePageQuery(
    (params, signal) => getCrmTaskProgress(params, { signal, isShowErrTip: false }),
    { id, pageCurrent: query.pageCurrent, pageSize: query.pageSize, ...filters },
    { enabled: access === 'allowed' && !!id && state.kind === 'ready' },
  );

  const columns = useMemo<DataTableColumn<CrmTaskProgressRow>[]>(() => {
    const when = new Intl.DateTimeFormat(intlLocale(locale), { dateStyle: 'short', timeStyle: 'short' });
    const at = (iso: string | null) => (iso ? <time dateTime={iso}>{when.format(new Date(iso))}</time> : <span className="text-muted-foreground">—</span>);
    const col = dataTableColumnHelper<CrmTaskProgressRow>();
    return [
      col.accessor('userName', { header: m['crmTask.prog.name'], enableHiding: false }),
      col.accessor('empNo', { header: m['crmTask.prog.empNo'] }),
      col.accessor('departmentName', { header: m['crmTask.prog.department'], cell: (c) => c.getValue() || '—' }),
      col.accessor('progress', {
        header: m['crmTask.prog.progress'],
        cell: (c) => (
          <span className="flex items-center justify-end gap-2">
            <span aria-hidden="true" className="bg-muted h-1.5 w-16 overflow-hidden rounded-full">
              <span className="bg-primary block h-full" style={{ width: `${c.getValue()}%` }} />
            </span>
            <span className="tabular-nums">{c.getValue()}%</span>
          </span>
        ),
        meta: { className: 'text-end whitespace-nowrap' },
      }),
      col.accessor('learningStatus', {
        header: m['crmTask.prog.status'],
        cell: (c) => m[`crmTask.prog.status.${c.getValue() as 0 | 1 | 2}`],
        meta: { className: 'whitespace-nowrap' },
      }),
      col.accessor('requiredCompleted', {
        header: m['crmTask.prog.required'],
        cell: (c) => `${c.getValue()} / ${c.row.original.requiredCount}`,
        meta: { className: 'text-end tabular-nums whitespace-nowrap' },
      }),
      col.accessor('assignedAt', { header: m['crmTask.prog.assignedAt'], cell: (c) => at(c.getValue()), meta: { className: 'whitespace-nowrap' } }),
      col.accessor('progressAt', { header: m['crmTask.prog.progressAt'], cell: (c) => at(c.getValue()), meta: { className: 'whitespace-nowrap' } }),
    ];
  }, [locale, m]);

  if (access === 'pending') return <CheckingAccess messages={m} />;
  if (access === 'denied') return <NoAccess locale={locale} messages={m} />;

  const back = <BackLink href={taskListHref(locale)}>{m['crmTask.prog.back']}</BackLink>;
  const problem = recordProblem(id, state, { missing: m['crmTask.prog.missing'], loadFailed: m['crmSite.loadFailed'] });
  if (problem)
    return (
      <RecordProblem back={back} message={problem} onRetry={state.kind === 'failed' && !state.notFound ? retry : undefined} retryLabel={m['crmSite.retry']} />
    );

  const task = state.kind === 'ready' ? state.record : null;
  // The progress page answers the counts beside the page.
  const counts = (data as CrmTaskProgressPage | null)?.counts;

  const toolbar = (
    <div className="flex flex-wrap items-end gap-3">
      <KeywordFilter
        id="progress-keyword"
        label={m['crmTask.prog.keyword']}
        value={query.keyword}
        onApply={(keyword) => setQuery({ keyword, pageCurrent: 1 })}
        searchLabel={m['crmTask.prog.search']}
      />
      <SelectFilter
        id="progress-status"
        label={m['crmTask.prog.status']}
        value={query.status}
        onChange={(status) => setQuery({ status, pageCurrent: 1 })}
        allLabel={m['crmTask.prog.allStatuses']}
        options={STATUSES.map((s) => ({ value: String(s), label: m[`crmTask.prog.status.${s}`] }))}
        className="w-32"
      />
      <SelectFilter
        id="progress-department"
        label={m['crmTask.prog.department']}
        value={query.department}
        onChange={(department) => setQuery({ department, pageCurrent: 1 })}
        allLabel={m['crmTask.prog.allDepartments']}
        options={departments}
        className="w-48"
      />
      <Button
        type="button"
        variant="ghost"
        onClick={() => {
          resetQuery();
          setQuery({ id });
        }}
      >
        {m['crmTask.prog.reset']}
      </Button>
    </div>
  );

  return (
    <section className="bg-background grid gap-4 rounded-lg border p-4">
      {back}
      <section aria-label={m['crmTask.prog.summary']} className="grid gap-3">
        {task ? (
          <div className="flex flex-wrap items-center gap-3">
            <h2 className="text-lg font-semibold">{nameIn(locale, task)}</h2>
            <TaskStateBadge state={task.state} messages={m} />
          </div>
        ) : (
          <Skeleton className="h-7 w-64" />
        )}
        {task ? (
          <dl className="grid gap-x-6 gap-y-1 text-sm sm:grid-cols-[auto_1fr]">
            <dt className="text-muted-foreground">{m['crmTask.prog.time']}</dt>
            <dd>
              <time dateTime={task.startAt}>{taskTime(locale, task.startAt, task.endAt, m['crmTask.noEnd'])}</time>
            </dd>
            <dt className="text-muted-foreground">{m['crmTask.prog.members']}</dt>
            <dd className="tabular-nums">
              {counts
                ? `${counts.total} · ${fill(m['crmTask.prog.counts'], { notStarted: counts.notStarted, learning: counts.learning, completed: counts.completed })}`
                : task.memberCount}
            </dd>
          </dl>
        ) : (
          <Skeleton className="h-12 w-80" />
        )}
      </section>
      {task && (
        <Suspense fallback={null}>
          <TaskProgressActions taskId={task.id} filters={filters} canRemind={!!counts && counts.notStarted + counts.learning > 0} messages={m} />
        </Suspense>
      )}
      <DataTable
        columns={columns}
        data={data?.list ?? NO_ROWS}
        totalCount={data?.totalCount ?? 0}
        paging={query}
        onPagingChange={(p) => setQuery(p)}
        caption={fill(m['crmTask.prog.caption'], { count: data?.totalCount ?? 0 })}
        messages={m}
        loading={loading || state.kind === 'loading'}
        error={error}
        onRetry={reload}
        emptyText={m['crmTask.prog.empty']}
        toolbar={toolbar}
        getRowId={(r) => r.memberId}
      />
    </section>
  );
}
