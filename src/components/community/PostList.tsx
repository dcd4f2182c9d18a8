/**
 * The community's list: tabs (blogs, questions, mine), a search box, the order, the write
 * buttons, and a page of posts (10) with their counts; the mine tab lists the caller's posts
 * or bookmarks. The state is the URL query's (see `community-query.ts`).
 */
import PenSquareIcon from 'lucide-react/icons/square-pen';
import SearchIcon from 'lucide-react/icons/search';
import XIcon from 'lucide-react/icons/x';
import { useEffect, useRef, useState, type KeyboardEvent, type MouseEvent, type SubmitEvent } from 'react';
import { getPostPage } from '@/api/community';
import { POST_EXCERPT_LENGTH, PostKind, type PostItem, type PostKindValue } from '@/api/community-types';
import type { PageResult } from '@/api/types';
import {
  COMMUNITY_KEYWORD_MAX,
  COMMUNITY_TABS,
  pageBodyOf,
  writeCommunityQuery,
  type CommunityQuery,
  type CommunityTab,
  type MineView,
} from '@/components/community/community-query';
import type { CommunityMessages } from '@/components/community/messages';
import { Byline, Counts, Gallery, LoginNeeded, snippet } from '@/components/community/parts';
import { outlineButtonSm, primaryButtonSm } from '@/components/ui/button-class';
import { LoadState, loadTexts, type LoadStatus } from '@/components/ui/load-state';
import { LoginFirst } from '@/components/ui/login-first';
import { Pager, pagerTexts } from '@/components/ui/pager';
import { fill } from '@/i18n/fill';
import type { Locale } from '@/i18n/locale-path';

interface PostListProps {
  query: CommunityQuery;
  update: (next: Partial<CommunityQuery>) => void;
  signedIn: boolean | undefined;
  /** Changes when a post was written or deleted, to list again. */
  reload: number;
  locale: Locale;
  messages: CommunityMessages;
  onOpen: (post: PostItem) => void;
  onWrite: (kind: PostKindValue) => void;
}

const pillClass =
  'focus-visible:ring-ring/50 aria-pressed:bg-primary aria-pressed:text-primary-foreground hover:bg-accent rounded-full border px-3 py-1 text-sm outline-none focus-visible:ring-[3px]';

function PostCard({ post, query, locale, m, showKind, onOpen }: { post: PostItem; query: CommunityQuery; locale: Locale; m: CommunityMessages; showKind: boolean; onOpen: (post: PostItem) => void }) {
  const titleId = `post-title-${post.id}`;
  const open = (event: MouseEvent<HTMLAnchorElement>) => {
    if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    onOpen(post);
  };
  const isQuestion = post.kind === PostKind.question;
  const counts = [
    fill(m['community.viewCount'], { count: post.viewCount }),
    fill(m['community.likeCount'], { count: post.admireCount }),
    isQuestion ? fill(m['community.answerCount'], { count: post.answerCount }) : fill(m['community.commentCount'], { count: post.commentCount }),
  ];
  return (
    <article aria-labelledby={titleId} className="grid gap-2 py-4">
      <h2 id={titleId} className="text-base font-semibold break-words">
        {showKind && <span className="bg-muted text-muted-foreground me-2 rounded px-1.5 py-0.5 align-middle text-xs font-medium">{m[`community.kind.${post.kind}`]}</span>}
        {isQuestion && (
          <span className={`me-2 rounded px-1.5 py-0.5 align-middle text-xs font-medium ${post.solved ? 'bg-primary/10 text-primary' : 'bg-muted text-muted-foreground'}`}>
            {post.solved ? m['community.solved'] : m['community.unsolved']}
          </span>
        )}
        <a
          id={`post-link-${post.id}`}
          href={writeCommunityQuery({ ...query, post: post.id })}
          onClick={open}
          className="outline-none hover:underline focus-visible:underline"
        >
          {post.title}
        </a>
      </h2>
      {post.excerpt && (
        <p className="text-muted-foreground line-clamp-2 text-sm break-words">{snippet(post.excerpt, [...post.excerpt].length >= POST_EXCERPT_LENGTH)}</p>
      )}
      <Gallery images={post.images.slice(0, 3)} m={m} small />
      <div className="flex flex-wrap items-center justify-between gap-2">
        <Byline author={post.author} createdAt={post.createdAt} locale={locale} m={m} size="size-6" />
        <Counts items={counts} />
      </div>
    </article>
  );
}

export function PostList({ query, update, signedIn, reload, locale, messages: m, onOpen, onWrite }: PostListProps) {
  const [result, setResult] = useState<PageResult<PostItem>>();
  const [status, setStatus] = useState<LoadStatus>('loading');
  const [retry, setRetry] = useState(0);
  const [text, setText] = useState(query.keyword);
  const [loginToPost, setLoginToPost] = useState(false);
  const tabRefs = useRef<Partial<Record<CommunityTab, HTMLButtonElement | null>>>({});
  const mine = query.tab === 'mine';
  // The mine tab asks the gateway only with a session (it answers "sign in" without one).
  const ready = !mine || signedIn === true;

  useEffect(() => setText(query.keyword), [query.keyword]);

  const { tab, keyword, sort, page, view } = query;
  useEffect(() => {
    if (!ready) return;
    const controller = new AbortController();
    setStatus('loading');
    getPostPage(pageBodyOf({ tab, keyword, sort, page, view, post: null }), { isShowErrTip: false, signal: controller.signal })
      .then((found) => {
        // Past the last page (posts deleted meanwhile, an old link): show the last there is.
        if (found.list.length === 0 && page > 1 && found.totalPage > 0) {
          update({ page: found.totalPage });
          return;
        }
        setResult(found);
        setStatus(found.list.length ? 'ready' : 'empty');
      })
      .catch(() => {
        if (!controller.signal.aborted) setStatus('error');
      });
    return () => controller.abort();
  }, [ready, tab, keyword, sort, page, view, reload, retry, update]);

  const chooseTab = (next: CommunityTab, focus = false) => {
    update({ tab: next, page: 1, keyword: '', view: 'posts' });
    if (focus) tabRefs.current[next]?.focus();
  };
  const onTabKey = (event: KeyboardEvent<HTMLButtonElement>, from: CommunityTab) => {
    const index = COMMUNITY_TABS.indexOf(from);
    const next = { ArrowRight: index + 1, ArrowLeft: index - 1, Home: 0, End: COMMUNITY_TABS.length - 1 }[event.key];
    if (next === undefined) return;
    event.preventDefault();
    chooseTab(COMMUNITY_TABS[(next + COMMUNITY_TABS.length) % COMMUNITY_TABS.length]!, true);
  };
  const search = (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    update({ keyword: [...text.trim()].slice(0, COMMUNITY_KEYWORD_MAX).join(''), page: 1 });
  };
  const write = (kind: PostKindValue) => {
    if (signedIn) onWrite(kind);
    else setLoginToPost(true);
  };

  const writeKinds: PostKindValue[] = tab === 'blog' ? [PostKind.blog] : tab === 'question' ? [PostKind.question] : [PostKind.blog, PostKind.question];
  const views: MineView[] = ['posts', 'collected'];
  const empty = keyword
    ? m['community.empty.search']
    : tab === 'mine'
      ? m[`community.empty.${view}`]
      : m[`community.empty.${tab}`];

  return (
    <div className="grid gap-4">
      <div role="tablist" aria-label={m['community.tabs']} className="flex gap-1 border-b">
        {COMMUNITY_TABS.map((t) => (
          <button
            key={t}
            ref={(el) => {
              tabRefs.current[t] = el;
            }}
            id={`community-tab-${t}`}
            type="button"
            role="tab"
            aria-selected={tab === t}
            aria-controls="community-panel"
            tabIndex={tab === t ? 0 : -1}
            onClick={() => chooseTab(t)}
            onKeyDown={(event) => onTabKey(event, t)}
            className="focus-visible:ring-ring/50 aria-selected:border-primary aria-selected:text-primary -mb-px border-b-2 border-transparent px-4 py-2 text-sm font-medium whitespace-nowrap outline-none focus-visible:ring-[3px]"
          >
            {m[`community.tab.${t}`]}
          </button>
        ))}
      </div>
      <div id="community-panel" role="tabpanel" aria-labelledby={`community-tab-${tab}`} className="grid gap-4">
        <div className="flex flex-wrap items-center gap-3">
          <form role="search" aria-label={m['community.search.label']} onSubmit={search} className="flex min-w-0 flex-1 items-center gap-2 sm:max-w-md">
            <label htmlFor="community-search" className="sr-only">
              {m['community.search.label']}
            </label>
            <input
              id="community-search"
              type="search"
              value={text}
              maxLength={COMMUNITY_KEYWORD_MAX}
              placeholder={m['community.search.placeholder']}
              onChange={(event) => setText(event.target.value)}
              className="border-input bg-background placeholder:text-muted-foreground focus-visible:border-ring focus-visible:ring-ring/50 h-8 min-w-0 flex-1 rounded-md border px-3 text-sm outline-none focus-visible:ring-[3px]"
            />
            <button type="submit" className={outlineButtonSm}>
              <SearchIcon aria-hidden="true" />
              {m['community.search.submit']}
            </button>
            {keyword && (
              <button type="button" className={outlineButtonSm} aria-label={m['community.search.clear']} onClick={() => update({ keyword: '', page: 1 })}>
                <XIcon aria-hidden="true" />
              </button>
            )}
          </form>
          <div role="group" aria-label={m['community.sort']} className="flex gap-2">
            {(['newest', 'hottest'] as const).map((s) => (
              <button key={s} type="button" aria-pressed={sort === s} onClick={() => update({ sort: s, page: 1 })} className={pillClass}>
                {m[`community.sort.${s}`]}
              </button>
            ))}
          </div>
          <span className="ms-auto flex gap-2">
            {writeKinds.map((kind) => (
              <button key={kind} type="button" className={primaryButtonSm} onClick={() => write(kind)}>
                <PenSquareIcon aria-hidden="true" />
                {kind === PostKind.question ? m['community.write.question'] : m['community.write.blog']}
              </button>
            ))}
          </span>
        </div>
        <LoginNeeded text={loginToPost && !signedIn ? m['community.loginToPost'] : undefined} m={m} />
        {mine && signedIn && (
          <div role="group" aria-label={m['community.views']} className="flex gap-2">
            {views.map((v) => (
              <button key={v} type="button" aria-pressed={view === v} onClick={() => update({ view: v, page: 1 })} className={pillClass}>
                {m[`community.view.${v}`]}
              </button>
            ))}
          </div>
        )}
        {keyword && result && status !== 'loading' && (
          <p aria-live="polite" className="text-muted-foreground text-sm">
            {fill(m['community.search.summary'], { keyword, count: status === 'ready' ? result.totalCount : 0 })}
          </p>
        )}
        {mine && signedIn === false ? (
          <LoginFirst text={m['community.loginToMine']} linkText={m['study.signIn']} />
        ) : (
          <LoadState status={ready ? status : 'loading'} texts={loadTexts(m, empty)} onRetry={() => setRetry((n) => n + 1)}>
            <ul className="divide-y">
              {result?.list.map((post) => (
                <li key={post.id}>
                  <PostCard post={post} query={query} locale={locale} m={m} showKind={mine} onOpen={onOpen} />
                </li>
              ))}
            </ul>
            <Pager page={page} totalPage={result?.totalPage ?? 0} onChange={(next) => update({ page: next })} texts={pagerTexts(m)} />
          </LoadState>
        )}
      </div>
    </div>
  );
}
