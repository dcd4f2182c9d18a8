/**
 * Resumable uploads into the library (the tus protocol, `@tus/server`), at
 * `<prefix>/course/crm/upload`: an administrator's browser creates an upload with its size and
 * name, sends the bytes in as many requests as its connection allows, and after a drop or a
 * closed tab asks how far it got and goes on from there.
 *
 * Every request is signed in as a row of the call table is (token, tenant, initial password), and
 * an upload answers only to the member who created it. An upload into the library needs the
 * `admin` role; any member may upload into their own space (`purpose: mine` in the upload's
 * metadata) and submit the file for review (`./reviews.ts`). The upload is reserved
 * within the company's stored bytes when it is created. When its last byte arrives the file is
 * judged by its content (`files/sniff.ts`): a file that is none of the library's kinds, or whose
 * name says another kind than its bytes, is refused and forgotten; any other becomes a resource
 * in `processing` and a media job (`./media-job.ts`) is queued in the same transaction.
 */
import { randomBytes } from 'node:crypto';
import { Server } from '@tus/server';
import type { Upload } from '@tus/utils';
import type { Context, Hono } from 'hono';
import { Code, httpStatusFor } from '@/api/codes';
import { MAX_MEDIA_UPLOAD_BYTES, MEDIA_UPLOAD_PATH, RESOURCE_TYPE_OF_KIND } from '@/lib/authoring-rules';
import { formatFileSize } from '@/lib/format';
import { hasRole } from '@/lib/roles';
import { recordAudit } from '../../audit';
import { scoped } from '../../db/access';
import { catalogue } from '../../db/access/catalogue-cache';
import { withTenant } from '../../db/tenant-lock';
import { ApiError } from '../../envelope';
import { sniff, sniffMismatch } from '../../files/sniff';
import type { UploadStore } from '../../files/upload-store';
import { t, type MessageKey } from '../../i18n';
import { publicContext, requireSignIn, type AuthContext, type RoutingOptions } from '../../routing';
import { mediaJob } from './media-job';

/** Bytes of a finished upload read to judge what it is. */
const SNIFF_BYTES = 4096;

/** The file's own name, without folders or control characters, at most 200 characters. */
export function uploadName(name: string | null | undefined): string {
  const base = (name ?? '').split(/[\\/]/).pop() ?? '';
  return [...base.replace(/[\u0000-\u001f\u007f]/g, '').trim()].slice(0, 200).join('');
}

/**
 * The name a resource takes from its file: the file name without its extension.
 *
 * @example resourceNameOf('安全培训 第1讲.mp4') → '安全培训 第1讲'
 */
export function resourceNameOf(fileName: string): string {
  const dot = fileName.lastIndexOf('.');
  return (dot > 0 ? fileName.slice(0, dot) : fileName).trim() || fileName;
}

/** The reservation key of an upload until its content is known. */
const pendingKey = (eid: string, id: string) => `${eid}/${id}.part`;

/** A refusal as tus answers one: the status and the gateway's envelope as the body. */
function refusal(ctx: AuthContext, code: number, key: MessageKey, params: Record<string, string | number> = {}) {
  return { status_code: httpStatusFor(code), body: JSON.stringify({ code, msg: t(ctx.lang, key, params), data: null }) };
}

export interface MediaUploadOptions extends RoutingOptions {
  store: UploadStore;
}

/** Mounts the resumable upload route on `app`. */
export function mountMediaUploads(app: Hono, options: MediaUploadOptions): void {
  const path = `${options.prefix}/${MEDIA_UPLOAD_PATH}`;
  const callers = new WeakMap<Request, AuthContext>();
  const callerOf = (req: Request): AuthContext => {
    const ctx = callers.get(req);
    if (!ctx) throw new Error('A tus request reached its hooks without a signed-in caller');
    return ctx;
  };

  const tus = new Server({
    path,
    datastore: options.store.datastore,
    relativeLocation: true,
    maxSize: MAX_MEDIA_UPLOAD_BYTES,
    namingFunction: () => randomBytes(16).toString('base64url'),

    async onUploadCreate(req, upload) {
      const ctx = callerOf(req as unknown as Request);
      const fileName = uploadName(upload.metadata?.filename ?? upload.metadata?.name);
      const size = upload.size ?? 0;
      // Into the library (administrators), or into the member's own space for review.
      const purpose = upload.metadata?.purpose === 'mine' ? 'mine' : 'library';
      if (purpose === 'library' && !hasRole(ctx.member, 'admin')) throw refusal(ctx, Code.FORBIDDEN, 'crm.forbidden');
      if (!fileName) throw refusal(ctx, Code.INVALID, 'authoring.uploadName');
      if (size <= 0) throw refusal(ctx, Code.INVALID, 'upload.empty');
      const s = scoped(ctx.db, ctx.tenant.id);
      try {
        await s.uploads.reserve(
          { enterpriseUserId: ctx.member.id, key: pendingKey(ctx.tenant.id, upload.id), contentType: 'application/octet-stream', size, originalName: fileName },
          purpose === 'library' ? 'library' : 'media',
        );
      } catch (error) {
        if (error instanceof ApiError) throw refusal(ctx, error.code, error.key, error.params as Record<string, string | number>);
        throw error;
      }
      await s.media.createUpload({ id: upload.id, enterpriseUserId: ctx.member.id, purpose, fileName, size });
      return { metadata: { ...upload.metadata, filename: fileName, purpose } };
    },

    async onIncomingRequest(req, id) {
      const ctx = callerOf(req as unknown as Request);
      if (req.method === 'POST') return;
      const row = await scoped(ctx.db, ctx.tenant.id).media.upload(id);
      // Another member's upload, or another company's, is as good as none.
      if (!row || row.enterpriseUserId !== ctx.member.id) throw refusal(ctx, Code.NOT_FOUND, 'authoring.uploadNotFound');
    },

    async onUploadFinish(req, upload) {
      const ctx = callerOf(req as unknown as Request);
      const resourceId = await finishUpload(ctx, options.store, upload);
      return { headers: { 'Upload-Resource': resourceId } };
    },
  });

  const handle = async (c: Context) => {
    // Any signed-in member: the library itself is checked for the administrator's role when an upload is created.
    const ctx = await requireSignIn(publicContext(c, options));
    callers.set(c.req.raw, ctx);
    return withTenant(ctx.tenant.id, async () => await tus.handleWeb(c.req.raw));
  };
  app.all(path, handle);
  app.all(`${path}/:id`, handle);
}

/**
 * Turns a complete upload into a resource in `processing` with its job queued, once: a repeated
 * last request finds the resource made the first time. A file of no library kind, or named as
 * another kind, is refused and its bytes and reservation dropped.
 */
async function finishUpload(ctx: AuthContext, store: UploadStore, upload: Upload): Promise<string> {
  const eid = ctx.tenant.id;
  const s = scoped(ctx.db, eid);
  const row = await s.media.upload(upload.id);
  if (!row) throw refusal(ctx, Code.NOT_FOUND, 'authoring.uploadNotFound');
  if (row.resourceId) return row.resourceId;

  const found = sniff(await store.head(upload.id, SNIFF_BYTES), row.fileName);
  if (!found || sniffMismatch(found, row.fileName)) {
    await store.remove(upload.id);
    await s.uploads.release(pendingKey(eid, upload.id));
    await s.media.deleteUpload(upload.id);
    throw found
      ? refusal(ctx, Code.UNSUPPORTED_MEDIA_TYPE, 'authoring.uploadMismatch', { name: row.fileName, kind: t(ctx.lang, `authoring.kind.${found.kind}` as MessageKey) })
      : refusal(ctx, Code.UNSUPPORTED_MEDIA_TYPE, 'authoring.uploadType', { name: row.fileName });
  }

  const resourceId = await ctx.db.transaction(async (tx) => {
    const t2 = scoped(tx, eid);
    const name = resourceNameOf(row.fileName);
    const resource = await t2.media.insertResource({
      resourceType: RESOURCE_TYPE_OF_KIND[found.kind],
      nameZh: name,
      nameEn: '',
      fileName: row.fileName,
      size: row.size,
      state: 'processing',
      createdBy: ctx.member.id,
      review: row.purpose === 'mine' ? 'own' : 'library',
    });
    if (!(await t2.media.finishUpload(upload.id, resource.id))) {
      // Another request finished it first: keep that one's resource.
      throw new RaceLost();
    }
    const key = `${eid}/${resource.id}.${found.ext}`;
    await t2.media.rekeyReservation(pendingKey(eid, upload.id), key, found.contentType);
    const jobId = await mediaJob.enqueue(tx, { resourceId: resource.id, uploadId: upload.id, kind: found.kind, ext: found.ext }, { enterpriseId: eid });
    await t2.media.markProcessing(resource.id, jobId);
    await recordAudit(t2, ctx.member, [
      {
        action: 'create',
        objectType: 'resource',
        objectId: resource.id,
        objectLabel: name,
        changes: [{ field: 'fileName', before: null, after: `${row.fileName} (${formatFileSize(row.size)})` }],
      },
    ]);
    return resource.id;
  }).catch(async (error: unknown) => {
    if (!(error instanceof RaceLost)) throw error;
    return (await s.media.upload(upload.id))!.resourceId!;
  });
  catalogue.forget(eid);
  return resourceId;
}

class RaceLost extends Error {}
