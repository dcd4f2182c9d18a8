/**
 * An export button that follows what it started: asks the gateway for the spreadsheet, follows
 * its record in the download centre (exportStatus 1 → 2, or 3 on failure), then offers the file
 * at once (the back office has no download centre of its own) and says where else it stays.
 * The learning reports' learners export and the live rooms' attendance export are this button
 * with their own call and words.
 */
import CircleCheckIcon from 'lucide-react/icons/circle-check';
import DownloadIcon from 'lucide-react/icons/download';
import { useEffect, useRef, useState } from 'react';
import { getExportDownloadUrl } from '@/api/downloads';
import type { ExportStarted } from '@/api/learning-types';
import { getExportRecordPage } from '@/api/study';
import { LoaderCircleIcon } from '@/components/layout/icons';
import { outlineButtonSm } from '@/components/ui/button-class';
import { fill } from '@/i18n/fill';

/** How often the record is looked at, and for how long before the page stops following it. */
const FOLLOW_EVERY_MS = 1500;
const FOLLOW_TRIES = 40;
/** The download centre's newest records, where a record just started is. */
const RECENT_RECORDS = 20;

type Phase = 'idle' | 'starting' | 'running' | 'done' | 'failed' | 'slow';

/** The button's words; `running`, `done`, `failed` and `slow` may name the file as `{name}`. */
export interface FollowedExportTexts {
  export: string;
  exporting: string;
  running: string;
  done: string;
  failed: string;
  slow: string;
  download: string;
  downloadFailed: string;
}

/** Resolves after `ms`, or at once when `signal` aborts. */
function wait(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(resolve, ms);
    signal.addEventListener(
      'abort',
      () => {
        clearTimeout(timer);
        resolve();
      },
      { once: true },
    );
  });
}

export function FollowedExport({ start: begin, texts: t, onStarted }: { start: () => Promise<ExportStarted>; texts: FollowedExportTexts; onStarted?: () => void }) {
  const [phase, setPhase] = useState<Phase>('idle');
  const [fileName, setFileName] = useState('');
  const [recordId, setRecordId] = useState('');
  const [downloadFailed, setDownloadFailed] = useState(false);
  const following = useRef<AbortController>(undefined);
  useEffect(() => () => following.current?.abort(), []);

  const start = async () => {
    following.current?.abort();
    const controller = new AbortController();
    following.current = controller;
    setPhase('starting');
    let id: string;
    try {
      const record = await begin();
      id = record.id;
      setRecordId(record.id);
      setFileName(record.fileName);
      setDownloadFailed(false);
    } catch {
      // The client showed the gateway's message.
      setPhase('idle');
      return;
    }
    onStarted?.();
    setPhase('running');
    for (let i = 0; i < FOLLOW_TRIES; i++) {
      await wait(FOLLOW_EVERY_MS, controller.signal);
      if (controller.signal.aborted) return;
      const recent = await getExportRecordPage({ pageSize: RECENT_RECORDS }, { isShowErrTip: false, signal: controller.signal }).catch(() => undefined);
      const found = recent?.list.find((r) => r.id === id);
      if (recent && !found) {
        // Deleted from the download centre meanwhile: nothing left to follow.
        setPhase('idle');
        return;
      }
      if (found?.exportStatus === 2) return setPhase('done');
      if (found?.exportStatus === 3) return setPhase('failed');
    }
    if (!controller.signal.aborted) setPhase('slow');
  };

  const download = async () => {
    setDownloadFailed(false);
    try {
      const { url } = await getExportDownloadUrl(recordId, { isShowErrTip: false });
      window.open(url, '_blank', 'noopener');
    } catch {
      setDownloadFailed(true);
    }
  };

  const busy = phase === 'starting' || phase === 'running';
  return (
    <div className="flex flex-wrap items-center justify-end gap-3">
      <p role="status" aria-live="polite" className={`text-sm ${phase === 'failed' ? 'text-destructive' : 'text-muted-foreground'}`}>
        {phase !== 'idle' && phase !== 'starting' && (
          <span className="inline-flex items-center gap-2">
            {phase === 'running' && <LoaderCircleIcon aria-hidden className="size-4 shrink-0 animate-spin" />}
            {phase === 'done' && <CircleCheckIcon aria-hidden className="size-4 shrink-0 text-emerald-700" />}
            {fill(t[phase], { name: fileName })}
          </span>
        )}
        {downloadFailed && <span className="text-destructive ms-2">{t.downloadFailed}</span>}
      </p>
      {phase === 'done' && (
        <button type="button" className={outlineButtonSm} onClick={() => void download()}>
          <DownloadIcon aria-hidden="true" />
          {t.download}
        </button>
      )}
      <button type="button" className={outlineButtonSm} disabled={busy} onClick={() => void start()}>
        <DownloadIcon aria-hidden="true" />
        {busy ? t.exporting : t.export}
      </button>
    </div>
  );
}
