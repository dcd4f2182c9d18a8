/** Handlers of the community rows of the call table: blogs, questions, answers, likes, bookmarks and comments. */
import { z } from 'zod';
import { PostKind } from '@/api/community-types';
import { publicRoute, authRoute, type RouteTable } from '../../routing';
import { pagingFields } from '../../paging';
import { answerAccept, answerDelete, answerPage, answerSave } from './answers';
import { postDelete, postPage, postSave, postView } from './posts';
import { admire, commentDelete, commentPage, commentSave, setCollected } from './reactions';

const kind = z.union([z.literal(PostKind.blog), z.literal(PostKind.question)]);
const idBody = z.object({ id: z.uuid() });
const postIdBody = z.object({ postId: z.uuid() });
// Lengths and counts are checked by the services, with their own messages; these only bound the input.
const text = z.string().max(100_000);
const images = z.array(z.string().max(500)).max(100).default([]);

export const communityRoutes = {
  communityPostPage: publicRoute({
    input: z.object({
      ...pagingFields('communityPostPage'),
      kind: kind.optional(),
      keyword: z.string().max(100).optional(),
      sort: z.enum(['newest', 'hottest']).optional(),
      mine: z.boolean().optional(),
      collected: z.boolean().optional(),
    }),
    handle: (ctx, body) => postPage(ctx, body),
  }),
  communityPostView: publicRoute({ input: idBody, handle: (ctx, { id }) => postView(ctx, id) }),
  communityPostSave: authRoute({
    input: z.object({ id: z.uuid().optional(), kind, title: z.string().max(1000), content: text.default(''), images }),
    handle: (ctx, body) => postSave(ctx, body),
  }),
  communityPostDelete: authRoute({ input: idBody, handle: (ctx, { id }) => postDelete(ctx, id) }),
  communityAnswerPage: publicRoute({
    input: z.object({ ...pagingFields('communityAnswerPage'), postId: z.uuid() }),
    handle: (ctx, body) => answerPage(ctx, body),
  }),
  communityAnswerSave: authRoute({
    input: z.object({ id: z.uuid().optional(), postId: z.uuid(), content: text, images }),
    handle: (ctx, body) => answerSave(ctx, body),
  }),
  communityAnswerDelete: authRoute({ input: idBody, handle: (ctx, { id }) => answerDelete(ctx, id) }),
  communityAnswerAccept: authRoute({
    input: z.object({ postId: z.uuid(), answerId: z.uuid().nullable().default(null) }),
    handle: (ctx, body) => answerAccept(ctx, body),
  }),
  communityAdmire: authRoute({
    input: z.object({ targetType: z.enum(['post', 'answer']), id: z.uuid() }),
    handle: (ctx, body) => admire(ctx, body),
  }),
  communityCollectionSave: authRoute({ input: postIdBody, handle: (ctx, { postId }) => setCollected(ctx, postId, true) }),
  communityCollectionDelete: authRoute({ input: postIdBody, handle: (ctx, { postId }) => setCollected(ctx, postId, false) }),
  communityCommentPage: publicRoute({
    input: z.object({ ...pagingFields('communityCommentPage'), postId: z.uuid() }),
    handle: (ctx, body) => commentPage(ctx, body),
  }),
  communityCommentSave: authRoute({
    input: z.object({ postId: z.uuid(), content: z.string(), commentId: z.uuid().optional(), replyId: z.uuid().optional() }),
    handle: (ctx, body) => commentSave(ctx, body),
  }),
  communityCommentDelete: authRoute({ input: idBody, handle: (ctx, { id }) => commentDelete(ctx, id) }),
} satisfies Partial<RouteTable>;
