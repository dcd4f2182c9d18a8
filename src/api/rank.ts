/**
 * The ranking calls (spec section 7): integral points, credit hours and certificates, a page of
 * the company's ranking and the caller's own place. Shared by the home page, the rankings page
 * and the account page's cards.
 */
import { call, type CallOptions } from '@/api/client';
import type { CurrentRank, RankEntry } from '@/api/home-types';
import type { PageResult } from '@/api/types';

type Extra = Pick<CallOptions, 'isShowErrTip' | 'signal'>;

/** What a ranking measures. */
export type RankMeasure = 'integral' | 'creditHour' | 'certificate';

interface Paging {
  pageCurrent?: number;
  pageSize?: number;
}

/** A page of a ranking (defaults: integral 3, credit hours 9, certificates 3 a page). */
export function getRankPage(measure: RankMeasure, paging: Paging = {}, opts?: Extra): Promise<PageResult<RankEntry>> {
  const body = { ...paging };
  if (measure === 'integral') return call<PageResult<RankEntry>>('integralRankPage', { ...opts, body });
  if (measure === 'creditHour') return call<PageResult<RankEntry>>('creditHourRankPage', { ...opts, body });
  return call<PageResult<RankEntry>>('certificateRankPage', { ...opts, body });
}

/** The caller's own place in a ranking. */
export function getCurrentRank(measure: RankMeasure, opts?: Extra): Promise<CurrentRank> {
  if (measure === 'integral') return call<CurrentRank>('integralRankCurrent', { ...opts });
  if (measure === 'creditHour') return call<CurrentRank>('creditHourRankCurrent', { ...opts });
  return call<CurrentRank>('certificateRankCurrent', { ...opts });
}
