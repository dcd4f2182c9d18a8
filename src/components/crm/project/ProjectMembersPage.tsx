/**
 * A study project's registrations (`/crm/projects/members?id=`): the project's name and rule,
 * then its registrations, latest first, filtered by status and found by name or employee number
 * (both in the URL). A registration waiting for approval is approved, or rejected after a
 * confirmation; the member is told either way.
 */
import { useEffect, useMemo, useState } from 'react';
import { decideCrmProjectMember, getCrmProject, getCrmProjectMembers } from '@/api/crm-project';
import type { CrmProjectMember } from '@/api/crm-project-types';
import { nameIn } from '@/components/crm/course/links';
import { ConfirmDialog } from '@/components/crm/data-table/ConfirmDialog';
import { DataTable, dataTableColumnHelper, type DataTableColumn } from '@/components/crm/data-table/DataTable';
import { KeywordFilter, SelectFilter } from '@/components/crm/data-table/filters';
import { usePageQuery } from '@/components/crm/data-table/use-page-query';
import { useUrlState } from '@/components/crm/data-table/use-url-state';
import { intlLocale } from '@/components/crm/live/links';
import { projectEditHref, projectListHref } from '@/components/crm/project/links';
import type { ProjectMembersMessages } from '@/components/crm/project/messages';
import { CheckingAccess, NoAccess } from '@/components/crm/shell/NoAccess';
import { BackLink, RecordProblem, recordProblem, useRecord } from '@/components/crm/shell/record-page';
import { useCrmAccess } from '@/components/crm/shell/use-crm-access';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { fill } from '@/i18n/fill';
import type { Locale } from '@/i18n/locale-path';
import { REGISTRATION_STATUSES } from '@/lib/project-rules';
import { notifySuccess } from '@/stores/toasts';

const DEFAULTS = { id: '', pageCurrent: 1, pageSize: 20, keyword: '', status: '' };
const NO_ROWS: CrmProjectMember[] = [];
const STATUS_TONE = ['bg-amber-100 text-amber-900', 'bg-emerald-100 text-emerald-900', 'bg-muted text-foreground'] as const;

export function ProjectMembersPage({ locale, messages: m }: { locale: Locale; messages: ProjectMembersMessages }) {
  const access = useCrmAccess('admin');
  const [query, setQuery, resetQuery] = useUrlState(DEFAULTS);
  const [busy, setBusy] = useState<string | null>(null);
  const [rejecting, setRejecting] = useState<CrmProjectMember | null>(null);
  const id = query.id;
  const status = REGISTRATION_STATUSES.find((s) => String(s) === query.status);

  const { state, retry } = useRecord(id, getCrmProject, m['crmProject.form.notFound'], access === 'allowed');

  const { data, loading, error, reload } = usePageQuery(
    (params, signal) => getCrmProjectMembers(params, { signal, isShowErrTip: false }),
    { id, pageCurrent: query.pageCurrent, pageSize: query.pageSize, keyword: query.keyword || undefined, status },
    { enabled: access === 'allowed' && !!id && state.kind === 'ready' },
  );

  const columns = useMemo<DataTableColumn<CrmProjectMember>[]>(() => {
    const when = new Intl.DateTimeFormat(intlLocale(locale), { dateStyle: 'short', timeStyle: 'short' });
    const at = (iso: string | null) => (iso ? <time dateTime={iso}>{when.format(new Date(iso))}</time> : <span className="text-muted-foreground">—</span>);
    const decide = async (member: CrmProjectMember, approve: boolean) => {
      setBusy(member.userId);
      try {
        await decideCrmProjectMember({ id, userId: member.userId, approve });
        notifySuccess(fill(m[approve ? 'crmProject.queue.approved' : 'crmProject.queue.rejected'], { name: member.userName }));
        reload();
      } catch {
        // The client showed the gateway's message.
      } finally {
        setBusy(null);
      }
    };
    const col = dataTableColumnHelper<CrmProjectMember>();
    return [
      col.accessor('userName', { header: m['crmProject.queue.name'], enableHiding: false }),
      col.accessor('empNo', { header: m['crmProject.queue.empNo'] }),
      col.accessor('departmentName', { header: m['crmProject.queue.department'], cell: (c) => c.getValue() || '—' }),
      col.accessor('appliedAt', { header: m['crmProject.queue.appliedAt'], cell: (c) => at(c.getValue()), meta: { className: 'whitespace-nowrap' } }),
      col.accessor('status', {
        header: m['crmProject.queue.status'],
        cell: (c) => {
          const s = c.getValue() as 0 | 1 | 2;
          return <span className={`rounded px-2 py-0.5 text-xs font-medium ${STATUS_TONE[s] ?? ''}`}>{m[`crmProject.queue.status.${s}`]}</span>;
        },
        meta: { className: 'whitespace-nowrap' },
      }),
      col.accessor('approvedAt', { header: m['crmProject.queue.approvedAt'], cell: (c) => at(c.getValue()), meta: { className: 'whitespace-nowrap' } }),
      col.display({
        id: 'actions',
        header: m['crm.table.actions'],
        enableHiding: false,
        meta: { className: 'text-end whitespace-nowrap' },
        cell: (c) => {
          const member = c.row.original;
          if (member.status !== 0) return null;
          return (
            <span className="inline-flex gap-2">
              <Button
                type="button"
                size="sm"
                disabled={busy === member.userId}
                aria-label={fill(m['crmProject.queue.approveName'], { name: member.userName })}
                onClick={() => void decide(member, true)}
              >
                {m['crmProject.queue.approve']}
              </Button>
              <Button
                type="button"
                size="sm"
                variant="outline"
                disabled={busy === member.userId}
                aria-label={fill(m['crmProject.queue.rejectName'], { name: member.userName })}
                onClick={() => setRejecting(member)}
              >
                {m['crmProject.queue.reject']}
              </Button>
            </span>
          );
        },
      }),
    ];
  }, [locale, m, id, busy, reload]);

  if (access === 'pending') return <CheckingAccess messages={m} />;
  if (access === 'denied') return <NoAccess locale={locale} messages={m} />;

  const back = <BackLink href={projectListHref(locale)}>{m['crmProject.queue.back']}</BackLink>;
  const problem = recordProblem(id, state, { missing: m['crmProject.queue.missing'], loadFailed: m['crmSite.loadFailed'] });
  if (problem)
    return (
      <RecordProblem back={back} message={problem} onRetry={state.kind === 'failed' && !state.notFound ? retry : undefined} retryLabel={m['crmSite.retry']} />
    );

  const project = state.kind === 'ready' ? state.record : null;
  const toolbar = (
    <div className="flex flex-wrap items-end gap-3">
      <KeywordFilter
        id="queue-keyword"
        label={m['crmProject.queue.keyword']}
        value={query.keyword}
        onApply={(keyword) => setQuery({ keyword, pageCurrent: 1 })}
        searchLabel={m['crmProject.queue.search']}
      />
      <SelectFilter
        id="queue-status"
        label={m['crmProject.queue.status']}
        value={query.status}
        onChange={(s) => setQuery({ status: s, pageCurrent: 1 })}
        allLabel={m['crmProject.queue.allStatuses']}
        options={REGISTRATION_STATUSES.map((s) => ({ value: String(s), label: m[`crmProject.queue.status.${s}`] }))}
        className="w-36"
      />
      <Button
        type="button"
        variant="ghost"
        onClick={() => {
          resetQuery();
          setQuery({ id });
        }}
      >
        {m['crmProject.queue.reset']}
      </Button>
    </div>
  );

  return (
    <section className="bg-background grid gap-4 rounded-lg border p-4">
      {back}
      <section aria-label={m['crmProject.queue.summary']} className="grid gap-2">
        {project ? (
          <>
            <div className="flex flex-wrap items-center gap-3">
              <h2 className="text-lg font-semibold">{nameIn(locale, project)}</h2>
              <a href={projectEditHref(locale, project.id)} className="text-sm underline underline-offset-4">
                {m['crmProject.edit']}
              </a>
            </div>
            <p className="text-muted-foreground text-sm">
              {m[`crmProject.registration.${project.registration}`]}
              {' · '}
              {fill(m['crmProject.queue.counts'], { members: project.memberCount, waiting: project.waitingCount })}
            </p>
            {project.registration !== 2 && <p className="text-muted-foreground text-sm">{m['crmProject.queue.noApproval']}</p>}
          </>
        ) : (
          <Skeleton className="h-12 w-72" />
        )}
      </section>
      <DataTable
        columns={columns}
        data={data?.list ?? NO_ROWS}
        totalCount={data?.totalCount ?? 0}
        paging={query}
        onPagingChange={(p) => setQuery(p)}
        caption={fill(m['crmProject.queue.caption'], { count: data?.totalCount ?? 0 })}
        messages={m}
        loading={loading || state.kind === 'loading'}
        error={error}
        onRetry={reload}
        emptyText={m['crmProject.queue.empty']}
        toolbar={toolbar}
        getRowId={(r) => r.userId}
      />
      <ConfirmDialog
        open={rejecting !== null}
        onOpenChange={(open) => !open && setRejecting(null)}
        title={rejecting ? fill(m['crmProject.queue.rejectTitle'], { name: rejecting.userName }) : ''}
        description={m['crmProject.queue.rejectBody']}
        confirmLabel={m['crmProject.queue.reject']}
        cancelLabel={m['crm.table.cancel']}
        destructive
        onConfirm={async () => {
          if (!rejecting) return;
          await decideCrmProjectMember({ id, userId: rejecting.userId, approve: false });
          notifySuccess(fill(m['crmProject.queue.rejected'], { name: rejecting.userName }));
          reload();
        }}
      />
    </section>
  );
}
