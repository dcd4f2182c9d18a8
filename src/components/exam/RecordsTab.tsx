/**
 * "Records": the caller's exams with at least one handed-in paper, 10 a page, each with its
 * papers; and the export of the records into the download centre.
 */
import DownloadIcon from 'lucide-react/icons/download';
import { useEffect, useId, useState } from 'react';
import { exportExamRecords, getExamTaskPage, getExamTaskPapers } from '@/api/exam';
import type { ExamTaskItem, PaperRecord } from '@/api/exam-types';
import type { PageResult } from '@/api/types';
import type { ExamCentreMessages } from '@/components/exam/messages';
import { ExamStatusBadge, PaperTable, scoreText } from '@/components/exam/parts';
import type { TabProps } from '@/components/exam/tab-props';
import { outlineButtonSm } from '@/components/ui/button-class';
import { LoadState, loadTexts, type LoadStatus } from '@/components/ui/load-state';
import { Pager, pagerTexts } from '@/components/ui/pager';
import type { Locale } from '@/i18n/locale-path';
import { notifySuccess } from '@/stores/toasts';

function TaskPapers({ taskId, locale, messages: m }: { taskId: string; locale: Locale; messages: ExamCentreMessages }) {
  const [papers, setPapers] = useState<PaperRecord[]>([]);
  const [status, setStatus] = useState<LoadStatus>('loading');
  const [round, setRound] = useState(0);
  useEffect(() => {
    const controller = new AbortController();
    setStatus('loading');
    getExamTaskPapers(taskId, { isShowErrTip: false, signal: controller.signal })
      .then((found) => {
        setPapers(found);
        setStatus(found.length ? 'ready' : 'empty');
      })
      .catch(() => !controller.signal.aborted && setStatus('error'));
    return () => controller.abort();
  }, [taskId, round]);
  return (
    <LoadState status={status} texts={loadTexts(m, m['exam.emptyPapers'])} onRetry={() => setRound((n) => n + 1)}>
      <PaperTable papers={papers} locale={locale} messages={m} />
    </LoadState>
  );
}

function ExportButton({ messages: m }: { messages: ExamCentreMessages }) {
  const [busy, setBusy] = useState(false);
  return (
    <button
      type="button"
      className={outlineButtonSm}
      disabled={busy}
      onClick={async () => {
        setBusy(true);
        try {
          await exportExamRecords();
          notifySuccess(m['exam.exportStarted']);
        } catch {
          // The client showed the gateway's message.
        } finally {
          setBusy(false);
        }
      }}
    >
      <DownloadIcon aria-hidden="true" />
      {m['exam.export']}
    </button>
  );
}

export function RecordsTab({ locale, messages: m, query, go }: TabProps) {
  const ids = useId();
  const [page, setPage] = useState<PageResult<ExamTaskItem>>();
  const [status, setStatus] = useState<LoadStatus>('loading');
  const [round, setRound] = useState(0);
  const pageNo = query.page;

  useEffect(() => {
    const controller = new AbortController();
    setStatus('loading');
    getExamTaskPage({ pageCurrent: pageNo }, { isShowErrTip: false, signal: controller.signal })
      .then((result) => {
        setPage(result);
        setStatus(result.list.length ? 'ready' : 'empty');
      })
      .catch(() => !controller.signal.aborted && setStatus('error'));
    return () => controller.abort();
  }, [pageNo, round]);

  return (
    <section aria-labelledby={`${ids}-title`} className="grid gap-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id={`${ids}-title`} className="text-lg font-semibold">
          {m['exam.tab.records']}
        </h2>
        <ExportButton messages={m} />
      </div>
      <LoadState status={status} texts={loadTexts(m, m['exam.emptyRecords'])} onRetry={() => setRound((n) => n + 1)}>
        {page && (
          <ul className="grid gap-3">
            {page.list.map((task) => (
              <li key={task.taskId}>
                <article aria-labelledby={`record-${task.taskId}`} className="bg-card grid gap-3 rounded-xl border p-4">
                  <div className="flex flex-wrap items-center gap-2">
                    <h3 id={`record-${task.taskId}`} className="font-semibold">
                      {task.name}
                    </h3>
                    <ExamStatusBadge status={task.status} messages={m} />
                    <span className="text-muted-foreground ms-auto text-sm tabular-nums">
                      {m['exam.score']} {scoreText(task.score, task.totalScore, m)}
                    </span>
                  </div>
                  <TaskPapers taskId={task.taskId} locale={locale} messages={m} />
                </article>
              </li>
            ))}
          </ul>
        )}
      </LoadState>
      {page && status === 'ready' && (
        <Pager page={page.pageCurrent} totalPage={page.totalPage} texts={pagerTexts(m)} onChange={(p) => go({ ...query, page: p })} />
      )}
    </section>
  );
}
