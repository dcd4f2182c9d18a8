/**
 * "My exams": the caller's exam tasks, 10 a page, filtered by exam status (with the caller's
 * counts) and keyword; each with its status, score, duration, attempts, window and what to do
 * next (start or continue, take it again, view the result of the latest paper).
 */
import { useEffect, useId, useState } from 'react';
import { getExamTaskPapers, getExamTaskRecordCount, getExamTaskRecordPage } from '@/api/exam';
import { ExamStatus, type ExamTaskCount, type ExamTaskItem } from '@/api/exam-types';
import type { PageResult } from '@/api/types';
import { KEYWORD_MAX } from '@/components/exam/centre-query';
import { attemptsText, windowText } from '@/components/exam/format';
import { examTaskHref, resultHref } from '@/components/exam/links';
import type { ExamCentreMessages } from '@/components/exam/messages';
import { ExamStatusBadge, Fact, scoreText } from '@/components/exam/parts';
import type { TabProps } from '@/components/exam/tab-props';
import { outlineButtonSm, primaryButtonSm } from '@/components/ui/button-class';
import { LoadState, loadTexts, type LoadStatus } from '@/components/ui/load-state';
import { Pager, pagerTexts } from '@/components/ui/pager';
import { SearchForm } from '@/components/ui/search-form';
import { fill } from '@/i18n/fill';
import type { Locale } from '@/i18n/locale-path';
import { notify } from '@/stores/toasts';

const COUNT_OF: Record<number, keyof ExamTaskCount> = {
  [ExamStatus.waiting]: 'waiting',
  [ExamStatus.pass]: 'pass',
  [ExamStatus.fail]: 'fail',
  [ExamStatus.waitingMark]: 'waitingMark',
  [ExamStatus.absent]: 'absent',
};

/** Whether the task may still be attempted: attempts left and its window not over. */
function canRetake(task: ExamTaskItem): boolean {
  const attemptsLeft = task.attempts === 0 || task.attemptsUsed < task.attempts;
  const open = !task.endAt || new Date(task.endAt).getTime() > Date.now();
  return attemptsLeft && open;
}

function TaskActions({ task, locale, messages: m }: { task: ExamTaskItem; locale: Locale; messages: ExamCentreMessages }) {
  const [busy, setBusy] = useState(false);
  const detail = examTaskHref(task.taskId, locale);

  // The latest handed-in paper decides which result page opens.
  const viewResult = async () => {
    setBusy(true);
    try {
      const papers = await getExamTaskPapers(task.taskId);
      const latest = papers
        .filter((p) => p.status !== 0)
        .sort((a, b) => b.attemptNo - a.attemptNo)[0];
      if (latest) location.assign(resultHref(latest, locale));
      else notify(m['exam.noPaper']);
    } catch {
      // The client showed the gateway's message.
    } finally {
      setBusy(false);
    }
  };

  const named = (action: string) => `${action} · ${task.name}`;
  const links = [];
  if (task.paperInProgress) {
    links.push(
      <a key="continue" href={detail} className={primaryButtonSm} aria-label={named(m['exam.continue'])}>
        {m['exam.continue']}
      </a>,
    );
  } else if (task.status === ExamStatus.waiting) {
    links.push(
      <a key="start" href={detail} className={primaryButtonSm} aria-label={named(m['exam.start'])}>
        {m['exam.start']}
      </a>,
    );
  } else if (task.status === ExamStatus.fail && canRetake(task)) {
    links.push(
      <a key="retake" href={detail} className={primaryButtonSm} aria-label={named(m['exam.retake'])}>
        {m['exam.retake']}
      </a>,
    );
  }
  if (task.status === ExamStatus.pass || task.status === ExamStatus.fail || task.status === ExamStatus.waitingMark) {
    links.push(
      <button
        key="result"
        type="button"
        className={outlineButtonSm}
        disabled={busy}
        aria-label={named(m['exam.viewResult'])}
        onClick={() => void viewResult()}
      >
        {m['exam.viewResult']}
      </button>,
    );
  }
  if (task.status === ExamStatus.absent || links.length === 0) {
    links.push(
      <a key="details" href={detail} className={outlineButtonSm} aria-label={named(m['exam.details'])}>
        {m['exam.details']}
      </a>,
    );
  }
  return <div className="flex flex-wrap items-center gap-2 md:justify-end">{links}</div>;
}

function TaskRow({ task, locale, messages: m }: { task: ExamTaskItem; locale: Locale; messages: ExamCentreMessages }) {
  const titleId = `exam-task-${task.taskId}`;
  return (
    <article aria-labelledby={titleId} className="bg-card grid gap-3 rounded-xl border p-4 md:grid-cols-[1fr_auto] md:items-center">
      <div className="grid gap-3">
        <div className="flex flex-wrap items-center gap-2">
          <h3 id={titleId} className="font-semibold">
            {task.name}
          </h3>
          <ExamStatusBadge status={task.status} messages={m} />
          <span className="bg-muted rounded px-1.5 py-0.5 text-xs">{m[task.type === 1 ? 'exam.type.1' : 'exam.type.2']}</span>
        </div>
        <dl className="grid grid-cols-2 gap-x-6 gap-y-2 sm:grid-cols-4">
          <Fact term={m['exam.score']}>{scoreText(task.score, task.totalScore, m)}</Fact>
          <Fact term={m['exam.duration']}>{fill(m['exam.minutes'], { count: task.duration })}</Fact>
          <Fact term={m['exam.attempts']}>{attemptsText(task.attemptsUsed, task.attempts, m)}</Fact>
          <Fact term={m['exam.window']}>{windowText(task.startAt, task.endAt, m)}</Fact>
        </dl>
      </div>
      <TaskActions task={task} locale={locale} messages={m} />
    </article>
  );
}

export function MyExamsTab({ locale, messages: m, query, go }: TabProps) {
  const ids = useId();
  const [keyword, setKeyword] = useState(query.keyword ?? '');
  const [counts, setCounts] = useState<ExamTaskCount>();
  const [page, setPage] = useState<PageResult<ExamTaskItem>>();
  const [status, setStatus] = useState<LoadStatus>('loading');
  const [round, setRound] = useState(0);

  useEffect(() => setKeyword(query.keyword ?? ''), [query.keyword]);

  useEffect(() => {
    const controller = new AbortController();
    getExamTaskRecordCount({ isShowErrTip: false, signal: controller.signal })
      .then(setCounts)
      .catch(() => undefined);
    return () => controller.abort();
  }, [round]);

  const { status: examStatus, keyword: searched, page: pageNo } = query;
  useEffect(() => {
    const controller = new AbortController();
    setStatus('loading');
    getExamTaskRecordPage(
      {
        pageCurrent: pageNo,
        ...(examStatus !== undefined && { status: examStatus }),
        ...(searched && { keyword: searched }),
      },
      { isShowErrTip: false, signal: controller.signal },
    )
      .then((result) => {
        setPage(result);
        setStatus(result.list.length ? 'ready' : 'empty');
      })
      .catch(() => !controller.signal.aborted && setStatus('error'));
    return () => controller.abort();
  }, [examStatus, searched, pageNo, round]);

  const filtered = examStatus !== undefined || Boolean(searched);
  const withCount = (label: string, value: number | undefined) =>
    value === undefined ? label : fill(m['exam.filter.withCount'], { label, count: value });
  const onSearch = () => {
    const next = keyword.trim().slice(0, KEYWORD_MAX);
    go({ tab: 'mine', ...(examStatus !== undefined && { status: examStatus }), ...(next && { keyword: next }), page: 1 });
  };
  const setFilter = (value: number | undefined) =>
    go({ tab: 'mine', ...(value !== undefined && { status: value }), ...(searched && { keyword: searched }), page: 1 });

  return (
    <section aria-labelledby={`${ids}-list`} className="grid gap-4">
      <h2 id={`${ids}-list`} className="sr-only">
        {m['exam.list']}
      </h2>
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div role="group" aria-label={m['exam.filter.status']} className="flex flex-wrap gap-2">
          {[undefined, 0, 1, 2, 3, 4].map((value) => (
            <button
              key={value ?? 'all'}
              type="button"
              aria-pressed={examStatus === value}
              onClick={() => setFilter(value)}
              className="focus-visible:ring-ring/50 aria-pressed:bg-primary aria-pressed:text-primary-foreground aria-pressed:border-primary hover:bg-accent rounded-full border px-3 py-1 text-sm outline-none focus-visible:ring-[3px]"
            >
              {value === undefined
                ? withCount(m['exam.filter.all'], counts?.total)
                : withCount(m[`study.examStatus.${value as 0 | 1 | 2 | 3 | 4}`], counts?.[COUNT_OF[value]!])}
            </button>
          ))}
        </div>
        <SearchForm
          label={m['exam.keyword']}
          placeholder={m['exam.keywordPlaceholder']}
          submitText={m['exam.search']}
          value={keyword}
          maxLength={KEYWORD_MAX}
          onChange={setKeyword}
          onSearch={onSearch}
          inputWidth="w-56"
        />
      </div>

      <LoadState
        status={status}
        texts={loadTexts(m, m['exam.emptyMine'])}
        onRetry={() => setRound((n) => n + 1)}
        emptyContent={
          filtered ? (
            <div className="flex flex-col items-center gap-3 py-10 text-sm">
              <p className="text-muted-foreground">{m['exam.emptyFiltered']}</p>
              <button
                type="button"
                className={outlineButtonSm}
                onClick={() => {
                  setKeyword('');
                  go({ tab: 'mine', page: 1 });
                }}
              >
                {m['exam.clearFilters']}
              </button>
            </div>
          ) : undefined
        }
      >
        {page && (
          <ul className="grid gap-3">
            {page.list.map((task) => (
              <li key={task.taskId}>
                <TaskRow task={task} locale={locale} messages={m} />
              </li>
            ))}
          </ul>
        )}
      </LoadState>
      {page && status === 'ready' && (
        <Pager
          page={page.pageCurrent}
          totalPage={page.totalPage}
          texts={pagerTexts(m)}
          onChange={(p) => go({ ...query, page: p })}
        />
      )}
    </section>
  );
}
