/**
 * "Reservations": the company's exam sittings with their seats; the caller reserves a seat or
 * cancels a reservation until the sitting starts. A full or started sitting says so.
 */
import { useEffect, useId, useState } from 'react';
import { cancelExamReservation, getExamBatches, reserveExamBatch } from '@/api/exam';
import type { ExamBatch } from '@/api/exam-types';
import { windowText } from '@/components/exam/format';
import type { ExamCentreMessages } from '@/components/exam/messages';
import { Fact } from '@/components/exam/parts';
import type { TabProps } from '@/components/exam/tab-props';
import { outlineButtonSm, primaryButtonSm } from '@/components/ui/button-class';
import { LoadState, loadTexts, type LoadStatus } from '@/components/ui/load-state';
import { fill } from '@/i18n/fill';
import { notifySuccess } from '@/stores/toasts';

const tag = 'inline-flex items-center rounded-full px-2 py-0.5 text-xs font-medium';

function BatchRow({
  batch,
  busy,
  onReserve,
  onCancel,
  messages: m,
}: {
  batch: ExamBatch;
  busy: boolean;
  onReserve: () => void;
  onCancel: () => void;
  messages: ExamCentreMessages;
}) {
  const titleId = `batch-${batch.id}`;
  const mine = batch.reservationId !== null;
  const started = new Date(batch.startAt).getTime() <= Date.now();
  const full = batch.reserved >= batch.capacity;
  const named = (action: string) => `${action} · ${batch.examName} ${batch.name}`;

  let action = null;
  if (mine && !started) {
    action = (
      <button type="button" className={outlineButtonSm} disabled={busy} onClick={onCancel} aria-label={named(m['exam.batch.cancel'])}>
        {m['exam.batch.cancel']}
      </button>
    );
  } else if (!mine && !started && !full) {
    action = (
      <button type="button" className={primaryButtonSm} disabled={busy} onClick={onReserve} aria-label={named(m['exam.batch.reserve'])}>
        {m['exam.batch.reserve']}
      </button>
    );
  }

  return (
    <article aria-labelledby={titleId} className="bg-card grid gap-3 rounded-xl border p-4 md:grid-cols-[1fr_auto] md:items-center">
      <div className="grid gap-3">
        <div className="flex flex-wrap items-center gap-2">
          <h3 id={titleId} className="font-semibold">
            {batch.examName} · {batch.name}
          </h3>
          {mine && <span className={`${tag} bg-emerald-100 text-emerald-800`}>{m['exam.batch.reserved']}</span>}
          {started ? (
            <span className={`${tag} bg-zinc-200 text-zinc-700`}>{m['exam.batch.started']}</span>
          ) : (
            full && !mine && <span className={`${tag} bg-red-100 text-red-800`}>{m['exam.batch.full']}</span>
          )}
        </div>
        <dl className="grid grid-cols-1 gap-x-6 gap-y-2 sm:grid-cols-3">
          <Fact term={m['exam.batch.time']}>{windowText(batch.startAt, batch.endAt, m)}</Fact>
          <Fact term={m['exam.batch.place']}>{batch.place || '—'}</Fact>
          <Fact term={m['exam.batch.seatsLabel']}>
            {fill(m['exam.batch.seats'], { reserved: batch.reserved, capacity: batch.capacity })}
          </Fact>
        </dl>
      </div>
      {action && <div className="flex justify-end">{action}</div>}
    </article>
  );
}

export function ReservationsTab({ messages: m }: TabProps) {
  const ids = useId();
  const [batches, setBatches] = useState<ExamBatch[]>([]);
  const [status, setStatus] = useState<LoadStatus>('loading');
  const [round, setRound] = useState(0);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    const controller = new AbortController();
    getExamBatches(undefined, { isShowErrTip: false, signal: controller.signal })
      .then((found) => {
        setBatches(found);
        setStatus(found.length ? 'ready' : 'empty');
      })
      .catch(() => !controller.signal.aborted && setStatus('error'));
    return () => controller.abort();
  }, [round]);

  // Either way the list is read again: a refused reservation shows why (full, started).
  const act = async (action: () => Promise<unknown>, done: string) => {
    setBusy(true);
    try {
      await action();
      notifySuccess(done);
    } catch {
      // The client showed the gateway's message.
    } finally {
      setBusy(false);
      setRound((n) => n + 1);
    }
  };

  return (
    <section aria-labelledby={`${ids}-title`} className="grid gap-4">
      <h2 id={`${ids}-title`} className="text-lg font-semibold">
        {m['exam.tab.reservations']}
      </h2>
      <LoadState status={status} texts={loadTexts(m, m['exam.emptyBatches'])} onRetry={() => setRound((n) => n + 1)}>
        <ul className="grid gap-3">
          {batches.map((batch) => (
            <li key={batch.id}>
              <BatchRow
                batch={batch}
                busy={busy}
                messages={m}
                onReserve={() => void act(() => reserveExamBatch(batch.id), m['exam.batch.reserveDone'])}
                onCancel={() =>
                  batch.reservationId &&
                  void act(() => cancelExamReservation(batch.reservationId!), m['exam.batch.cancelDone'])
                }
              />
            </li>
          ))}
        </ul>
      </LoadState>
    </section>
  );
}
