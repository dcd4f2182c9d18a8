/**
 * The caller's points and credit-hour ledgers (`accountRecordPage`): their own rows of
 * `point_records` of one kind, newest first, with the reason in the caller's language and the
 * course or project that earned a row. The rankings read the same rows' sums.
 */
import { pointSources, type AccountRecord, type AccountRecordKind, type AccountRecordPage, type PointSource } from '@/api/people-types';
import { scoped } from '../../db/access';
import type { AuthContext } from '../../routing';
import { pageResult, pageWindow, type Paging } from '../../paging';

/** Points are whole and credit hours have one decimal; sums of `numeric` come back as text. */
export const oneDecimal = (value: unknown) => Math.round(Number(value ?? 0) * 10) / 10;

const asSource = (value: string): PointSource => (pointSources as readonly string[]).includes(value) ? (value as PointSource) : 'manual';

export async function accountRecordPage(ctx: AuthContext, input: Paging & { kind: AccountRecordKind }): Promise<AccountRecordPage> {
  const { rows, count, sum } = await scoped(ctx.db, ctx.tenant.id).ledger.page(ctx.member.id, input.kind, pageWindow(input));
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
  return { ...pageResult(list, input, count), sum: oneDecimal(sum) };
}
