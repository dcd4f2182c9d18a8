/**
 * A library file's processing as the back office shows it (the library, "my uploads", the
 * review queue): its state with the job's progress, or why it failed with a retry button; and
 * a quiet poll that looks again at the files being processed until they are ready or failed.
 */
import { useCallback, useEffect, useMemo, useState } from 'react';
import type { MyResource } from '@/api/crm-course-types';
import { dataTableColumnHelper, type DataTableColumn } from '@/components/crm/data-table/DataTable';
import type { ResourceMessages } from '@/components/crm/course/messages';
import { Button } from '@/components/ui/button';
import { Progress } from '@/components/ui/progress';
import { fill } from '@/i18n/fill';
import type { ResourceState } from '@/lib/authoring-rules';
import { formatFileSize } from '@/lib/format';

/** How often a page looks again at files being processed. */
export const PROCESSING_POLL_MS = 2000;

export interface Processed {
  id: string;
  state: ResourceState;
  progress: number;
  failure: string;
  duration: number;
}

type ProcessingMessages = Pick<ResourceMessages, 'crmResource.state.processing' | 'crmResource.state.failed' | 'crmResource.state.ready' | 'crmResource.retry'>;

/** `1:05:09`, `4:05`; '—' for none. */
export function mediaLength(seconds: number): string {
  if (!seconds) return '—';
  const h = Math.floor(seconds / 3600);
  const m = Math.floor((seconds % 3600) / 60);
  const s = String(Math.floor(seconds % 60)).padStart(2, '0');
  return h ? `${h}:${String(m).padStart(2, '0')}:${s}` : `${m}:${s}`;
}

/** The state cell: progress while processing, the reason and a retry when failed. */
export function ProcessingState({ file, messages: m, onRetry }: { file: Processed; messages: ProcessingMessages; onRetry?: () => void }) {
  if (file.state === 'processing') {
    const text = fill(m['crmResource.state.processing'], { progress: file.progress });
    return (
      <span className="flex min-w-28 flex-col gap-1" role="status">
        <span className="text-muted-foreground text-xs">{text}</span>
        <Progress value={file.progress} aria-label={text} className="h-1.5" />
      </span>
    );
  }
  if (file.state === 'failed') {
    return (
      <span className="flex flex-col items-start gap-1">
        <span className="text-destructive text-sm font-medium">{m['crmResource.state.failed']}</span>
        <span className="text-muted-foreground max-w-64 text-xs break-words whitespace-pre-line">{file.failure}</span>
        {onRetry && (
          <Button type="button" size="sm" variant="outline" onClick={onRetry}>
            {m['crmResource.retry']}
          </Button>
        )}
      </span>
    );
  }
  return <span className="text-muted-foreground">{m['crmResource.state.ready']}</span>;
}

/**
 * The rows with the latest processing of those being processed: while any is, `fetchLatest`
 * is called every {@link PROCESSING_POLL_MS} and its answer merged over the loaded rows (the
 * table does not reload). `mark` records a change made here (a retry) at once.
 */
export function useLiveProcessing<T extends Processed>(loaded: readonly T[], fetchLatest: (signal: AbortSignal) => Promise<readonly Processed[]>, enabled = true) {
  const [live, setLive] = useState<Record<string, Partial<Processed>>>({});
  const rows = useMemo(() => loaded.map((r) => (live[r.id] ? { ...r, ...live[r.id] } : r)), [loaded, live]);
  const busy = enabled && rows.some((r) => r.state === 'processing');
  useEffect(() => setLive({}), [loaded]);
  useEffect(() => {
    if (!busy) return;
    const controller = new AbortController();
    const timer = window.setTimeout(() => {
      fetchLatest(controller.signal).then(
        (list) => setLive(Object.fromEntries(list.map((r) => [r.id, { state: r.state, progress: r.progress, failure: r.failure, duration: r.duration }]))),
        // Tried again at the next tick.
        () => setLive((was) => ({ ...was })),
      );
    }, PROCESSING_POLL_MS);
    return () => {
      window.clearTimeout(timer);
      controller.abort();
    };
    // Each tick runs again after `live` changes, with the `fetchLatest` of that render.
  }, [busy, live]);
  const mark = useCallback((id: string, change: Partial<Processed>) => setLive((was) => ({ ...was, [id]: { ...was[id], ...change } })), []);
  return { rows, mark };
}

type FileColumnMessages = Pick<ResourceMessages, 'crmResource.name' | 'crmResource.type' | 'crmResource.size' | 'crmResource.duration'>;

/** The columns every list of uploaded files starts with: name (and file name), type, size, length. */
export function uploadedFileColumns<T extends MyResource>(m: FileColumnMessages): DataTableColumn<T>[] {
  const col = dataTableColumnHelper<T>();
  const typeName = (t: number) => (m as Record<string, string>)[`crmCourse.outline.resourceType.${t}`] ?? String(t);
  return [
    col.display({
      id: 'name',
      header: m['crmResource.name'],
      enableHiding: false,
      cell: (c) => (
        <span className="flex flex-col">
          <span className="font-medium">{c.row.original.name}</span>
          <span className="text-muted-foreground text-xs">{c.row.original.fileName}</span>
        </span>
      ),
    }),
    col.display({ id: 'resourceType', header: m['crmResource.type'], cell: (c) => typeName(c.row.original.resourceType), meta: { className: 'whitespace-nowrap' } }),
    col.display({
      id: 'size',
      header: m['crmResource.size'],
      cell: (c) => formatFileSize(c.row.original.size),
      meta: { className: 'text-end tabular-nums whitespace-nowrap' },
    }),
    col.display({ id: 'duration', header: m['crmResource.duration'], cell: (c) => mediaLength(c.row.original.duration), meta: { className: 'text-end tabular-nums' } }),
  ];
}
