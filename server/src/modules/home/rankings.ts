/**
 * The company's rankings: integral points (the sum of a member's point records of kind 1),
 * credit hours (kind 2) and certificates held (not expired). Members with a value above zero
 * are ranked, highest first; equal values share a place (1, 2, 2, 4) and are listed by name,
 * then id. One grouped query with `rank()` answers a page or a member's own place.
 */
import { sql, type SQL } from 'drizzle-orm';
import type { CurrentRank, RankEntry } from '@/api/home-types';
import type { PageResult } from '@/api/types';
import type { Db } from '../../db/client';
import { rowsOf } from '../../db/access/course-cards';
import { pageResult, pageWindow, type Paging } from '../../paging';

/** What a ranking measures. */
export type RankMeasure = 'integral' | 'creditHour' | 'certificate';

/** Point record kinds of the two ledgers. */
export const PointKind = { integral: 1, creditHour: 2 } as const;

/** Each member's total of the measure in enterprise `eid` (members with no rows are absent). */
function totals(eid: string, measure: RankMeasure): SQL {
  if (measure === 'certificate') {
    return sql`select uc.enterprise_user_id as member_id, count(*)::float8 as value
      from user_certificates uc
      where uc.enterprise_id = ${eid} and (uc.expires_at is null or uc.expires_at > now())
      group by uc.enterprise_user_id`;
  }
  return sql`select pr.enterprise_user_id as member_id, sum(pr.amount)::float8 as value
    from point_records pr
    where pr.enterprise_id = ${eid} and pr.kind = ${PointKind[measure]}
    group by pr.enterprise_user_id`;
}

/** `totals` and `ranked` (the company's members with a value above zero, with their place). */
function rankedWith(eid: string, measure: RankMeasure): SQL {
  return sql`with totals as (${totals(eid, measure)}),
    ranked as (
      select eu.id, eu.user_name, eu.head_portrait, eu.department_name, t.value,
             rank() over (order by t.value desc)::int as place
      from totals t
      join enterprise_users eu on eu.id = t.member_id and eu.enterprise_id = ${eid}
      where t.value > 0
    )`;
}

/** Credit hours carry one decimal; points and certificates are whole. */
const valueOf = (v: unknown) => Math.round(Number(v ?? 0) * 10) / 10;

interface PageRow {
  total: number | string;
  id: string | null;
  user_name: string;
  head_portrait: string;
  department_name: string;
  value: number | string;
  place: number | string;
}

/**
 * A page of enterprise `eid`'s ranking by `measure`.
 *
 * @example rankPage(db, tenant.id, 'creditHour', { pageCurrent: 1, pageSize: 9 })
 */
export async function rankPage(db: Db, eid: string, measure: RankMeasure, paging: Paging): Promise<PageResult<RankEntry>> {
  const { limit, offset } = pageWindow(paging);
  // The count row joins the page, so an empty page still answers the total.
  const rows = rowsOf<PageRow>(
    await db.execute(sql`${rankedWith(eid, measure)}
      select c.total, p.id, p.user_name, p.head_portrait, p.department_name, p.value, p.place
      from (select count(*)::int as total from ranked) c
      left join lateral (
        select * from ranked order by place, user_name collate "C", id limit ${limit} offset ${offset}
      ) p on true`),
  );
  const list = rows.flatMap((r): RankEntry[] =>
    r.id === null
      ? []
      : [
          {
            rank: Number(r.place),
            enterpriseUserId: r.id,
            userName: r.user_name,
            headPortrait: r.head_portrait,
            departmentName: r.department_name,
            value: valueOf(r.value),
          },
        ],
  );
  return pageResult(list, paging, Number(rows[0]?.total ?? 0));
}

/**
 * Member `memberId`'s place in enterprise `eid`'s ranking by `measure`; `rank` is null while
 * their value is not above zero.
 *
 * @example currentRank(db, tenant.id, member.id, 'integral') → { rank: 3, value: 155, total: 17 }
 */
export async function currentRank(db: Db, eid: string, memberId: string, measure: RankMeasure): Promise<CurrentRank> {
  const [row] = rowsOf<{ total: number | string; place: number | string | null; value: number | string | null }>(
    await db.execute(sql`${rankedWith(eid, measure)}
      select (select count(*)::int from ranked) as total,
             (select place from ranked where id = ${memberId}) as place,
             (select value from totals where member_id = ${memberId}) as value`),
  );
  return {
    rank: row?.place === null || row?.place === undefined ? null : Number(row.place),
    value: valueOf(row?.value),
    total: Number(row?.total ?? 0),
  };
}
