/**
 * Checks the site settings share: pictures and links that name an upload must name one of the
 * company's own (claimed, so the sweeper keeps it), and a new order must list every item once.
 */
import { Code } from '@/api/codes';
import type { Scoped } from '../../db/access';
import { ApiError } from '../../envelope';
import { FILES_PATH } from '../../files/serve';
import { isFileKey } from '../../files/store';

/** The store key of a `/files/<eid>/<name>` path of this company, or '' when it is not one. */
function ownFileKey(eid: string, url: string): string {
  const prefix = `${FILES_PATH}/${eid}/`;
  const key = url.startsWith(prefix) ? url.slice(FILES_PATH.length + 1) : '';
  return isFileKey(key) ? key : '';
}

/**
 * Pictures that ship with the site (`public/tenants/…`, `public/media/…`): the seeded logos and
 * banners, which a company may go back to after trying its own.
 */
const SHIPPED_PICTURE = /^\/(?:tenants|media)\/(?:[\w-]+\/)*[\w-]+\.(?:svg|png|jpe?g|webp|gif|ico)$/;

/**
 * A picture field's value as saved: '' (none), the value saved before, or a picture that ships
 * with the site as they are; otherwise the path of a picture this company uploaded, no larger
 * than `maxBytes` when given, claimed.
 */
export async function checkedPicture(
  s: Scoped,
  field: string,
  value: string,
  before: string,
  options: { maxBytes?: number; sizeKey?: 'site.logoSize' } = {},
): Promise<string> {
  const url = value.trim();
  if (url === '' || url === before || SHIPPED_PICTURE.test(url)) return url;
  const key = ownFileKey(s.enterpriseId, url);
  const upload = key ? await s.siteSettings.upload(key) : undefined;
  if (!upload || !upload.contentType.startsWith('image/')) throw new ApiError(Code.INVALID, 'site.imageInvalid', null, { field });
  if (options.maxBytes !== undefined && upload.size >= options.maxBytes) {
    throw new ApiError(Code.INVALID, options.sizeKey ?? 'site.logoSize');
  }
  if (!(await s.uploads.claim(key))) throw new ApiError(Code.INVALID, 'site.imageInvalid', null, { field });
  return url;
}

/**
 * A link field's value as saved (the schema has checked its shape): a `/files/` path must be an
 * upload of this company, claimed, unless it is the value saved before.
 */
export async function checkedLink(s: Scoped, field: string, value: string, before: string): Promise<string> {
  const link = value.trim();
  if (link === before || !link.startsWith(`${FILES_PATH}/`)) return link;
  const key = ownFileKey(s.enterpriseId, link.split(/[?#]/)[0]!);
  if (!key || !(await s.uploads.claim(key))) throw new ApiError(Code.INVALID, 'site.linkInvalid', null, { field });
  return link;
}

/** Refuses a new order that does not list every current item exactly once. */
export function requireSameItems(current: readonly { id: string }[], ids: readonly string[]): void {
  const known = new Set(current.map((r) => r.id));
  if (ids.length !== known.size || !ids.every((id) => known.has(id))) {
    throw new ApiError(Code.INVALID, 'site.reorderMismatch', null, { count: known.size });
  }
}

/** Rows in the order of `ids` (which lists each of them once). */
export function inOrder<T extends { id: string }>(rows: readonly T[], ids: readonly string[]): T[] {
  const byId = new Map(rows.map((r) => [r.id, r]));
  return ids.map((id) => byId.get(id)!);
}
