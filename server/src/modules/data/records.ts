/**
 * Removing the caller's own download-centre records, with their files. A record is the
 * caller's when it has their company and their membership; anything else is not found and
 * stays as it is. The row goes first (its file key is read in the same statement), then the
 * file, so a download started meanwhile finds no record rather than a record without a file.
 */
import { Code } from '@/api/codes';
import type { DeleteResult } from '@/api/home-types';
import { scoped } from '../../db/access';
import { ApiError } from '../../envelope';
import type { FileStore } from '../../files/store';
import type { AuthContext } from '../../routing';

/** Files removed at a time when many records go at once. */
const DELETE_BATCH = 20;

async function removeFiles(files: FileStore, rows: { fileKey: string | null }[]): Promise<void> {
  const keys = rows.flatMap((r) => (r.fileKey ? [r.fileKey] : []));
  for (let i = 0; i < keys.length; i += DELETE_BATCH) {
    await Promise.all(keys.slice(i, i + DELETE_BATCH).map((key) => files.delete(key)));
  }
}

/** `exportRecordDelete?id`: one of the caller's records and its file. */
export async function exportRecordDelete(ctx: AuthContext, id: string): Promise<DeleteResult> {
  const rows = await scoped(ctx.db, ctx.tenant.id).reports.removeExport(ctx.member.id, id);
  if (rows.length === 0) throw new ApiError(Code.NOT_FOUND, 'data.exportNotFound');
  await removeFiles(ctx.c.get('files'), rows);
  return { deleted: rows.length };
}

/** `exportRecordAllDelete`: every record of the caller in this company, and their files. */
export async function exportRecordAllDelete(ctx: AuthContext): Promise<DeleteResult> {
  const rows = await scoped(ctx.db, ctx.tenant.id).reports.removeAllExports(ctx.member.id);
  await removeFiles(ctx.c.get('files'), rows);
  return { deleted: rows.length };
}
