/**
 * The account page's state in the URL query (spec section 2: tabs by `change`; `recordType`
 * of the cards tab). Pure, so the rules are tested without a browser.
 *
 * - `change`: 1 tasks (default), 2 training, 3 cards, 15 the message centre.
 * - `recordType` (cards): 1 points, 2 certificates.
 * - `ledger` (cards): 2 the credit-hour ledger; the points ledger otherwise, and always with
 *   `recordType=1`. `page`: the ledger's page.
 * - `activity`: the page of the user's study dynamics below the tabs (kept on every tab).
 * - `part` (training): `progress` (default) or `projects`.
 */
import { AccountRecordKind } from '@/api/people-types';


export const ACCOUNT_TABS = [1, 2, 3, 15] as const;
export type AccountTab = (typeof ACCOUNT_TABS)[number];

export const TRAINING_PARTS = ['progress', 'projects'] as const;
export type TrainingPart = (typeof TRAINING_PARTS)[number];

export interface AccountQuery {
  change: AccountTab;
  /** 1 points, 2 certificates; null: neither picked. */
  recordType: 1 | 2 | null;
  part: TrainingPart;
  /** The ledger the cards tab shows. */
  ledger: AccountRecordKind;
  /** A page of a tab's list (1 when missing or not a page number). */
  page: number;
  /** The page of the study dynamics. */
  activityPage: number;
}

/** A page number of the query: 1 when missing or not a page number. */
function pageOf(value: string | null): number {
  const page = Number(value);
  return Number.isInteger(page) && page > 1 ? page : 1;
}

/**
 * @example readAccountQuery('?change=3&recordType=2') → { change: 3, recordType: 2, part: 'progress', ledger: 1, page: 1, activityPage: 1 }
 * @example readAccountQuery('?change=7') → { change: 1, recordType: null, part: 'progress', ledger: 1, page: 1, activityPage: 1 }
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
    ledger: q.get('ledger') === '2' && recordType !== '1' ? AccountRecordKind.creditHours : AccountRecordKind.points,
    page: pageOf(q.get('page')),
    activityPage: pageOf(q.get('activity')),
  };
}

/** What a tab's lists keep in the query (filters, pages, an opened record): dropped on leaving it. */
const LIST_STATE = ['filter', 'page', 'tab', 'num', 'id', 'part', 'recordType', 'ledger'];

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

/**
 * The query for the other ledger of the cards tab: it starts at page 1, and the card picked by
 * `recordType` is let go (the user chose for themselves).
 *
 * @example switchLedger('?change=3&recordType=1&page=2', 2) → '?change=3&ledger=2'
 */
export function switchLedger(search: string, ledger: AccountRecordKind): string {
  const q = new URLSearchParams(search);
  for (const key of ['page', 'recordType', 'ledger']) q.delete(key);
  if (ledger === AccountRecordKind.creditHours) q.set('ledger', String(ledger));
  return `?${q.toString()}`;
}

/**
 * The query with another page of the tab's list (`page`) or of the study dynamics
 * (`activity`); page 1 is no parameter.
 *
 * @example withPage('?change=3&ledger=2', 3) → '?change=3&ledger=2&page=3'
 * @example withPage('?change=1&activity=2', 1, 'activity') → '?change=1'
 */
export function withPage(search: string, page: number, name: 'page' | 'activity' = 'page'): string {
  const q = new URLSearchParams(search);
  if (page > 1) q.set(name, String(page));
  else q.delete(name);
  return `?${q.toString()}`;
}
