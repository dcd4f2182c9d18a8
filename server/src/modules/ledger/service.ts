/**
 * The caller's points and credit-hour ledgers (`accountRecordPage`): their own rows of
 * `point_records` of one kind, newest first, with the reason in the caller's language and the
 * course or project that earned a row. The rankings read the same rows' sums.
 */
import { and, count, desc, eq, sql, type SQL } from 'drizzle-orm';
import { pointSources, type AccountRecord, type AccountRecordKind, type AccountRecordPage, type PointSource } from '@/api/people-types';
import { courses, pointRecords, projects } from '../../db/schema';
import type { AuthContext } from '../../routing';
import { pageResult, pageWindow, type Paging } from '../../paging';

/** Points are whole and credit hours have one decimal; sums of `numeric` come back as text. */
export const oneDecimal = (value: unknown) => Math.round(Number(value ?? 0) * 10) / 10;

const asSource = (value: string): PointSource => (pointSources as readonly string[]).includes(value) ? (value as PointSource) : 'manual';

export async function accountRecordPage(ctx: AuthContext, input: Paging & { kind: AccountRecordKind }): Promise<AccountRecordPage> {
  const eid = ctx.tenant.id;
  const own: SQL = and(
    eq(pointRecords.enterpriseId, eid),
    eq(pointRecords.enterpriseUserId, ctx.member.id),
    eq(pointRecords.kind, input.kind),
  )!;
  const { limit, offset } = pageWindow(input);
  const [rows, [totals]] = await Promise.all([
    ctx.db
      .select({
        record: pointRecords,
        course: { id: courses.id, nameZh: courses.nameZh, nameEn: courses.nameEn },
        project: { id: projects.id, nameZh: projects.nameZh, nameEn: projects.nameEn },
      })
      .from(pointRecords)
      .leftJoin(
        courses,
        and(eq(pointRecords.sourceType, 'course'), eq(courses.enterpriseId, eid), eq(courses.id, pointRecords.sourceId)),
      )
      .leftJoin(
        projects,
        and(eq(pointRecords.sourceType, 'project'), eq(projects.enterpriseId, eid), eq(projects.id, pointRecords.sourceId)),
      )
      .where(own)
      .orderBy(desc(pointRecords.createdAt), desc(pointRecords.id))
      .limit(limit)
      .offset(offset),
    ctx.db
      .select({ n: count(), sum: sql<string | null>`sum(${pointRecords.amount})` })
      .from(pointRecords)
      .where(own),
  ]);
  const en = ctx.lang === 'en';
  const list = rows.map(({ record: r, course, project }): AccountRecord => {
    const source = course ?? project;
    return {
      id: r.id,
      kind: input.kind,
      amount: oneDecimal(r.amount),
      reason: en ? r.reasonEn : r.reasonZh,
      sourceType: asSource(r.sourceType),
      sourceId: source?.id ?? null,
      sourceName: source ? (en ? source.nameEn : source.nameZh) : '',
      createdAt: r.createdAt.toISOString(),
    };
  });
  return { ...pageResult(list, input, totals?.n ?? 0), sum: oneDecimal(totals?.sum) };
}
