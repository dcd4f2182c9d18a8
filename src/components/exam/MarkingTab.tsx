/**
 * "Marking": papers of the exams the caller marks, those waiting first, filtered by paper
 * status; opening one (`?tab=marking&paper=…`) shows it for marking. Someone who marks nothing
 * sees the gateway's answer (no papers, or its refusal), never another person's paper.
 */
import { useEffect, useId, useState, type MouseEvent } from 'react';
import { getMarkingPage, refusalMessage } from '@/api/exam';
import type { MarkingItem } from '@/api/exam-types';
import type { PageResult } from '@/api/types';
import { centreSearch } from '@/components/exam/centre-query';
import { MarkingPaper } from '@/components/exam/MarkingPaper';
import { PaperStatusBadge, TableHead } from '@/components/exam/parts';
import type { TabProps } from '@/components/exam/tab-props';
import { formatMoment } from '@/components/study/format';
import { primaryButtonSm } from '@/components/ui/button-class';
import { LoadState, loadTexts, type LoadStatus } from '@/components/ui/load-state';
import { Pager, pagerTexts } from '@/components/ui/pager';
import { fill } from '@/i18n/fill';

export function MarkingTab(props: TabProps) {
  const { locale, messages: m, query, go } = props;
  const ids = useId();
  const [page, setPage] = useState<PageResult<MarkingItem>>();
  const [status, setStatus] = useState<LoadStatus>('loading');
  const [refusal, setRefusal] = useState<string>();
  const [round, setRound] = useState(0);
  const { status: paperStatus, page: pageNo, paper } = query;

  useEffect(() => {
    if (paper) return;
    const controller = new AbortController();
    setStatus('loading');
    setRefusal(undefined);
    getMarkingPage(
      { pageCurrent: pageNo, ...(paperStatus !== undefined && { status: paperStatus }) },
      { isShowErrTip: false, signal: controller.signal },
    )
      .then((result) => {
        setPage(result);
        setStatus(result.list.length ? 'ready' : 'empty');
      })
      .catch((error: unknown) => {
        if (controller.signal.aborted) return;
        const message = refusalMessage(error);
        if (message) setRefusal(message);
        setStatus('error');
      });
    return () => controller.abort();
  }, [paperStatus, pageNo, paper, round]);

  if (paper) {
    return (
      <MarkingPaper
        paperId={paper}
        locale={locale}
        messages={m}
        backHref={centreSearch({ tab: 'marking', page: 1 })}
        onBack={() => go({ tab: 'marking', page: 1 })}
      />
    );
  }

  const open = (event: MouseEvent<HTMLAnchorElement>, paperId: string) => {
    if (event.metaKey || event.ctrlKey || event.shiftKey || event.button !== 0) return;
    event.preventDefault();
    go({ tab: 'marking', page: 1, paper: paperId });
    scrollTo({ top: 0 });
  };
  const filters: { value: number | undefined; label: string }[] = [
    { value: undefined, label: m['exam.marking.all'] },
    { value: 1, label: m['exam.paperStatus.1'] },
    { value: 2, label: m['exam.paperStatus.2'] },
  ];

  return (
    <section aria-labelledby={`${ids}-title`} className="grid gap-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id={`${ids}-title`} className="text-lg font-semibold">
          {m['exam.tab.marking']}
        </h2>
        <div role="group" aria-label={m['exam.filter.status']} className="flex flex-wrap gap-2">
          {filters.map((f) => (
            <button
              key={f.value ?? 'all'}
              type="button"
              aria-pressed={paperStatus === f.value}
              onClick={() => go({ tab: 'marking', page: 1, ...(f.value !== undefined && { status: f.value }) })}
              className="focus-visible:ring-ring/50 aria-pressed:bg-primary aria-pressed:text-primary-foreground aria-pressed:border-primary hover:bg-accent rounded-full border px-3 py-1 text-sm outline-none focus-visible:ring-[3px]"
            >
              {f.label}
            </button>
          ))}
        </div>
      </div>
      {refusal ? (
        <p role="alert" className="border-destructive/30 bg-destructive/5 rounded-lg text-red-700 border px-4 py-3 text-sm font-medium">
          {refusal}
        </p>
      ) : (
        <LoadState status={status} texts={loadTexts(m, m['exam.marking.empty'])} onRetry={() => setRound((n) => n + 1)}>
          {page && (
            <div className="overflow-x-auto">
              <table className="w-full min-w-[40rem] text-sm">
                <TableHead
                  columns={[
                    m['exam.marking.learner'],
                    m['exam.marking.empNo'],
                    m['exam.name'],
                    m['exam.submittedAt'],
                    m['exam.result'],
                    m['exam.score'],
                  ]}
                  action={m['exam.marking.open']}
                />
                <tbody>
                  {page.list.map((item) => (
                    <tr key={item.paperId} className="border-b last:border-0">
                      <th scope="row" className="py-2 pe-3 text-start font-medium">{item.userName}</th>
                      <td className="py-2 pe-3 tabular-nums">{item.empNo}</td>
                      <td className="py-2 pe-3">{item.examName}</td>
                      <td className="py-2 pe-3 whitespace-nowrap tabular-nums">{formatMoment(item.submittedAt)}</td>
                      <td className="py-2 pe-3">
                        <span className="flex flex-wrap items-center gap-2">
                          <PaperStatusBadge status={item.status} passed={null} messages={m} />
                          {item.unmarked > 0 && (
                            <span className="text-muted-foreground text-xs">
                              {fill(m['exam.marking.unmarked'], { count: item.unmarked })}
                            </span>
                          )}
                        </span>
                      </td>
                      <td className="py-2 pe-3 whitespace-nowrap tabular-nums">{item.score === null ? m['exam.noScore'] : fill(m['exam.points'], { value: item.score })}</td>
                      <td className="py-2 text-end">
                        <a
                          href={centreSearch({ tab: 'marking', page: 1, paper: item.paperId })}
                          onClick={(event) => open(event, item.paperId)}
                          className={primaryButtonSm}
                          aria-label={`${m['exam.marking.open']} · ${item.userName} · ${item.examName}`}
                        >
                          {m['exam.marking.open']}
                        </a>
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )}
        </LoadState>
      )}
      {page && status === 'ready' && (
        <Pager page={page.pageCurrent} totalPage={page.totalPage} texts={pagerTexts(m)} onChange={(p) => go({ ...query, page: p })} />
      )}
    </section>
  );
}
