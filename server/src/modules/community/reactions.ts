/**
 * Likes (on posts and answers), bookmarks (on posts) and comments with replies (on posts) in
 * the community. Likes toggle; a bookmark is set or taken back, twice the same changes
 * nothing. Comments follow the shared thread rules (`server/src/threads.ts`).
 */
import type {
  CommunityAdmireBody,
  CommunityAdmireResult,
  CommunityCollectionResult,
  CommunityComment,
  CommunityCommentSaveBody,
  CommunityReply,
} from '@/api/community-types';
import type { PageResult } from '@/api/types';
import type { AuthContext, PublicContext } from '../../routing';
import { commentContent, commentFailed, threadComment, threadDelete, threadPage, threadReply } from '../../threads';
import { scoped } from '../../db/access';
import type { Paging } from '../../paging';
import { answerNotFound } from './answers';
import { POST_TARGET } from '../../db/access/community';
import { postNotFound, readerOf, scopeOf, type Reader } from './posts';

export async function admire(ctx: AuthContext, body: CommunityAdmireBody): Promise<CommunityAdmireResult> {
  const scope = scopeOf(ctx);
  if (!(await scope.targetExists(body.targetType, body.id))) throw body.targetType === POST_TARGET ? postNotFound() : answerNotFound();
  const admired = await scope.toggleLike(ctx.member.id, body.targetType, body.id);
  return { admired, admireCount: await scope.countOn('admire', body.targetType, body.id) };
}

export async function setCollected(ctx: AuthContext, postId: string, on: boolean): Promise<CommunityCollectionResult> {
  const scope = scopeOf(ctx);
  if (!(await scope.targetExists(POST_TARGET, postId))) throw postNotFound();
  await scope.setCollected(ctx.member.id, postId, on);
  return { collected: on, collectCount: await scope.countOn('collect', POST_TARGET, postId) };
}

function threadsOf(ctx: Reader) {
  return scoped(ctx.db, ctx.tenant.id).comments.of(POST_TARGET);
}

export async function commentPage(ctx: PublicContext, body: Paging & { postId: string }): Promise<PageResult<CommunityComment>> {
  const reader = await readerOf(ctx);
  if (!(await scopeOf(reader).postRow(body.postId))) throw postNotFound();
  return threadPage(threadsOf(reader), body.postId, body, reader.member?.id);
}

/** A comment on a post, or with `commentId` a reply to one of its comments. */
export async function commentSave(ctx: AuthContext, body: CommunityCommentSaveBody): Promise<CommunityComment | CommunityReply> {
  commentContent(body.content);
  if (!(await scopeOf(ctx).postRow(body.postId))) throw commentFailed();
  const threads = threadsOf(ctx);
  if (!body.commentId) return threadComment(threads, ctx.member, body.postId, body.content);
  const reply = { commentId: body.commentId, replyId: body.replyId, content: body.content };
  return threadReply(threads, ctx.member, reply, async (postId) => {
    if (postId !== body.postId) throw commentFailed();
  });
}

/** Deletes the caller's own comment (with its replies) or reply. */
export function commentDelete(ctx: AuthContext, id: string): Promise<null> {
  return threadDelete(threadsOf(ctx), ctx.member.id, id, 'any', async (postId) => Boolean(await scopeOf(ctx).postRow(postId)));
}
