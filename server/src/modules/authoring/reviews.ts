/**
 * Members' uploads on their way to the library. Any member uploads files into their own space
 * (`./uploads.ts`, purpose `mine`), where only they see them; once processed they submit one for
 * review; an administrator approves it (it joins the library, where courses may use it) or
 * rejects it with a reason (the member may submit it again, or delete it). The member hears of
 * each decision by a message. Every step is audited.
 */
import { sql } from 'drizzle-orm';
import { Code } from '@/api/codes';
import type { MyResource, ReviewDecision, ReviewResource, UploadReview } from '@/api/crm-course-types';
import type { PageResult } from '@/api/types';
import type { ResourceState } from '@/lib/authoring-rules';
import { recordAudit } from '../../audit';
import { scoped } from '../../db/access';
import { catalogue } from '../../db/access/catalogue-cache';
import type { MediaResourceRow } from '../../db/access/media';
import { ApiError } from '../../envelope';
import { signedUrl } from '../../files/signed-media';
import { jobPayload } from '../../jobs/queue';
import { inLang } from '../../localized';
import { pageResult, pageWindow, type Paging } from '../../paging';
import type { AuthContext } from '../../routing';
import { sendMessage, uploadReviewedNotice } from '../announcement/service';
import { deleteMediaFiles, mediaJob, type MediaJobPayload } from './media-job';

const notFound = () => new ApiError(Code.NOT_FOUND, 'authoring.resourceNotFound');

async function myResourceOf(ctx: AuthContext, r: MediaResourceRow, progress: number): Promise<MyResource> {
  return {
    // The original, signed for a few minutes: to look at before submitting or deciding.
    fileUrl: r.url ? await signedUrl(ctx.db, ctx.tenant.id, r.url) : '',
    id: r.id,
    name: inLang(ctx.lang, r.nameZh, r.nameEn),
    resourceType: r.resourceType,
    fileName: r.fileName,
    size: r.size,
    duration: r.duration,
    createdAt: r.createdAt.toISOString(),
    state: r.state as ResourceState,
    progress: r.state === 'ready' ? 100 : Number(progress),
    failure: r.state === 'failed' ? r.failure : '',
    review: r.review as UploadReview,
    reviewReason: r.review === 'rejected' ? r.reviewReason : '',
    reviewedAt: r.reviewedAt?.toISOString() ?? null,
  };
}

/** Queues a failed resource's processing again (the library's retry and a member's). */
export async function retryProcessing(ctx: AuthContext, id: string, may: (resource: MediaResourceRow) => boolean): Promise<void> {
  const eid = ctx.tenant.id;
  await ctx.db.transaction(async (tx) => {
    const s = scoped(tx, eid);
    const resource = await s.media.resource(id);
    if (!resource || !may(resource)) throw notFound();
    if (resource.state !== 'failed' || !resource.jobId) throw new ApiError(Code.FORBIDDEN, 'authoring.retryNotFailed');
    const before = await jobPayload<MediaJobPayload>(tx, resource.jobId);
    if (!before) throw new ApiError(Code.FORBIDDEN, 'authoring.retryNotFailed');
    const jobId = await mediaJob.enqueue(tx, before, { enterpriseId: eid });
    await s.media.markProcessing(resource.id, jobId);
    await recordAudit(s, ctx.member, [
      { action: 'retry', objectType: 'resource', objectId: resource.id, objectLabel: resource.nameZh, changes: [{ field: 'state', before: 'failed', after: 'processing' }] },
    ]);
  });
}

/** `myResourcePage`: the caller's own uploads with their processing and review. */
export async function myResourcePage(ctx: AuthContext, body: Paging): Promise<PageResult<MyResource>> {
  const { rows, total } = await ctx.scope.media.ownPage(ctx.member.id, pageWindow(body));
  return pageResult(await Promise.all(rows.map(({ resource, progress }) => myResourceOf(ctx, resource, progress))), body, total);
}

const mine = (ctx: AuthContext) => (r: MediaResourceRow) => r.createdBy === ctx.member.id && r.review !== 'library';

/** `myResourceSubmit`: submits a processed file of the caller's own space for review (again, after a rejection). */
export async function myResourceSubmit(ctx: AuthContext, { id }: { id: string }): Promise<void> {
  const eid = ctx.tenant.id;
  await ctx.db.transaction(async (tx) => {
    const s = scoped(tx, eid);
    const resource = await s.media.resource(id);
    if (!resource || !mine(ctx)(resource)) throw notFound();
    if (resource.state !== 'ready') throw new ApiError(Code.FORBIDDEN, 'authoring.submitNotReady');
    const row = await s.media.setReview(id, ['own', 'rejected'], { review: 'pending', reviewReason: '' });
    if (!row) throw new ApiError(Code.FORBIDDEN, 'authoring.submitTwice');
    await recordAudit(s, ctx.member, [
      { action: 'submit', objectType: 'resource', objectId: id, objectLabel: resource.nameZh, changes: [{ field: 'review', before: resource.review, after: 'pending' }] },
    ]);
  });
}

/** `myResourceRetry`: queues the processing of one of the caller's own failed files again. */
export function myResourceRetry(ctx: AuthContext, { id }: { id: string }): Promise<void> {
  return retryProcessing(ctx, id, mine(ctx));
}

/** `myResourceDelete`: deletes a file of the caller's own space that has not joined the library. */
export async function myResourceDelete(ctx: AuthContext, { id }: { id: string }): Promise<void> {
  const eid = ctx.tenant.id;
  const deleted = await ctx.db.transaction(async (tx) => {
    const s = scoped(tx, eid);
    const before = await s.media.resource(id);
    if (!before || !mine(ctx)(before)) throw notFound();
    const row = await s.media.deleteOwn(id, ctx.member.id);
    if (!row) throw new ApiError(Code.FORBIDDEN, 'authoring.deleteApproved');
    await recordAudit(s, ctx.member, [
      { action: 'delete', objectType: 'resource', objectId: id, objectLabel: row.nameZh, changes: [{ field: 'fileName', before: row.fileName, after: null }] },
    ]);
    return row;
  });
  // The files go once the resource has: what processing made of it, and the original.
  await deleteMediaFiles(ctx.c.get('files'), eid, deleted);
}

/** `crmReviewPage`: members' uploads waiting for review (oldest first), or those approved or rejected (latest first). */
export async function crmReviewPage(ctx: AuthContext, body: Paging & { review?: 'pending' | 'approved' | 'rejected' }): Promise<PageResult<ReviewResource>> {
  const { rows, total } = await ctx.scope.media.reviewPage(body.review ?? 'pending', pageWindow(body));
  const list = await Promise.all(
    rows.map(async ({ resource, progress, uploaderName, uploaderEmpNo }) => ({
      ...(await myResourceOf(ctx, resource, progress)),
      uploaderName: uploaderName ?? '',
      uploaderEmpNo: uploaderEmpNo ?? '',
    })),
  );
  return pageResult(list, body, total);
}

/** `crmReviewDecide`: approves a submitted upload into the library, or rejects it with a reason; the uploader gets a message. */
export async function crmReviewDecide(ctx: AuthContext, body: ReviewDecision): Promise<void> {
  const eid = ctx.tenant.id;
  const reason = body.reason?.trim() ?? '';
  if (!body.approve && !reason) throw new ApiError(Code.INVALID, 'authoring.reasonRequired');
  await ctx.db.transaction(async (tx) => {
    const s = scoped(tx, eid);
    const before = await s.media.resource(body.id);
    if (!before || before.review === 'library' || before.review === 'own') throw notFound();
    const row = await s.media.setReview(body.id, ['pending'], {
      review: body.approve ? 'approved' : 'rejected',
      reviewReason: body.approve ? '' : reason,
      reviewedBy: ctx.member.id,
      reviewedAt: sql`now()`,
    });
    if (!row) throw new ApiError(Code.FORBIDDEN, 'authoring.reviewedAlready');
    await recordAudit(s, ctx.member, [
      {
        action: body.approve ? 'approve' : 'reject',
        objectType: 'resource',
        objectId: row.id,
        objectLabel: row.nameZh,
        changes: [{ field: 'review', before: 'pending', after: body.approve ? 'approved' : `rejected: ${reason}` }],
      },
    ]);
    if (row.createdBy) await sendMessage(tx, eid, row.createdBy, uploadReviewedNotice(row, body.approve, reason));
  });
  catalogue.forget(eid);
}

/** `crmResourceDelete`: deletes a library file that no period, courseware or live room uses, with every file made of it. */
export async function crmResourceDelete(ctx: AuthContext, { id }: { id: string }): Promise<void> {
  const eid = ctx.tenant.id;
  const deleted = await ctx.db.transaction(async (tx) => {
    const s = scoped(tx, eid);
    const before = await s.media.resource(id);
    if (!before || (before.review !== 'library' && before.review !== 'approved')) throw notFound();
    const uses = await s.media.uses(id);
    if (uses > 0) throw new ApiError(Code.FORBIDDEN, 'authoring.resourceInUse', null, { count: uses });
    const row = await s.media.deleteUnused(id);
    if (!row) throw new ApiError(Code.FORBIDDEN, 'authoring.resourceInUse', null, { count: 1 });
    await recordAudit(s, ctx.member, [
      { action: 'delete', objectType: 'resource', objectId: id, objectLabel: row.nameZh, changes: [{ field: 'fileName', before: row.fileName, after: null }] },
    ]);
    return row;
  });
  await deleteMediaFiles(ctx.c.get('files'), eid, deleted);
  catalogue.forget(eid);
}
