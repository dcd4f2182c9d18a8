/**
 * The download centre popover (spec section 2): the user's export records, newest first,
 * 20 a page with infinite scroll (the next page loads within 100 px of the list's end), each
 * with its name, size, time and state; a download button for finished files (the file opens
 * in a new window; the download flag is held for 2 s), delete per record, and "clear all"
 * after a confirmation. The list is fetched again each time the popover opens.
 *
 * Loaded on first intent on the trigger (see HeaderCentres.tsx); its trigger looks like the
 * stand-in it replaces, takes its focus, and opens at once if the stand-in was activated.
 */
import Download from 'lucide-react/icons/download';
import FileSpreadsheet from 'lucide-react/icons/file-spreadsheet';
import Trash2 from 'lucide-react/icons/trash-2';
import { useEffect, useId, useLayoutEffect, useRef, useState, type ReactNode } from 'react';
import { deleteAllExportRecords, deleteExportRecord, getExportDownloadUrl } from '@/api/downloads';
import { DOWNLOAD_PAGE_SIZE } from '@/api/home-types';
import type { ExportRecord } from '@/api/learning-types';
import { getExportRecordPage } from '@/api/study';
import { DOWNLOAD_HOLD_MS, nearEnd, nextPage } from '@/components/header/centres';
import type { CentreMessages } from '@/components/header/messages';
import { LoaderCircleIcon } from '@/components/layout/icons';
import { formatMoment } from '@/components/study/format';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { LoadState } from '@/components/ui/load-state';
import { Popover, PopoverContent, PopoverTrigger } from '@/components/ui/popover';
import { fill } from '@/i18n/fill';
import type { Locale } from '@/i18n/locale-path';
import { formatFileSize, formatRelativeTime } from '@/lib/format';
import { notifySuccess } from '@/stores/toasts';

/** exportStatus of a finished, downloadable export. */
const FINISHED = 2;
const RUNNING = 1;
const FAILED = 3;

interface DownloadCentreProps {
  locale: Locale;
  messages: CentreMessages;
  /** Open on mount: the user activated the stand-in before this code arrived. */
  defaultOpen: boolean;
  /** Focus the trigger on mount: the stand-in had focus. */
  focusTrigger: boolean;
  triggerClassName: string;
  /** The trigger's icon, the stand-in's. */
  triggerIcon: ReactNode;
}

interface ListState {
  items: ExportRecord[];
  total: number;
  status: 'loading' | 'error' | 'ready';
  more: 'idle' | 'loading' | 'error';
}

const EMPTY: ListState = { items: [], total: 0, status: 'loading', more: 'idle' };

export function DownloadCentre({ locale, messages: m, defaultOpen, focusTrigger, triggerClassName, triggerIcon }: DownloadCentreProps) {
  const [open, setOpen] = useState(defaultOpen);
  const [list, setListState] = useState<ListState>(EMPTY);
  const [downloading, setDownloading] = useState<string | null>(null);
  const [confirming, setConfirming] = useState(false);
  const [clearing, setClearing] = useState(false);
  const current = useRef(list);
  const request = useRef<AbortController | undefined>(undefined);
  const holdTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const triggerRef = useRef<HTMLButtonElement>(null);
  const boxRef = useRef<HTMLDivElement>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const focusRow = useRef<number | undefined>(undefined);
  const headingId = useId();

  const setList = (next: ListState) => {
    current.current = next;
    setListState(next);
  };

  const fetchPage = (pageCurrent: number) => {
    request.current?.abort();
    const controller = (request.current = new AbortController());
    return getExportRecordPage(
      { pageCurrent, pageSize: DOWNLOAD_PAGE_SIZE },
      { isShowErrTip: false, signal: controller.signal },
    ).then(
      (page) => (controller.signal.aborted ? undefined : page),
      (error: unknown) => {
        if (controller.signal.aborted) return undefined;
        throw error;
      },
    );
  };

  const refresh = () => {
    setList(EMPTY);
    fetchPage(1).then(
      (page) => page && setList({ items: page.list, total: page.totalCount, status: 'ready', more: 'idle' }),
      () => setList({ ...EMPTY, status: 'error' }),
    );
  };

  const loadMore = () => {
    const state = current.current;
    if (state.status !== 'ready' || state.more === 'loading' || state.items.length >= state.total) return;
    setList({ ...state, more: 'loading' });
    fetchPage(nextPage(state.items.length)).then(
      (page) => {
        if (!page) return;
        const now = current.current;
        const seen = new Set(now.items.map((item) => item.id));
        const fresh = page.list.filter((item) => !seen.has(item.id));
        const items = [...now.items, ...fresh];
        // A page with nothing new means the end, whatever the count says.
        const total = fresh.length ? Math.max(page.totalCount, items.length) : items.length;
        setList({ items, total, status: 'ready', more: 'idle' });
      },
      () => setList({ ...current.current, more: 'error' }),
    );
  };

  const checkEnd = () => {
    const box = boxRef.current;
    if (box && nearEnd(box)) loadMore();
  };

  useEffect(() => {
    // Once, on mount: the stand-in hands its focus over.
    if (focusTrigger) triggerRef.current?.focus();
    return () => {
      request.current?.abort();
      clearTimeout(holdTimer.current);
    };
  }, []);

  useEffect(() => {
    if (open) refresh();
    else request.current?.abort();
  }, [open]);

  // A first page too short to scroll (or a deletion near the end) loads the next one.
  useEffect(() => {
    if (open && list.status === 'ready' && list.more === 'idle') checkEnd();
  }, [open, list]);

  useLayoutEffect(() => {
    const index = focusRow.current;
    if (index === undefined) return;
    focusRow.current = undefined;
    const buttons = boxRef.current?.querySelectorAll<HTMLButtonElement>('[data-delete]');
    const target = buttons?.[Math.min(index, buttons.length - 1)];
    (target ?? headingRef.current)?.focus();
  }, [list]);

  const download = (item: ExportRecord) => {
    if (downloading) return;
    setDownloading(item.id);
    getExportDownloadUrl(item.id).then(
      ({ url }) => {
        window.open(url, '_blank', 'noopener');
        holdTimer.current = setTimeout(() => setDownloading(null), DOWNLOAD_HOLD_MS);
      },
      () => setDownloading(null),
    );
  };

  const remove = (item: ExportRecord, index: number) => {
    deleteExportRecord(item.id).then(
      () => {
        const now = current.current;
        focusRow.current = index;
        setList({ ...now, items: now.items.filter((x) => x.id !== item.id), total: Math.max(0, now.total - 1) });
        notifySuccess(m['downloads.deleted']);
      },
      // The client has shown the gateway's message.
      () => undefined,
    );
  };

  const clearAll = () => {
    setClearing(true);
    deleteAllExportRecords().then(
      () => {
        request.current?.abort();
        setList({ items: [], total: 0, status: 'ready', more: 'idle' });
        setClearing(false);
        setConfirming(false);
        notifySuccess(m['downloads.cleared']);
      },
      () => setClearing(false),
    );
  };

  const title = m['downloads.title'];
  const { items, total, status, more } = list;
  const loadStatus = status === 'ready' && items.length === 0 ? 'empty' : status;

  return (
    <Popover open={open} onOpenChange={setOpen}>
      <PopoverTrigger ref={triggerRef} className={triggerClassName} aria-label={title} title={title}>
        {triggerIcon}
      </PopoverTrigger>
      <PopoverContent
        align="end"
        aria-labelledby={headingId}
        className="flex w-[22rem] max-w-[calc(100vw-1rem)] flex-col p-0"
      >
        <div className="flex items-center gap-2 border-b px-4 py-2.5">
          <h2 id={headingId} ref={headingRef} tabIndex={-1} className="text-sm font-semibold outline-none">
            {title}
          </h2>
          <p role="status" className="text-muted-foreground flex-1 text-xs">
            {status === 'ready' && items.length > 0 ? fill(m['downloads.total'], { count: total }) : ''}
          </p>
          <Button
            variant="ghost"
            size="sm"
            className="text-destructive hover:text-destructive"
            disabled={status !== 'ready' || items.length === 0}
            onClick={() => setConfirming(true)}
          >
            {m['downloads.clearAll']}
          </Button>
        </div>

        <div
          ref={boxRef}
          onScroll={checkEnd}
          className="max-h-[min(26rem,65vh)] min-h-24 overflow-y-auto overscroll-contain"
        >
          <LoadState
            status={loadStatus}
            texts={{
              loading: m['downloads.loading'],
              error: m['downloads.error'],
              retry: m['downloads.retry'],
              empty: m['downloads.empty'],
            }}
            onRetry={refresh}
          >
            <ul className="divide-y">
              {items.map((item, index) => (
                <Row
                  key={item.id}
                  item={item}
                  locale={locale}
                  m={m}
                  holding={downloading}
                  onDownload={() => download(item)}
                  onDelete={() => remove(item, index)}
                />
              ))}
            </ul>
            <div className="text-muted-foreground flex min-h-10 items-center justify-center gap-2 px-4 py-2 text-xs">
              {more === 'loading' && (
                <span role="status" className="flex items-center gap-2">
                  <LoaderCircleIcon aria-hidden="true" className="size-4 animate-spin" />
                  {m['downloads.loadingMore']}
                </span>
              )}
              {more === 'error' && (
                <>
                  <span role="alert" className="text-destructive">
                    {m['downloads.error']}
                  </span>
                  <Button variant="outline" size="sm" onClick={loadMore}>
                    {m['downloads.retry']}
                  </Button>
                </>
              )}
              {more === 'idle' && items.length >= total && items.length > DOWNLOAD_PAGE_SIZE && m['downloads.end']}
            </div>
          </LoadState>
        </div>

        <Dialog open={confirming} onOpenChange={(value) => !clearing && setConfirming(value)}>
          <DialogContent
            role="alertdialog"
            showCloseButton={false}
            // Above the popover, which shares the dialog's layer.
            overlayProps={{ className: 'z-[60]' }}
            className="z-[60] sm:max-w-sm"
            onCloseAutoFocus={(event) => {
              // The clear button may be gone or disabled now: keep focus in the popover.
              event.preventDefault();
              headingRef.current?.focus();
            }}
          >
            <DialogHeader>
              <DialogTitle>{m['downloads.clearTitle']}</DialogTitle>
              <DialogDescription>{m['downloads.clearConfirm']}</DialogDescription>
            </DialogHeader>
            <DialogFooter>
              <DialogClose asChild>
                <Button variant="outline" disabled={clearing}>
                  {m['downloads.cancel']}
                </Button>
              </DialogClose>
              <Button variant="destructive" disabled={clearing} onClick={clearAll}>
                {clearing && <LoaderCircleIcon aria-hidden="true" className="animate-spin" />}
                {m['downloads.clearOk']}
              </Button>
            </DialogFooter>
          </DialogContent>
        </Dialog>
      </PopoverContent>
    </Popover>
  );
}

interface RowProps {
  item: ExportRecord;
  locale: Locale;
  m: CentreMessages;
  /** The record whose download flag is held, if any: every download waits meanwhile. */
  holding: string | null;
  onDownload: () => void;
  onDelete: () => void;
}

function Row({ item, locale, m, holding, onDownload, onDelete }: RowProps) {
  const finished = item.exportStatus === FINISHED;
  const mine = holding === item.id;
  const size = formatFileSize(item.fileSize);
  const state =
    item.exportStatus === RUNNING
      ? m['downloads.statusRunning']
      : item.exportStatus === FAILED
        ? m['downloads.statusFailed']
        : m['downloads.statusUnknown'];
  const name = { name: item.fileName };

  return (
    <li className="hover:bg-muted/50 flex items-center gap-3 px-4 py-2.5">
      <FileSpreadsheet aria-hidden="true" className="text-muted-foreground size-5 shrink-0" />
      <div className="min-w-0 flex-1">
        <p className="line-clamp-2 text-sm font-medium wrap-break-word" title={item.fileName}>
          {item.fileName}
        </p>
        <p className="text-muted-foreground flex flex-wrap items-center gap-x-2 text-xs">
          {finished && size && <span className="tabular-nums">{size}</span>}
          <time dateTime={item.gmtCreate} title={formatMoment(item.gmtCreate)}>
            {formatRelativeTime(item.gmtCreate, locale)}
          </time>
          {!finished && (
            <span className={item.exportStatus === FAILED ? 'text-destructive' : 'text-amber-700 dark:text-amber-400'}>
              {state}
            </span>
          )}
        </p>
      </div>
      {finished && (
        <Button
          variant="ghost"
          size="icon"
          className="size-8 aria-disabled:opacity-50"
          aria-disabled={holding !== null}
          aria-label={mine ? m['downloads.downloading'] : fill(m['downloads.downloadFile'], name)}
          title={mine ? m['downloads.downloading'] : m['downloads.download']}
          onClick={onDownload}
        >
          {mine ? <LoaderCircleIcon aria-hidden="true" className="animate-spin" /> : <Download aria-hidden="true" />}
        </Button>
      )}
      <Button
        variant="ghost"
        size="icon"
        data-delete=""
        className="text-muted-foreground hover:text-destructive size-8"
        aria-label={fill(m['downloads.deleteFile'], name)}
        title={m['downloads.delete']}
        onClick={onDelete}
      >
        <Trash2 aria-hidden="true" />
      </Button>
    </li>
  );
}
