/**
 * One post, opened from the list (`?post=`): title, author, the whole text (plain text, line
 * breaks kept), pictures, like, bookmark and share, edit and delete for those allowed, and then
 * the comments of a blog or the answers of a question. Opening it counts a view.
 */
import ArrowLeftIcon from 'lucide-react/icons/arrow-left';
import BookmarkIcon from 'lucide-react/icons/bookmark';
import Share2Icon from 'lucide-react/icons/share-2';
import ThumbsUpIcon from 'lucide-react/icons/thumbs-up';
import { lazy, Suspense, useEffect, useMemo, useRef, useState } from 'react';
import { deleteComment, deletePost, getCommentPage, saveComment, setBookmark, admire, viewPost } from '@/api/community';
import { PostKind, type PostDetail } from '@/api/community-types';
import { outcomeOf } from '@/api/outcome';
import { Answers, tellFailure } from '@/components/community/Answers';
import { postHref } from '@/components/community/community-query';
import type { CommunityMessages } from '@/components/community/messages';
import { Byline, Counts, Gallery, LoginNeeded } from '@/components/community/parts';
import type { CommentSource } from '@/components/message/CommentThread';
import { useConfirm } from '@/components/message/use-confirm';
import { outlineButtonSm } from '@/components/ui/button-class';
import { LoadState, loadTexts, type LoadStatus } from '@/components/ui/load-state';
import { fill } from '@/i18n/fill';
import type { Locale } from '@/i18n/locale-path';
import { notifyError, notifySuccess } from '@/stores/toasts';

const CommentThread = lazy(() => import('@/components/message/CommentThread').then((m) => ({ default: m.CommentThread })));

interface PostViewProps {
  id: string;
  locale: Locale;
  messages: CommunityMessages;
  signedIn: boolean | undefined;
  /** Changes when the post was edited, to show it again. */
  reload: number;
  onBack: () => void;
  onEdit: (post: PostDetail) => void;
  onDeleted: () => void;
}

type Action = 'like' | 'bookmark' | 'share';

export function PostView({ id, locale, messages: m, signedIn, reload, onBack, onEdit, onDeleted }: PostViewProps) {
  const [post, setPost] = useState<PostDetail>();
  const [state, setState] = useState<LoadStatus | 'notFound'>('loading');
  const [retry, setRetry] = useState(0);
  const [busy, setBusy] = useState<Action | 'delete'>();
  const [loginFor, setLoginFor] = useState<Action>();
  const { dialog, ask } = useConfirm();
  const heading = useRef<HTMLHeadingElement>(null);

  useEffect(() => {
    const controller = new AbortController();
    setState((current) => (current === 'ready' ? current : 'loading'));
    viewPost(id, { isShowErrTip: false, signal: controller.signal })
      .then((found) => {
        setPost(found);
        setState('ready');
      })
      .catch((error: unknown) => {
        if (controller.signal.aborted) return;
        setState(outcomeOf(error).kind === 'notFound' ? 'notFound' : 'error');
      });
    return () => controller.abort();
  }, [id, reload, retry]);

  useEffect(() => {
    if (state === 'ready') heading.current?.focus({ preventScroll: true });
  }, [state]);

  const comments = useMemo<CommentSource>(
    () => ({
      page: (pageCurrent, opts) => getCommentPage(id, pageCurrent, opts),
      comment: (content, opts) => saveComment({ postId: id, content }, opts),
      reply: (target, content, opts) => saveComment({ postId: id, content, ...target }, opts),
      remove: (_kind, commentId, opts) => deleteComment(commentId, opts),
    }),
    [id],
  );

  /** Runs an action that needs a session, or says that signing in is needed for it. */
  const act = async (action: Action, work: (current: PostDetail) => Promise<void>) => {
    if (!post || busy) return;
    if (!signedIn) {
      setLoginFor(action);
      return;
    }
    setLoginFor(undefined);
    setBusy(action);
    try {
      await work(post);
    } catch (error) {
      tellFailure(error, m);
    }
    setBusy(undefined);
  };

  const like = () =>
    act('like', async (current) => {
      const result = await admire({ targetType: 'post', id: current.id }, { isShowErrTip: false });
      setPost({ ...current, admired: result.admired, admireCount: result.admireCount });
    });
  const bookmark = () =>
    act('bookmark', async (current) => {
      const result = await setBookmark(current.id, !current.collected, { isShowErrTip: false });
      setPost({ ...current, collected: result.collected, collectCount: result.collectCount });
    });
  const share = () =>
    act('share', async (current) => {
      const url = new URL(postHref(current.id, current.kind, locale), location.origin).href;
      try {
        await navigator.clipboard.writeText(url);
        notifySuccess(m['community.shared']);
      } catch {
        notifyError(fill(m['community.shareFailed'], { url }));
      }
    });

  const remove = async () => {
    if (!post) return;
    const yes = await ask({
      title: m['community.deletePost'],
      text: m['community.deletePostConfirm'],
      confirmLabel: m['community.delete'],
      cancelLabel: m['community.cancel'],
    });
    if (!yes) return;
    setBusy('delete');
    try {
      await deletePost(post.id, { isShowErrTip: false });
      notifySuccess(m['community.deleted']);
      onDeleted();
    } catch (error) {
      tellFailure(error, m, m['learning.deleteFailed']);
      setBusy(undefined);
    }
  };

  const back = (
    <button type="button" className={`${outlineButtonSm} justify-self-start`} onClick={onBack}>
      <ArrowLeftIcon aria-hidden="true" />
      {m['community.back']}
    </button>
  );
  if (state === 'notFound') {
    return (
      <div className="grid gap-4">
        {back}
        <p role="alert" className="text-muted-foreground rounded-lg border px-6 py-10 text-center">
          {m['community.notFound']}
        </p>
      </div>
    );
  }

  const loginText = loginFor && { like: m['community.loginToLike'], bookmark: m['community.loginToBookmark'], share: m['community.loginToShare'] }[loginFor];
  const toggleClass = `${outlineButtonSm} aria-pressed:border-primary aria-pressed:text-primary`;
  return (
    <div className="grid gap-4">
      {back}
      <LoadState status={state} texts={loadTexts(m)} onRetry={() => setRetry((n) => n + 1)}>
        {post && (
          <article aria-labelledby={`post-${post.id}`} className="grid gap-5">
            <header className="grid gap-3 border-b pb-4">
              <h2 id={`post-${post.id}`} ref={heading} tabIndex={-1} className="text-xl font-semibold break-words outline-none">
                {post.kind === PostKind.question && (
                  <span
                    className={`me-2 rounded px-1.5 py-0.5 align-middle text-xs font-medium ${post.solved ? 'bg-primary/10 text-primary' : 'bg-muted text-muted-foreground'}`}
                  >
                    {post.solved ? m['community.solved'] : m['community.unsolved']}
                  </span>
                )}
                {post.title}
              </h2>
              <div className="flex flex-wrap items-center justify-between gap-3">
                <Byline author={post.author} createdAt={post.createdAt} updatedAt={post.updatedAt} locale={locale} m={m} />
                <Counts items={[fill(m['community.viewCount'], { count: post.viewCount })]} />
              </div>
            </header>
            {post.content && <div className="text-base leading-7 break-words whitespace-pre-wrap">{post.content}</div>}
            <Gallery images={post.images} m={m} />
            <div className="grid gap-2">
              <div className="flex flex-wrap items-center gap-2">
                <button type="button" className={toggleClass} aria-pressed={post.admired} disabled={busy === 'like'} onClick={() => void like()}>
                  <ThumbsUpIcon aria-hidden="true" className={post.admired ? 'fill-current' : undefined} />
                  {m['community.like']}
                </button>
                <span aria-live="polite" className="text-muted-foreground me-2 text-sm tabular-nums">
                  {fill(m['community.likeCount'], { count: post.admireCount })}
                </span>
                <button type="button" className={toggleClass} aria-pressed={post.collected} disabled={busy === 'bookmark'} onClick={() => void bookmark()}>
                  <BookmarkIcon aria-hidden="true" className={post.collected ? 'fill-current' : undefined} />
                  {m['community.bookmark']}
                </button>
                <span aria-live="polite" className="text-muted-foreground me-2 text-sm tabular-nums">
                  {fill(m['community.bookmarkCount'], { count: post.collectCount })}
                </span>
                <button type="button" className={outlineButtonSm} disabled={busy === 'share'} onClick={() => void share()}>
                  <Share2Icon aria-hidden="true" />
                  {m['community.share']}
                </button>
                {(post.mine || post.canDelete) && (
                  <span className="ms-auto flex gap-2">
                    {post.mine && (
                      <button type="button" className={outlineButtonSm} onClick={() => onEdit(post)}>
                        {m['community.edit']}
                      </button>
                    )}
                    {post.canDelete && (
                      <button type="button" className={`${outlineButtonSm} text-destructive`} disabled={busy === 'delete'} onClick={() => void remove()}>
                        {m['community.deletePost']}
                      </button>
                    )}
                  </span>
                )}
              </div>
              <LoginNeeded text={loginText} m={m} />
            </div>
            {post.kind === PostKind.question ? (
              <Answers
                post={post}
                signedIn={signedIn}
                locale={locale}
                messages={m}
                onAccepted={(answerId) => setPost((current) => current && { ...current, acceptedAnswerId: answerId, solved: answerId !== null })}
              />
            ) : (
              <Suspense fallback={<LoadState status="loading" texts={loadTexts(m)} />}>
                <CommentThread
                  targetId={post.id}
                  source={comments}
                  allowComment
                  locale={locale}
                  messages={m}
                  signedOutText={m['community.loginToComment']}
                />
              </Suspense>
            )}
          </article>
        )}
      </LoadState>
      {dialog}
    </div>
  );
}
