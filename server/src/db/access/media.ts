/**
 * Data access of uploaded media, bound to one enterprise: resumable uploads (`media_uploads`)
 * and the library resources they become, whose processing (`state`, `job_id`, `failure`) the
 * media job moves from `processing` to `ready` or `failed`.
 */
import { and, count, desc, eq, inArray, ne, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../client';
import { enterpriseUsers, jobs, mediaUploads, resources, uploadedFiles } from '../schema';
import type { RowWindow } from '../../paging';

export type MediaUploadRow = typeof mediaUploads.$inferSelect;
export type MediaResourceRow = typeof resources.$inferSelect;
export type ResourceState = 'ready' | 'processing' | 'failed';
/** Where a member's upload stands on its way to the library (see the `review` column). */
export type ReviewState = 'library' | 'own' | 'pending' | 'rejected' | 'approved';

/** What the media job writes into a resource it has processed. */
export type ProcessedValues = Partial<Pick<MediaResourceRow, 'url' | 'playUrls' | 'videoConfig' | 'duration' | 'pages' | 'size' | 'fileName'>>;

export function mediaQueries(db: Db, eid: string) {
  const ownUpload = (id: string) => and(eq(mediaUploads.enterpriseId, eid), eq(mediaUploads.id, id));
  const ownResource = (id: string) => and(eq(resources.enterpriseId, eid), eq(resources.id, id));

  return {
    async createUpload(values: Omit<typeof mediaUploads.$inferInsert, 'enterpriseId' | 'createdAt'>): Promise<void> {
      await db.insert(mediaUploads).values({ ...values, enterpriseId: eid });
    },

    async upload(id: string): Promise<MediaUploadRow | undefined> {
      const [row] = await db.select().from(mediaUploads).where(ownUpload(id));
      return row;
    },

    /** Records the resource a finished upload became; false when another request recorded one first. */
    async finishUpload(id: string, resourceId: string): Promise<boolean> {
      const rows = await db
        .update(mediaUploads)
        .set({ resourceId, finishedAt: sql`now()` })
        .where(and(ownUpload(id), sql`${mediaUploads.resourceId} is null`))
        .returning({ id: mediaUploads.id });
      return rows.length > 0;
    },

    async deleteUpload(id: string): Promise<void> {
      await db.delete(mediaUploads).where(ownUpload(id));
    },

    /** Moves a quota reservation to the key the checked file is stored under. */
    async rekeyReservation(from: string, to: string, contentType: string): Promise<void> {
      await db
        .update(uploadedFiles)
        .set({ key: to, contentType, usedAt: sql`now()` })
        .where(and(eq(uploadedFiles.enterpriseId, eid), eq(uploadedFiles.key, from)));
    },

    async insertResource(values: Omit<typeof resources.$inferInsert, 'enterpriseId' | 'id' | 'createdAt'>): Promise<MediaResourceRow> {
      const [row] = await db.insert(resources).values({ ...values, enterpriseId: eid }).returning();
      return row!;
    },

    async resource(id: string): Promise<MediaResourceRow | undefined> {
      const [row] = await db.select().from(resources).where(ownResource(id));
      return row;
    },

    /** A resource's processing with its job's progress (0 to 100) while it runs. */
    async processing(id: string) {
      const [row] = await db
        .select({ state: resources.state, failure: resources.failure, progress: sql<number>`coalesce(${jobs.progress}, 0)::int` })
        .from(resources)
        .leftJoin(jobs, eq(jobs.id, resources.jobId))
        .where(ownResource(id));
      return row;
    },

    /** Starts (or starts again) a resource's processing by the job `jobId`. */
    async markProcessing(id: string, jobId: string): Promise<void> {
      await db.update(resources).set({ state: 'processing', jobId, failure: '' }).where(ownResource(id));
    },

    /** Records what the job `jobId` made; a job that is no longer the resource's changes nothing. */
    async markReady(id: string, jobId: string, values: ProcessedValues): Promise<boolean> {
      const rows = await db
        .update(resources)
        .set({ ...values, state: 'ready', failure: '' })
        .where(and(ownResource(id), eq(resources.jobId, jobId)))
        .returning({ id: resources.id });
      return rows.length > 0;
    },

    /** A page of the files `memberId` uploaded into their own space (any review state), newest first, with processing progress. */
    async ownPage(memberId: string, { limit, offset }: RowWindow) {
      const where = and(eq(resources.enterpriseId, eid), eq(resources.createdBy, memberId), ne(resources.review, 'library'));
      const [total] = await db.select({ n: count() }).from(resources).where(where);
      const rows = await db
        .select({ resource: resources, progress: sql<number>`coalesce(${jobs.progress}, 0)::int` })
        .from(resources)
        .leftJoin(jobs, eq(jobs.id, resources.jobId))
        .where(where)
        .orderBy(desc(resources.createdAt), desc(resources.id))
        .limit(limit)
        .offset(offset);
      return { rows, total: Number(total?.n ?? 0) };
    },

    /** A page of members' uploads in one review state (the oldest submission first when pending), with who uploaded each. */
    async reviewPage(review: 'pending' | 'approved' | 'rejected', { limit, offset }: RowWindow) {
      const where: SQL | undefined = and(eq(resources.enterpriseId, eid), eq(resources.review, review));
      const [total] = await db.select({ n: count() }).from(resources).where(where);
      const rows = await db
        .select({
          resource: resources,
          progress: sql<number>`coalesce(${jobs.progress}, 0)::int`,
          uploaderName: enterpriseUsers.userName,
          uploaderEmpNo: enterpriseUsers.empNo,
        })
        .from(resources)
        .leftJoin(jobs, eq(jobs.id, resources.jobId))
        .leftJoin(enterpriseUsers, and(eq(enterpriseUsers.enterpriseId, eid), eq(enterpriseUsers.id, resources.createdBy)))
        .where(where)
        .orderBy(review === 'pending' ? sql`${resources.createdAt} asc` : sql`${resources.reviewedAt} desc nulls last`, desc(resources.id))
        .limit(limit)
        .offset(offset);
      return { rows, total: Number(total?.n ?? 0) };
    },

    /** Moves a resource from one of the review states `from` to another; undefined when it was in none of them. */
    async setReview(id: string, from: ReviewState[], values: { review: ReviewState; reviewReason?: string; reviewedBy?: string | null; reviewedAt?: SQL | null }) {
      const [row] = await db
        .update(resources)
        .set(values)
        .where(and(ownResource(id), inArray(resources.review, from)))
        .returning();
      return row;
    },

    /** How many periods, coursewares and live rooms use a resource. */
    async uses(id: string): Promise<number> {
      const result = await db.execute(sql`select
        (select count(*) from course_items i where i.enterprise_id = ${eid} and i.resource_id = ${id}::uuid)
        + (select count(*) from coursewares w where w.enterprise_id = ${eid} and w.resource_id = ${id}::uuid)
        + (select count(*) from live_rooms l where l.enterprise_id = ${eid} and l.playback_resource_id = ${id}::uuid) as n`);
      return Number(((result as { rows?: { n: number | string }[] }).rows ?? [])[0]?.n ?? 0);
    },

    /** Deletes a library resource nothing uses; answers it, or undefined. */
    async deleteUnused(id: string): Promise<MediaResourceRow | undefined> {
      const [row] = await db
        .delete(resources)
        .where(
          and(
            ownResource(id),
            inArray(resources.review, ['library', 'approved']),
            sql`not exists (select 1 from course_items i where i.enterprise_id = ${eid} and i.resource_id = ${resources.id})`,
            sql`not exists (select 1 from coursewares w where w.enterprise_id = ${eid} and w.resource_id = ${resources.id})`,
            sql`not exists (select 1 from live_rooms l where l.enterprise_id = ${eid} and l.playback_resource_id = ${resources.id})`,
          ),
        )
        .returning();
      return row;
    },

    /** Deletes a member's own upload while it is not in the library; answers it, or undefined. */
    async deleteOwn(id: string, memberId: string): Promise<MediaResourceRow | undefined> {
      const [row] = await db
        .delete(resources)
        .where(and(ownResource(id), eq(resources.createdBy, memberId), inArray(resources.review, ['own', 'pending', 'rejected'])))
        .returning();
      return row;
    },

    async markFailed(id: string, jobId: string, failure: string): Promise<void> {
      await db
        .update(resources)
        .set({ state: 'failed', failure: failure.slice(0, 2000) })
        .where(and(ownResource(id), eq(resources.jobId, jobId)));
    },
  };
}
