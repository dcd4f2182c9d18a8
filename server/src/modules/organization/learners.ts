/**
 * The organisation centre and the back office's reports (role `organization`: organisation
 * users, userType 3, and administrators): learners with their course progress, completion,
 * credit hours and certificates, their overview, and the same list as a spreadsheet in the
 * download centre. An organisation user sees the members of their own department and of every
 * department under it; an administrator sees the whole company. Every figure is one CTE chain
 * over the caller's enterprise and reach, so the overview, the page and the export always agree.
 *
 * A learner is any member. Their status: 0 no course started, 1 some started course not
 * completed, 2 every started course completed. Their last study is the latest course progress
 * or study dynamic; active learners studied in the last {@link ACTIVE_DAYS} days. Credit hours
 * are the ledger's sum and certificates those held and not expired, as the rankings count them.
 */
import { sql, type SQL } from 'drizzle-orm';
import type { ExportStarted } from '@/api/learning-types';
import {
  ACTIVE_DAYS,
  type LearnerStatus,
  type OrganizationLearner,
  type OrganizationLearnerFilters,
  type OrganizationOverview,
} from '@/api/people-types';
import type { PageResult } from '@/api/types';
import type { Locale } from '@/i18n/routes';
import type { AuthContext } from '../../routing';
import { rowsOf } from '../../db/access/course-cards';
import { containsPattern } from '../../db/access/rows';
import { everyPage, exportTime, learningStatusLabels, type ExportColumn } from '../../exports';
import { startExport } from '../data/service';
import { oneDecimal } from '../ledger/service';
import { pageResult, pageWindow, type Paging } from '../../paging';

/** Departments deeper than this are not named by their path (a guard against a cycle of parents). */
const MAX_DEPARTMENT_DEPTH = 16;

/**
 * Whose department's subtree the caller reports on: null for an administrator (the whole
 * company), else the organisation user's own id. Their department is read with the figures,
 * not from the cached session, so a move in the back office counts at once; a member with no
 * department reaches nobody.
 */
export function reachOf(ctx: AuthContext): string | null {
  return ctx.member.isAdmin ? null : ctx.member.id;
}

/** `learners`: enterprise `eid`'s members within `reach` ({@link reachOf}) with their figures, filtered. */
function learnersWith(eid: string, filters: OrganizationLearnerFilters, reach: string | null): SQL {
  const keyword = filters.keyword?.trim();
  const departmentId = filters.departmentId?.trim();
  const conditions: SQL[] = [sql`eu.enterprise_id = ${eid}`];
  if (keyword) {
    const pattern = containsPattern(keyword);
    conditions.push(sql`(eu.user_name ilike ${pattern} or eu.emp_no ilike ${pattern})`);
  }
  if (departmentId) conditions.push(sql`eu.department_id in (select id from under)`);
  if (reach !== null) conditions.push(sql`eu.department_id in (select id from reach)`);
  const status = filters.learningStatus;
  return sql`with recursive
    path(id, zh, en, depth) as (
      select d.id, d.name_zh, d.name_en, 0 from departments d where d.enterprise_id = ${eid} and d.parent_id = ''
      union all
      select d.id, p.zh || ' · ' || d.name_zh, p.en || ' · ' || d.name_en, p.depth + 1
      from departments d join path p on d.parent_id = p.id
      where d.enterprise_id = ${eid} and p.depth < ${MAX_DEPARTMENT_DEPTH}
    ),
    under(id) as (
      select d.id from departments d where d.enterprise_id = ${eid} and d.id = ${departmentId ?? ''}
      union
      select d.id from departments d join under u on d.parent_id = u.id where d.enterprise_id = ${eid}
    ),
    reach(id) as (
      select d.id from departments d where d.enterprise_id = ${eid} and d.id = (
        select department_id from enterprise_users where enterprise_id = ${eid} and id = ${reach ?? null}
      )
      union
      select d.id from departments d join reach r on d.parent_id = r.id where d.enterprise_id = ${eid}
    ),
    progress as (
      select enterprise_user_id as member_id, count(*)::int as started,
             (count(*) filter (where status = 2))::int as completed,
             sum(progress)::float8 as progress_sum, max(updated_at) as last_at
      from course_progress where enterprise_id = ${eid} group by enterprise_user_id
    ),
    dynamics as (
      select enterprise_user_id as member_id, max(created_at) as last_at
      from study_dynamics where enterprise_id = ${eid} group by enterprise_user_id
    ),
    hours as (
      select enterprise_user_id as member_id, sum(amount)::float8 as value
      from point_records where enterprise_id = ${eid} and kind = 2 group by enterprise_user_id
    ),
    held as (
      select enterprise_user_id as member_id, count(*)::int as value
      from user_certificates where enterprise_id = ${eid} and (expires_at is null or expires_at > now())
      group by enterprise_user_id
    ),
    figures as (
      select eu.id, eu.user_name, eu.emp_no, eu.department_id,
             coalesce(path.zh, eu.department_name) as department_zh, coalesce(path.en, eu.department_name) as department_en,
             coalesce(po.name_zh, eu.post_name) as post_zh, coalesce(po.name_en, eu.post_name) as post_en,
             coalesce(pr.started, 0) as started, coalesce(pr.completed, 0) as completed,
             coalesce(pr.progress_sum, 0) as progress_sum,
             coalesce(hours.value, 0) as credit_hours, coalesce(held.value, 0) as certificates,
             greatest(pr.last_at, dy.last_at) as last_study_at,
             case when coalesce(pr.started, 0) = 0 then 0 when pr.completed = pr.started then 2 else 1 end as status
      from enterprise_users eu
      left join path on path.id = eu.department_id
      left join posts po on po.enterprise_id = ${eid} and po.id = eu.post_id
      left join progress pr on pr.member_id = eu.id
      left join dynamics dy on dy.member_id = eu.id
      left join hours on hours.member_id = eu.id
      left join held on held.member_id = eu.id
      where ${sql.join(conditions, sql` and `)}
    ),
    learners as (
      select * from figures ${status === undefined ? sql`` : sql`where status = ${status}`}
    )`;
}

interface LearnerRow {
  id: string;
  user_name: string;
  emp_no: string;
  department_id: string;
  department_zh: string;
  department_en: string;
  post_zh: string;
  post_en: string;
  started: number | string;
  completed: number | string;
  progress_sum: number | string;
  credit_hours: number | string;
  certificates: number | string;
  last_study_at: Date | string | null;
  status: number | string;
}

const iso = (value: Date | string | null) => (value === null ? null : new Date(value).toISOString());

function toLearner(r: LearnerRow, lang: Locale): OrganizationLearner {
  const started = Number(r.started);
  const en = lang === 'en';
  return {
    id: r.id,
    userName: r.user_name,
    empNo: r.emp_no,
    departmentId: r.department_id,
    departmentName: en ? r.department_en : r.department_zh,
    postName: en ? r.post_en : r.post_zh,
    learningStatus: Number(r.status) as LearnerStatus,
    coursesStarted: started,
    coursesCompleted: Number(r.completed),
    averageProgress: started ? Math.round(Number(r.progress_sum) / started) : 0,
    creditHours: oneDecimal(r.credit_hours),
    certificates: Number(r.certificates),
    lastStudyAt: iso(r.last_study_at),
  };
}

/** A page of the company's learners by employee number (shared by the page and the export). */
async function learnerPage(ctx: AuthContext, filters: OrganizationLearnerFilters, paging: Paging): Promise<PageResult<OrganizationLearner>> {
  const { limit, offset } = pageWindow(paging);
  // The count row joins the page, so an empty page still answers the total.
  const rows = rowsOf<LearnerRow & { total: number | string }>(
    await ctx.db.execute(sql`${learnersWith(ctx.tenant.id, filters, reachOf(ctx))}
      select c.total, l.* from (select count(*)::int as total from learners) c
      left join lateral (
        select * from learners order by emp_no collate "C", id limit ${limit} offset ${offset}
      ) l on true`),
  );
  const list = rows.filter((r) => r.id !== null).map((r) => toLearner(r, ctx.lang));
  return pageResult(list, paging, Number(rows[0]?.total ?? 0));
}

/** `organizationLearnerPage`. */
export function organizationLearnerPage(ctx: AuthContext, input: OrganizationLearnerFilters & Paging): Promise<PageResult<OrganizationLearner>> {
  const { pageCurrent, pageSize, ...filters } = input;
  return learnerPage(ctx, filters, { pageCurrent, pageSize });
}

/** Percent of `part` in `whole` with one decimal; 0 when there is no whole. */
const percent = (part: number, whole: number) => (whole ? Math.round((part / whole) * 1000) / 10 : 0);

/** `organizationOverview`. */
export async function organizationOverview(ctx: AuthContext): Promise<OrganizationOverview> {
  const [row] = rowsOf<Record<'learners' | 'active' | 'started' | 'completed' | 'progress_sum' | 'credit_hours' | 'certificates', number | string>>(
    await ctx.db.execute(sql`${learnersWith(ctx.tenant.id, {}, reachOf(ctx))}
      select count(*)::int as learners,
             (count(*) filter (where last_study_at >= now() - make_interval(days => ${ACTIVE_DAYS})))::int as active,
             coalesce(sum(started), 0)::int as started, coalesce(sum(completed), 0)::int as completed,
             coalesce(sum(progress_sum), 0)::float8 as progress_sum,
             coalesce(sum(credit_hours), 0)::float8 as credit_hours, coalesce(sum(certificates), 0)::int as certificates
      from learners`),
  );
  const started = Number(row?.started ?? 0);
  const completed = Number(row?.completed ?? 0);
  return {
    learners: Number(row?.learners ?? 0),
    activeLearners: Number(row?.active ?? 0),
    coursesStarted: started,
    coursesCompleted: completed,
    averageProgress: started ? Math.round((Number(row?.progress_sum) / started) * 10) / 10 : 0,
    completionRate: percent(completed, started),
    creditHours: oneDecimal(row?.credit_hours),
    certificates: Number(row?.certificates ?? 0),
  };
}

/** Columns of the learners export: the page's columns, in its order. */
export const learnerColumns: ExportColumn<OrganizationLearner>[] = [
  { header: { zh: '姓名', en: 'Name' }, width: 14, cell: (r) => r.userName },
  { header: { zh: '工号', en: 'Employee no.' }, width: 14, cell: (r) => r.empNo },
  { header: { zh: '部门', en: 'Department' }, width: 30, cell: (r) => r.departmentName },
  { header: { zh: '岗位', en: 'Post' }, width: 18, cell: (r) => r.postName },
  { header: { zh: '学习状态', en: 'Status' }, width: 12, cell: (r, lang) => learningStatusLabels[r.learningStatus]![lang] },
  { header: { zh: '已开始课程', en: 'Courses started' }, width: 12, cell: (r) => r.coursesStarted },
  { header: { zh: '已完成课程', en: 'Courses completed' }, width: 12, cell: (r) => r.coursesCompleted },
  { header: { zh: '平均进度（%）', en: 'Average progress (%)' }, width: 14, cell: (r) => r.averageProgress },
  { header: { zh: '学时', en: 'Credit hours' }, width: 10, cell: (r) => r.creditHours },
  { header: { zh: '证书', en: 'Certificates' }, width: 10, cell: (r) => r.certificates },
  { header: { zh: '最近学习时间', en: 'Last studied' }, width: 20, cell: (r) => exportTime(r.lastStudyAt) },
];

export const learnerExportTitle = { zh: '学员学习概况', en: 'learner-overview' };

/** `organizationLearnerExport`: every learner the page lists with these filters, into the download centre. */
export function organizationLearnerExport(ctx: AuthContext, filters: OrganizationLearnerFilters): Promise<ExportStarted> {
  return startExport(ctx, {
    kind: 'organizationLearners',
    title: learnerExportTitle,
    columns: learnerColumns,
    rows: () => everyPage((paging) => learnerPage(ctx, filters, paging)),
  });
}
