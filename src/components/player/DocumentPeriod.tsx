/**
 * A document period: the file shown (DocumentView), each page reported once it stayed shown for
 * the course's minimum time, and what counts ("已读 2/3 页"); a file without preview offered for
 * download, saying it counts once downloaded. Loaded only when such a period opens.
 */
import { useCallback, useRef, useState } from 'react';
import type { CourseConfig, ProgressReportResult, ResourceWatchResult } from '@/api/learning-types';
import { saveProgress } from '@/api/player';
import { DocumentView, DownloadButton, type DocumentTexts } from '@/components/player/DocumentView';
import type { PlayerMessages } from '@/components/player/messages';
import { fill } from '@/i18n/fill';

function documentTexts(m: PlayerMessages): DocumentTexts {
  return {
    loading: m['learning.loading'],
    error: m['player.pdfError'],
    retry: m['learning.retry'],
    empty: m['learning.empty'],
    prev: m['learning.prev'],
    next: m['learning.next'],
    pageOf: m['learning.pageOf'],
    download: m['player.download'],
    downloading: m['player.downloading'],
    downloadOnly: m['player.downloadOnly'],
  };
}

/** What counts for a document: the pages read so far, or that it counts once downloaded. */
function DocumentRule({ watch, config, messages, pagesShown }: {
  watch: ResourceWatchResult;
  config: CourseConfig;
  messages: PlayerMessages;
  pagesShown: number;
}) {
  if (watch.progressBy === 'download') {
    return (
      <p className="text-muted-foreground text-sm" data-testid="document-rule">
        {messages['player.countsOnDownload']}
      </p>
    );
  }
  if (watch.progressBy !== 'pages' || watch.pageCount <= 0) return null;
  return (
    <p className="text-muted-foreground flex flex-wrap gap-x-3 text-sm" data-testid="document-rule">
      <span data-testid="document-pages" aria-live="polite" className="text-foreground font-medium tabular-nums">
        {fill(messages['player.pagesRead'], { shown: pagesShown, total: watch.pageCount })}
      </span>
      {pagesShown < watch.pageCount && <span>{fill(messages['player.pageRule'], { seconds: config.pageSeconds })}</span>}
    </p>
  );
}

/**
 * Reports the pages read: each page once it stayed shown for the minimum time, with the pages
 * a refused or failed report left behind, and keeps the count the gateway answers.
 */
function usePagesRead(watch: ResourceWatchResult, onProgress: (result: ProgressReportResult) => void) {
  const [pagesShown, setPagesShown] = useState(watch.pagesShown);
  const pending = useRef<number[]>([]);
  const shownRef = useRef(watch.pagesShown);
  const read = useCallback(
    (page: number) => {
      if (shownRef.current >= watch.pageCount) return;
      const sent = [...new Set([...pending.current, page])];
      pending.current = sent;
      saveProgress({ watchId: watch.watchId, intervals: [], position: page, pages: sent }, { isShowErrTip: false }).then(
        (result) => {
          const before = shownRef.current;
          const now = result.pagesShown ?? before;
          shownRef.current = Math.max(before, now);
          setPagesShown(shownRef.current);
          // Pages all credited go; otherwise they go again with the next report (the gateway counts a page once).
          if (result.completed || now - before >= sent.length) pending.current = pending.current.filter((p) => !sent.includes(p));
          onProgress(result);
        },
        () => undefined,
      );
    },
    [watch.watchId, watch.pageCount, onProgress],
  );
  return { pagesShown, read };
}

export function DocumentPeriod({ watch, courseId, config, messages, viewed, onProgress, downloadOnly }: {
  watch: ResourceWatchResult;
  courseId: string;
  config: CourseConfig;
  messages: PlayerMessages;
  viewed: (position: number) => void;
  onProgress: (result: ProgressReportResult) => void;
  /** Not a document (an archive): offered for download only. */
  downloadOnly: boolean;
}) {
  const source = { name: watch.name, fileName: watch.fileName, url: watch.url, resourceId: watch.resourceId, courseId };
  const { pagesShown, read } = usePagesRead(watch, onProgress);
  // A download through the gateway completes a file without preview: the final report brings the new progress.
  const downloaded = () => viewed(watch.lastPosition);
  const rule = <DocumentRule watch={watch} config={config} messages={messages} pagesShown={pagesShown} />;
  if (downloadOnly) {
    return (
      <div role="alert" className="bg-muted flex min-h-64 flex-col items-center justify-center gap-3 rounded-md p-8 text-center">
        <p className="font-medium">{watch.fileName || watch.name}</p>
        <p className="text-muted-foreground text-sm">{messages['player.downloadOnly']}</p>
        {rule}
        <DownloadButton source={source} texts={documentTexts(messages)} onDownloaded={downloaded} />
      </div>
    );
  }
  return (
    <div className="grid gap-3">
      {rule}
      <DocumentView
        source={source}
        texts={documentTexts(messages)}
        initialPage={watch.lastPosition || 1}
        onViewed={viewed}
        onPageRead={watch.progressBy === 'pages' ? read : undefined}
        pageSeconds={config.pageSeconds}
        onDownloaded={downloaded}
      />
    </div>
  );
}
