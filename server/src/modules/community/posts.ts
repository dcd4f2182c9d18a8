/**
 * Community posts: blogs and questions of one company. Anyone may read them (the company is the
 * host's); a valid session adds the caller's own state. Writing needs a session: a member edits
 * and deletes their own posts, an administrator may delete any of the company's.
 */
import { Code } from '@/api/codes';
import {
  POST_CONTENT_MAX,
  POST_EXCERPT_LENGTH,
  POST_IMAGES_MAX,
  POST_TITLE_MAX,
  PostKind,
  type PostDetail,
  type PostItem,
  type PostKindValue,
  type PostPageBody,
  type PostSaveBody,
} from '@/api/community-types';
import type { PageResult } from '@/api/types';
import type { Enterprise, Member } from '../../db/access';
import { ApiError } from '../../envelope';
import { FILES_PATH } from '../../files/serve';
import { MEDIA_PATH } from '../../files/media';
import { signedUrl, unsignedUrl } from '../../files/signed-media';
import { isFileKey } from '../../files/store';
import { optionalSignIn, type AuthContext, type PublicContext } from '../../routing';
import { offsetOf, pageResult, type Paging } from '../../paging';
import { keywordTerms } from '../../keyword';
import { type PostRow } from '../../db/access/community';
import { scoped } from '../../db/access';

/** Who reads: the host's company, and the caller when a valid session of it came along. */
export interface Reader {
  db: PublicContext['db'];
  tenant: Enterprise;
  member?: Member;
}

/** The reader of a public call: signed in when its token is valid for the host's company, anonymous otherwise. */
export async function readerOf(ctx: PublicContext): Promise<Reader> {
  const signed = await optionalSignIn(ctx);
  if (signed) return signed;
  return { db: ctx.db, tenant: await ctx.requireTenant() };
}

export function scopeOf(ctx: Reader) {
  return scoped(ctx.db, ctx.tenant.id).community;
}

/**
 * Pictures as the reader gets them: the demo's pictures under `/media/…` (files that periods of
 * courses may show too) signed for the reader's company, uploaded ones (`/files/…`, served to the
 * company's own hosts) as they are.
 */
export function shownImages(reader: Reader, images: readonly string[]): Promise<string[]> {
  return Promise.all(images.map((url) => (url.startsWith(MEDIA_PATH) ? signedUrl(reader.db, reader.tenant.id, url) : url)));
}

export const postNotFound = () => new ApiError(Code.NOT_FOUND, 'community.notFound');
export const notYours = () => new ApiError(Code.FORBIDDEN, 'community.notYours');

const length = (text: string) => [...text].length;

/**
 * A post's or answer's text as stored: trimmed, at most {@link POST_CONTENT_MAX} characters;
 * empty only where `optional`.
 */
export function checkedContent(raw: string, optional = false): string {
  const text = raw.trim();
  if (!text && !optional) throw new ApiError(Code.INVALID, 'message.contentEmpty');
  if (length(text) > POST_CONTENT_MAX) throw new ApiError(Code.INVALID, 'message.contentTooLong', null, { max: POST_CONTENT_MAX });
  return text;
}

function checkedTitle(raw: string): string {
  const title = raw.trim();
  if (!title) throw new ApiError(Code.INVALID, 'message.titleEmpty');
  if (length(title) > POST_TITLE_MAX) throw new ApiError(Code.INVALID, 'message.titleTooLong', null, { max: POST_TITLE_MAX });
  return title;
}

/**
 * Pictures of a post or an answer: at most {@link POST_IMAGES_MAX}, each a file the gateway's
 * upload issued for this company (`/files/<eid>/<name>`) or one the object already shows
 * (`kept`, the demo's pictures among them). Repeats count once.
 */
export async function checkedImages(ctx: AuthContext, images: string[], kept: readonly string[] = []): Promise<string[]> {
  // A kept picture comes back as it was shown, signed.
  const unique = [...new Set(images.map((url) => unsignedUrl(url.trim())))];
  if (unique.length > POST_IMAGES_MAX) throw new ApiError(Code.INVALID, 'community.tooManyImages', null, { max: POST_IMAGES_MAX });
  const prefix = `${FILES_PATH}/${ctx.tenant.id}/`;
  for (const url of unique) {
    if (kept.includes(url)) continue;
    const key = url.startsWith(prefix) ? url.slice(FILES_PATH.length + 1) : '';
    if (!isFileKey(key) || !(await scoped(ctx.db, ctx.tenant.id).uploads.claim(key))) throw new ApiError(Code.INVALID, 'community.imageInvalid');
  }
  return unique;
}

const iso = (date: Date) => date.toISOString();

/** A post row as the caller sees it in a list. */
function toItem(row: PostRow, viewerId: string | undefined): PostItem {
  return {
    id: row.id,
    kind: row.kind === PostKind.question ? PostKind.question : PostKind.blog,
    title: row.title,
    excerpt: [...row.content].slice(0, POST_EXCERPT_LENGTH).join(''),
    images: row.images,
    author: { id: row.authorId, userName: row.userName, headPortrait: row.headPortrait },
    createdAt: iso(row.createdAt),
    updatedAt: iso(row.updatedAt),
    viewCount: row.viewCount,
    admireCount: row.admireCount,
    collectCount: row.collectCount,
    commentCount: row.commentCount,
    answerCount: row.answerCount,
    solved: row.acceptedAnswerId !== null,
    admired: Boolean(row.admired),
    collected: Boolean(row.collected),
    mine: row.authorId === viewerId,
  };
}

function toDetail(row: PostRow, member: Member | undefined): PostDetail {
  const item = toItem(row, member?.id);
  return {
    ...item,
    content: row.content,
    acceptedAnswerId: row.acceptedAnswerId,
    canDelete: item.mine || Boolean(member?.isAdmin),
  };
}

export async function postPage(ctx: PublicContext, body: Paging & Omit<PostPageBody, keyof Paging>): Promise<PageResult<PostItem>> {
  const reader = await readerOf(ctx);
  const viewerId = reader.member?.id;
  // A visitor has no posts or bookmarks of their own: the list needs a session.
  if ((body.mine || body.collected) && !viewerId) throw new ApiError(Code.UNAUTHORIZED, 'unauthorized');
  const keyword = body.keyword?.normalize('NFKC').trim();
  const { rows, total } = await scopeOf(reader).page(
    viewerId,
    {
      kind: body.kind,
      terms: keyword ? keywordTerms(keyword) : undefined,
      sort: body.sort,
      authorId: body.mine ? viewerId : undefined,
      collectedBy: body.collected ? viewerId : undefined,
    },
    offsetOf(body),
    body.pageSize,
  );
  return pageResult(
    await Promise.all(rows.map(async (row) => ({ ...toItem(row, viewerId), images: await shownImages(reader, row.images) }))),
    body,
    total,
  );
}

/** One post of the reader's company, whole. */
export async function postDetail(reader: Reader, id: string): Promise<PostDetail> {
  const row = await scopeOf(reader).post(reader.member?.id, id);
  if (!row) throw postNotFound();
  return { ...toDetail(row, reader.member), images: await shownImages(reader, row.images) };
}

/** Opens a post: counts the view and answers it whole. */
export async function postView(ctx: PublicContext, id: string): Promise<PostDetail> {
  const reader = await readerOf(ctx);
  await scopeOf(reader).countView(id);
  return postDetail(reader, id);
}

/** A post of the caller's company for a change; another's answers "not yours". */
async function ownPost(ctx: AuthContext, id: string) {
  const row = await scopeOf(ctx).postRow(id);
  if (!row) throw postNotFound();
  if (row.enterpriseUserId !== ctx.member.id) throw notYours();
  return row;
}

export async function postSave(ctx: AuthContext, body: PostSaveBody): Promise<PostDetail> {
  const kind: PostKindValue = body.kind;
  const title = checkedTitle(body.title);
  // A question may be all in its title; a blog needs a text.
  const content = checkedContent(body.content, kind === PostKind.question);
  const scope = scopeOf(ctx);
  if (body.id) {
    const row = await ownPost(ctx, body.id);
    if (row.kind !== kind) throw new ApiError(Code.INVALID, 'invalid.field', null, { field: 'kind' });
    const images = await checkedImages(ctx, body.images, row.images);
    if (!(await scope.updatePost(ctx.member.id, row.id, { title, content, images }))) throw postNotFound();
    return postDetail(ctx, row.id);
  }
  const images = await checkedImages(ctx, body.images);
  const id = await scope.insertPost({ memberId: ctx.member.id, kind, title, content, images });
  return postDetail(ctx, id);
}

/** Deletes the caller's own post, or as an administrator any post of the company. */
export async function postDelete(ctx: AuthContext, id: string): Promise<null> {
  const scope = scopeOf(ctx);
  const row = await scope.postRow(id);
  if (!row) throw postNotFound();
  if (row.enterpriseUserId !== ctx.member.id && !ctx.member.isAdmin) throw notYours();
  if (!(await scope.deletePost(id))) throw postNotFound();
  return null;
}
