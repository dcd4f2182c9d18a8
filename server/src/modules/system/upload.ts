/**
 * Avatar upload (`uploadPic`, multipart field `file`): a JPG or PNG judged by its bytes, not
 * its name or declared type, under 5 MB, stored as `<eid>/<random>.<ext>` in the file store
 * and served back at `/files/<eid>/<name>`. Each upload is reserved within the member's and the
 * company's quotas (`db/access/uploads.ts`) before its file is written.
 */
import { randomBytes } from 'node:crypto';
import { Code } from '@/api/codes';
import type { EndpointName } from '@/api/endpoints';
import type { UploadResult } from '@/api/types';
import { ApiError } from '../../envelope';
import { FILES_PATH } from '../../files/serve';
import { scoped } from '../../db/access';
import type { AuthContext } from '../../routing';

/** Spec section 5: an avatar must be under 5 MB. */
export const MAX_AVATAR_BYTES = 5 * 1024 * 1024;
/** Body limit of multipart upload calls: the file plus the form's own overhead. */
export const MAX_UPLOAD_BODY_BYTES = 6 * 1024 * 1024;
/** Calls that take a multipart file and so get {@link MAX_UPLOAD_BODY_BYTES}. */
export const uploadEndpoints: readonly EndpointName[] = ['uploadPic', 'crmMemberImportPreview'];
/** The form field that carries the file. */
export const UPLOAD_FIELD = 'file';

export type ImageType = { ext: 'png' | 'jpg'; contentType: 'image/png' | 'image/jpeg' };

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

/**
 * The image type by magic bytes: PNG's 8-byte signature, or JPEG's start-of-image marker
 * followed by another marker.
 *
 * @example imageTypeOf(pngBytes) → { ext: 'png', contentType: 'image/png' }
 */
export function imageTypeOf(bytes: Uint8Array): ImageType | undefined {
  if (bytes.length >= 8 && PNG_SIGNATURE.every((b, i) => bytes[i] === b)) {
    return { ext: 'png', contentType: 'image/png' };
  }
  if (bytes.length >= 4 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) {
    return { ext: 'jpg', contentType: 'image/jpeg' };
  }
  return undefined;
}

/** The uploaded file's own name, without folders or control characters, for display only. */
function displayName(name: string): string {
  const base = name.split(/[\\/]/).pop() ?? '';
  return [...base.replace(/[\u0000-\u001f\u007f]/g, '')].slice(0, 100).join('');
}

async function readFile(ctx: AuthContext): Promise<File> {
  const type = ctx.c.req.header('content-type') ?? '';
  if (!/^multipart\/form-data\s*;/i.test(type)) {
    throw new ApiError(Code.UNSUPPORTED_MEDIA_TYPE, 'upload.multipart');
  }
  let form: FormData;
  try {
    form = await ctx.c.req.formData();
  } catch {
    throw new ApiError(Code.INVALID, 'upload.multipart');
  }
  const file = form.get(UPLOAD_FIELD);
  if (!(file instanceof File) || file.size === 0) throw new ApiError(Code.INVALID, 'upload.empty');
  return file;
}

export async function uploadPic(ctx: AuthContext): Promise<UploadResult> {
  const file = await readFile(ctx);
  if (file.size >= MAX_AVATAR_BYTES) throw new ApiError(Code.PAYLOAD_TOO_LARGE, 'upload.size');
  const bytes = new Uint8Array(await file.arrayBuffer());
  const image = imageTypeOf(bytes);
  if (!image) throw new ApiError(Code.INVALID, 'upload.format');
  const key = `${ctx.tenant.id}/${randomBytes(16).toString('base64url')}.${image.ext}`;
  const fileName = displayName(file.name);
  const uploads = scoped(ctx.db, ctx.tenant.id).uploads;
  await uploads.reserve({
    enterpriseUserId: ctx.member.id,
    key,
    contentType: image.contentType,
    size: bytes.length,
    originalName: fileName,
  });
  try {
    await ctx.c.get('files').put(key, bytes);
  } catch (error) {
    await uploads.release(key);
    throw error;
  }
  return { url: `${FILES_PATH}/${key}`, fileName, fileSize: bytes.length };
}
