/**
 * The members page (administrators): the company's members 20 a page, searched by name,
 * employee number or phone, filtered by department (with those under it), post, role and status,
 * sorted by employee number, name or joining date; filters, sort and page live in the URL. A
 * member is created or edited in a side sheet; disabled, enabled or reset to the initial password
 * after a confirmation; several get one department at once. Disabling and the department change
 * offer an undo that puts the previous values back.
 */
import { MoreHorizontalIcon } from 'lucide-react';
import { lazy, Suspense, useEffect, useMemo, useState } from 'react';
import { getMemberPage, getOrgTree, getPostLevels, resetMemberPassword, setMemberStatus, setMembersDepartment } from '@/api/crm-people';
import type { CrmMember, CrmMemberPageBody, MemberRole } from '@/api/crm-people-types';
import { DataTable, dataTableColumnHelper, type DataTableColumn } from '@/components/crm/data-table/DataTable';
import { KeywordFilter } from '@/components/crm/data-table/filters';
import { usePageQuery } from '@/components/crm/data-table/use-page-query';
import { useUrlState } from '@/components/crm/data-table/use-url-state';
import type { MemberLists } from '@/components/crm/people/MemberSheet';
import type { MembersMessages } from '@/components/crm/people/messages';
import { flatten } from '@/components/crm/people/org-tree';
import { CheckingAccess, NoAccess } from '@/components/crm/shell/NoAccess';
import { useCrmAccess } from '@/components/crm/shell/use-crm-access';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { DropdownMenu, DropdownMenuContent, DropdownMenuItem, DropdownMenuTrigger } from '@/components/ui/dropdown-menu';
import { Label } from '@/components/ui/label';
import { fill } from '@/i18n/fill';
import { localizePath, type Locale } from '@/i18n/locale-path';
import { MEMBER_ROLES } from '@/lib/people-rules';
import { notifySuccess } from '@/stores/toasts';

// The form (with its library and the shared schema) loads when it first opens.
const MemberSheet = lazy(() => import('@/components/crm/people/MemberSheet').then((m) => ({ default: m.MemberSheet })));
const BulkDepartmentDialog = lazy(() => import('@/components/crm/people/BulkDepartmentDialog').then((m) => ({ default: m.BulkDepartmentDialog })));
const ConfirmDialog = lazy(() => import('@/components/crm/data-table/ConfirmDialog').then((m) => ({ default: m.ConfirmDialog })));

const DEFAULTS = { pageCurrent: 1, pageSize: 20, keyword: '', departmentId: '', postId: '', role: '', status: '', sortField: '', sortDesc: false };
const NO_ROWS: CrmMember[] = [];
const EMPTY_LISTS: MemberLists = { departments: [], posts: [], levels: [] };
const SORTABLE = new Set(['empNo', 'userName', 'joiningTime']);

type Confirm = { type: 'disable' | 'enable' | 'reset'; member: CrmMember };

/** The roles a member holds, as the list filters them. */
function rolesOf(member: CrmMember): MemberRole[] {
  const roles: MemberRole[] = [];
  if (member.isAdmin) roles.push('admin');
  if (member.userType === 2) roles.push('lecturer');
  if (member.userType === 3) roles.push('organization');
  if (roles.length === 0) roles.push('learner');
  return roles;
}

export function MembersPage({ locale, messages: m }: { locale: Locale; messages: MembersMessages }) {
  const access = useCrmAccess('admin');
  const [query, setQuery, resetQuery] = useUrlState(DEFAULTS);
  const [lists, setLists] = useState<MemberLists>(EMPTY_LISTS);
  const [editing, setEditing] = useState<{ member?: CrmMember } | null>(null);
  const [confirm, setConfirm] = useState<Confirm | null>(null);
  const [bulk, setBulk] = useState<{ members: CrmMember[]; clear: () => void } | null>(null);

  const params: CrmMemberPageBody = {
    pageCurrent: query.pageCurrent,
    pageSize: query.pageSize,
    keyword: query.keyword || undefined,
    departmentId: query.departmentId || undefined,
    postId: query.postId || undefined,
    role: (MEMBER_ROLES as readonly string[]).includes(query.role) ? (query.role as MemberRole) : undefined,
    status: query.status === '0' ? 0 : query.status === '1' ? 1 : undefined,
    sortBy: SORTABLE.has(query.sortField) ? (query.sortField as CrmMemberPageBody['sortBy']) : undefined,
    sortOrder: SORTABLE.has(query.sortField) ? (query.sortDesc ? 'desc' : 'asc') : undefined,
  };
  const { data, loading, error, reload } = usePageQuery((p, signal) => getMemberPage(p, { signal, isShowErrTip: false }), params, {
    enabled: access === 'allowed',
  });

  useEffect(() => {
    if (access !== 'allowed') return;
    void Promise.all([
      getOrgTree('department', { isShowErrTip: false }),
      getOrgTree('post', { isShowErrTip: false }),
      getPostLevels({ isShowErrTip: false }),
    ]).then(
      ([departments, posts, levels]) => setLists({ departments, posts, levels }),
      () => {},
    );
  }, [access]);

  const columns = useMemo<DataTableColumn<CrmMember>[]>(() => {
    const col = dataTableColumnHelper<CrmMember>();
    return [
      col.accessor('empNo', { header: m['crmPeople.member.empNo'], enableSorting: true, meta: { className: 'font-mono whitespace-nowrap' } }),
      col.accessor('userName', { header: m['crmPeople.member.userName'], enableSorting: true, meta: { className: 'whitespace-nowrap' } }),
      col.accessor('phone', { header: m['crmPeople.member.phone'], meta: { className: 'tabular-nums' } }),
      col.accessor('email', { header: m['crmPeople.member.email'] }),
      col.accessor('departmentName', { header: m['crmPeople.member.department'] }),
      col.accessor('postName', { header: m['crmPeople.member.post'] }),
      col.accessor('postLevel', { header: m['crmPeople.member.postLevel'], meta: { className: 'font-mono' } }),
      col.accessor('joiningTime', { header: m['crmPeople.member.joiningTime'], enableSorting: true, meta: { className: 'whitespace-nowrap tabular-nums' } }),
      col.display({
        id: 'roles',
        header: m['crmPeople.member.roles'],
        cell: (c) => (
          <span className="flex flex-wrap gap-1">
            {rolesOf(c.row.original).map((role) => (
              <Badge key={role} variant={role === 'learner' ? 'outline' : 'secondary'}>
                {m[`crmPeople.role.${role}`]}
              </Badge>
            ))}
          </span>
        ),
      }),
      col.accessor('status', {
        header: m['crmPeople.member.status'],
        cell: (c) => (
          <Badge variant={c.getValue() === 1 ? 'outline' : 'destructive'}>{m[c.getValue() === 1 ? 'crmPeople.status.1' : 'crmPeople.status.0']}</Badge>
        ),
      }),
      col.display({
        id: 'actions',
        header: m['crm.table.actions'],
        enableHiding: false,
        cell: (c) => {
          const member = c.row.original;
          return (
            <DropdownMenu>
              <DropdownMenuTrigger asChild>
                <Button type="button" variant="ghost" size="icon" aria-label={fill(m['crmPeople.member.actionsFor'], { name: member.userName })}>
                  <MoreHorizontalIcon aria-hidden="true" />
                </Button>
              </DropdownMenuTrigger>
              <DropdownMenuContent align="end">
                <DropdownMenuItem onSelect={() => setEditing({ member })}>{m['crmPeople.member.edit']}</DropdownMenuItem>
                {member.status === 1 ? (
                  <DropdownMenuItem onSelect={() => setConfirm({ type: 'disable', member })}>{m['crmPeople.member.disable']}</DropdownMenuItem>
                ) : (
                  <DropdownMenuItem onSelect={() => setConfirm({ type: 'enable', member })}>{m['crmPeople.member.enable']}</DropdownMenuItem>
                )}
                <DropdownMenuItem onSelect={() => setConfirm({ type: 'reset', member })}>{m['crmPeople.member.resetPassword']}</DropdownMenuItem>
              </DropdownMenuContent>
            </DropdownMenu>
          );
        },
      }),
    ];
  }, [m]);

  if (access === 'pending') return <CheckingAccess messages={m} />;
  if (access === 'denied') return <NoAccess locale={locale} messages={m} />;

  // Native selects: the filters need no more, and the list page stays light.
  const filterSelect = (name: 'departmentId' | 'postId' | 'role' | 'status', label: string, options: { value: string; label: string; depth?: number }[]) => (
    <div className="flex flex-col gap-1">
      <Label htmlFor={`members-${name}`}>{label}</Label>
      <select
        id={`members-${name}`}
        value={query[name]}
        onChange={(event) => setQuery({ [name]: event.target.value, pageCurrent: 1 })}
        className="border-input focus-visible:border-ring focus-visible:ring-ring/50 h-9 w-40 rounded-md border bg-transparent px-2 text-sm outline-none focus-visible:ring-[3px]"
      >
        <option value="">{m['crmPeople.filter.all']}</option>
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {`${'\u00a0\u00a0'.repeat(o.depth ?? 0)}${o.label}`}
          </option>
        ))}
      </select>
    </div>
  );
  const treeOptions = (nodes: MemberLists['departments']) => flatten(nodes).map((f) => ({ value: f.node.id, label: f.node.name, depth: f.depth }));

  const toolbar = (
    <div className="flex flex-wrap items-end gap-3">
      <KeywordFilter
        id="members-keyword"
        label={m['crmPeople.filter.keyword']}
        value={query.keyword}
        onApply={(keyword) => setQuery({ keyword, pageCurrent: 1 })}
        placeholder={m['crmPeople.filter.keywordHint']}
      />
      {filterSelect('departmentId', m['crmPeople.member.department'], treeOptions(lists.departments))}
      {filterSelect('postId', m['crmPeople.member.post'], treeOptions(lists.posts))}
      {filterSelect(
        'role',
        m['crmPeople.member.roles'],
        MEMBER_ROLES.map((r) => ({ value: r, label: m[`crmPeople.role.${r}`] })),
      )}
      {filterSelect('status', m['crmPeople.member.status'], [
        { value: '1', label: m['crmPeople.status.1'] },
        { value: '0', label: m['crmPeople.status.0'] },
      ])}
      <Button
        type="button"
        variant="ghost"
        onClick={resetQuery}
      >
        {m['crmPeople.filter.reset']}
      </Button>
    </div>
  );

  const confirmTexts = confirm
    ? {
        disable: { title: m['crmPeople.member.disableTitle'], text: m['crmPeople.member.disableText'], label: m['crmPeople.member.disable'] },
        enable: { title: m['crmPeople.member.enableTitle'], text: m['crmPeople.member.enableText'], label: m['crmPeople.member.enable'] },
        reset: { title: m['crmPeople.member.resetTitle'], text: m['crmPeople.member.resetText'], label: m['crmPeople.member.resetPassword'] },
      }[confirm.type]
    : undefined;

  return (
    <section className="bg-background rounded-lg border p-4">
      <div className="mb-4 flex flex-wrap items-center justify-between gap-2">
        <p className="text-muted-foreground text-sm">{m['crmPeople.member.intro']}</p>
        <div className="flex gap-2">
          <a
            href={localizePath('/crm/members/import', locale)}
            className="border-input hover:bg-accent inline-flex h-8 items-center rounded-md border px-3 text-sm font-medium"
          >
            {m['crmPeople.member.import']}
          </a>
          <Button type="button" size="sm" onClick={() => setEditing({})}>
            {m['crmPeople.member.new']}
          </Button>
        </div>
      </div>
      <DataTable
        columns={columns}
        data={data?.list ?? NO_ROWS}
        totalCount={data?.totalCount ?? 0}
        paging={query}
        onPagingChange={(p) => setQuery(p)}
        sort={query}
        onSortChange={(s) => setQuery({ ...s, pageCurrent: 1 })}
        caption={fill(m['crmPeople.member.caption'], { count: data?.totalCount ?? 0 })}
        messages={m}
        loading={loading}
        error={error}
        onRetry={reload}
        emptyText={m['crmPeople.member.empty']}
        toolbar={toolbar}
        initialHiddenColumns={['email', 'postLevel']}
        bulkActions={(members, clear) => (
          <Button type="button" size="sm" variant="outline" onClick={() => setBulk({ members, clear })}>
            {m['crmPeople.member.bulkDepartment']}
          </Button>
        )}
      />

      {editing && (
        <Suspense fallback={null}>
          <MemberSheet
            member={editing.member}
            lists={lists}
            messages={m}
            onClose={() => setEditing(null)}
            onSaved={(member, created) => {
              setEditing(null);
              reload();
              notifySuccess(fill(m[created ? 'crmPeople.member.created' : 'crmPeople.member.saved'], { name: member.userName }));
            }}
          />
        </Suspense>
      )}

      {confirm && (
        <Suspense fallback={null}>
          <ConfirmDialog
            open
            onOpenChange={(open) => !open && setConfirm(null)}
            title={confirmTexts?.title ?? ''}
            description={confirm && confirmTexts ? fill(confirmTexts.text, { name: confirm.member.userName }) : undefined}
            confirmLabel={confirmTexts?.label ?? ''}
            cancelLabel={m['crm.table.cancel']}
            destructive={confirm?.type === 'disable'}
            onConfirm={async () => {
              if (!confirm) return;
              const { member, type } = confirm;
              if (type === 'reset') {
                await resetMemberPassword(member.id);
                notifySuccess(fill(m['crmPeople.member.resetDone'], { name: member.userName }));
                return;
              }
              await setMemberStatus(member.id, type === 'disable' ? 0 : 1);
              reload();
              if (type === 'enable') {
                notifySuccess(fill(m['crmPeople.member.enabled'], { name: member.userName }));
                return;
              }
              notifySuccess(fill(m['crmPeople.member.disabled'], { name: member.userName }), {
                label: m['crmPeople.undo'],
                run: () => void setMemberStatus(member.id, 1).then(reload, () => {}),
              });
            }}
          />
        </Suspense>
      )}

      {bulk && (
        <Suspense fallback={null}>
          <BulkDepartmentDialog
            members={bulk.members}
            departments={lists.departments}
            messages={m}
            onClose={() => setBulk(null)}
            onDone={(previous, departmentName) => {
              bulk.clear();
              setBulk(null);
              reload();
              const groups = new Map<string, string[]>();
              for (const p of previous) groups.set(p.departmentId, [...(groups.get(p.departmentId) ?? []), p.id]);
              notifySuccess(fill(m['crmPeople.member.bulkDone'], { count: previous.length, name: departmentName }), {
                label: m['crmPeople.undo'],
                run: () => void Promise.all([...groups].map(([departmentId, ids]) => setMembersDepartment(ids, departmentId))).then(reload, () => {}),
              });
            }}
          />
        </Suspense>
      )}
    </section>
  );
}
