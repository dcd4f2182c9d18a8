/**
 * A PDF shown in the page, one page at a time on a canvas, with previous / next and "page x of
 * y". pdf.js and its worker load only when a PDF is opened.
 */
import { useEffect, useRef, useState } from 'react';
import workerUrl from 'pdfjs-dist/build/pdf.worker.min.mjs?url';
import type { PDFDocumentProxy, RenderTask } from 'pdfjs-dist';
import { LoadState } from '@/components/ui/load-state';
import { fill } from '@/i18n/fill';

export interface PdfTexts {
  loading: string;
  error: string;
  retry: string;
  prev: string;
  next: string;
  /** `{current}` and `{total}` are filled in. */
  pageOf: string;
}

interface PdfViewerProps {
  url: string;
  /** Accessible name of the page canvas. */
  label: string;
  texts: PdfTexts;
  initialPage?: number;
  /** A page was drawn (1-based) of `total`. */
  onPage?: (page: number, total: number) => void;
}

const buttonClass =
  'focus-visible:ring-ring/50 hover:bg-accent inline-flex h-9 items-center rounded-md border px-3 text-sm font-medium outline-none focus-visible:ring-[3px] disabled:pointer-events-none disabled:opacity-50';

export function PdfViewer({ url, label, texts, initialPage = 1, onPage }: PdfViewerProps) {
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const boxRef = useRef<HTMLDivElement>(null);
  const [doc, setDoc] = useState<PDFDocumentProxy>();
  const [status, setStatus] = useState<'loading' | 'error' | 'ready'>('loading');
  const [page, setPage] = useState(1);
  const [attempt, setAttempt] = useState(0);
  const onPageRef = useRef(onPage);
  onPageRef.current = onPage;

  useEffect(() => {
    let live = true;
    let destroy: (() => Promise<void>) | undefined;
    setStatus('loading');
    setDoc(undefined);
    (async () => {
      const pdfjs = await import('pdfjs-dist');
      pdfjs.GlobalWorkerOptions.workerSrc = workerUrl;
      if (!live) return;
      const task = pdfjs.getDocument({ url });
      destroy = () => task.destroy();
      const loaded = await task.promise;
      if (!live) return;
      setDoc(loaded);
      setPage(Math.min(Math.max(1, Math.floor(initialPage)), loaded.numPages));
    })().catch(() => {
      if (live) setStatus('error');
    });
    return () => {
      live = false;
      void destroy?.();
    };
    // The initial page is read once per document.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [url, attempt]);

  useEffect(() => {
    const canvas = canvasRef.current;
    if (!doc || !canvas) return;
    let task: RenderTask | undefined;
    let live = true;
    (async () => {
      const pdfPage = await doc.getPage(page);
      if (!live) return;
      const width = boxRef.current?.clientWidth || 800;
      const base = pdfPage.getViewport({ scale: 1 });
      // Fit the page in the width and most of the window's height, so the pager stays in view.
      const height = Math.max(320, window.innerHeight * 0.75);
      const scale = Math.min(2, width / base.width, height / base.height);
      const ratio = window.devicePixelRatio || 1;
      const viewport = pdfPage.getViewport({ scale: scale * ratio });
      canvas.width = Math.floor(viewport.width);
      canvas.height = Math.floor(viewport.height);
      canvas.style.width = `${Math.floor(viewport.width / ratio)}px`;
      canvas.style.height = `${Math.floor(viewport.height / ratio)}px`;
      task = pdfPage.render({ canvas, viewport });
      await task.promise;
      if (!live) return;
      setStatus('ready');
      onPageRef.current?.(page, doc.numPages);
    })().catch((error: unknown) => {
      if (live && (error as { name?: string } | null)?.name !== 'RenderingCancelledException') setStatus('error');
    });
    return () => {
      live = false;
      task?.cancel();
    };
  }, [doc, page]);

  const total = doc?.numPages ?? 0;
  return (
    <div className="grid gap-3">
      {status !== 'ready' && (
        <LoadState
          status={status}
          texts={{ loading: texts.loading, error: texts.error, retry: texts.retry, empty: '' }}
          onRetry={() => setAttempt((n) => n + 1)}
        />
      )}
      <div ref={boxRef} className="flex justify-center overflow-auto rounded-md border bg-neutral-100">
        <canvas
          ref={canvasRef}
          role="img"
          aria-label={total ? `${label} ${fill(texts.pageOf, { current: page, total })}` : label}
          className={status === 'error' ? 'hidden' : 'bg-white shadow'}
        />
      </div>
      {total > 0 && (
        <nav aria-label={label} className="flex items-center justify-center gap-3">
          <button type="button" className={buttonClass} disabled={page <= 1} onClick={() => setPage((p) => p - 1)}>
            {texts.prev}
          </button>
          <span aria-live="polite" className="text-sm tabular-nums">
            {fill(texts.pageOf, { current: page, total })}
          </span>
          <button type="button" className={buttonClass} disabled={page >= total} onClick={() => setPage((p) => p + 1)}>
            {texts.next}
          </button>
        </nav>
      )}
    </div>
  );
}
