/**
 * The account page's state in the URL query (spec section 2: tabs by `change`; `recordType`
 * of the cards tab). Pure, so the rules are tested without a browser.
 *
 * - `change`: 1 tasks (default), 2 training, 3 cards, 15 the message centre.
 * - `recordType` (cards): 1 points, 2 certificates.
 * - `part` (training): `progress` (default) or `projects`.
 */

export const ACCOUNT_TABS = [1, 2, 3, 15] as const;
export type AccountTab = (typeof ACCOUNT_TABS)[number];

export const TRAINING_PARTS = ['progress', 'projects'] as const;
export type TrainingPart = (typeof TRAINING_PARTS)[number];

export interface AccountQuery {
  change: AccountTab;
  /** 1 points, 2 certificates; null: neither picked. */
  recordType: 1 | 2 | null;
  part: TrainingPart;
}

/**
 * @example readAccountQuery('?change=3&recordType=2') → { change: 3, recordType: 2, part: 'progress' }
 * @example readAccountQuery('?change=7') → { change: 1, recordType: null, part: 'progress' }
 */
export function readAccountQuery(search: string): AccountQuery {
  const q = new URLSearchParams(search);
  const change = Number(q.get('change'));
  const recordType = q.get('recordType');
  const part = q.get('part');
  return {
    change: (ACCOUNT_TABS as readonly number[]).includes(change) ? (change as AccountTab) : 1,
    recordType: recordType === '1' ? 1 : recordType === '2' ? 2 : null,
    part: (TRAINING_PARTS as readonly string[]).includes(part ?? '') ? (part as TrainingPart) : 'progress',
  };
}

/** What a tab's lists keep in the query (filters, pages, an opened record): dropped on leaving it. */
const LIST_STATE = ['filter', 'page', 'tab', 'num', 'id', 'part', 'recordType'];

/**
 * The query for another tab: `change` set, the state of the other tab's lists dropped,
 * everything else (unknown parameters) kept.
 *
 * @example switchTab('?change=15&num=2&page=3&x=1', 3) → '?change=3&x=1'
 */
export function switchTab(search: string, change: AccountTab): string {
  const q = new URLSearchParams(search);
  const current = readAccountQuery(search).change;
  if (current !== change) for (const key of LIST_STATE) q.delete(key);
  q.set('change', String(change));
  return `?${q.toString()}`;
}

/**
 * The query for another part of the training tab (its filter and page start over).
 *
 * @example switchPart('?change=2&page=2', 'projects') → '?change=2&part=projects'
 */
export function switchPart(search: string, part: TrainingPart): string {
  const q = new URLSearchParams(search);
  q.delete('filter');
  q.delete('page');
  if (part === 'progress') q.delete('part');
  else q.set('part', part);
  return `?${q.toString()}`;
}
