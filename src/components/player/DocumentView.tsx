/**
 * A document or file shown in the page: a PDF with pdf.js; other kinds through
 * `coursewarePreview` (text paragraphs, an image, a PDF rendition) or, when the file cannot be
 * shown, a download button that fetches it as a blob. With `onPageRead`, a page (a text
 * preview is page 1) is reported once it has stayed shown for `pageSeconds`.
 */
import { useEffect, useRef, useState } from 'react';
import type { CoursewarePreview } from '@/api/learning-types';
import { downloadCourseware, downloadResource, getCoursewareList, getCoursewarePreview } from '@/api/course';
import { getResourcePreview } from '@/api/player';
import { PdfViewer, type PdfTexts } from '@/components/player/PdfViewer';
import { LoadState } from '@/components/ui/load-state';
import { docKind, fileExtension } from '@/lib/doc-kind';

export interface DocumentTexts extends PdfTexts {
  empty: string;
  download: string;
  downloading: string;
  downloadOnly: string;
}

/** Which file to show: a resource (a period's) or a courseware entry. */
export interface DocumentSource {
  name: string;
  fileName: string;
  /** Direct URL of the file, when known. */
  url?: string;
  resourceId?: string;
  coursewareId?: string;
  /** Lets a period's file be found among the course's courseware when its resource id is unknown. */
  courseId?: string;
}

interface DocumentViewProps {
  source: DocumentSource;
  texts: DocumentTexts;
  /** The file was shown (for a PDF: a page was drawn, `position` is its number). */
  onViewed?: (position: number) => void;
  initialPage?: number;
  /** A page (1-based) stayed shown for `pageSeconds`. */
  onPageRead?: (page: number) => void;
  pageSeconds?: number;
  /** The file was downloaded through the gateway. */
  onDownloaded?: () => void;
}

function saveBlob(blob: Blob, fileName: string) {
  const href = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = href;
  a.download = fileName;
  document.body.append(a);
  a.click();
  a.remove();
  window.setTimeout(() => URL.revokeObjectURL(href), 10_000);
}

async function fetchBlob(url: string): Promise<Blob> {
  const res = await fetch(url);
  if (!res.ok) throw new Error(String(res.status));
  return res.blob();
}

/** The courseware entry of a course that holds the same file, to preview or download it by id. */
async function coursewareIdFor(source: DocumentSource): Promise<string | undefined> {
  if (source.coursewareId) return source.coursewareId;
  if (!source.courseId) return undefined;
  const list = await getCoursewareList(source.courseId, { isShowErrTip: false });
  return list.find((c) => (source.resourceId && c.resourceId === source.resourceId) || c.fileName === source.fileName)?.id;
}

export function DownloadButton({
  source,
  texts,
  onDownloaded,
}: {
  source: DocumentSource;
  texts: Pick<DocumentTexts, 'download' | 'downloading'>;
  /** The file came through the gateway's download. */
  onDownloaded?: () => void;
}) {
  const [busy, setBusy] = useState(false);
  const download = async () => {
    setBusy(true);
    try {
      const fileName = source.fileName || source.name;
      let blob: Blob | undefined;
      if (source.resourceId) blob = await downloadResource(source.resourceId, source.courseId).catch(() => undefined);
      if (!blob) {
        const id = await coursewareIdFor(source).catch(() => undefined);
        if (id) blob = await downloadCourseware(id);
        else if (source.url) blob = await fetchBlob(source.url);
      }
      if (blob) {
        saveBlob(blob, fileName);
        onDownloaded?.();
      }
    } catch {
      // The client told the user.
    }
    setBusy(false);
  };
  return (
    <button
      type="button"
      onClick={() => void download()}
      disabled={busy}
      className="bg-primary text-primary-foreground focus-visible:ring-ring/50 hover:bg-primary/90 inline-flex h-9 items-center rounded-md px-4 text-sm font-medium outline-none focus-visible:ring-[3px] disabled:opacity-60"
    >
      {busy ? texts.downloading : texts.download}
    </button>
  );
}

type Shown = { status: 'loading' } | { status: 'error' } | { status: 'ready'; preview: CoursewarePreview };

/**
 * Calls `onRead(page)` once a page has stayed shown for `seconds`: showing another page (or
 * leaving) before that counts nothing.
 */
function usePageTimer(seconds: number | undefined, onRead: ((page: number) => void) | undefined) {
  const timer = useRef<number | undefined>(undefined);
  const onReadRef = useRef(onRead);
  onReadRef.current = onRead;
  useEffect(() => () => window.clearTimeout(timer.current), []);
  return (page: number) => {
    window.clearTimeout(timer.current);
    if (!onReadRef.current) return;
    timer.current = window.setTimeout(() => onReadRef.current?.(page), Math.max(0, seconds ?? 0) * 1000);
  };
}

export function DocumentView({ source, texts, onViewed, initialPage, onPageRead, pageSeconds, onDownloaded }: DocumentViewProps) {
  const isPdf = docKind(source.fileName) === 'pdf' || (!source.fileName && fileExtension(source.url) === 'pdf');
  const [shown, setShown] = useState<Shown>({ status: 'loading' });
  const [attempt, setAttempt] = useState(0);
  const pageShown = usePageTimer(pageSeconds, onPageRead);
  const onPdfPage = (page: number) => {
    onViewed?.(page);
    pageShown(page);
  };

  useEffect(() => {
    if (isPdf && source.url) return;
    let live = true;
    setShown({ status: 'loading' });
    (async (): Promise<CoursewarePreview> => {
      if (source.resourceId) {
        const byResource = await getResourcePreview(source.resourceId, source.courseId, { isShowErrTip: false }).catch(() => undefined);
        if (byResource) return byResource;
      }
      const id = await coursewareIdFor(source);
      if (id) return getCoursewarePreview(id, { isShowErrTip: false });
      return { kind: 'none', url: source.url ?? '', fileName: source.fileName, paragraphs: [] };
    })().then(
      (preview) => live && setShown({ status: 'ready', preview }),
      () => live && setShown({ status: 'error' }),
    );
    return () => {
      live = false;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [source.url, source.resourceId, source.coursewareId, source.fileName, attempt, isPdf]);

  const preview = shown.status === 'ready' ? shown.preview : undefined;
  useEffect(() => {
    if (preview && preview.kind !== 'pdf') onViewed?.(0);
    // A text preview is one page.
    if (preview?.kind === 'text') pageShown(1);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [preview]);

  if (isPdf && source.url) {
    return <PdfViewer url={source.url} label={source.name} texts={texts} initialPage={initialPage} onPage={onPdfPage} />;
  }
  if (!preview) {
    return (
      <LoadState
        status={shown.status === 'error' ? 'error' : 'loading'}
        texts={{ loading: texts.loading, error: texts.error, retry: texts.retry, empty: texts.empty }}
        onRetry={() => setAttempt((n) => n + 1)}
      />
    );
  }
  switch (preview.kind) {
    case 'pdf':
      return <PdfViewer url={preview.url} label={source.name} texts={texts} initialPage={initialPage} onPage={onPdfPage} />;
    case 'image':
      return <img src={preview.url} alt={source.name} className="mx-auto max-h-[75vh] rounded-md border" />;
    case 'video':
      return <video src={preview.url} aria-label={source.name} controls controlsList="nodownload" className="aspect-video w-full rounded-md bg-black" />;
    case 'audio':
      return <audio src={preview.url} aria-label={source.name} controls controlsList="nodownload" className="w-full" />;
    case 'text':
      return (
        <div className="grid gap-4">
          <article className="bg-card max-h-[70vh] overflow-auto rounded-md border p-6 text-sm leading-7" data-testid="document-text">
            {preview.paragraphs.length ? (
              preview.paragraphs.map((p, i) => (
                <p key={i} className="mb-3 whitespace-pre-wrap break-words">
                  {p}
                </p>
              ))
            ) : (
              <p className="text-muted-foreground">{texts.empty}</p>
            )}
          </article>
          <div>
            <DownloadButton source={source} texts={texts} onDownloaded={onDownloaded} />
          </div>
        </div>
      );
    default:
      return (
        <div className="bg-muted grid justify-items-center gap-4 rounded-md px-6 py-12 text-center text-sm">
          <p className="font-medium">{source.fileName || source.name}</p>
          <p className="text-muted-foreground">{texts.downloadOnly}</p>
          <DownloadButton source={source} texts={texts} onDownloaded={onDownloaded} />
        </div>
      );
  }
}
