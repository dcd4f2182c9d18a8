/**
 * Uploads files into the library with the tus protocol (`tus-js-client`, loaded when the first
 * file is chosen): each file in parts, with its progress, pause and resume. A dropped connection
 * is retried by itself, and resumed at once when the browser is back online; an upload cut by a
 * closed tab is remembered by the browser (the client's URL storage), listed here, and goes on
 * from where it stopped when the same file is chosen again. The gateway judges every file by
 * its content; its refusal is shown in the row. When a file is complete the library reloads,
 * and the gateway's processing takes over from there.
 */
import { useCallback, useEffect, useRef, useState, type DragEvent } from 'react';
import type { PreviousUpload, Upload } from 'tus-js-client';
import { gatewayPrefix, requestHeaders } from '@/api/client';
import type { UploaderMessages } from '@/components/crm/course/messages';
import { Button } from '@/components/ui/button';
import { Progress } from '@/components/ui/progress';
import { fill } from '@/i18n/fill';
import { MAX_MEDIA_UPLOAD_BYTES, MEDIA_UPLOAD_ACCEPT, MEDIA_UPLOAD_PATH } from '@/lib/authoring-rules';
import { formatFileSize } from '@/lib/format';

/** Bytes per request: a dropped connection loses at most one part's progress on stores that keep only whole parts. */
export const UPLOAD_CHUNK_BYTES = 8 * 1024 * 1024;
/** Waits before each retry of a failed request, then the upload stops and waits for the author or the network. */
export const UPLOAD_RETRY_DELAYS = [0, 1000, 3000, 5000, 10000, 20000];

type RowState = 'uploading' | 'paused' | 'failed' | 'done';

interface Row {
  key: string;
  name: string;
  size: number;
  sent: number;
  state: RowState;
  error: string;
  resumed: boolean;
}

/** The gateway's message in a refused request's body (its envelope), or undefined. */
function refusalOf(error: unknown): string | undefined {
  const body = (error as { originalResponse?: { getBody(): string } | null } | undefined)?.originalResponse?.getBody();
  if (!body) return undefined;
  try {
    const msg = (JSON.parse(body) as { msg?: unknown }).msg;
    return typeof msg === 'string' && msg ? msg : undefined;
  } catch {
    return undefined;
  }
}

/** Whether a failed request may be tried again: no answer, a lock, or the gateway busy; never a refusal. */
function worthRetrying(error: unknown): boolean {
  const status = (error as { originalResponse?: { getStatus(): number } | null } | undefined)?.originalResponse?.getStatus() ?? 0;
  return status === 0 || status === 409 || status === 423 || status === 429 || status >= 500;
}

export function MediaUploader({
  messages: m,
  onUploaded,
  purpose = 'library',
}: {
  messages: UploaderMessages;
  onUploaded: () => void;
  /** Into the company's library (administrators), or into the member's own space for review. */
  purpose?: 'library' | 'mine';
}) {
  const [rows, setRows] = useState<Row[]>([]);
  const [unfinished, setUnfinished] = useState<PreviousUpload[]>([]);
  const [dragging, setDragging] = useState(false);
  const uploads = useRef(new Map<string, Upload>());
  const input = useRef<HTMLInputElement>(null);
  const counter = useRef(0);

  const update = useCallback((key: string, patch: Partial<Row>) => setRows((all) => all.map((r) => (r.key === key ? { ...r, ...patch } : r))), []);

  // Uploads a closed tab left unfinished, as the browser remembers them.
  const listUnfinished = useCallback(async () => {
    const tus = await import('tus-js-client');
    const all = await tus.defaultOptions.urlStorage.findAllUploads().catch(() => []);
    setUnfinished(all.filter((u) => u.uploadUrl?.includes(MEDIA_UPLOAD_PATH)));
  }, []);
  useEffect(() => {
    if (localStorage.length > 0 && Object.keys(localStorage).some((k) => k.startsWith('tus::'))) void listUnfinished();
  }, [listUnfinished]);

  // Back online: every upload that stopped on a network error goes on.
  useEffect(() => {
    const online = () => {
      setRows((all) => {
        for (const r of all) if (r.state === 'failed' && !r.error) uploads.current.get(r.key)?.start();
        return all.map((r) => (r.state === 'failed' && !r.error ? { ...r, state: 'uploading' } : r));
      });
    };
    window.addEventListener('online', online);
    return () => window.removeEventListener('online', online);
  }, []);

  const start = useCallback(
    async (files: File[]) => {
      const tus = await import('tus-js-client');
      for (const file of files) {
        const key = `u${++counter.current}`;
        const row: Row = { key, name: file.name, size: file.size, sent: 0, state: 'uploading', error: '', resumed: false };
        if (file.size > MAX_MEDIA_UPLOAD_BYTES) {
          setRows((all) => [...all, { ...row, state: 'failed', error: fill(m['crmResource.upload.tooLarge'], { max: formatFileSize(MAX_MEDIA_UPLOAD_BYTES) }) }]);
          continue;
        }
        setRows((all) => [...all, row]);
        const upload = new tus.Upload(file, {
          endpoint: `${gatewayPrefix()}/${MEDIA_UPLOAD_PATH}`,
          chunkSize: UPLOAD_CHUNK_BYTES,
          retryDelays: UPLOAD_RETRY_DELAYS,
          removeFingerprintOnSuccess: true,
          metadata: { filename: file.name, filetype: file.type, purpose },
          // The token and language at the time of each request.
          onBeforeRequest: (req) => {
            for (const [name, value] of Object.entries(requestHeaders())) req.setHeader(name, value);
          },
          onShouldRetry: (error) => worthRetrying(error) && navigator.onLine !== false,
          onProgress: (sent) => update(key, { sent }),
          onError: (error) => {
            const refusal = refusalOf(error);
            // A refusal is final; anything else (the network) waits for a resume or for the browser to be online.
            update(key, { state: 'failed', error: refusal ?? '' });
            if (refusal) void listUnfinished();
          },
          onSuccess: () => {
            update(key, { state: 'done', sent: file.size });
            uploads.current.delete(key);
            void listUnfinished();
            onUploaded();
          },
        });
        uploads.current.set(key, upload);
        const previous = await upload.findPreviousUploads().catch(() => []);
        if (previous[0]) {
          upload.resumeFromPreviousUpload(previous[0]);
          update(key, { resumed: true });
        }
        upload.start();
      }
    },
    [listUnfinished, m, onUploaded, purpose, update],
  );

  const pause = (key: string) => {
    void uploads.current.get(key)?.abort();
    update(key, { state: 'paused' });
  };
  const resume = (key: string) => {
    uploads.current.get(key)?.start();
    update(key, { state: 'uploading', error: '' });
  };
  const cancel = async (key: string) => {
    const upload = uploads.current.get(key);
    uploads.current.delete(key);
    setRows((all) => all.filter((r) => r.key !== key));
    // Terminates the upload on the gateway too, so its reservation is freed.
    if (upload) await upload.abort(true).catch(() => undefined);
    void listUnfinished();
  };
  const forget = async (previous: PreviousUpload) => {
    const tus = await import('tus-js-client');
    if (previous.urlStorageKey) await tus.defaultOptions.urlStorage.removeUpload(previous.urlStorageKey);
    void listUnfinished();
  };

  const choose = (list: FileList | null) => {
    if (list && list.length > 0) void start([...list]);
    if (input.current) input.current.value = '';
  };
  const onDrop = (event: DragEvent) => {
    event.preventDefault();
    setDragging(false);
    choose(event.dataTransfer.files);
  };

  const stateText = (r: Row) =>
    r.state === 'done'
      ? m['crmResource.upload.done']
      : r.state === 'paused'
        ? m['crmResource.upload.paused']
        : r.state === 'failed'
          ? r.error || m['crmResource.upload.offline']
          : r.resumed
            ? m['crmResource.upload.resuming']
            : m['crmResource.upload.uploading'];

  // What the browser remembers, but for the uploads under way in this page.
  const active = new Set([...uploads.current.values()].map((u) => u.url).filter(Boolean));
  const waiting = unfinished.filter((u) => !active.has(u.uploadUrl));

  return (
    <div className="mb-4 space-y-3">
      <div
        onDragOver={(e) => {
          e.preventDefault();
          setDragging(true);
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={onDrop}
        className={`flex flex-wrap items-center gap-3 rounded-md border border-dashed p-4 ${dragging ? 'border-primary bg-primary/5' : ''}`}
      >
        <Button type="button" onClick={() => input.current?.click()}>
          {m['crmResource.upload.choose']}
        </Button>
        <p className="text-muted-foreground text-sm">{fill(m['crmResource.upload.hint'], { max: formatFileSize(MAX_MEDIA_UPLOAD_BYTES) })}</p>
        <input
          ref={input}
          type="file"
          multiple
          accept={MEDIA_UPLOAD_ACCEPT}
          className="sr-only"
          tabIndex={-1}
          aria-hidden="true"
          data-testid="media-upload-input"
          onChange={(e) => choose(e.target.files)}
        />
      </div>

      {waiting.length > 0 && (
        <div role="status" className="rounded-md border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900 dark:bg-amber-950 dark:text-amber-100">
          <p className="font-medium">{m['crmResource.upload.unfinished']}</p>
          <ul className="mt-2 space-y-1">
            {waiting.map((u) => (
              <li key={u.urlStorageKey} className="flex flex-wrap items-center gap-2">
                <span>{u.metadata?.filename ?? u.uploadUrl}</span>
                {u.size ? <span className="text-muted-foreground">{formatFileSize(u.size)}</span> : null}
                <Button type="button" size="sm" variant="ghost" onClick={() => void forget(u)}>
                  {m['crmResource.upload.forget']}
                </Button>
              </li>
            ))}
          </ul>
        </div>
      )}

      {rows.length > 0 && (
        <ul className="space-y-2" aria-label={m['crmResource.upload.list']}>
          {rows.map((r) => {
            const percent = r.size ? Math.floor((r.sent / r.size) * 100) : 0;
            return (
              <li key={r.key} className="rounded-md border p-3" data-testid="media-upload-row">
                <div className="flex flex-wrap items-center gap-x-3 gap-y-1 text-sm">
                  <span className="font-medium break-all">{r.name}</span>
                  <span className="text-muted-foreground tabular-nums">
                    {formatFileSize(r.sent)} / {formatFileSize(r.size)}
                  </span>
                  <span className={r.state === 'failed' ? 'text-destructive' : 'text-muted-foreground'} role={r.state === 'failed' ? 'alert' : undefined}>
                    {stateText(r)}
                  </span>
                  <span className="ms-auto flex gap-2">
                    {r.state === 'uploading' && (
                      <Button type="button" size="sm" variant="outline" onClick={() => pause(r.key)}>
                        {m['crmResource.upload.pause']}
                      </Button>
                    )}
                    {(r.state === 'paused' || (r.state === 'failed' && !r.error)) && (
                      <Button type="button" size="sm" variant="outline" onClick={() => resume(r.key)}>
                        {m['crmResource.upload.resume']}
                      </Button>
                    )}
                    {r.state !== 'done' && (
                      <Button type="button" size="sm" variant="ghost" onClick={() => void cancel(r.key)}>
                        {m['crmResource.upload.cancel']}
                      </Button>
                    )}
                  </span>
                </div>
                <Progress
                  className="mt-2"
                  value={percent}
                  aria-label={fill(m['crmResource.upload.progress'], { name: r.name })}
                  aria-valuetext={`${percent}%`}
                />
              </li>
            );
          })}
        </ul>
      )}
    </div>
  );
}
