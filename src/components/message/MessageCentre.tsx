/**
 * The message centre (`/account/message?num=`, and tab 15 of `/account`): the caller's
 * announcements (num 1) or messages (num 2), 10 a page, unread ones marked, filtered by read
 * state, with counts; selected items (or the whole page) are marked read or deleted (after a
 * confirmation), or everything marked read at once. `?id=` opens one (the home page links
 * there). The list, filter, page and opened record live in the URL query.
 */
import { useStore } from '@nanostores/react';
import CheckCheckIcon from 'lucide-react/icons/check-check';
import Trash2Icon from 'lucide-react/icons/trash-2';
import { lazy, Suspense, useCallback, useEffect, useRef, useState, type KeyboardEvent } from 'react';
import type { MessageRecord, ReadCount } from '@/api/home-types';
import { batchDeleteMessages, batchReadMessages, getMessageReadCount, getMessageRecordPage } from '@/api/messages';
import type { PageResult } from '@/api/types';
import { getUnreadCount } from '@/api/unread';
import type { MessageCentreMessages } from '@/components/message/messages';
import { Moment } from '@/components/message/Moment';
import {
  kindOf,
  readCentreQuery,
  readOf,
  writeCentreQuery,
  type CentreQuery,
  type ReadFilter,
} from '@/components/message/query';
import { useConfirm } from '@/components/message/use-confirm';
import { outlineButtonSm } from '@/components/ui/button-class';
import { LoadState, loadTexts, type LoadStatus } from '@/components/ui/load-state';
import { LoginFirst } from '@/components/ui/login-first';
import { Pager, pagerTexts } from '@/components/ui/pager';
import { fill } from '@/i18n/fill';
import type { Locale } from '@/i18n/locale-path';
import { $token } from '@/stores/session';
import { notifySuccess } from '@/stores/toasts';
import { $unread, applyUnread } from '@/stores/unread';

const MessageDetail = lazy(() => import('@/components/message/MessageDetail').then((m) => ({ default: m.MessageDetail })));

interface MessageCentreProps {
  locale: Locale;
  messages: MessageCentreMessages;
}

/** Marks the history entry a record was opened with, so "back to the list" can go back to it. */
const OPENED = 'xtMessageOpened';

const LISTS = [1, 2] as const;

/** Lists carry the start of a text (at most this many characters): a full one was cut. */
const LIST_TEXT_LENGTH = 120;

/** The start of a text as the list shows it, with an ellipsis when it goes on. */
function snippet(text: string): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return text.length >= LIST_TEXT_LENGTH ? `${flat}…` : flat;
}

/** The centre's query state, kept in step with the URL (and the back button). */
function useCentreQuery(): [CentreQuery | undefined, (next: Partial<CentreQuery>, push?: boolean) => void] {
  const [query, setQuery] = useState<CentreQuery>();
  useEffect(() => {
    const read = () => setQuery(readCentreQuery(location.search));
    read();
    addEventListener('popstate', read);
    return () => removeEventListener('popstate', read);
  }, []);
  const update = useCallback((next: Partial<CentreQuery>, push = false) => {
    const state = { ...readCentreQuery(location.search), ...next };
    const url = `${location.pathname}${writeCentreQuery(location.search, state)}${location.hash}`;
    if (push) history.pushState({ ...(history.state as object | null), [OPENED]: true }, '', url);
    else history.replaceState(history.state, '', url);
    setQuery(state);
  }, []);
  return [query, update];
}

const filterButton =
  'focus-visible:ring-ring/50 aria-pressed:bg-primary aria-pressed:text-primary-foreground hover:bg-accent rounded-full border px-3 py-1 text-sm outline-none focus-visible:ring-[3px] tabular-nums';

export function MessageCentre({ locale, messages: m }: MessageCentreProps) {
  const token = useStore($token);
  const unread = useStore($unread);
  const [query, update] = useCentreQuery();
  const [result, setResult] = useState<PageResult<MessageRecord>>();
  const [status, setStatus] = useState<LoadStatus>('loading');
  const [reload, setReload] = useState(0);
  const [counts, setCounts] = useState<ReadCount>();
  const [countsReload, setCountsReload] = useState(0);
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const [busy, setBusy] = useState(false);
  const { dialog, ask } = useConfirm();
  const tabRefs = useRef<Partial<Record<1 | 2, HTMLButtonElement | null>>>({});
  const root = useRef<HTMLDivElement>(null);
  /** Records opened here: read now, whatever an older list answer says. */
  const readIds = useRef(new Set<string>());
  /** The record to give focus back to when the list shows again. */
  const lastOpened = useRef<string | null>(null);

  const num = query?.num;
  const filter = query?.filter;
  const page = query?.page;
  const opened = query?.id ?? null;

  useEffect(() => {
    if (!token || num === undefined || filter === undefined || page === undefined) return;
    const controller = new AbortController();
    setStatus('loading');
    getMessageRecordPage(
      { pageCurrent: page, kind: kindOf(num), ...(filter === 'all' ? {} : { read: readOf(filter) }) },
      { isShowErrTip: false, signal: controller.signal },
    )
      .then((found) => {
        if (found.list.length === 0 && page > 1 && found.totalPage > 0) {
          // The page emptied (records deleted or read elsewhere): show the last one there is.
          update({ page: found.totalPage });
          return;
        }
        setResult({ ...found, list: found.list.map((r) => (readIds.current.has(r.id) ? { ...r, read: true } : r)) });
        setSelected(new Set());
        setStatus(found.list.length ? 'ready' : 'empty');
      })
      .catch(() => {
        if (!controller.signal.aborted) setStatus('error');
      });
    return () => controller.abort();
  }, [token, num, filter, page, reload, update]);

  // Counts follow every change here and every new unread count (new records, other tabs).
  useEffect(() => {
    if (!token) return;
    const controller = new AbortController();
    getMessageReadCount({ isShowErrTip: false, signal: controller.signal })
      .then(setCounts)
      .catch(() => undefined);
    return () => controller.abort();
  }, [token, countsReload, unread?.total]);

  // The per-list unread counts come from the badge's store; ask for them if nothing has yet.
  const unknownUnread = unread === null;
  useEffect(() => {
    if (!token || !unknownUnread) return;
    getUnreadCount({ isShowErrTip: false })
      .then(applyUnread)
      .catch(() => undefined);
  }, [token, unknownUnread]);

  // Back from a record: focus returns to it in the list.
  useEffect(() => {
    if (opened || status !== 'ready' || !lastOpened.current) return;
    document.getElementById(`message-link-${lastOpened.current}`)?.focus();
    lastOpened.current = null;
  }, [opened, status]);

  const onViewed = useCallback((record: MessageRecord) => {
    readIds.current.add(record.id);
    setResult((current) =>
      current && { ...current, list: current.list.map((r) => (r.id === record.id ? { ...r, read: true } : r)) },
    );
    setCountsReload((n) => n + 1);
  }, []);

  if (!query) return <LoadState status="loading" texts={loadTexts(m)} />;
  if (!token) return <LoginFirst text={m['auth.loginFirst']} linkText={m['study.signIn']} />;

  const open = (id: string) => {
    lastOpened.current = id;
    update({ id }, true);
    root.current?.scrollIntoView({ block: 'start' });
  };

  const closeDetail = () => {
    lastOpened.current = opened;
    if ((history.state as Record<string, unknown> | null)?.[OPENED]) history.back();
    else update({ id: null });
  };

  if (opened) {
    return (
      <div ref={root} className="scroll-mt-20">
        <Suspense fallback={<LoadState status="loading" texts={loadTexts(m)} />}>
          <MessageDetail id={opened} locale={locale} messages={m} onBack={closeDetail} onViewed={onViewed} />
        </Suspense>
      </div>
    );
  }

  const list = result?.list ?? [];
  const ids = list.map((r) => r.id);
  const allSelected = ids.length > 0 && ids.every((id) => selected.has(id));
  const toggle = (id: string) =>
    setSelected((current) => {
      const next = new Set(current);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });

  const afterChange = () => {
    setReload((n) => n + 1);
    setCountsReload((n) => n + 1);
  };

  const markRead = async (all: boolean) => {
    setBusy(true);
    try {
      await batchReadMessages(all ? { ids: [], all: true } : { ids: [...selected] });
      notifySuccess(m['message.markedRead']);
      afterChange();
    } catch {
      // The client showed the gateway's message.
    }
    setBusy(false);
  };

  const remove = async () => {
    const count = selected.size;
    const yes = await ask({
      title: m['message.deleteTitle'],
      text: fill(m['message.deleteConfirm'], { count }),
      confirmLabel: m['message.delete'],
      cancelLabel: m['message.cancel'],
    });
    if (!yes) return;
    setBusy(true);
    try {
      await batchDeleteMessages({ ids: [...selected] });
      notifySuccess(m['message.deleted']);
      afterChange();
    } catch {
      // The client showed the gateway's message.
    }
    setBusy(false);
  };

  const chooseList = (next: 1 | 2, focus = false) => {
    update({ num: next, page: 1, filter: 'all' });
    if (focus) tabRefs.current[next]?.focus();
  };
  // From the tab the key was pressed on: keys may come faster than the page renders.
  const onTabKey = (event: KeyboardEvent<HTMLButtonElement>, from: 1 | 2) => {
    const index = LISTS.indexOf(from);
    const next = { ArrowRight: index + 1, ArrowLeft: index - 1, Home: 0, End: LISTS.length - 1 }[event.key];
    if (next === undefined) return;
    event.preventDefault();
    chooseList(LISTS[(next + LISTS.length) % LISTS.length]!, true);
  };

  const unreadOf = (n: 1 | 2) => (n === 1 ? unread?.announcements : unread?.messages);
  const totalOf = (n: 1 | 2) => (n === 1 ? counts?.announcements : counts?.messages);
  const listUnread = unreadOf(query.num);
  const listTotal = totalOf(query.num);
  const listRead = listTotal !== undefined && listUnread !== undefined ? Math.max(0, listTotal - listUnread) : undefined;
  const filters: { value: ReadFilter; label: string }[] = [
    { value: 'all', label: fill(m['message.filterAll'], { count: listTotal ?? '–' }) },
    { value: 'unread', label: fill(m['message.filterUnread'], { count: listUnread ?? '–' }) },
    { value: 'read', label: fill(m['message.filterRead'], { count: listRead ?? '–' }) },
  ];
  const empty = query.num === 1 ? m['message.emptyAnnouncements'] : m['message.emptyMessages'];

  return (
    <div ref={root} className="grid scroll-mt-20 gap-4">
      <div role="tablist" aria-label={m['message.lists']} className="flex gap-1 border-b">
        {LISTS.map((n) => {
          const count = unreadOf(n) ?? 0;
          return (
            <button
              key={n}
              ref={(el) => {
                tabRefs.current[n] = el;
              }}
              id={`message-list-${n}`}
              type="button"
              role="tab"
              aria-selected={query.num === n}
              aria-controls="message-list-panel"
              tabIndex={query.num === n ? 0 : -1}
              onClick={() => chooseList(n)}
              onKeyDown={(event) => onTabKey(event, n)}
              className="focus-visible:ring-ring/50 aria-selected:border-primary aria-selected:text-primary -mb-px inline-flex items-center gap-2 border-b-2 border-transparent px-4 py-2 text-sm font-medium whitespace-nowrap outline-none focus-visible:ring-[3px]"
            >
              {n === 1 ? m['message.announcements'] : m['message.personal']}
              {count > 0 && (
                <span className="bg-destructive rounded-full px-1.5 text-xs leading-5 text-white tabular-nums">
                  <span aria-hidden="true">{count > 99 ? '99+' : count}</span>
                  <span className="sr-only">{fill(m['message.unreadBadge'], { count })}</span>
                </span>
              )}
            </button>
          );
        })}
      </div>
      <div id="message-list-panel" role="tabpanel" aria-labelledby={`message-list-${query.num}`} className="grid gap-4">
        <div className="flex flex-wrap items-center justify-between gap-3">
          <div role="group" aria-label={m['message.filter']} className="flex flex-wrap gap-2">
            {filters.map((f) => (
              <button
                key={f.value}
                type="button"
                aria-pressed={query.filter === f.value}
                onClick={() => update({ filter: f.value, page: 1 })}
                className={filterButton}
              >
                {f.label}
              </button>
            ))}
          </div>
          <p aria-live="polite" className="text-muted-foreground text-sm tabular-nums">
            {listTotal !== undefined && listUnread !== undefined ? fill(m['message.counts'], { total: listTotal, unread: listUnread }) : ''}
          </p>
        </div>
        <div role="toolbar" aria-label={m['message.actions']} className="bg-muted/40 flex flex-wrap items-center gap-3 rounded-lg px-3 py-2">
          <label className="inline-flex items-center gap-2 text-sm">
            <input
              type="checkbox"
              className="accent-primary size-4"
              checked={allSelected}
              disabled={ids.length === 0}
              onChange={() => setSelected(allSelected ? new Set() : new Set(ids))}
            />
            {m['message.selectAll']}
          </label>
          <span aria-live="polite" className="text-muted-foreground text-sm tabular-nums">
            {selected.size > 0 ? fill(m['message.selected'], { count: selected.size }) : ''}
          </span>
          <span className="ms-auto flex flex-wrap gap-2">
            <button
              type="button"
              className={outlineButtonSm}
              disabled={busy || selected.size === 0}
              onClick={() => void markRead(false)}
            >
              {m['message.markRead']}
            </button>
            <button
              type="button"
              className={`${outlineButtonSm} text-destructive`}
              disabled={busy || selected.size === 0}
              onClick={() => void remove()}
            >
              <Trash2Icon aria-hidden="true" />
              {m['message.delete']}
            </button>
            <button
              type="button"
              className={outlineButtonSm}
              disabled={busy || (unread !== null && unread.total === 0)}
              onClick={() => void markRead(true)}
            >
              <CheckCheckIcon aria-hidden="true" />
              {m['message.allRead']}
            </button>
          </span>
        </div>
        <LoadState status={status} texts={loadTexts(m, empty)} onRetry={() => setReload((n) => n + 1)}>
          <ul className="divide-y rounded-lg border">
            {list.map((record) => (
              <li key={record.id} className="flex items-start gap-3 px-4 py-3">
                <input
                  type="checkbox"
                  className="accent-primary mt-1 size-4 shrink-0"
                  checked={selected.has(record.id)}
                  onChange={() => toggle(record.id)}
                  aria-label={fill(m['message.select'], { title: record.title })}
                />
                <span
                  aria-hidden="true"
                  className={`mt-2 size-2 shrink-0 rounded-full ${record.read ? 'bg-transparent' : 'bg-destructive'}`}
                />
                <div className="grid min-w-0 flex-1 gap-1">
                  <div className="flex flex-wrap items-baseline justify-between gap-x-4">
                    <h2 className={`min-w-0 text-base ${record.read ? 'font-normal' : 'font-semibold'}`}>
                      <a
                        id={`message-link-${record.id}`}
                        href={writeCentreQuery(location.search, { ...query, id: record.id })}
                        onClick={(event) => {
                          if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
                          event.preventDefault();
                          open(record.id);
                        }}
                        className="outline-none hover:underline focus-visible:underline"
                      >
                        {record.pinned && (
                          <span className="bg-primary/10 text-primary me-2 rounded px-1.5 py-0.5 text-xs font-medium">
                            {m['message.pinned']}
                          </span>
                        )}
                        {record.title}
                      </a>
                    </h2>
                    <Moment value={record.publishedAt} locale={locale} className="text-muted-foreground shrink-0 text-xs" />
                  </div>
                  {record.content && (
                    <p className="text-muted-foreground line-clamp-2 text-sm break-words">{snippet(record.content)}</p>
                  )}
                  <p className={`text-xs ${record.read ? 'text-muted-foreground' : 'text-destructive font-medium'}`}>
                    {record.read ? m['message.read'] : m['message.unread']}
                  </p>
                </div>
              </li>
            ))}
          </ul>
          <Pager
            page={query.page}
            totalPage={result?.totalPage ?? 0}
            onChange={(p) => update({ page: p })}
            texts={pagerTexts(m)}
          />
        </LoadState>
      </div>
      {dialog}
    </div>
  );
}
