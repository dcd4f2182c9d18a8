/**
 * Authorised purchase on a course's page (spec section 6: "join an authorised purchase"):
 *
 * - {@link CoursePurchase}, for a member who may not watch a paid course yet: its price, then
 *   the request (with an optional note), its review, or the refusal with its reason and a way to
 *   ask again.
 * - {@link CoursePurchaseRequests}, for the company's administrators: the course's requests,
 *   waiting ones first in view, approved at a click or refused with a reason.
 *
 * Loaded only on a paid course or for an administrator.
 */
import { useEffect, useId, useState, type SubmitEvent } from 'react';
import { applyCoursePurchase, decideCoursePurchase, getCoursePurchaseRequests, getCoursePurchaseState } from '@/api/course';
import type { CoursePurchaseRequest } from '@/api/learning-types';
import type { CourseDetailMessages } from '@/components/course/messages';
import { formatMoment } from '@/components/study/format';
import { outlineButtonSm, primaryButtonSm } from '@/components/ui/button-class';
import { LoadState, loadTexts, type LoadStatus } from '@/components/ui/load-state';
import { Pager, pagerTexts } from '@/components/ui/pager';
import { fill } from '@/i18n/fill';
import { notifySuccess } from '@/stores/toasts';

/** Longest note or reason (the gateway's rule). */
const TEXT_MAX = 200;

const textareaClass =
  'border-input placeholder:text-muted-foreground focus-visible:border-ring focus-visible:ring-ring/50 aria-invalid:border-destructive min-h-16 w-full rounded-md border bg-transparent px-3 py-2 text-sm outline-none focus-visible:ring-[3px]';

interface CoursePurchaseProps {
  courseId: string;
  price: number | null;
  messages: CourseDetailMessages;
}

/** The member's side: price, request, review, refusal. */
export function CoursePurchase({ courseId, price, messages: m }: CoursePurchaseProps) {
  const noteId = useId();
  const [request, setRequest] = useState<CoursePurchaseRequest | null | undefined>(undefined);
  const [writing, setWriting] = useState(false);
  const [note, setNote] = useState('');
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    const controller = new AbortController();
    getCoursePurchaseState(courseId, { signal: controller.signal, isShowErrTip: false }).then(
      (state) => setRequest(state.request),
      () => !controller.signal.aborted && setRequest(null),
    );
    return () => controller.abort();
  }, [courseId]);

  const submit = async (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (note.trim().length > TEXT_MAX) return;
    setBusy(true);
    try {
      setRequest(await applyCoursePurchase({ courseId, note: note.trim() }));
      setWriting(false);
      setNote('');
      notifySuccess(m['purchase.submitted']);
    } catch {
      // The client showed the gateway's message; the note stays.
    }
    setBusy(false);
  };

  const tooLong = note.trim().length > TEXT_MAX;
  const canAsk = request !== undefined && (request === null || request.status === 2);

  return (
    <div className="grid w-full gap-3 rounded-md bg-amber-50 px-4 py-3 text-sm text-amber-950">
      <p role="status" className="flex flex-wrap items-center gap-x-3 gap-y-1 font-medium">
        <span>{m['learning.purchaseFirst']}</span>
        {price !== null && <span className="tabular-nums">{fill(m['course.priceLabel'], { value: price.toFixed(2) })}</span>}
      </p>
      {request?.status === 0 && <p>{fill(m['purchase.waiting'], { time: formatMoment(request.createdAt) })}</p>}
      {request?.status === 2 && <p>{fill(m['purchase.refused'], { reason: request.reason })}</p>}
      {canAsk && !writing && (
        <p>
          <button type="button" className={primaryButtonSm} onClick={() => setWriting(true)}>
            {request ? m['purchase.applyAgain'] : m['purchase.apply']}
          </button>
        </p>
      )}
      {writing && (
        <form noValidate onSubmit={(e) => void submit(e)} className="grid gap-2">
          <label htmlFor={noteId} className="font-medium">
            {m['purchase.note']}
          </label>
          <textarea
            id={noteId}
            value={note}
            maxLength={TEXT_MAX * 2}
            placeholder={m['purchase.notePlaceholder']}
            aria-invalid={tooLong || undefined}
            aria-describedby={tooLong ? `${noteId}-error` : undefined}
            onChange={(e) => setNote(e.target.value)}
            className={`${textareaClass} bg-background`}
          />
          {tooLong && (
            <p id={`${noteId}-error`} role="alert" className="text-destructive">
              {fill(m['purchase.tooLong'], { max: TEXT_MAX })}
            </p>
          )}
          <div className="flex gap-2">
            <button type="submit" className={primaryButtonSm} disabled={busy || tooLong}>
              {m['purchase.submit']}
            </button>
            <button type="button" className={outlineButtonSm} disabled={busy} onClick={() => setWriting(false)}>
              {m['purchase.cancel']}
            </button>
          </div>
        </form>
      )}
    </div>
  );
}

const STATUSES = [0, 1, 2] as const;
const COLUMNS = [
  'purchase.member',
  'purchase.empNo',
  'purchase.department',
  'purchase.appliedAt',
  'purchase.noteColumn',
  'purchase.statusFilter',
  'purchase.actions',
] as const;

/** The administrators' side: the course's requests, decided here. */
export function CoursePurchaseRequests({ courseId, messages: m }: { courseId: string; messages: CourseDetailMessages }) {
  const headingId = useId();
  const [filter, setFilter] = useState<string>('0');
  const [page, setPage] = useState(1);
  const [list, setList] = useState<CoursePurchaseRequest[]>([]);
  const [totalPage, setTotalPage] = useState(0);
  const [status, setStatus] = useState<LoadStatus>('loading');
  const [reload, setReload] = useState(0);
  const [busy, setBusy] = useState<string>();
  const [refusing, setRefusing] = useState<string>();
  const [reason, setReason] = useState('');
  const [reasonError, setReasonError] = useState<string>();

  useEffect(() => {
    const controller = new AbortController();
    setStatus('loading');
    getCoursePurchaseRequests(
      { courseId, pageCurrent: page, ...(filter === '' ? {} : { status: Number(filter) as 0 | 1 | 2 }) },
      { isShowErrTip: false, signal: controller.signal },
    )
      .then((result) => {
        setList(result.list);
        setTotalPage(result.totalPage);
        setStatus(result.list.length ? 'ready' : 'empty');
      })
      .catch(() => !controller.signal.aborted && setStatus('error'));
    return () => controller.abort();
  }, [courseId, filter, page, reload]);

  const decide = async (request: CoursePurchaseRequest, approve: boolean) => {
    const why = reason.trim();
    if (!approve && (why === '' || why.length > TEXT_MAX)) {
      setReasonError(why === '' ? m['purchase.reasonRequired'] : fill(m['purchase.tooLong'], { max: TEXT_MAX }));
      return;
    }
    setBusy(request.id);
    try {
      await decideCoursePurchase({ id: request.id, approve, ...(approve ? {} : { reason: why }) });
      notifySuccess(approve ? m['purchase.approved'] : m['purchase.refusedDone']);
      setRefusing(undefined);
      setReason('');
      setReload((n) => n + 1);
    } catch {
      // The client showed the gateway's message; the reason stays.
    }
    setBusy(undefined);
  };

  return (
    <section aria-labelledby={headingId} className="grid gap-3 rounded-xl border p-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id={headingId} className="text-lg font-semibold">
          {m['purchase.requests']}
        </h2>
        <label className="flex items-center gap-2 text-sm">
          <span>{m['purchase.statusFilter']}</span>
          <select
            value={filter}
            onChange={(event) => {
              setFilter(event.target.value);
              setPage(1);
            }}
            className="border-input focus-visible:ring-ring/50 h-8 rounded-md border bg-transparent px-2 outline-none focus-visible:ring-[3px]"
          >
            <option value="">{m['purchase.all']}</option>
            {STATUSES.map((s) => (
              <option key={s} value={String(s)}>
                {m[`purchase.status.${s}`]}
              </option>
            ))}
          </select>
        </label>
      </div>
      <LoadState status={status} texts={loadTexts(m, m['purchase.none'])} onRetry={() => setReload((n) => n + 1)}>
        <div className="overflow-x-auto">
          <table className="w-full text-sm">
            <thead className="text-muted-foreground">
              <tr className="border-b">
                {COLUMNS.map((key) => (
                  <th key={key} scope="col" className="py-2 pe-3 text-start font-medium last:pe-0">
                    {m[key]}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {list.map((request) => (
                <tr key={request.id} className="border-b align-top last:border-0">
                  <th scope="row" className="py-2 pe-3 text-start font-medium">
                    {request.userName}
                  </th>
                  <td className="py-2 pe-3">{request.empNo}</td>
                  <td className="py-2 pe-3">{request.departmentName}</td>
                  <td className="py-2 pe-3 tabular-nums">{formatMoment(request.createdAt)}</td>
                  <td className="max-w-64 py-2 pe-3 break-words whitespace-pre-wrap">{request.note}</td>
                  <td className="py-2 pe-3">
                    {m[`purchase.status.${request.status}`]}
                    {request.status === 2 && request.reason && <span className="text-muted-foreground block">{request.reason}</span>}
                  </td>
                  <td className="py-2">
                    {request.status === 0 && refusing !== request.id && (
                      <span className="flex gap-2">
                        <button
                          type="button"
                          className={primaryButtonSm}
                          disabled={busy === request.id}
                          aria-label={`${m['purchase.approve']} ${request.userName}`}
                          onClick={() => void decide(request, true)}
                        >
                          {m['purchase.approve']}
                        </button>
                        <button
                          type="button"
                          className={outlineButtonSm}
                          disabled={busy === request.id}
                          aria-label={`${m['purchase.refuse']} ${request.userName}`}
                          onClick={() => {
                            setRefusing(request.id);
                            setReasonError(undefined);
                          }}
                        >
                          {m['purchase.refuse']}
                        </button>
                      </span>
                    )}
                    {request.status === 0 && refusing === request.id && (
                      <form
                        noValidate
                        className="grid min-w-56 gap-2"
                        onSubmit={(event) => {
                          event.preventDefault();
                          void decide(request, false);
                        }}
                      >
                        <label htmlFor={`${headingId}-reason`} className="font-medium">
                          {m['purchase.reason']}
                        </label>
                        <textarea
                          id={`${headingId}-reason`}
                          value={reason}
                          autoFocus
                          aria-invalid={reasonError ? true : undefined}
                          aria-describedby={reasonError ? `${headingId}-reason-error` : undefined}
                          onChange={(e) => setReason(e.target.value)}
                          className={textareaClass}
                        />
                        {reasonError && (
                          <p id={`${headingId}-reason-error`} role="alert" className="text-destructive">
                            {reasonError}
                          </p>
                        )}
                        <span className="flex gap-2">
                          <button type="submit" className={primaryButtonSm} disabled={busy === request.id}>
                            {m['purchase.confirmRefuse']}
                          </button>
                          <button type="button" className={outlineButtonSm} onClick={() => setRefusing(undefined)}>
                            {m['purchase.cancel']}
                          </button>
                        </span>
                      </form>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
        <Pager page={page} totalPage={totalPage} onChange={setPage} texts={pagerTexts(m)} />
      </LoadState>
    </section>
  );
}
