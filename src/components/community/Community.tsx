/**
 * The community (`/community`): blogs and questions of the company, readable by anyone; with a
 * session, writing, answering, liking, bookmarking and commenting. The list and the opened
 * post live in the URL query (`?tab=blog|question|mine&post=<id>`), so links, reloads and the
 * back button restore them.
 */
import { lazy, Suspense, useCallback, useEffect, useRef, useState } from 'react';
import type { PostDetail, PostItem, PostKindValue } from '@/api/community-types';
import { readCommunityQuery, tabOf, writeCommunityQuery, type CommunityQuery } from '@/components/community/community-query';
import type { CommunityMessages } from '@/components/community/messages';
import { PostList } from '@/components/community/PostList';
import { useSignedIn } from '@/components/shell/use-signed-in';
import { LoadState, loadTexts } from '@/components/ui/load-state';
import type { Locale } from '@/i18n/locale-path';
import { notifySuccess } from '@/stores/toasts';

const PostView = lazy(() => import('@/components/community/PostView').then((m) => ({ default: m.PostView })));
const PostEditor = lazy(() => import('@/components/community/PostEditor').then((m) => ({ default: m.PostEditor })));

interface CommunityProps {
  locale: Locale;
  messages: CommunityMessages;
}

/** Marks the history entry a post was opened with, so "back to the list" can go back to it. */
const OPENED = 'xtPostOpened';

/** The page's query state, kept in step with the URL (and the back button). */
function useCommunityQuery(): [CommunityQuery | undefined, (next: Partial<CommunityQuery>, push?: boolean) => void] {
  const [query, setQuery] = useState<CommunityQuery>();
  useEffect(() => {
    const read = () => setQuery(readCommunityQuery(location.search));
    read();
    addEventListener('popstate', read);
    return () => removeEventListener('popstate', read);
  }, []);
  const update = useCallback((next: Partial<CommunityQuery>, push = false) => {
    const state = { ...readCommunityQuery(location.search), ...next };
    const url = `${location.pathname}${writeCommunityQuery(state)}${location.hash}`;
    if (push) history.pushState({ ...(history.state as object | null), [OPENED]: true }, '', url);
    else history.replaceState(history.state, '', url);
    setQuery(state);
  }, []);
  return [query, update];
}

export function Community({ locale, messages: m }: CommunityProps) {
  const signedIn = useSignedIn();
  const [query, update] = useCommunityQuery();
  const [editor, setEditor] = useState<{ kind: PostKindValue; post?: PostDetail }>();
  const [listReload, setListReload] = useState(0);
  const [viewReload, setViewReload] = useState(0);
  const root = useRef<HTMLDivElement>(null);
  /** The post to give focus back to when the list shows again. */
  const lastOpened = useRef<string | null>(null);
  const opened = query?.post ?? null;

  useEffect(() => {
    if (opened || !lastOpened.current) return;
    const id = lastOpened.current;
    // The list renders after its call answers: look for the link a moment later too.
    const focus = () => document.getElementById(`post-link-${id}`)?.focus();
    focus();
    const timer = setTimeout(focus, 300);
    lastOpened.current = null;
    return () => clearTimeout(timer);
  }, [opened]);

  if (!query) return <LoadState status="loading" texts={loadTexts(m)} />;

  const open = (post: Pick<PostItem, 'id' | 'kind'>) => {
    lastOpened.current = post.id;
    update({ post: post.id, tab: query.tab === 'mine' ? 'mine' : tabOf(post.kind) }, true);
    root.current?.scrollIntoView({ block: 'start' });
  };
  const back = () => {
    lastOpened.current = opened;
    if ((history.state as Record<string, unknown> | null)?.[OPENED]) history.back();
    else update({ post: null });
  };
  const saved = (post: PostDetail, created: boolean) => {
    setEditor(undefined);
    setListReload((n) => n + 1);
    notifySuccess(created ? m['community.editor.published'] : m['community.saved']);
    if (!created) setViewReload((n) => n + 1);
    else if (opened) update({ post: post.id, tab: tabOf(post.kind) });
    else open(post);
  };

  return (
    <div ref={root} className="scroll-mt-20">
      {opened ? (
        <Suspense fallback={<LoadState status="loading" texts={loadTexts(m)} />}>
          <PostView
            key={opened}
            id={opened}
            locale={locale}
            messages={m}
            signedIn={signedIn}
            reload={viewReload}
            onBack={back}
            onEdit={(post) => setEditor({ kind: post.kind, post })}
            onDeleted={() => {
              setListReload((n) => n + 1);
              lastOpened.current = null;
              if ((history.state as Record<string, unknown> | null)?.[OPENED]) history.back();
              else update({ post: null });
            }}
          />
        </Suspense>
      ) : (
        <PostList
          query={query}
          update={update}
          signedIn={signedIn}
          reload={listReload}
          locale={locale}
          messages={m}
          onOpen={open}
          onWrite={(kind) => setEditor({ kind })}
        />
      )}
      {editor && (
        <Suspense fallback={null}>
          <PostEditor kind={editor.kind} post={editor.post} messages={m} onClose={() => setEditor(undefined)} onSaved={saved} />
        </Suspense>
      )}
    </div>
  );
}
