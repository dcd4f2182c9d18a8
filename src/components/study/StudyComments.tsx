/**
 * Comments on a study task or project: a page of them (newest first), a form to post one, and
 * a delete button on the caller's own. Comment text is shown as text, never as markup.
 */
import { useEffect, useState, type SubmitEvent } from 'react';
import type { Comment, TargetType } from '@/api/learning-types';
import { deleteStudyComment, getStudyCommentPage, saveStudyComment } from '@/api/study';
import { formatMoment } from '@/components/study/format';
import type { CommentMessages } from '@/components/study/messages';
import { ghostButtonSm, primaryButtonSm } from '@/components/ui/button-class';
import { LoadState, loadTexts, type LoadStatus } from '@/components/ui/load-state';
import type { LoadStateMessages } from '@/components/ui/messages';
import { Pager, pagerTexts } from '@/components/ui/pager';
import { fill } from '@/i18n/fill';
import { notifyError, notifySuccess } from '@/stores/toasts';

/** Spec: comments are 1–500 characters. */
const MAX_LENGTH = 500;

interface StudyCommentsProps {
  targetType: Extract<TargetType, 'task' | 'project'>;
  targetId: string;
  messages: CommentMessages & LoadStateMessages;
}

export function StudyComments({ targetType, targetId, messages: m }: StudyCommentsProps) {
  const [page, setPage] = useState(1);
  const [list, setList] = useState<Comment[]>([]);
  const [totalPage, setTotalPage] = useState(0);
  const [totalCount, setTotalCount] = useState(0);
  const [status, setStatus] = useState<LoadStatus>('loading');
  const [reload, setReload] = useState(0);
  const [text, setText] = useState('');
  const [posting, setPosting] = useState(false);
  const [busyId, setBusyId] = useState<string>();

  useEffect(() => {
    const controller = new AbortController();
    setStatus('loading');
    getStudyCommentPage({ targetId, targetType, pageCurrent: page }, { isShowErrTip: false, signal: controller.signal })
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
  }, [targetId, targetType, page, reload]);

  const onSubmit = async (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    const content = text.trim();
    if (!content || posting) return;
    setPosting(true);
    try {
      await saveStudyComment({ targetId, targetType, content }, { isShowErrTip: false });
      setText('');
      notifySuccess(m['study.commentPosted']);
      if (page === 1) setReload((n) => n + 1);
      else setPage(1);
    } catch (error) {
      notifyError((error as Error).message || m['learning.commentFailed']);
    }
    setPosting(false);
  };

  const remove = async (id: string) => {
    setBusyId(id);
    try {
      await deleteStudyComment(id);
      notifySuccess(m['study.commentDeleted']);
      if (list.length === 1 && page > 1) setPage(page - 1);
      else setReload((n) => n + 1);
    } catch {
      // The client showed the gateway's message.
    }
    setBusyId(undefined);
  };

  const headingId = `comments-${targetId}`;
  return (
    <section aria-labelledby={headingId} className="grid gap-4">
      <h2 id={headingId} className="text-lg font-semibold">
        {m['study.comments']}
        {totalCount > 0 && (
          <span className="text-muted-foreground ms-2 text-sm font-normal tabular-nums">{totalCount}</span>
        )}
      </h2>
      <form onSubmit={onSubmit} className="grid gap-2">
        <label htmlFor={`${headingId}-text`} className="sr-only">
          {m['study.commentLabel']}
        </label>
        <textarea
          id={`${headingId}-text`}
          value={text}
          maxLength={MAX_LENGTH}
          rows={3}
          placeholder={m['study.commentPlaceholder']}
          onChange={(event) => setText(event.target.value)}
          className="border-input focus-visible:border-ring focus-visible:ring-ring/50 w-full rounded-md border bg-transparent px-3 py-2 text-sm shadow-xs outline-none focus-visible:ring-[3px]"
        />
        <div className="flex items-center justify-end gap-3">
          <span className="text-muted-foreground text-xs tabular-nums">
            {fill(m['study.commentLimit'], { count: text.length })}
          </span>
          <button className={primaryButtonSm} type="submit" disabled={posting || !text.trim()}>
            {m['study.commentPost']}
          </button>
        </div>
      </form>
      <LoadState status={status} texts={loadTexts(m, m['study.commentsEmpty'])} onRetry={() => setReload((n) => n + 1)}>
        <ul className="divide-y">
          {list.map((comment) => (
            <li key={comment.id} className="flex gap-3 py-3">
              <div className="bg-muted size-9 shrink-0 overflow-hidden rounded-full">
                {comment.headPortrait && <img src={comment.headPortrait} alt="" className="size-full object-cover" />}
              </div>
              <div className="min-w-0 flex-1">
                <p className="flex flex-wrap items-baseline gap-x-3 text-sm">
                  <span className="font-medium">{comment.userName}</span>
                  <time dateTime={comment.createdAt} className="text-muted-foreground text-xs">
                    {formatMoment(comment.createdAt)}
                  </time>
                </p>
                <p className="mt-1 text-sm break-words whitespace-pre-wrap">{comment.content}</p>
              </div>
              {comment.mine && (
                <button
                  className={ghostButtonSm}
                  type="button"

                  disabled={busyId === comment.id}
                  onClick={() => void remove(comment.id)}
                >
                  {m['study.commentDelete']}
                </button>
              )}
            </li>
          ))}
        </ul>
        <Pager page={page} totalPage={totalPage} onChange={setPage} texts={pagerTexts(m)} />
      </LoadState>
    </section>
  );
}
