/**
 * The rankings page's state as URL query (`?tab=creditHour&page=2`), so back, forward, reload
 * and shared links keep the chosen ranking and page. Values that are not valid are dropped.
 */
import type { RankMeasure } from '@/api/rank';

export const RANK_TABS = ['integral', 'creditHour', 'certificate'] as const satisfies readonly RankMeasure[];

export interface RankQuery {
  tab: RankMeasure;
  page: number;
}

/**
 * The state in a query string.
 *
 * @example parseRankQuery('?tab=certificate&page=3') → { tab: 'certificate', page: 3 }
 * @example parseRankQuery('?tab=x&page=-1') → { tab: 'integral', page: 1 }
 */
export function parseRankQuery(search: string): RankQuery {
  const params = new URLSearchParams(search);
  const tab = params.get('tab') ?? '';
  const page = Number(params.get('page'));
  return {
    tab: (RANK_TABS as readonly string[]).includes(tab) ? (tab as RankMeasure) : 'integral',
    page: Number.isInteger(page) && page > 1 && page < 1e6 ? page : 1,
  };
}

/**
 * `search` with the state written in, defaults left out and other parameters kept.
 *
 * @example rankSearch('?x=1', { tab: 'creditHour', page: 2 }) → '?x=1&tab=creditHour&page=2'
 * @example rankSearch('?tab=certificate&page=4', { tab: 'integral', page: 1 }) → ''
 */
export function rankSearch(search: string, query: RankQuery): string {
  const params = new URLSearchParams(search);
  if (query.tab === 'integral') params.delete('tab');
  else params.set('tab', query.tab);
  if (query.page > 1) params.set('page', String(query.page));
  else params.delete('page');
  const text = params.toString();
  return text ? `?${text}` : '';
}
