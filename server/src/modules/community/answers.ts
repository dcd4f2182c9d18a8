/**
 * Answers to community questions: read by anyone, written, edited and deleted by their
 * authors; the question's author accepts one of them (or takes it back), which then leads the
 * list, marked.
 */
import { Code } from '@/api/codes';
import { PostKind, type AnswerAcceptBody, type AnswerAcceptResult, type AnswerItem, type AnswerSaveBody } from '@/api/community-types';
import type { PageResult } from '@/api/types';
import { ApiError } from '../../envelope';
import type { AuthContext, PublicContext } from '../../routing';
import { offsetOf, pageResult, type Paging } from '../../paging';
import type { AnswerRow } from '../../db/access/community';
import { checkedContent, checkedImages, notYours, postNotFound, readerOf, scopeOf, shownImages } from './posts';

export const answerNotFound = () => new ApiError(Code.NOT_FOUND, 'community.answerNotFound');

function toAnswer(row: AnswerRow, acceptedId: string | null, viewerId: string | undefined): AnswerItem {
  return {
    id: row.id,
    postId: row.postId,
    content: row.content,
    images: row.images,
    author: { id: row.authorId, userName: row.userName, headPortrait: row.headPortrait },
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    admireCount: row.admireCount,
    admired: Boolean(row.admired),
    accepted: row.id === acceptedId,
    mine: row.authorId === viewerId,
  };
}

export async function answerPage(ctx: PublicContext, body: Paging & { postId: string }): Promise<PageResult<AnswerItem>> {
  const reader = await readerOf(ctx);
  const scope = scopeOf(reader);
  const post = await scope.postRow(body.postId);
  if (!post) throw postNotFound();
  const viewerId = reader.member?.id;
  const { rows, total } = await scope.answerPage(viewerId, post.id, post.acceptedAnswerId, offsetOf(body), body.pageSize);
  return pageResult(
    await Promise.all(
      rows.map(async (row) => ({ ...toAnswer(row, post.acceptedAnswerId, viewerId), images: await shownImages(reader, row.images) })),
    ),
    body,
    total,
  );
}

/** A question of the caller's company; a blog takes comments, not answers. */
async function question(ctx: AuthContext, postId: string) {
  const post = await scopeOf(ctx).postRow(postId);
  if (!post) throw postNotFound();
  if (post.kind !== PostKind.question) throw new ApiError(Code.INVALID, 'community.notQuestion');
  return post;
}

/** The answer as the caller now sees it. */
async function answerOf(ctx: AuthContext, acceptedId: string | null, id: string): Promise<AnswerItem> {
  const row = await scopeOf(ctx).answer(ctx.member.id, id);
  if (!row) throw answerNotFound();
  return { ...toAnswer(row, acceptedId, ctx.member.id), images: await shownImages(ctx, row.images) };
}

export async function answerSave(ctx: AuthContext, body: AnswerSaveBody): Promise<AnswerItem> {
  const content = checkedContent(body.content);
  const post = await question(ctx, body.postId);
  const scope = scopeOf(ctx);
  if (body.id) {
    const found = await scope.answerRow(body.id);
    if (!found || found.answer.postId !== body.postId) throw answerNotFound();
    if (found.answer.enterpriseUserId !== ctx.member.id) throw notYours();
    const images = await checkedImages(ctx, body.images, found.answer.images);
    if (!(await scope.updateAnswer(ctx.member.id, body.id, { content, images }))) throw answerNotFound();
    return answerOf(ctx, post.acceptedAnswerId, body.id);
  }
  const images = await checkedImages(ctx, body.images);
  const id = await scope.insertAnswer({ memberId: ctx.member.id, postId: body.postId, content, images });
  return answerOf(ctx, post.acceptedAnswerId, id);
}

export async function answerDelete(ctx: AuthContext, id: string): Promise<null> {
  const scope = scopeOf(ctx);
  const found = await scope.answerRow(id);
  if (!found) throw answerNotFound();
  if (found.answer.enterpriseUserId !== ctx.member.id) throw notYours();
  if (!(await scope.deleteAnswer(ctx.member.id, id))) throw answerNotFound();
  return null;
}

/** The question's author accepts one of its answers, or with null takes the acceptance back. */
export async function answerAccept(ctx: AuthContext, body: AnswerAcceptBody): Promise<AnswerAcceptResult> {
  const post = await question(ctx, body.postId);
  if (post.enterpriseUserId !== ctx.member.id) throw new ApiError(Code.FORBIDDEN, 'community.acceptOnlyAuthor');
  if (body.answerId) {
    const found = await scopeOf(ctx).answerRow(body.answerId);
    if (!found || found.answer.postId !== post.id) throw answerNotFound();
  }
  if (!(await scopeOf(ctx).accept(ctx.member.id, post.id, body.answerId))) throw postNotFound();
  return { acceptedAnswerId: body.answerId };
}
