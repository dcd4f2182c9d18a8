/**
 * One announcement or message, opened from the message centre (`?id=`): title, author, time,
 * the whole text (plain text with its line breaks kept, or the sanitised HTML of an announcement
 * written in the back office's editor), the like button, its link, and for
 * announcements the comments. Opening it marks it read (`messageView`).
 */
import ArrowLeftIcon from 'lucide-react/icons/arrow-left';
import ExternalLinkIcon from 'lucide-react/icons/external-link';
import ThumbsUpIcon from 'lucide-react/icons/thumbs-up';
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { RecordFormat, RecordKind, type MessageRecord } from '@/api/home-types';
import { admireMessage, viewMessage } from '@/api/messages';
import { outcomeOf } from '@/api/outcome';
import { recordLink } from '@/components/message/link';
import type { MessageDetailMessages } from '@/components/message/messages';
import { Moment } from '@/components/message/Moment';
import { richTextClass } from '@/components/message/rich-text';
import { outlineButtonSm } from '@/components/ui/button-class';
import { LoadState, loadTexts, type LoadStatus } from '@/components/ui/load-state';
import { fill } from '@/i18n/fill';
import type { Locale } from '@/i18n/locale-path';

const AnnouncementComments = lazy(() =>
  import('@/components/message/AnnouncementComments').then((m) => ({ default: m.AnnouncementComments })),
);

interface MessageDetailProps {
  id: string;
  locale: Locale;
  messages: MessageDetailMessages;
  onBack: () => void;
  /** The record was opened (and so is read now). */
  onViewed: (record: MessageRecord) => void;
}

type State = LoadStatus | 'notFound';

export function MessageDetail({ id, locale, messages: m, onBack, onViewed }: MessageDetailProps) {
  const [record, setRecord] = useState<MessageRecord>();
  const [state, setState] = useState<State>('loading');
  const [reload, setReload] = useState(0);
  const [admiring, setAdmiring] = useState(false);
  const heading = useRef<HTMLHeadingElement>(null);
  const viewed = useRef(onViewed);
  viewed.current = onViewed;

  useEffect(() => {
    const controller = new AbortController();
    setState('loading');
    viewMessage(id, { isShowErrTip: false, signal: controller.signal })
      .then((found) => {
        setRecord(found);
        setState('ready');
        viewed.current(found);
      })
      .catch((error: unknown) => {
        if (controller.signal.aborted) return;
        setState(outcomeOf(error).kind === 'notFound' ? 'notFound' : 'error');
      });
    return () => controller.abort();
  }, [id, reload]);

  useEffect(() => {
    if (state === 'ready') heading.current?.focus({ preventScroll: false });
  }, [state]);

  const admire = async () => {
    if (!record || admiring) return;
    setAdmiring(true);
    try {
      const result = await admireMessage(record.id);
      setRecord({ ...record, admired: result.admired, admireCount: result.admireCount });
    } catch {
      // The client showed the gateway's message.
    }
    setAdmiring(false);
  };

  const back = (
    <button type="button" className={`${outlineButtonSm} justify-self-start`} onClick={onBack}>
      <ArrowLeftIcon aria-hidden="true" />
      {m['message.back']}
    </button>
  );

  if (state === 'notFound') {
    return (
      <div className="grid gap-4">
        {back}
        <p role="alert" className="text-muted-foreground rounded-lg border px-6 py-10 text-center">
          {m['message.notFound']}
        </p>
      </div>
    );
  }

  const link = record ? recordLink(record.linkUrl, locale) : null;
  return (
    <div className="grid gap-4">
      {back}
      <LoadState status={state === 'ready' ? 'ready' : state} texts={loadTexts(m)} onRetry={() => setReload((n) => n + 1)}>
        {record && (
          <article aria-labelledby={`message-${record.id}`} className="grid gap-4">
            <header className="grid gap-2 border-b pb-4">
              <h2 id={`message-${record.id}`} ref={heading} tabIndex={-1} className="text-xl font-semibold outline-none">
                {record.pinned && (
                  <span className="bg-primary/10 text-primary me-2 rounded px-1.5 py-0.5 align-middle text-xs font-medium">
                    {m['message.pinned']}
                  </span>
                )}
                {record.title}
              </h2>
              <p className="text-muted-foreground flex flex-wrap gap-x-4 gap-y-1 text-sm">
                {record.authorName && <span>{fill(m['message.author'], { name: record.authorName })}</span>}
                <Moment value={record.publishedAt} locale={locale} />
              </p>
            </header>
            {record.format === RecordFormat.html ? (
              // Sanitised by the gateway when it was saved (an allow-list of the editor's tags).
              <div className={richTextClass} dangerouslySetInnerHTML={{ __html: record.content }} />
            ) : (
              <div className="text-base leading-7 break-words whitespace-pre-wrap">{record.content}</div>
            )}
            <div className="flex flex-wrap items-center gap-3">
              <button
                type="button"
                className={`${outlineButtonSm} aria-pressed:border-primary aria-pressed:text-primary`}
                aria-pressed={record.admired}
                disabled={admiring}
                onClick={() => void admire()}
              >
                <ThumbsUpIcon aria-hidden="true" className={record.admired ? 'fill-current' : undefined} />
                {m['message.like']}
              </button>
              <span aria-live="polite" className="text-muted-foreground text-sm tabular-nums">
                {fill(m['message.likeCount'], { count: record.admireCount })}
              </span>
              {link && (
                <a
                  href={link.href}
                  target={link.external ? '_blank' : undefined}
                  rel={link.external ? 'noopener noreferrer' : undefined}
                  className="text-primary inline-flex items-center gap-1 text-sm font-medium underline-offset-4 outline-none hover:underline focus-visible:underline"
                >
                  {m['message.openLink']}
                  {link.external && (
                    <>
                      <ExternalLinkIcon aria-hidden="true" className="size-4" />
                      <span className="sr-only">{m['message.newTab']}</span>
                    </>
                  )}
                </a>
              )}
            </div>
            {record.kind === RecordKind.announcement && (
              <Suspense fallback={<LoadState status="loading" texts={loadTexts(m)} />}>
                <AnnouncementComments
                  announcementId={record.id}
                  allowComment={record.allowComment}
                  locale={locale}
                  messages={m}
                />
              </Suspense>
            )}
          </article>
        )}
      </LoadState>
    </div>
  );
}
