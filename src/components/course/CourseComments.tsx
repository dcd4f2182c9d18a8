/**
 * Comments on a course: a page of 10, newest first; posting one (1–500 characters); deleting
 * one's own after a confirmation. Texts are shown as text, never as markup.
 */
import Trash2Icon from 'lucide-react/icons/trash-2';
import { startTransition, useEffect, useId, useState, type SubmitEvent } from 'react';
import { deleteCourseComment, getCourseCommentPage, saveCourseComment } from '@/api/course';
import type { Comment } from '@/api/learning-types';
import type { PageResult } from '@/api/types';
import type { CourseDetailMessages } from '@/components/course/messages';
import { LoadState, loadTexts, type LoadStatus } from '@/components/ui/load-state';
import { Pager, pagerTexts } from '@/components/ui/pager';
import { formatRelativeTime } from '@/lib/format';
import type { Locale } from '@/i18n/locale-path';
import { notifySuccess } from '@/stores/toasts';

/** The gateway's limit on a comment, after trimming. */
export const COMMENT_MAX = 500;
const PAGE_SIZE = 10;

interface CourseCommentsProps {
  courseId: string;
  locale: Locale;
  messages: CourseDetailMessages;
  /** The count in the heading, kept by the detail page. */
  count: number;
  onCountChange: (delta: number) => void;
}

const buttonClass =
  'focus-visible:ring-ring/50 inline-flex h-8 items-center gap-1 rounded-md px-3 text-sm font-medium outline-none focus-visible:ring-[3px] disabled:pointer-events-none disabled:opacity-50';

function CommentItem({
  comment,
  locale,
  messages: m,
  onDeleted,
}: {
  comment: Comment;
  locale: Locale;
  messages: CourseDetailMessages;
  onDeleted: () => void;
}) {
  const [confirming, setConfirming] = useState(false);
  const [pending, setPending] = useState(false);
  const remove = async () => {
    setPending(true);
    try {
      await deleteCourseComment(comment.id);
      notifySuccess(m['course.commentDeleted']);
      onDeleted();
    } catch {
      // The client showed the gateway's message.
      setPending(false);
      setConfirming(false);
    }
  };
  return (
    <li className="flex gap-3 border-b py-4 last:border-b-0">
      {comment.headPortrait ? (
        <img src={comment.headPortrait} alt="" className="size-9 shrink-0 rounded-full object-cover" />
      ) : (
        <span aria-hidden="true" className="bg-muted flex size-9 shrink-0 items-center justify-center rounded-full text-sm font-medium">
          {[...comment.userName][0]}
        </span>
      )}
      <div className="grid min-w-0 flex-1 gap-1">
        <p className="flex flex-wrap items-baseline gap-x-3 text-sm">
          <span className="font-medium">{comment.userName}</span>
          <time dateTime={comment.createdAt} className="text-muted-foreground text-xs">
            {formatRelativeTime(comment.createdAt, locale)}
          </time>
        </p>
        <p className="text-sm break-words whitespace-pre-wrap">{comment.content}</p>
        {comment.mine && (
          <div className="flex gap-2">
            {confirming ? (
              <>
                <button
                  type="button"
                  disabled={pending}
                  className={`${buttonClass} bg-destructive text-white`}
                  onClick={() => void remove()}
                >
                  {m['course.commentDeleteConfirm']}
                </button>
                <button type="button" className={`${buttonClass} hover:bg-accent border`} onClick={() => setConfirming(false)}>
                  {m['course.cancel']}
                </button>
              </>
            ) : (
              <button
                type="button"
                className={`${buttonClass} text-muted-foreground hover:text-destructive -ms-3`}
                onClick={() => setConfirming(true)}
              >
                <Trash2Icon aria-hidden="true" className="size-4" />
                {m['course.commentDelete']}
              </button>
            )}
          </div>
        )}
      </div>
    </li>
  );
}

export function CourseComments({ courseId, locale, messages: m, count, onCountChange }: CourseCommentsProps) {
  const ids = useId();
  const [pageNo, setPageNo] = useState(1);
  const [page, setPage] = useState<PageResult<Comment> | null>(null);
  const [status, setStatus] = useState<LoadStatus>('loading');
  const [round, setRound] = useState(0);
  const [text, setText] = useState('');
  const [error, setError] = useState<string>();
  const [posting, setPosting] = useState(false);

  useEffect(() => {
    const controller = new AbortController();
    setStatus('loading');
    getCourseCommentPage(
      { targetId: courseId, pageCurrent: pageNo, pageSize: PAGE_SIZE },
      { signal: controller.signal, isShowErrTip: false },
    )
      .then((result) => {
        // The last comment of a later page was deleted: show the page before.
        if (!result.list.length && pageNo > 1) return setPageNo(pageNo - 1);
        // Below the fold: rendered in slices, so the page stays responsive while it loads.
        startTransition(() => {
          setPage(result);
          setStatus(result.list.length ? 'ready' : 'empty');
        });
      })
      .catch(() => !controller.signal.aborted && setStatus('error'));
    return () => controller.abort();
  }, [courseId, pageNo, round]);

  const reload = (toFirst: boolean) => {
    if (toFirst && pageNo !== 1) setPageNo(1);
    else setRound((n) => n + 1);
  };

  const onSubmit = async (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    const content = text.trim();
    const problem = !content ? m['course.commentRequired'] : [...content].length > COMMENT_MAX ? m['course.commentTooLong'] : undefined;
    setError(problem);
    if (problem) return document.getElementById(`${ids}-text`)?.focus();
    setPosting(true);
    try {
      await saveCourseComment(courseId, content);
      notifySuccess(m['course.commentPosted']);
      setText('');
      onCountChange(1);
      reload(true);
    } catch {
      // The client showed the gateway's message ('Comment on failure!' or the reason).
    }
    setPosting(false);
  };

  const length = [...text.trim()].length;
  return (
    <section aria-labelledby={`${ids}-title`} className="grid gap-4">
      <h2 id={`${ids}-title`} className="text-lg font-semibold">
        {m['course.comments'].replace('{value}', String(count))}
      </h2>
      <form onSubmit={onSubmit} noValidate className="grid gap-2">
        <label htmlFor={`${ids}-text`} className="text-sm font-medium">
          {m['course.commentLabel']}
        </label>
        <textarea
          id={`${ids}-text`}
          rows={3}
          value={text}
          placeholder={m['course.commentPlaceholder']}
          aria-invalid={error ? true : undefined}
          aria-describedby={`${ids}-hint${error ? ` ${ids}-error` : ''}`}
          onChange={(event) => {
            setText(event.target.value);
            setError(undefined);
          }}
          className="border-input focus-visible:border-ring focus-visible:ring-ring/50 aria-invalid:border-destructive rounded-md border px-3 py-2 text-sm outline-none focus-visible:ring-[3px]"
        />
        <div className="flex items-center justify-between gap-3">
          <p id={`${ids}-hint`} className={`text-xs tabular-nums ${length > COMMENT_MAX ? 'text-destructive' : 'text-muted-foreground'}`}>
            {length} / {COMMENT_MAX}
          </p>
          <button
            type="submit"
            disabled={posting}
            className={`${buttonClass} bg-primary text-primary-foreground h-9 px-4 hover:opacity-90`}
          >
            {m['course.commentPost']}
          </button>
        </div>
        {error && (
          <p id={`${ids}-error`} role="alert" className="text-destructive text-sm">
            {error}
          </p>
        )}
      </form>
      <LoadState status={status} texts={loadTexts(m, m['course.commentEmpty'])} onRetry={() => reload(false)}>
        {page && (
          <ul aria-label={m['course.commentList']}>
            {page.list.map((comment) => (
              <CommentItem
                key={comment.id}
                comment={comment}
                locale={locale}
                messages={m}
                onDeleted={() => {
                  onCountChange(-1);
                  reload(false);
                }}
              />
            ))}
          </ul>
        )}
      </LoadState>
      {page && status === 'ready' && (
        <Pager page={page.pageCurrent} totalPage={page.totalPage} texts={pagerTexts(m)} onChange={setPageNo} />
      )}
    </section>
  );
}
