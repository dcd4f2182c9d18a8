/**
 * Uploaded files as records (`uploaded_files`): the upload call reserves one within the
 * member's and the company's quotas before its file is written; a save that names an upload
 * claims it (`used_at`); and the sweeper removes, from the store and then the table, the uploads
 * that no saved object names a day after they were made or last named.
 */
import { and, count, desc, eq, sql, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { formatFileSize } from '@/lib/format';
import type { Db } from '../client';
import {
  announcements,
  banners,
  communityAnswers,
  communityPosts,
  courses,
  enterpriseUsers,
  enterprises,
  homeSettings,
  lecturers,
  liveRooms,
  navItems,
  projects,
  resources,
  studyTasks,
  uploadedFiles,
} from '../schema';
import { lockQuota, quotaReached, quotasOf, UNREFERENCED_UPLOAD_TTL_SECONDS } from '../../quotas';
import type { FileStore } from '../../files/store';
import type { RowWindow } from '../../paging';

export interface NewUpload {
  enterpriseId: string;
  enterpriseUserId: string;
  /** Store key, `<eid>/<name>`. */
  key: string;
  contentType: string;
  size: number;
  originalName: string;
}

const HOUR_SECONDS = 3600;

/**
 * Records an upload before its file is written, within the quotas of its member (uploads in
 * the last hour, bytes stored) and its company (bytes stored); a 429 `ApiError` otherwise. The
 * company's uploads are counted one at a time (an advisory lock), so uploads sent at once, to
 * any replica, cannot all slip past a limit.
 */
/**
 * What an upload is for, beside pictures: `library` (an administrator's media, counted against
 * the company's bytes only) or `media` (a member's media for their own space, within the larger
 * {@link Quotas.mediaBytesPerMember}).
 */
export type UploadPurpose = 'picture' | 'library' | 'media';

async function reserveUpload(db: Db, upload: NewUpload, purpose: UploadPurpose = 'picture'): Promise<void> {
  const quotas = quotasOf(upload.enterpriseId);
  await db.transaction(async (tx) => {
    await lockQuota(tx, 'upload', upload.enterpriseId);
    const mine = eq(uploadedFiles.enterpriseUserId, upload.enterpriseUserId);
    const lastHour = and(mine, sql`${uploadedFiles.createdAt} > now() - make_interval(secs => ${HOUR_SECONDS})`);
    const [used] = await tx
      .select({
        hour: sql<number>`count(*) filter (where ${lastHour})::int`,
        // Seconds until the oldest upload of the hour leaves it.
        frees: sql<number | null>`extract(epoch from min(${uploadedFiles.createdAt}) filter (where ${lastHour}) + make_interval(secs => ${HOUR_SECONDS}) - now())::float8`,
        memberBytes: sql<number>`coalesce(sum(${uploadedFiles.size}) filter (where ${mine}), 0)::float8`,
        companyBytes: sql<number>`coalesce(sum(${uploadedFiles.size}), 0)::float8`,
      })
      .from(uploadedFiles)
      .where(eq(uploadedFiles.enterpriseId, upload.enterpriseId));
    const hour = Number(used?.hour ?? 0);
    if (hour >= quotas.uploadsPerMemberPerHour) {
      const seconds = Math.max(1, Number(used?.frees ?? HOUR_SECONDS));
      throw quotaReached('quota.uploadsPerHour', { max: quotas.uploadsPerMemberPerHour, minutes: Math.ceil(seconds / 60) }, seconds);
    }
    // The library's media (an administrator's videos) count against the company's bytes only.
    const memberMax = purpose === 'media' ? quotas.mediaBytesPerMember : quotas.uploadBytesPerMember;
    if (purpose !== 'library' && Number(used?.memberBytes ?? 0) + upload.size > memberMax) {
      throw quotaReached('quota.uploadBytesMember', { max: formatFileSize(memberMax) });
    }
    if (Number(used?.companyBytes ?? 0) + upload.size > quotas.uploadBytesPerCompany) {
      throw quotaReached('quota.uploadBytesCompany', { max: formatFileSize(quotas.uploadBytesPerCompany) });
    }
    await tx.insert(uploadedFiles).values(upload);
  });
}

/** Takes back a reservation whose file could not be written. */
async function releaseUpload(db: Db, enterpriseId: string, key: string): Promise<void> {
  await db.delete(uploadedFiles).where(and(eq(uploadedFiles.enterpriseId, enterpriseId), eq(uploadedFiles.key, key)));
}

/**
 * Whether this company's upload issued `key`; if so it is marked as named now, so the sweeper
 * leaves it another day even while the save that names it is still being written.
 */
async function claimUpload(db: Db, enterpriseId: string, key: string): Promise<boolean> {
  const rows = await db
    .update(uploadedFiles)
    .set({ usedAt: sql`now()` })
    .where(and(eq(uploadedFiles.enterpriseId, enterpriseId), eq(uploadedFiles.key, key)))
    .returning({ id: uploadedFiles.id });
  return rows.length > 0;
}

/**
 * Columns where a saved object may name an upload by its path (`/files/<key>`, alone, in an
 * address, or inside JSON): what members save (avatars, community pictures) and what the back
 * office may set (logos, covers, banners, lecturers' photos, resources). A new column that holds
 * a path belongs here; `uploads.test.ts` fails for one that looks like it and is not listed.
 */
export const uploadReferences: readonly PgColumn[] = [
  enterprises.logo,
  enterprises.icon,
  enterpriseUsers.headPortrait,
  navItems.navUrl,
  navItems.linkUrl,
  lecturers.avatar,
  resources.url,
  resources.playUrls,
  resources.body,
  courses.cover,
  studyTasks.cover,
  projects.cover,
  liveRooms.cover,
  liveRooms.streamUrl,
  banners.image,
  banners.linkUrl,
  homeSettings.zoneLogo,
  homeSettings.zoneLogoLink,
  announcements.linkUrl,
  announcements.contentZh,
  announcements.contentEn,
  communityPosts.images,
  communityAnswers.images,
];

/** A stored file's key inside a path or address, as `isFileKey` allows it. */
const KEY_IN_PATH = '/files/([A-Za-z0-9_-]{1,64}/[A-Za-z0-9_-]{1,64}\\.[a-z0-9]{1,8})';

/** Every file key some saved object names: one query over {@link uploadReferences}. */
function referencedKeys(): SQL {
  const parts = uploadReferences.map(
    (column) =>
      sql`select (regexp_matches(${column}::text, ${KEY_IN_PATH}, 'g'))[1] as key from ${column.table} where ${column}::text like '%/files/%'`,
  );
  return sql.join(parts, sql` union all `);
}

/** Uploads removed per transaction of a sweep. */
export const SWEEP_BATCH = 200;

/**
 * Removes, in every company, the uploads that no saved object names and that were made (or
 * last named) more than {@link UNREFERENCED_UPLOAD_TTL_SECONDS} ago: first the file from the
 * store, then the row, batch by batch; answers the keys removed. Rows are taken with
 * `FOR UPDATE SKIP LOCKED`, so gateways sweeping at once share the work and remove each upload
 * once, and a save claiming an upload meanwhile either waits for the sweep (and finds it gone)
 * or keeps it. The one entry point of this periodic work (a job queue may run it later).
 */
export async function sweepUnreferencedUploads(db: Db, files: FileStore): Promise<string[]> {
  const removed: string[] = [];
  for (;;) {
    const batch = await db.transaction(async (tx) => {
      const result = await tx.execute(sql`
        with referenced as (${referencedKeys()})
        select u.id, u.key from ${uploadedFiles} u
        where coalesce(u.used_at, u.created_at) < now() - make_interval(secs => ${UNREFERENCED_UPLOAD_TTL_SECONDS})
          and not exists (select 1 from referenced r where r.key = u.key)
        order by u.created_at
        limit ${SWEEP_BATCH}
        for update of u skip locked`);
      const found = (result as { rows?: { id: string; key: string }[] }).rows ?? [];
      if (found.length === 0) return [];
      // The files first: a sweep cut short leaves rows to sweep again, never a file nobody knows.
      for (const { key } of found) await files.delete(key);
      await tx.execute(sql`delete from ${uploadedFiles} where id in (${sql.join(found.map((r) => sql`${r.id}::uuid`), sql`, `)})`);
      return found.map((r) => r.key);
    });
    removed.push(...batch);
    if (batch.length < SWEEP_BATCH) return removed;
  }
}

/** The uploads of enterprise `eid` (`scoped(db, eid).uploads.claim(key)`). */
export function uploadQueries(db: Db, eid: string) {
  return {
    /** See {@link reserveUpload}; the upload is this enterprise's. */
    reserve: (upload: Omit<NewUpload, 'enterpriseId'>, purpose?: UploadPurpose) => reserveUpload(db, { ...upload, enterpriseId: eid }, purpose),
    release: (key: string) => releaseUpload(db, eid, key),
    claim: (key: string) => claimUpload(db, eid, key),

    /**
     * A page of one member's uploads, newest first, and how many there are: pictures and the
     * like, not the media files of the library or of their own space (a resource's original is
     * stored as `<eid>/<resource id>.<ext>`; an unfinished one is reserved as `….part`), which
     * their pages list with their processing.
     */
    async mine(memberId: string, { limit, offset }: RowWindow) {
      const own = and(
        eq(uploadedFiles.enterpriseId, eid),
        eq(uploadedFiles.enterpriseUserId, memberId),
        sql`${uploadedFiles.key} not like '%.part'`,
        sql`not exists (select 1 from ${resources} r where r.enterprise_id = ${eid} and ${uploadedFiles.key} like ${`${eid}/`} || r.id::text || '.%')`,
      );
      const [rows, [total]] = await Promise.all([
        db
          .select()
          .from(uploadedFiles)
          .where(own)
          .orderBy(desc(uploadedFiles.createdAt), desc(uploadedFiles.id))
          .limit(limit)
          .offset(offset),
        db.select({ n: count() }).from(uploadedFiles).where(own),
      ]);
      return { rows, count: total?.n ?? 0 };
    },
  };
}
