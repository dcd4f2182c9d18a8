/**
 * The pieces the train page's tabs share: the filter kept in the URL, a paged block, the same
 * under filter buttons, the counts on them, and the exported tables of the progress and
 * records tabs.
 */
import DownloadIcon from 'lucide-react/icons/download';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import type { LearningStatus } from '@/api/learning-types';
import type { PageResult } from '@/api/types';
import type { TrainMessages } from '@/components/study/messages';
import { readParam, writeParams } from '@/components/study/train-query';
import { outlineButtonSm } from '@/components/ui/button-class';
import { LoadState, loadTexts, type LoadStatus } from '@/components/ui/load-state';
import { Pager, pagerTexts } from '@/components/ui/pager';
import { fill } from '@/i18n/fill';
import { notifySuccess } from '@/stores/toasts';

/** A tab's filter, kept in `?filter=`; choosing another starts again at page 1. */
export function useFilter<V extends string>(allowed: readonly V[]): [V, (value: V) => void] {
  const [value, setValue] = useState<V>(() => {
    const found = readParam('filter');
    return (allowed as readonly string[]).includes(found) ? (found as V) : allowed[0]!;
  });
  const choose = (next: V) => {
    setValue(next);
    writeParams({ filter: next === allowed[0] ? undefined : next, page: undefined });
  };
  return [value, choose];
}

/**
 * A paged block: loads page 1 on mount (give it a `key` per filter to start over) and the page
 * the pager asks for, with loading, empty and error states.
 */
export function Paged<T>({
  load,
  messages: m,
  empty,
  children,
}: {
  load: (page: number, signal: AbortSignal) => Promise<PageResult<T>>;
  messages: TrainMessages;
  /** Replaces the generic empty text. */
  empty?: string;
  children: (list: T[]) => ReactNode;
}) {
  const [page, setPage] = useState(() => {
    const found = Number(readParam('page'));
    return Number.isInteger(found) && found > 1 ? found : 1;
  });
  const [result, setResult] = useState<PageResult<T>>();
  const [status, setStatus] = useState<LoadStatus>('loading');
  const [reload, setReload] = useState(0);
  const loader = useRef(load);
  loader.current = load;
  useEffect(() => {
    const controller = new AbortController();
    setStatus('loading');
    loader
      .current(page, controller.signal)
      .then((found) => {
        // A page past the end (the list got shorter since) goes to the last one.
        if (!found.list.length && page > found.totalPage && found.totalPage > 0) {
          choosePage(found.totalPage);
          return;
        }
        setResult(found);
        setStatus(found.list.length ? 'ready' : 'empty');
      })
      .catch(() => {
        if (!controller.signal.aborted) setStatus('error');
      });
    return () => controller.abort();
  }, [page, reload]);
  function choosePage(next: number) {
    setPage(next);
    writeParams({ page: next > 1 ? String(next) : undefined });
  }
  return (
    <LoadState status={status} texts={loadTexts(m, empty)} onRetry={() => setReload((n) => n + 1)}>
      {children(result?.list ?? [])}
      <Pager page={page} totalPage={result?.totalPage ?? 0} onChange={choosePage} texts={pagerTexts(m)} />
    </LoadState>
  );
}

function FilterButtons<V extends string>({
  label,
  value,
  options,
  onChange,
}: {
  label: string;
  value: V;
  options: { value: V; label: string }[];
  onChange: (value: V) => void;
}) {
  return (
    <div role="group" aria-label={label} className="flex flex-wrap gap-2">
      {options.map((option) => (
        <button
          key={option.value}
          type="button"
          aria-pressed={value === option.value}
          onClick={() => onChange(option.value)}
          className="focus-visible:ring-ring/50 aria-pressed:bg-primary aria-pressed:text-primary-foreground hover:bg-accent rounded-full border px-3 py-1 text-sm outline-none focus-visible:ring-[3px]"
        >
          {option.label}
        </button>
      ))}
    </div>
  );
}

/** A tab's filter buttons over its paged list, which starts over when the filter changes. */
export function FilteredPaged<V extends string, T>({
  messages: m,
  value,
  onChange,
  options,
  empty,
  load,
  children,
}: {
  messages: TrainMessages;
  value: V;
  onChange: (value: V) => void;
  options: { value: V; label: string }[];
  /** Replaces the generic empty text. */
  empty?: string;
  load: (page: number, signal: AbortSignal) => Promise<PageResult<T>>;
  children: (list: T[]) => ReactNode;
}) {
  return (
    <div className="grid gap-4">
      <FilterButtons label={m['study.train.filter']} value={value} onChange={onChange} options={options} />
      <Paged key={value} messages={m} empty={empty} load={load}>
        {children}
      </Paged>
    </div>
  );
}

/** The counts on a tab's filter buttons; none while they load or when they fail. */
export function useCount<T>(load: (options: { isShowErrTip: false }) => Promise<T>): T | undefined {
  const [count, setCount] = useState<T>();
  useEffect(() => {
    load({ isShowErrTip: false })
      .then(setCount)
      .catch(() => undefined);
  }, [load]);
  return count;
}

function ExportButton({
  label,
  messages: m,
  start,
}: {
  label: string;
  messages: TrainMessages;
  start: () => Promise<unknown>;
}) {
  const [busy, setBusy] = useState(false);
  return (
    <button
      type="button"
      className={outlineButtonSm}
      disabled={busy}
      onClick={async () => {
        setBusy(true);
        try {
          await start();
          notifySuccess(m['study.train.exportStarted']);
        } catch {
          // The client showed the gateway's message.
        }
        setBusy(false);
      }}
    >
      <DownloadIcon aria-hidden="true" />
      {busy ? m['study.train.exporting'] : label}
    </button>
  );
}

function Table({ head, children }: { head: string[]; children: ReactNode }) {
  return (
    <div className="overflow-x-auto rounded-lg border">
      <table className="w-full text-sm">
        <thead className="bg-muted/50 text-muted-foreground">
          <tr>
            {head.map((h) => (
              <th key={h} scope="col" className="px-3 py-2 text-start font-medium whitespace-nowrap">
                {h}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>{children}</tbody>
      </table>
    </div>
  );
}

/** A paged table of the caller's learning with its export button (the progress and records tabs). */
export function ExportedTable<T>({
  messages: m,
  exportLabel,
  exportStart,
  load,
  head,
  row,
}: {
  messages: TrainMessages;
  exportLabel: string;
  exportStart: () => Promise<unknown>;
  load: (page: number, signal: AbortSignal) => Promise<PageResult<T>>;
  head: string[];
  row: (item: T) => ReactNode;
}) {
  return (
    <div className="grid gap-4">
      <div className="flex justify-end">
        <ExportButton label={exportLabel} messages={m} start={exportStart} />
      </div>
      <Paged messages={m} load={load}>
        {(list: T[]) => <Table head={head}>{list.map(row)}</Table>}
      </Paged>
    </div>
  );
}

/** The first cell of a row: its name as a link. */
export function NameCell({ href, children }: { href: string; children: ReactNode }) {
  return (
    <th scope="row" className="px-3 py-2 text-start font-medium">
      <a href={href} className="outline-none hover:underline focus-visible:underline">
        {children}
      </a>
    </th>
  );
}

/** The status and progress cells of a row. */
export function ProgressCells({ status, value, messages: m }: { status: LearningStatus; value: number; messages: TrainMessages }) {
  return (
    <>
      <td className="px-3 py-2 whitespace-nowrap">{m[`learning.status.${status}`]}</td>
      <td className="px-3 py-2">
        <span className="flex items-center gap-2">
          <span
            role="progressbar"
            aria-valuemin={0}
            aria-valuemax={100}
            aria-valuenow={value}
            aria-label={fill(m['learning.progress'], { value })}
            className="bg-primary/15 h-1.5 w-20 overflow-hidden rounded-full"
          >
            <span className="bg-primary block h-full" style={{ width: `${value}%` }} />
          </span>
          <span aria-hidden="true" className="tabular-nums">{`${value}%`}</span>
        </span>
      </td>
    </>
  );
}
