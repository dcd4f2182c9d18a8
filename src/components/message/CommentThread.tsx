/**
 * The comments of an announcement or a community post: a page of them (10, newest first) with
 * their replies, a box to comment (when the target allows it), replies to a comment or to a
 * reply, and delete on the caller's own, after a confirmation. Every text is shown as text,
 * never as markup. Where the comments come from and go to is the caller's {@link CommentSource}.
 */
import { useStore } from '@nanostores/react';
import { useEffect, useState, type ReactNode } from 'react';
import type { CallOptions } from '@/api/client';
import type { AnnouncementComment, AnnouncementReply } from '@/api/home-types';
import type { PageResult } from '@/api/types';
import { Avatar } from '@/components/message/Avatar';
import { CommentForm } from '@/components/message/CommentForm';
import { draftKey } from '@/components/message/draft';
import { failureOf } from '@/components/message/failure';
import type { CommentThreadMessages } from '@/components/message/messages';
import { Moment } from '@/components/message/Moment';
import { useConfirm } from '@/components/message/use-confirm';
import { ghostButtonSm } from '@/components/ui/button-class';
import { LoadState, loadTexts, type LoadStatus } from '@/components/ui/load-state';
import { LoginFirst } from '@/components/ui/login-first';
import { Pager, pagerTexts } from '@/components/ui/pager';
import { fill } from '@/i18n/fill';
import type { Locale } from '@/i18n/locale-path';
import { $token, $user } from '@/stores/session';
import { notifyError, notifySuccess } from '@/stores/toasts';

type Extra = Pick<CallOptions, 'isShowErrTip' | 'signal'>;

/** The calls behind one target's thread; keep it stable (memoised) while the target is the same. */
export interface CommentSource {
  page(pageCurrent: number, opts: Extra): Promise<PageResult<AnnouncementComment>>;
  comment(content: string, opts: Extra): Promise<unknown>;
  reply(target: { commentId: string; replyId?: string }, content: string, opts: Extra): Promise<unknown>;
  remove(kind: 'comment' | 'reply', id: string, opts: Extra): Promise<unknown>;
}

interface CommentThreadProps {
  /** The announcement or post; names the thread's heading and drafts. */
  targetId: string;
  source: CommentSource;
  allowComment: boolean;
  locale: Locale;
  messages: CommentThreadMessages;
  /** What a visitor without a session reads instead of the box ('Please login first!' by default). */
  signedOutText?: string;
}

/** The box that is open for a reply: to a comment, or to one of its replies. */
interface ReplyTarget {
  commentId: string;
  replyId?: string;
  name: string;
}

export function CommentThread({ targetId, source, allowComment, locale, messages: m, signedOutText }: CommentThreadProps) {
  const token = useStore($token);
  const user = useStore($user);
  const [page, setPage] = useState(1);
  const [list, setList] = useState<AnnouncementComment[]>([]);
  const [totalPage, setTotalPage] = useState(0);
  const [totalCount, setTotalCount] = useState(0);
  const [status, setStatus] = useState<LoadStatus>('loading');
  const [reload, setReload] = useState(0);
  const [replying, setReplying] = useState<ReplyTarget>();
  const [busyId, setBusyId] = useState<string>();
  const { dialog, ask } = useConfirm();

  useEffect(() => {
    const controller = new AbortController();
    setStatus((current) => (current === 'ready' ? current : 'loading'));
    source
      .page(page, { isShowErrTip: false, signal: controller.signal })
      .then((result) => {
        setList(result.list);
        setTotalPage(result.totalPage);
        setTotalCount(result.totalCount);
        setStatus(result.list.length ? 'ready' : 'empty');
      })
      .catch(() => {
        if (!controller.signal.aborted) setStatus('error');
      });
    return () => controller.abort();
  }, [source, page, reload]);

  const refresh = (toFirst: boolean) => {
    if (toFirst && page !== 1) setPage(1);
    else setReload((n) => n + 1);
  };

  /** Tells the user why a post failed; the text stays in its box. */
  const postFailed = (error: unknown) => {
    const failure = failureOf(error, m['learning.commentFailed']);
    if (failure.kind === 'signIn') notifyError(`${m['auth.loginFirst']} ${m['message.draftKept']}`);
    else if (failure.kind === 'message') notifyError(failure.text);
    return false;
  };

  const postComment = async (content: string) => {
    try {
      await source.comment(content, { isShowErrTip: false });
    } catch (error) {
      return postFailed(error);
    }
    notifySuccess(m['message.commentPosted']);
    refresh(true);
    return true;
  };

  const postReply = async (target: ReplyTarget, content: string) => {
    try {
      await source.reply(
        { commentId: target.commentId, ...(target.replyId ? { replyId: target.replyId } : {}) },
        content,
        { isShowErrTip: false },
      );
    } catch (error) {
      return postFailed(error);
    }
    notifySuccess(m['message.replyPosted']);
    setReplying(undefined);
    refresh(false);
    return true;
  };

  const remove = async (kind: 'comment' | 'reply', id: string) => {
    const yes = await ask({
      title: kind === 'comment' ? m['message.deleteComment'] : m['message.deleteReply'],
      text: kind === 'comment' ? m['message.deleteCommentConfirm'] : m['message.deleteReplyConfirm'],
      confirmLabel: m['message.confirm'],
      cancelLabel: m['message.cancel'],
    });
    if (!yes) return;
    setBusyId(id);
    try {
      await source.remove(kind, id, { isShowErrTip: false });
      notifySuccess(m['message.deleted']);
      if (kind === 'comment' && list.length === 1 && page > 1) setPage(page - 1);
      else refresh(false);
    } catch (error) {
      const failure = failureOf(error, m['learning.deleteFailed']);
      if (failure.kind === 'signIn') notifyError(m['auth.loginFirst']);
      else if (failure.kind === 'message') notifyError(failure.text);
    }
    setBusyId(undefined);
  };

  const isOpen = (commentId: string, replyId?: string) =>
    replying?.commentId === commentId && replying.replyId === replyId;

  const actions = (target: ReplyTarget, mine: boolean, kind: 'comment' | 'reply', id: string): ReactNode => (
    <div className="-ms-3 flex gap-1">
      {allowComment && token && (
        <button
          type="button"
          className={ghostButtonSm}
          aria-expanded={isOpen(target.commentId, target.replyId)}
          aria-label={fill(m['message.replyTo'], { name: target.name })}
          onClick={() => setReplying(isOpen(target.commentId, target.replyId) ? undefined : target)}
        >
          {m['message.reply']}
        </button>
      )}
      {mine && (
        <button
          type="button"
          className={`${ghostButtonSm} text-destructive`}
          disabled={busyId === id}
          onClick={() => void remove(kind, id)}
        >
          {kind === 'comment' ? m['message.deleteComment'] : m['message.deleteReply']}
        </button>
      )}
    </div>
  );

  const replyBox = (target: ReplyTarget) =>
    isOpen(target.commentId, target.replyId) && (
      <div className="mt-2">
        <CommentForm
          label={fill(m['message.replyLabel'], { name: target.name })}
          showLabel
          submitLabel={m['message.replyPost']}
          draftKey={user ? draftKey(user.id, 'reply', target.replyId ?? target.commentId) : undefined}
          messages={m}
          onSubmit={(content) => postReply(target, content)}
          onCancel={() => setReplying(undefined)}
          autoFocus
        />
      </div>
    );

  const reply = (comment: AnnouncementComment, r: AnnouncementReply) => {
    const target = { commentId: comment.id, replyId: r.id, name: r.userName };
    return (
      <li key={r.id} aria-label={r.userName} className="flex gap-3 py-2">
        <Avatar name={r.userName} src={r.headPortrait} />
        <div className="min-w-0 flex-1">
          <p className="flex flex-wrap items-baseline gap-x-2 text-sm">
            <span className="font-medium">{r.userName}</span>
            {r.replyToName && (
              <span className="text-muted-foreground">{fill(m['message.replyTo'], { name: r.replyToName })}</span>
            )}
            <Moment value={r.createdAt} locale={locale} className="text-muted-foreground text-xs" />
          </p>
          <p className="mt-1 text-sm break-words whitespace-pre-wrap">{r.content}</p>
          {actions(target, r.mine, 'reply', r.id)}
          {replyBox(target)}
        </div>
      </li>
    );
  };

  const headingId = `comments-${targetId}`;
  return (
    <section aria-labelledby={headingId} className="grid gap-4 border-t pt-6">
      <h3 id={headingId} className="text-lg font-semibold">
        {m['message.comments']}
        {totalCount > 0 && <span className="text-muted-foreground ms-2 text-sm font-normal tabular-nums">{totalCount}</span>}
      </h3>
      {!allowComment ? (
        <p className="text-muted-foreground text-sm">{m['message.commentsClosed']}</p>
      ) : token ? (
        <CommentForm
          label={m['message.commentLabel']}
          submitLabel={m['message.commentPost']}
          draftKey={user ? draftKey(user.id, 'comment', targetId) : undefined}
          messages={m}
          onSubmit={postComment}
        />
      ) : (
        <LoginFirst text={signedOutText ?? m['auth.loginFirst']} linkText={m['study.signIn']} look="inline" />
      )}
      <LoadState
        status={status}
        texts={loadTexts(m, m['message.commentsEmpty'])}
        onRetry={() => setReload((n) => n + 1)}
      >
        <ul className="divide-y">
          {list.map((comment) => {
            const target = { commentId: comment.id, name: comment.userName };
            return (
              <li key={comment.id} aria-label={comment.userName} className="flex gap-3 py-3">
                <Avatar name={comment.userName} src={comment.headPortrait} />
                <div className="min-w-0 flex-1">
                  <p className="flex flex-wrap items-baseline gap-x-3 text-sm">
                    <span className="font-medium">{comment.userName}</span>
                    <Moment value={comment.createdAt} locale={locale} className="text-muted-foreground text-xs" />
                  </p>
                  <p className="mt-1 text-sm break-words whitespace-pre-wrap">{comment.content}</p>
                  {actions(target, comment.mine, 'comment', comment.id)}
                  {replyBox(target)}
                  {comment.replies.length > 0 && (
                    <ul className="bg-muted/40 mt-2 rounded-md px-3">{comment.replies.map((r) => reply(comment, r))}</ul>
                  )}
                </div>
              </li>
            );
          })}
        </ul>
        <Pager page={page} totalPage={totalPage} onChange={setPage} texts={pagerTexts(m)} />
      </LoadState>
      {dialog}
    </section>
  );
}
