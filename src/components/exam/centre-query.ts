/**
 * The exam centre's state as URL query (`?tab=mine&status=1&q=…&page=2`, `?tab=marking&paper=…`),
 * so back, forward, reload and shared links keep it. Values that are not valid are dropped.
 */
export const TABS = ['mine', 'records', 'reservations', 'marking'] as const;
export type Tab = (typeof TABS)[number];

export const KEYWORD_MAX = 50;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export interface CentreQuery {
  tab: Tab;
  /** Exam status 0–4 (my exams); paper status 1–2 (marking). */
  status?: number;
  keyword?: string;
  page: number;
  /** The paper open for marking. */
  paper?: string;
}

function statusIn(value: string | null, allowed: readonly number[]): number | undefined {
  if (value === null || !/^\d$/.test(value)) return undefined;
  const n = Number(value);
  return allowed.includes(n) ? n : undefined;
}

/**
 * The state in a query string.
 *
 * @example parseCentreQuery('?tab=marking&status=1') → { tab: 'marking', status: 1, page: 1 }
 */
export function parseCentreQuery(search: string): CentreQuery {
  const params = new URLSearchParams(search);
  const rawTab = params.get('tab') ?? '';
  const tab: Tab = (TABS as readonly string[]).includes(rawTab) ? (rawTab as Tab) : 'mine';
  const page = Number(params.get('page'));
  const keyword = (params.get('q') ?? '').trim().slice(0, KEYWORD_MAX);
  const paper = params.get('paper') ?? '';
  const status =
    tab === 'mine' ? statusIn(params.get('status'), [0, 1, 2, 3, 4]) : tab === 'marking' ? statusIn(params.get('status'), [1, 2]) : undefined;
  return {
    tab,
    ...(status !== undefined && { status }),
    ...(tab === 'mine' && keyword && { keyword }),
    page: Number.isInteger(page) && page > 1 ? page : 1,
    ...(tab === 'marking' && UUID.test(paper) && { paper }),
  };
}

/**
 * The query string of a state, defaults left out ('' for my exams, unfiltered, page 1).
 *
 * @example centreSearch({ tab: 'records', page: 2 }) → '?tab=records&page=2'
 */
export function centreSearch(query: CentreQuery): string {
  const params = new URLSearchParams();
  if (query.tab !== 'mine') params.set('tab', query.tab);
  if (query.status !== undefined) params.set('status', String(query.status));
  if (query.keyword) params.set('q', query.keyword);
  if (query.page > 1) params.set('page', String(query.page));
  if (query.paper) params.set('paper', query.paper);
  const text = params.toString();
  return text ? `?${text}` : '';
}
