/**
 * The community page's state in the URL query, so that a link, a reload or the back button
 * restores it: `tab` (blog, question or mine), `kw` the search words, `sort`, `page`, `view`
 * (the mine tab: own posts or bookmarks) and `post`, the opened post. Pure, tested without a browser.
 */
import { PostKind, type PostPageBody, type PostSort } from '@/api/community-types';

export { postHref, tabOf } from '@/components/community/post-link';

export type CommunityTab = 'blog' | 'question' | 'mine';
export type MineView = 'posts' | 'collected';

export interface CommunityQuery {
  tab: CommunityTab;
  keyword: string;
  sort: PostSort;
  page: number;
  view: MineView;
  /** The opened post, if any. */
  post: string | null;
}

export const COMMUNITY_TABS: readonly CommunityTab[] = ['blog', 'question', 'mine'];
/** The longest search the list sends (the header's search takes as many). */
export const COMMUNITY_KEYWORD_MAX = 50;

/** Post ids are UUIDs; anything else in `post` is ignored. */
const ID = /^[0-9a-f-]{1,64}$/i;

/**
 * @example readCommunityQuery('?tab=question&kw=%20SQL%20&page=2') → { tab: 'question', keyword: 'SQL', sort: 'newest', page: 2, view: 'posts', post: null }
 * @example readCommunityQuery('?tab=x&page=-3&post=<b>') → { tab: 'blog', keyword: '', sort: 'newest', page: 1, view: 'posts', post: null }
 */
export function readCommunityQuery(search: string): CommunityQuery {
  const q = new URLSearchParams(search);
  const tab = (COMMUNITY_TABS as readonly string[]).includes(q.get('tab') ?? '') ? (q.get('tab') as CommunityTab) : 'blog';
  const page = Number.parseInt(q.get('page') ?? '', 10);
  const post = q.get('post');
  return {
    tab,
    keyword: [...(q.get('kw') ?? '').trim()].slice(0, COMMUNITY_KEYWORD_MAX).join(''),
    sort: q.get('sort') === 'hottest' ? 'hottest' : 'newest',
    page: Number.isSafeInteger(page) && page > 0 ? page : 1,
    view: q.get('view') === 'collected' ? 'collected' : 'posts',
    post: post && ID.test(post) ? post : null,
  };
}

/**
 * The query of a state; defaults are left out, except the tab.
 *
 * @example writeCommunityQuery({ tab: 'question', keyword: '', sort: 'hottest', page: 1, view: 'posts', post: 'c0ffee' }) → '?tab=question&sort=hottest&post=c0ffee'
 */
export function writeCommunityQuery(state: CommunityQuery): string {
  const q = new URLSearchParams({ tab: state.tab });
  if (state.keyword) q.set('kw', state.keyword);
  if (state.sort !== 'newest') q.set('sort', state.sort);
  if (state.page > 1) q.set('page', String(state.page));
  if (state.tab === 'mine' && state.view !== 'posts') q.set('view', state.view);
  if (state.post) q.set('post', state.post);
  return `?${q.toString()}`;
}

/** The list call of a state. */
export function pageBodyOf(query: CommunityQuery): PostPageBody {
  const body: PostPageBody = { pageCurrent: query.page, sort: query.sort };
  if (query.keyword) body.keyword = query.keyword;
  if (query.tab === 'mine') {
    if (query.view === 'collected') body.collected = true;
    else body.mine = true;
  } else {
    body.kind = query.tab === 'question' ? PostKind.question : PostKind.blog;
  }
  return body;
}
