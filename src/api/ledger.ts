/**
 * The points and credit-hour ledgers of the caller (the account page's cards tab). The totals
 * with the caller's place in the rankings are in `@/api/rank`.
 */
import { call, type CallOptions } from '@/api/client';
import type { AccountRecordPage, AccountRecordPageBody } from '@/api/people-types';

type Extra = Pick<CallOptions, 'isShowErrTip' | 'signal'>;

/** A page of the caller's points (`kind` 1) or credit hours (2), newest first, 10 a page, with their total. */
export function getAccountRecordPage(body: AccountRecordPageBody, opts?: Extra): Promise<AccountRecordPage> {
  return call<AccountRecordPage>('accountRecordPage', { ...opts, body: { ...body } });
}
