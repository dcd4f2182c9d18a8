/**
 * Download URLs of finished exports. The URL names the record and an expiry and carries an
 * HMAC-SHA256 of both (and the enterprise) keyed with a secret the gateway keeps in the
 * database, so a browser can open it in a new window without a token, for five minutes, on
 * its own company's site only.
 */
import { Code } from '@/api/codes';
import { endpoints } from '@/api/endpoints';
import type { DownloadUrl } from '@/api/learning-types';
import { ApiError } from '../../envelope';
import { isFresh, signatureMatches, signParts } from '../../files/signing';
import type { AuthContext, PublicContext } from '../../routing';
import { scoped } from '../../db/access';

/** How long a download URL works. */
export const DOWNLOAD_URL_SECONDS = 5 * 60;

const notFound = () => new ApiError(Code.NOT_FOUND, 'data.exportNotFound');

/**
 * `exportRecordDownloadUrl`: a signed URL of the caller's own finished export, relative to the
 * site and under the gateway prefix the request came through.
 */
export async function exportRecordDownloadUrl(ctx: AuthContext, id: string): Promise<DownloadUrl> {
  const record = await scoped(ctx.db, ctx.tenant.id).reports.ownExport(ctx.member.id, id);
  if (!record || record.exportStatus !== 2 || !record.fileKey) throw notFound();
  const exp = String(Math.floor(Date.now() / 1000) + DOWNLOAD_URL_SECONDS);
  const sig = await signParts(ctx.db, [ctx.tenant.id, record.id, exp]);
  const own = `/${endpoints.exportRecordDownloadUrl.path}`;
  const path = ctx.c.req.path;
  const prefix = path.endsWith(own) ? path.slice(0, -own.length) : '';
  const query = new URLSearchParams({ id: record.id, exp, sig });
  return { url: `${prefix}/${endpoints.exportFileDownload.path}?${query}` };
}

/**
 * A `Content-Disposition` that keeps a UTF-8 file name (RFC 6266 `filename*`), with an ASCII
 * fallback for old clients.
 *
 * @example attachment('课程学习进度.xlsx') → `attachment; filename="______.xlsx"; filename*=UTF-8''%E8%AF%BE…`
 */
export function attachment(fileName: string): string {
  const fallback = fileName.replace(/[^\x20-\x7e]|["\\]/g, '_');
  const encoded = encodeURIComponent(fileName).replace(/['()*]/g, (ch) => `%${ch.charCodeAt(0).toString(16).toUpperCase()}`);
  return `attachment; filename="${fallback}"; filename*=UTF-8''${encoded}`;
}

/**
 * `exportFileDownload` (public): the file, when the URL's signature is right for this company
 * and has not expired. The signature is checked before anything is looked up.
 */
export async function exportFileDownload(
  ctx: PublicContext,
  input: { id: string; exp?: string; sig?: string },
): Promise<Response> {
  const tenant = await ctx.requireTenant();
  const signed = await signatureMatches(ctx.db, [tenant.id, input.id, input.exp ?? ''], input.sig);
  if (!signed || !isFresh(input.exp)) throw new ApiError(Code.FORBIDDEN, 'data.downloadLinkInvalid');

  const record = await scoped(ctx.db, tenant.id).reports.finishedExport(input.id);
  const file = record?.fileKey ? await ctx.c.get('files').get(record.fileKey) : undefined;
  if (!record || !file) throw notFound();
  return new Response(file.body, {
    status: 200,
    headers: {
      'Content-Type': 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      'Content-Length': String(file.size),
      'Content-Disposition': attachment(record.fileName),
      'Cache-Control': 'private, no-store',
      'X-Content-Type-Options': 'nosniff',
    },
  });
}
