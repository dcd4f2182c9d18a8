/**
 * The message centre's state in the URL query (so a link, a reload or coming back restores it):
 * `num` the list (1 announcements, 2 messages), `filter` read or unread, `page`, and `id` the
 * opened record. Pure, so the rules are tested without a browser.
 */
import { RecordKind } from '@/api/home-types';

export type ReadFilter = 'all' | 'read' | 'unread';

export interface CentreQuery {
  /** 1 announcements (default), 2 messages. */
  num: 1 | 2;
  filter: ReadFilter;
  page: number;
  /** The opened record, if any. */
  id: string | null;
}

const FILTERS: readonly ReadFilter[] = ['all', 'read', 'unread'];

/** Record ids are UUIDs; anything else in `id` is ignored. */
const ID = /^[0-9a-f-]{1,64}$/i;

/**
 * @example readCentreQuery('?num=2&filter=unread&page=3') → { num: 2, filter: 'unread', page: 3, id: null }
 * @example readCentreQuery('?num=9&page=-1') → { num: 1, filter: 'all', page: 1, id: null }
 */
export function readCentreQuery(search: string): CentreQuery {
  const q = new URLSearchParams(search);
  const num = q.get('num') === '2' ? 2 : 1;
  const filter = (FILTERS as readonly string[]).includes(q.get('filter') ?? '') ? (q.get('filter') as ReadFilter) : 'all';
  const page = Number.parseInt(q.get('page') ?? '', 10);
  const id = q.get('id');
  return {
    num,
    filter,
    page: Number.isSafeInteger(page) && page > 0 ? page : 1,
    id: id && ID.test(id) ? id : null,
  };
}

/**
 * The query with the centre's state written in; other parameters (the account page's `change`)
 * stay. Defaults are left out, except `num`, which the spec's links always carry.
 *
 * @example writeCentreQuery('?change=15', { num: 2, filter: 'all', page: 1, id: null }) → '?change=15&num=2'
 */
export function writeCentreQuery(search: string, state: CentreQuery): string {
  const q = new URLSearchParams(search);
  q.set('num', String(state.num));
  const set = (key: string, value: string | null) => (value ? q.set(key, value) : q.delete(key));
  set('filter', state.filter === 'all' ? null : state.filter);
  set('page', state.page > 1 ? String(state.page) : null);
  set('id', state.id);
  const text = q.toString();
  return text ? `?${text}` : '';
}

/** The record kind a list shows. */
export function kindOf(num: CentreQuery['num']): number {
  return num === 2 ? RecordKind.message : RecordKind.announcement;
}

/** The `read` filter of the page call for a filter. */
export function readOf(filter: ReadFilter): boolean | undefined {
  return filter === 'all' ? undefined : filter === 'read';
}
