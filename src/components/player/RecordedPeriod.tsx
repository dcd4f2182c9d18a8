/**
 * An offline training, real operation or job evaluation period: the learner sees who records
 * it and its state (not recorded yet, passed with score, date and note, not passed); the
 * course's lecturers and administrators also get the record panel, listing the course's
 * learners (search, select several, pass or fail, score, note, date).
 */
import { useCallback, useEffect, useId, useState } from 'react';
import type { PeriodLearnerPage, PeriodRecord, PeriodRecordView } from '@/api/period-types';
import { getPeriodLearners, getPeriodRecord, savePeriodRecord } from '@/api/periods';
import type { PeriodMessages } from '@/components/player/period-messages';
import { LoadState } from '@/components/ui/load-state';
import { fill } from '@/i18n/fill';

interface RecordedPeriodProps {
  courseId: string;
  itemId: string;
  /** The period's type name and what happens offline. */
  title: string;
  intro: string;
  messages: PeriodMessages;
  /** The caller's own record changed (they recorded themselves as a learner). */
  onChanged: () => void;
}

const field =
  'border-input bg-background focus-visible:border-ring focus-visible:ring-ring/50 rounded-md border px-3 py-2 text-sm outline-none focus-visible:ring-[3px]';
const primary =
  'bg-primary text-primary-foreground focus-visible:ring-ring/50 hover:bg-primary/90 inline-flex h-10 items-center justify-center rounded-md px-6 text-sm font-medium outline-none focus-visible:ring-[3px] disabled:opacity-60';
const secondary =
  'border-input bg-background hover:bg-accent focus-visible:ring-ring/50 inline-flex h-9 items-center justify-center rounded-md border px-3 text-sm outline-none focus-visible:ring-[3px] disabled:opacity-50';

/** Today as YYYY-MM-DD in the browser's time zone. */
function today(): string {
  const d = new Date();
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
}

function RecordState({ record, messages }: { record: PeriodRecord | null; messages: PeriodMessages }) {
  if (!record) {
    return (
      <p className="text-muted-foreground text-sm" data-testid="record-state">
        {messages['periods.record.notYet']}
      </p>
    );
  }
  return (
    <div className="grid gap-2 text-sm" data-testid="record-state">
      <p className={record.passed ? 'text-base font-semibold text-emerald-700 dark:text-emerald-400' : 'text-destructive text-base font-semibold'}>
        {record.passed ? messages['periods.record.passed'] : messages['periods.record.failed']}
      </p>
      <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1">
        {record.score !== null && (
          <>
            <dt className="text-muted-foreground">{messages['periods.record.score']}</dt>
            <dd>{record.score}</dd>
          </>
        )}
        <dt className="text-muted-foreground">{messages['periods.record.date']}</dt>
        <dd>{record.recordedOn}</dd>
        {record.note && (
          <>
            <dt className="text-muted-foreground">{messages['periods.record.note']}</dt>
            <dd className="break-words whitespace-pre-wrap">{record.note}</dd>
          </>
        )}
        {record.recordedBy && (
          <>
            <dt className="text-muted-foreground">{messages['periods.record.by']}</dt>
            <dd>{record.recordedBy}</dd>
          </>
        )}
      </dl>
    </div>
  );
}

const PAGE_SIZE = 10;

/** The record panel of the course's lecturers and administrators. */
function RecordPanel({ courseId, itemId, messages, onSaved }: {
  courseId: string;
  itemId: string;
  messages: PeriodMessages;
  onSaved: () => void;
}) {
  const id = useId();
  const [keyword, setKeyword] = useState('');
  const [query, setQuery] = useState('');
  const [pageCurrent, setPageCurrent] = useState(1);
  const [page, setPage] = useState<PeriodLearnerPage>();
  const [failed, setFailed] = useState(false);
  const [attempt, setAttempt] = useState(0);
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const [passed, setPassed] = useState(true);
  const [score, setScore] = useState('');
  const [note, setNote] = useState('');
  const [date, setDate] = useState(today);
  const [busy, setBusy] = useState(false);
  const [notice, setNotice] = useState<{ tone: 'ok' | 'problem'; text: string }>();

  useEffect(() => {
    let live = true;
    setFailed(false);
    setPage(undefined);
    getPeriodLearners({ courseId, itemId, keyword: query || undefined, pageCurrent, pageSize: PAGE_SIZE }, { isShowErrTip: false }).then(
      (p) => live && setPage(p),
      () => live && setFailed(true),
    );
    return () => {
      live = false;
    };
  }, [courseId, itemId, query, pageCurrent, attempt]);

  const list = page?.list ?? [];
  const allOnPage = list.length > 0 && list.every((l) => selected.has(l.memberId));
  const toggle = (memberId: string, on: boolean) =>
    setSelected((s) => {
      const next = new Set(s);
      if (on) next.add(memberId);
      else next.delete(memberId);
      return next;
    });

  const save = async () => {
    if (selected.size === 0) return setNotice({ tone: 'problem', text: messages['periods.panel.noneSelected'] });
    setBusy(true);
    setNotice(undefined);
    try {
      const result = await savePeriodRecord({
        courseId,
        itemId,
        memberIds: [...selected],
        passed,
        score: score.trim() === '' ? null : Number(score),
        note,
        recordedOn: date,
      });
      setNotice({ tone: 'ok', text: fill(messages['periods.panel.saved'], { count: result.recorded }) });
      setSelected(new Set());
      setAttempt((n) => n + 1);
      onSaved();
    } catch {
      // The client showed the gateway's message.
    }
    setBusy(false);
  };

  const totalPage = Math.max(1, page?.totalPage ?? 1);
  return (
    <section aria-labelledby={`${id}-title`} className="bg-card grid gap-4 rounded-md border p-6">
      <h2 id={`${id}-title`} className="text-lg font-semibold">
        {messages['periods.panel.title']}
      </h2>
      <form
        role="search"
        onSubmit={(e) => {
          e.preventDefault();
          setPageCurrent(1);
          setQuery(keyword.trim());
        }}
      >
        <input
          type="search"
          aria-label={messages['periods.panel.search']}
          placeholder={messages['periods.panel.search']}
          value={keyword}
          maxLength={50}
          onChange={(e) => setKeyword(e.target.value)}
          className={`${field} w-full`}
        />
      </form>
      <LoadState
        status={failed ? 'error' : !page ? 'loading' : list.length === 0 ? 'empty' : 'ready'}
        texts={{ loading: messages['learning.loading'], error: messages['learning.loadFailed'], retry: messages['learning.retry'], empty: messages['periods.panel.empty'] }}
        onRetry={() => setAttempt((n) => n + 1)}
      >
        <table className="w-full text-sm">
          <caption className="sr-only">{messages['periods.panel.learners']}</caption>
          <thead>
            <tr className="text-muted-foreground border-b text-start">
              <th scope="col" className="w-10 py-2 text-start">
                <input
                  type="checkbox"
                  aria-label={messages['periods.panel.selectAll']}
                  checked={allOnPage}
                  onChange={(e) => list.forEach((l) => toggle(l.memberId, e.target.checked))}
                  className="accent-primary size-4"
                />
              </th>
              <th scope="col" className="py-2 text-start font-medium">{messages['periods.panel.learners']}</th>
              <th scope="col" className="py-2 text-start font-medium">{messages['periods.record.state']}</th>
            </tr>
          </thead>
          <tbody>
            {list.map((l) => (
              <tr key={l.memberId} className="border-b last:border-0">
                <td className="py-2">
                  <input
                    type="checkbox"
                    aria-label={fill(messages['periods.panel.select'], { name: `${l.userName} ${l.empNo}` })}
                    checked={selected.has(l.memberId)}
                    onChange={(e) => toggle(l.memberId, e.target.checked)}
                    className="accent-primary size-4"
                  />
                </td>
                <td className="py-2">
                  <span className="font-medium">{l.userName}</span> <span className="text-muted-foreground">{l.empNo}</span>
                  {l.departmentName && <span className="text-muted-foreground block text-xs">{l.departmentName}</span>}
                </td>
                <td className="py-2">
                  {!l.record ? (
                    <span className="text-muted-foreground">{messages['periods.panel.notRecorded']}</span>
                  ) : (
                    <span className={l.record.passed ? 'text-emerald-700 dark:text-emerald-400' : 'text-destructive'}>
                      {l.record.passed ? messages['periods.record.passed'] : messages['periods.record.failed']}
                      {l.record.score !== null ? ` · ${l.record.score}` : ''} · {l.record.recordedOn}
                    </span>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
        {totalPage > 1 && (
          <nav className="flex items-center justify-end gap-2 text-sm" aria-label={messages['periods.panel.learners']}>
            <button type="button" className={secondary} disabled={pageCurrent <= 1} onClick={() => setPageCurrent((n) => n - 1)}>
              {messages['learning.prev']}
            </button>
            <span>{fill(messages['learning.pageOf'], { current: pageCurrent, total: totalPage })}</span>
            <button type="button" className={secondary} disabled={pageCurrent >= totalPage} onClick={() => setPageCurrent((n) => n + 1)}>
              {messages['learning.next']}
            </button>
          </nav>
        )}
      </LoadState>
      <form
        className="grid gap-4"
        onSubmit={(e) => {
          e.preventDefault();
          if (!busy) void save();
        }}
      >
        <fieldset className="flex flex-wrap gap-4 text-sm">
          <legend className="mb-2 font-medium">{messages['periods.panel.result']}</legend>
          <label className="flex items-center gap-2">
            <input type="radio" name={`${id}-result`} checked={passed} onChange={() => setPassed(true)} className="accent-primary size-4" />
            {messages['periods.record.passed']}
          </label>
          <label className="flex items-center gap-2">
            <input type="radio" name={`${id}-result`} checked={!passed} onChange={() => setPassed(false)} className="accent-primary size-4" />
            {messages['periods.record.failed']}
          </label>
        </fieldset>
        <div className="grid gap-4 sm:grid-cols-2">
          <label className="grid gap-1 text-sm">
            <span>{messages['periods.record.score']}</span>
            <input
              type="number"
              inputMode="numeric"
              min={0}
              max={100}
              step={1}
              value={score}
              placeholder={messages['periods.panel.scoreHint']}
              onChange={(e) => setScore(e.target.value)}
              className={field}
            />
          </label>
          <label className="grid gap-1 text-sm">
            <span>{messages['periods.record.date']}</span>
            <input type="date" required max={today()} value={date} onChange={(e) => setDate(e.target.value)} className={field} />
          </label>
        </div>
        <label className="grid gap-1 text-sm">
          <span>{messages['periods.record.note']}</span>
          <textarea rows={2} maxLength={500} value={note} onChange={(e) => setNote(e.target.value)} className={field} />
        </label>
        <div className="flex flex-wrap items-center gap-3">
          <button type="submit" className={primary} disabled={busy}>
            {busy ? messages['periods.panel.saving'] : fill(messages['periods.panel.save'], { count: selected.size })}
          </button>
          {notice && (
            <p role={notice.tone === 'ok' ? 'status' : 'alert'} className={notice.tone === 'ok' ? 'text-sm text-emerald-700 dark:text-emerald-400' : 'text-destructive text-sm'}>
              {notice.text}
            </p>
          )}
        </div>
      </form>
    </section>
  );
}

export function RecordedPeriod({ courseId, itemId, title, intro, messages, onChanged }: RecordedPeriodProps) {
  const [view, setView] = useState<PeriodRecordView>();
  const [failed, setFailed] = useState(false);
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    let live = true;
    setFailed(false);
    getPeriodRecord(courseId, itemId, { isShowErrTip: false }).then(
      (v) => live && setView(v),
      () => live && setFailed(true),
    );
    return () => {
      live = false;
    };
  }, [courseId, itemId, attempt]);

  const saved = useCallback(() => {
    setAttempt((n) => n + 1);
    onChanged();
  }, [onChanged]);

  if (!view) {
    return (
      <LoadState
        status={failed ? 'error' : 'loading'}
        texts={{ loading: messages['learning.loading'], error: messages['learning.loadFailed'], retry: messages['learning.retry'], empty: '' }}
        onRetry={() => setAttempt((n) => n + 1)}
      />
    );
  }
  return (
    <div className="grid gap-4">
      <section aria-labelledby={`${itemId}-state`} className="bg-muted grid gap-3 rounded-md p-6">
        <h2 id={`${itemId}-state`} className="text-lg font-semibold">
          {title}
        </h2>
        <p className="text-muted-foreground max-w-prose text-sm">{intro}</p>
        <p className="text-sm font-medium">
          {view.recorders.length > 0
            ? fill(messages['periods.record.recorders'], { names: view.recorders.join('、') })
            : messages['periods.record.anyRecorder']}
        </p>
        <RecordState record={view.record} messages={messages} />
      </section>
      {view.canRecord && <RecordPanel courseId={courseId} itemId={itemId} messages={messages} onSaved={saved} />}
    </div>
  );
}
