/**
 * A question's answers: a page of them (10), the accepted one first and marked; likes, the
 * question author's accept (or withdraw), and the caller's own answers edited or deleted (after
 * a confirmation). Signed out, the box and the likes say that signing in is needed.
 */
import CheckCircleIcon from 'lucide-react/icons/circle-check';
import ThumbsUpIcon from 'lucide-react/icons/thumbs-up';
import { useEffect, useState } from 'react';
import { acceptAnswer, admire, deleteAnswer, getAnswerPage } from '@/api/community';
import type { AnswerItem, PostDetail } from '@/api/community-types';
import { AnswerForm } from '@/components/community/AnswerForm';
import type { CommunityMessages } from '@/components/community/messages';
import { Byline, Gallery, LoginNeeded } from '@/components/community/parts';
import { failureOf } from '@/components/message/failure';
import { useConfirm } from '@/components/message/use-confirm';
import { ghostButtonSm, outlineButtonSm } from '@/components/ui/button-class';
import { LoadState, loadTexts, type LoadStatus } from '@/components/ui/load-state';
import { LoginFirst } from '@/components/ui/login-first';
import { Pager, pagerTexts } from '@/components/ui/pager';
import { fill } from '@/i18n/fill';
import type { Locale } from '@/i18n/locale-path';
import { notifyError, notifySuccess } from '@/stores/toasts';

interface AnswersProps {
  post: PostDetail;
  signedIn: boolean | undefined;
  locale: Locale;
  messages: CommunityMessages;
  /** The question's accepted answer changed. */
  onAccepted: (answerId: string | null) => void;
}

const PAGE_SIZE = 10;

/** Tells the user why a call failed (the client already did for 429). */
export function tellFailure(error: unknown, m: CommunityMessages, fallback = m['community.failed']): void {
  const failure = failureOf(error, fallback);
  if (failure.kind === 'signIn') notifyError(m['auth.loginFirst']);
  else if (failure.kind === 'message') notifyError(failure.text);
}

export function Answers({ post, signedIn, locale, messages: m, onAccepted }: AnswersProps) {
  const [page, setPage] = useState(1);
  const [list, setList] = useState<AnswerItem[]>([]);
  const [total, setTotal] = useState({ count: 0, pages: 0 });
  const [status, setStatus] = useState<LoadStatus>('loading');
  const [reload, setReload] = useState(0);
  const [editing, setEditing] = useState<string>();
  const [loginFor, setLoginFor] = useState<string>();
  const [busyId, setBusyId] = useState<string>();
  const { dialog, ask } = useConfirm();

  useEffect(() => {
    const controller = new AbortController();
    setStatus((current) => (current === 'ready' ? current : 'loading'));
    getAnswerPage(post.id, page, { isShowErrTip: false, signal: controller.signal })
      .then((found) => {
        if (found.list.length === 0 && page > 1 && found.totalPage > 0) {
          setPage(found.totalPage);
          return;
        }
        setList(found.list);
        setTotal({ count: found.totalCount, pages: found.totalPage });
        setStatus(found.list.length ? 'ready' : 'empty');
      })
      .catch(() => {
        if (!controller.signal.aborted) setStatus('error');
      });
    return () => controller.abort();
  }, [post.id, page, reload]);

  const refresh = () => setReload((n) => n + 1);
  const replace = (answer: AnswerItem) => setList((current) => current.map((a) => (a.id === answer.id ? answer : a)));

  const like = async (answer: AnswerItem) => {
    if (!signedIn) {
      setLoginFor(answer.id);
      return;
    }
    setBusyId(answer.id);
    try {
      const result = await admire({ targetType: 'answer', id: answer.id }, { isShowErrTip: false });
      replace({ ...answer, admired: result.admired, admireCount: result.admireCount });
    } catch (error) {
      tellFailure(error, m);
    }
    setBusyId(undefined);
  };

  const accept = async (answer: AnswerItem) => {
    setBusyId(answer.id);
    try {
      const result = await acceptAnswer(post.id, answer.accepted ? null : answer.id, { isShowErrTip: false });
      notifySuccess(result.acceptedAnswerId ? m['community.acceptDone'] : m['community.unacceptDone']);
      onAccepted(result.acceptedAnswerId);
      if (page === 1) refresh();
      else setPage(1);
    } catch (error) {
      tellFailure(error, m);
    }
    setBusyId(undefined);
  };

  const remove = async (answer: AnswerItem) => {
    const yes = await ask({
      title: m['community.deleteAnswer'],
      text: m['community.deleteAnswerConfirm'],
      confirmLabel: m['community.delete'],
      cancelLabel: m['community.cancel'],
    });
    if (!yes) return;
    setBusyId(answer.id);
    try {
      await deleteAnswer(answer.id, { isShowErrTip: false });
      notifySuccess(m['community.deleted']);
      if (answer.accepted) onAccepted(null);
      refresh();
    } catch (error) {
      tellFailure(error, m, m['learning.deleteFailed']);
    }
    setBusyId(undefined);
  };

  const posted = () => {
    notifySuccess(m['community.answerPosted']);
    // A new answer comes last (after the accepted and the liked ones): show the page it is on.
    const last = Math.max(1, Math.ceil((total.count + 1) / PAGE_SIZE));
    if (last === page) refresh();
    else setPage(last);
  };

  const headingId = `answers-${post.id}`;
  return (
    <section aria-labelledby={headingId} className="grid gap-4 border-t pt-6">
      <h3 id={headingId} className="text-lg font-semibold">
        {m['community.answers']}
        {total.count > 0 && <span className="text-muted-foreground ms-2 text-sm font-normal tabular-nums">{total.count}</span>}
      </h3>
      {signedIn ? (
        <AnswerForm postId={post.id} messages={m} onSaved={posted} />
      ) : (
        signedIn === false && <LoginFirst text={m['community.loginToAnswer']} linkText={m['study.signIn']} look="inline" />
      )}
      <LoadState status={status} texts={loadTexts(m, m['community.answersEmpty'])} onRetry={refresh}>
        <ul className="divide-y">
          {list.map((answer) => (
            <li key={answer.id} aria-label={answer.author.userName} className={`grid gap-2 py-4 ${answer.accepted ? 'bg-primary/5 -mx-3 rounded-lg px-3' : ''}`}>
              <div className="flex flex-wrap items-center justify-between gap-2">
                <Byline author={answer.author} createdAt={answer.createdAt} updatedAt={answer.updatedAt} locale={locale} m={m} />
                {answer.accepted && (
                  <span className="text-primary inline-flex items-center gap-1 text-sm font-medium">
                    <CheckCircleIcon aria-hidden="true" className="size-4" />
                    {m['community.accepted']}
                  </span>
                )}
              </div>
              {editing === answer.id ? (
                <AnswerForm
                  postId={post.id}
                  answer={answer}
                  messages={m}
                  onCancel={() => setEditing(undefined)}
                  onSaved={(saved) => {
                    notifySuccess(m['community.saved']);
                    setEditing(undefined);
                    replace(saved);
                  }}
                />
              ) : (
                <>
                  <p className="text-sm leading-6 break-words whitespace-pre-wrap">{answer.content}</p>
                  <Gallery images={answer.images} m={m} small />
                </>
              )}
              <div className="-ms-3 flex flex-wrap items-center gap-1">
                <button
                  type="button"
                  className={`${ghostButtonSm} aria-pressed:text-primary`}
                  aria-pressed={answer.admired}
                  disabled={busyId === answer.id}
                  onClick={() => void like(answer)}
                >
                  <ThumbsUpIcon aria-hidden="true" className={answer.admired ? 'fill-current' : undefined} />
                  {m['community.like']}
                </button>
                <span aria-live="polite" className="text-muted-foreground me-2 text-xs tabular-nums">
                  {fill(m['community.likeCount'], { count: answer.admireCount })}
                </span>
                {post.mine && (
                  <button type="button" className={outlineButtonSm} disabled={busyId === answer.id} onClick={() => void accept(answer)}>
                    {answer.accepted ? m['community.unaccept'] : m['community.accept']}
                  </button>
                )}
                {answer.mine && editing !== answer.id && (
                  <>
                    <button type="button" className={ghostButtonSm} onClick={() => setEditing(answer.id)}>
                      {m['community.edit']}
                    </button>
                    <button type="button" className={`${ghostButtonSm} text-destructive`} disabled={busyId === answer.id} onClick={() => void remove(answer)}>
                      {m['community.deleteAnswer']}
                    </button>
                  </>
                )}
              </div>
              <LoginNeeded text={loginFor === answer.id ? m['community.loginToLike'] : undefined} m={m} />
            </li>
          ))}
        </ul>
        <Pager page={page} totalPage={total.pages} onChange={setPage} texts={pagerTexts(m)} />
      </LoadState>
      {dialog}
    </section>
  );
}
