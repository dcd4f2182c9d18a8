/**
 * Download URLs of finished exports. The URL names the record and an expiry and carries an
 * HMAC-SHA256 of both (and the enterprise) keyed with a secret the gateway keeps in the
 * database, so a browser can open it in a new window without a token, for five minutes, on
 * its own company's site only.
 */
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { Code } from '@/api/codes';
import { endpoints } from '@/api/endpoints';
import type { DownloadUrl } from '@/api/learning-types';
import type { Db } from '../../db/client';
import { serverSecrets } from '../../db/schema';
import { ApiError } from '../../envelope';
import type { AuthContext, PublicContext } from '../../routing';
import { dataScope } from './data';

/** How long a download URL works. */
export const DOWNLOAD_URL_SECONDS = 5 * 60;

const SECRET_NAME = 'export-download-key';
const secrets = new WeakMap<Db, Promise<Buffer>>();

async function loadSecret(db: Db): Promise<Buffer> {
  await db
    .insert(serverSecrets)
    .values({ name: SECRET_NAME, value: randomBytes(32).toString('base64url') })
    .onConflictDoNothing();
  const [row] = await db.select().from(serverSecrets).where(eq(serverSecrets.name, SECRET_NAME));
  if (!row) throw new Error('The download key could not be stored');
  return Buffer.from(row.value);
}

/** The key of download signatures, shared by every replica through the database. */
function downloadKey(db: Db): Promise<Buffer> {
  let key = secrets.get(db);
  if (!key) {
    key = loadSecret(db);
    key.catch(() => secrets.delete(db));
    secrets.set(db, key);
  }
  return key;
}

async function signature(db: Db, enterpriseId: string, id: string, exp: string): Promise<Buffer> {
  return createHmac('sha256', await downloadKey(db)).update(`${enterpriseId}\u0000${id}\u0000${exp}`).digest();
}

const notFound = () => new ApiError(Code.NOT_FOUND, 'data.exportNotFound');

/**
 * `exportRecordDownloadUrl`: a signed URL of the caller's own finished export, relative to the
 * site and under the gateway prefix the request came through.
 */
export async function exportRecordDownloadUrl(ctx: AuthContext, id: string): Promise<DownloadUrl> {
  const record = await dataScope(ctx.db, ctx.tenant.id).ownExport(ctx.member.id, id);
  if (!record || record.exportStatus !== 2 || !record.fileKey) throw notFound();
  const exp = String(Math.floor(Date.now() / 1000) + DOWNLOAD_URL_SECONDS);
  const sig = (await signature(ctx.db, ctx.tenant.id, record.id, exp)).toString('hex');
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
  const exp = input.exp ?? '';
  const given = Buffer.from(/^[0-9a-f]{64}$/i.test(input.sig ?? '') ? input.sig! : '', 'hex');
  const expected = await signature(ctx.db, tenant.id, input.id, exp);
  const signed = given.length === expected.length && timingSafeEqual(given, expected);
  const fresh = /^\d{1,12}$/.test(exp) && Number(exp) * 1000 >= Date.now();
  if (!signed || !fresh) throw new ApiError(Code.FORBIDDEN, 'data.downloadLinkInvalid');

  const record = await dataScope(ctx.db, tenant.id).finishedExport(input.id);
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
