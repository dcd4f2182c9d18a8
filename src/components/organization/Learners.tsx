/**
 * The organisation centre's learners (`organizationLearnerPage`, 10 a page): filters by name or
 * employee number, department (with the ones under it) and status, kept in the URL; per
 * learner their department, post, status with their average progress as a bar, courses
 * started and completed, credit hours, certificates and last study; and the export of the
 * filtered list.
 */
import { useStore } from '@nanostores/react';
import RotateCcwIcon from 'lucide-react/icons/rotate-ccw';
import SearchIcon from 'lucide-react/icons/search';
import { useEffect, useState } from 'react';
import { getDepartmentList } from '@/api/account';
import { getOrganizationLearnerPage } from '@/api/organization';
import type { LearnerStatus, OrganizationLearner } from '@/api/people-types';
import { cellClass, DataTable } from '@/components/account-page/DataTable';
import { formatTotal } from '@/components/account-page/ledger-format';
import { PagedBlock } from '@/components/account-page/PagedBlock';
import { StatusProgress } from '@/components/learning/StatusProgress';
import { LearnerExport } from '@/components/organization/LearnerExport';
import type { OrganizationMessages } from '@/components/organization/messages';
import {
  departmentOptions,
  KEYWORD_MAX,
  learnerFilters,
  learnerSearch,
  NO_FILTERS,
  reachTree,
  readLearnerQuery,
  type DepartmentOption,
  type LearnerQuery,
} from '@/components/organization/query';
import { formatMoment } from '@/components/study/format';
import { outlineButtonSm, primaryButtonSm } from '@/components/ui/button-class';
import { fieldClass } from '@/components/ui/field';
import { loadTexts } from '@/components/ui/load-state';
import { pagerTexts } from '@/components/ui/pager';
import { fill } from '@/i18n/fill';
import { $user } from '@/stores/session';

const STATUSES = [0, 1, 2] as const;
/** Non-breaking spaces indent a department under its parent (options take no padding). */
const INDENT = '\u00a0\u00a0\u00a0';

const filterField = `${fieldClass} disabled:opacity-50`;
const labelClass = 'grid gap-1.5 text-sm font-medium';

interface DepartmentSelectProps {
  value: string;
  onChange: (id: string) => void;
  /** The department whose subtree is offered (an organisation user's own); none: every one. */
  root: string | undefined;
  messages: OrganizationMessages;
}

function DepartmentSelect({ value, onChange, root, messages: m }: DepartmentSelectProps) {
  const [options, setOptions] = useState<DepartmentOption[]>();
  const [failed, setFailed] = useState(false);
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    const controller = new AbortController();
    setFailed(false);
    getDepartmentList({ isShowErrTip: false, signal: controller.signal }).then(
      (tree) => setOptions(departmentOptions(reachTree(tree, root))),
      () => !controller.signal.aborted && setFailed(true),
    );
    return () => controller.abort();
  }, [attempt, root]);
  return (
    <div className={labelClass}>
      <label htmlFor="org-department">{m['organization.department']}</label>
      <select
        id="org-department"
        value={value}
        onChange={(event) => onChange(event.target.value)}
        disabled={!options && !failed}
        aria-describedby={failed ? 'org-department-failed' : undefined}
        className={`${filterField} min-w-44`}
      >
        <option value="">{options || failed ? m['organization.allDepartments'] : m['learning.loading']}</option>
        {options?.map((o) => (
          <option key={o.id} value={o.id}>
            {INDENT.repeat(o.depth)}
            {o.name}
          </option>
        ))}
      </select>
      {failed && (
        <span id="org-department-failed" role="alert" className="text-destructive flex items-center gap-2 text-xs font-normal">
          {m['organization.departmentsFailed']}
          <button type="button" onClick={() => setAttempt((n) => n + 1)} className="underline underline-offset-2">
            {m['learning.retry']}
          </button>
        </span>
      )}
    </div>
  );
}

function Row({ learner: l, messages: m }: { learner: OrganizationLearner; messages: OrganizationMessages }) {
  return (
    <tr className="border-t">
      <th scope="row" className={`${cellClass()} font-medium whitespace-nowrap`}>
        {l.userName}
      </th>
      <td className={`${cellClass()} tabular-nums`}>{l.empNo}</td>
      <td className={`${cellClass()} min-w-40`}>{l.departmentName}</td>
      <td className={`${cellClass()} whitespace-nowrap`}>{l.postName}</td>
      <td className={cellClass()}>
        <span className="flex min-w-44 items-center gap-2">
          <StatusProgress
            status={l.learningStatus}
            statusText={m[`learning.status.${l.learningStatus}`]}
            progress={l.averageProgress}
            progressLabel={fill(m['learning.progress'], { value: l.averageProgress })}
            barWidth="max-w-24"
            barWhenStarted
          />
        </span>
      </td>
      <td className={cellClass(true)}>{l.coursesStarted}</td>
      <td className={cellClass(true)}>{l.coursesCompleted}</td>
      <td className={cellClass(true)}>{formatTotal(l.creditHours, 2)}</td>
      <td className={cellClass(true)}>{l.certificates}</td>
      <td className={`${cellClass()} whitespace-nowrap tabular-nums`}>
        {l.lastStudyAt ? <time dateTime={l.lastStudyAt}>{formatMoment(l.lastStudyAt)}</time> : m['organization.never']}
      </td>
    </tr>
  );
}

interface LearnersProps {
  messages: OrganizationMessages;
  /** Hears a failed load (a refusal shows the page's refusal state). */
  onError: (error: unknown) => void;
}

export function Learners({ messages: m, onError }: LearnersProps) {
  const user = useStore($user);
  const root = user && !user.isAdmin ? user.departmentId : undefined;
  const [query, setQuery] = useState<LearnerQuery>(() => readLearnerQuery(location.search));
  const [keyword, setKeyword] = useState(query.keyword);

  const apply = (next: LearnerQuery) => {
    setQuery(next);
    history.replaceState(history.state, '', `${location.pathname}${learnerSearch(next)}${location.hash}`);
  };
  // Changing one filter applies the keyword typed so far too, from the first page.
  const filter = (change: Partial<LearnerQuery>) => apply({ ...query, keyword: keyword.trim(), ...change, page: 1 });
  const filters = learnerFilters(query);

  return (
    <section aria-labelledby="org-learners" className="grid gap-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="org-learners" className="text-lg font-semibold">
          {m['organization.learners']}
        </h2>
        <LearnerExport filters={filters} messages={m} />
      </div>
      <form
        role="search"
        aria-label={m['organization.filters']}
        onSubmit={(event) => {
          event.preventDefault();
          filter({});
        }}
        className="bg-card flex flex-wrap items-end gap-3 rounded-xl border p-4"
      >
        <div className={labelClass}>
          <label htmlFor="org-keyword">{m['organization.keyword']}</label>
          <input
            id="org-keyword"
            type="search"
            value={keyword}
            maxLength={KEYWORD_MAX}
            placeholder={m['organization.keywordPlaceholder']}
            onChange={(event) => setKeyword(event.target.value)}
            className={`${filterField} w-56`}
          />
        </div>
        <DepartmentSelect value={query.departmentId} onChange={(departmentId) => filter({ departmentId })} root={root} messages={m} />
        <div className={labelClass}>
          <label htmlFor="org-status">{m['organization.status']}</label>
          <select
            id="org-status"
            value={query.learningStatus ?? ''}
            onChange={(event) =>
              filter({ learningStatus: event.target.value === '' ? null : (Number(event.target.value) as LearnerStatus) })
            }
            className={filterField}
          >
            <option value="">{m['organization.allStatuses']}</option>
            {STATUSES.map((s) => (
              <option key={s} value={s}>
                {m[`learning.status.${s}`]}
              </option>
            ))}
          </select>
        </div>
        <div className="flex gap-2">
          <button type="submit" className={primaryButtonSm}>
            <SearchIcon aria-hidden="true" />
            {m['organization.search']}
          </button>
          <button
            type="button"
            className={outlineButtonSm}
            onClick={() => {
              setKeyword('');
              apply(NO_FILTERS);
            }}
          >
            <RotateCcwIcon aria-hidden="true" />
            {m['organization.reset']}
          </button>
        </div>
      </form>
      <PagedBlock
        page={query.page}
        onPage={(page) => apply({ ...query, page })}
        loadKey={JSON.stringify(filters)}
        load={(pageCurrent, signal) => getOrganizationLearnerPage({ ...filters, pageCurrent }, { isShowErrTip: false, signal })}
        texts={loadTexts(m, m['organization.empty'])}
        pager={pagerTexts(m)}
        onError={onError}
      >
        {(result) => (
          <>
            <p className="text-muted-foreground text-sm tabular-nums">{fill(m['organization.total'], { count: result.totalCount })}</p>
            <DataTable
              caption={fill(m['organization.caption'], { current: result.pageCurrent, total: result.totalPage })}
              columns={[
                { label: m['organization.name'] },
                { label: m['organization.empNo'] },
                { label: m['organization.department'] },
                { label: m['organization.post'] },
                { label: m['organization.progress'] },
                { label: m['organization.started'], numeric: true },
                { label: m['organization.completed'], numeric: true },
                { label: m['organization.creditHours'], numeric: true },
                { label: m['organization.certificates'], numeric: true },
                { label: m['organization.lastStudy'] },
              ]}
            >
              {result.list.map((learner) => (
                <Row key={learner.id} learner={learner} messages={m} />
              ))}
            </DataTable>
          </>
        )}
      </PagedBlock>
    </section>
  );
}
