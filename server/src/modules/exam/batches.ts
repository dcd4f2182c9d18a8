/**
 * Batch reservations: the sittings of the company's exams, reserving one (capacity and start
 * checked under the batch row lock, one reservation per member and batch) and cancelling one's
 * own before the sitting starts.
 */
import type { ExamBatch } from '@/api/exam-types';
import { Code } from '@/api/codes';
import { ApiError } from '../../envelope';
import type { AuthContext } from '../../routing';
import { type ExamScope } from '../../db/access/exams';
import { examName, notFound } from './papers';
import { scoped } from '../../db/access';
import { inLang } from '../../localized';

type BatchRowWithCounts = Awaited<ReturnType<ExamScope['batches']>>[number];

function toBatch(r: BatchRowWithCounts, lang: 'zh' | 'en'): ExamBatch {
  return {
    id: r.batch.id,
    examId: r.batch.examId,
    examName: examName(r.exam, lang),
    name: inLang(lang, r.batch.nameZh, r.batch.nameEn),
    startAt: r.batch.startAt.toISOString(),
    endAt: r.batch.endAt.toISOString(),
    place: r.batch.place,
    capacity: r.batch.capacity,
    reserved: r.reserved,
    reservationId: r.reservationId,
  };
}

async function batchOf(s: ExamScope, memberId: string, batchId: string, lang: 'zh' | 'en'): Promise<ExamBatch> {
  const [row] = await s.batches(memberId, undefined, batchId);
  if (!row) throw notFound();
  return toBatch(row, lang);
}

/** `examBatchList`: the company's sittings (of one exam when given), earliest first. */
export async function examBatchList(ctx: AuthContext, examId?: string): Promise<ExamBatch[]> {
  const rows = await scoped(ctx.db, ctx.tenant.id).exams.batches(ctx.member.id, examId);
  return rows.map((r) => toBatch(r, ctx.lang));
}

/** `examBatchSave`: reserves a place in a sitting that has not started and is not full. */
export async function examBatchSave(ctx: AuthContext, batchId: string): Promise<ExamBatch> {
  const eid = ctx.tenant.id;
  const memberId = ctx.member.id;
  await ctx.db.transaction(async (tx) => {
    const s = scoped(tx, eid).exams;
    const batch = await s.lockBatch(batchId);
    if (!batch) throw notFound();
    if (await s.ownReservation(memberId, { batchId })) return;
    if (batch.startAt.getTime() <= Date.now()) throw new ApiError(Code.FORBIDDEN, 'exam.batchStarted');
    if ((await s.reservationCount(batchId)) >= batch.capacity) throw new ApiError(Code.FORBIDDEN, 'exam.batchFull');
    await s.reserve(batchId, memberId);
  });
  return batchOf(scoped(ctx.db, eid).exams, memberId, batchId, ctx.lang);
}

/** `examBatchDelete?id`: cancels the caller's own reservation before its sitting starts. */
export async function examBatchDelete(ctx: AuthContext, reservationId: string): Promise<ExamBatch> {
  const eid = ctx.tenant.id;
  const memberId = ctx.member.id;
  const batchId = await ctx.db.transaction(async (tx) => {
    const s = scoped(tx, eid).exams;
    const found = await s.ownReservation(memberId, { id: reservationId });
    if (!found) throw notFound();
    const batch = await s.lockBatch(found.batch.id);
    if (!batch) throw notFound();
    if (batch.startAt.getTime() <= Date.now()) throw new ApiError(Code.FORBIDDEN, 'exam.batchStarted');
    await s.cancelReservation(reservationId, memberId);
    return batch.id;
  });
  return batchOf(scoped(ctx.db, eid).exams, memberId, batchId, ctx.lang);
}
