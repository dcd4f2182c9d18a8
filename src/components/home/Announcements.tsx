/**
 * The company's latest announcements on the home page (`announcementPage`, 5): pinned first,
 * unread marked, how long ago each was published; each opens in the message centre, and
 * "more" leads to the whole list there.
 */
import MegaphoneIcon from 'lucide-react/icons/megaphone';
import { useEffect, useState } from 'react';
import type { MessageRecord } from '@/api/home-types';
import { getAnnouncementPage } from '@/api/home';
import { announcementHref } from '@/components/home/links';
import type { HomeMessages } from '@/components/home/messages';
import { Bar, cardClass, MoreLink, SectionHeading } from '@/components/home/parts';
import { TimeAgo } from '@/components/home/TimeAgo';
import { LoadState, loadTexts, type LoadStatus } from '@/components/ui/load-state';
import { localizePath, type Locale } from '@/i18n/locale-path';

interface AnnouncementsProps {
  locale: Locale;
  messages: HomeMessages;
}

function Skeleton() {
  return (
    <ul className="grid gap-1">
      {Array.from({ length: 5 }, (_, i) => (
        <li key={i} className="grid gap-1.5 px-2 py-2">
          <Bar className="h-4 w-4/5" />
          <Bar className="h-3 w-2/5" />
        </li>
      ))}
    </ul>
  );
}

export function Announcements({ locale, messages: m }: AnnouncementsProps) {
  const [list, setList] = useState<MessageRecord[]>([]);
  const [status, setStatus] = useState<LoadStatus>('loading');
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    const controller = new AbortController();
    setStatus('loading');
    getAnnouncementPage({ pageCurrent: 1 }, { isShowErrTip: false, signal: controller.signal }).then(
      (found) => {
        setList(found.list);
        setStatus(found.list.length ? 'ready' : 'empty');
      },
      () => !controller.signal.aborted && setStatus('error'),
    );
    return () => controller.abort();
  }, [attempt]);

  const now = Date.now();
  return (
    <section aria-labelledby="home-notices" className={`${cardClass} flex flex-col gap-3 p-5`}>
      <SectionHeading
        id="home-notices"
        level={2}
        title={m['home.notice.title']}
        icon={<MegaphoneIcon aria-hidden="true" className="text-primary size-5" />}
        action={
          <MoreLink
            href={localizePath('/account/message', locale)}
            text={m['home.notice.more']}
            label={m['home.notice.moreLabel']}
          />
        }
      />
      <LoadState
        status={status}
        texts={loadTexts(m, m['home.notice.empty'])}
        onRetry={() => setAttempt((n) => n + 1)}
        skeleton={<Skeleton />}
      >
        <ul className="-mx-2 grid">
          {list.map((record) => (
            <li key={record.id}>
              <a
                href={announcementHref(record.id, locale)}
                className="hover:bg-accent/60 focus-visible:ring-ring/50 group flex items-start gap-2.5 rounded-lg px-2 py-2 outline-none focus-visible:ring-[3px]"
              >
                <span
                  aria-hidden="true"
                  className={`mt-2 size-1.5 shrink-0 rounded-full ${record.read ? 'bg-transparent' : 'bg-primary'}`}
                />
                <span className="grid min-w-0 flex-1 gap-0.5">
                  <span className="flex min-w-0 items-center gap-1.5">
                    {record.pinned && (
                      <span className="bg-primary/10 text-primary shrink-0 rounded px-1.5 text-[11px] leading-5 font-medium">
                        {m['home.notice.pinned']}
                      </span>
                    )}
                    {!record.read && <span className="sr-only">{m['home.notice.unread']}</span>}
                    <span
                      className={`truncate text-sm group-hover:underline ${record.read ? 'text-foreground/80' : 'font-semibold'}`}
                    >
                      {record.title}
                    </span>
                  </span>
                  <span className="text-muted-foreground flex items-center gap-2 text-xs">
                    <TimeAgo value={record.publishedAt} locale={locale} now={now} className="shrink-0" />
                    {record.authorName && <span className="truncate">{record.authorName}</span>}
                  </span>
                </span>
              </a>
            </li>
          ))}
        </ul>
      </LoadState>
    </section>
  );
}
