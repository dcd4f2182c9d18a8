/**
 * The community's calls: blogs and questions, answers, likes, bookmarks and comments. Reading
 * works without a session (the client sends the token when there is one, and the answers then
 * carry the caller's own state); every other call needs one.
 */
import { call, type CallOptions } from '@/api/client';
import type {
  AnswerAcceptResult,
  AnswerItem,
  AnswerSaveBody,
  CommunityAdmireBody,
  CommunityAdmireResult,
  CommunityCollectionResult,
  CommunityComment,
  CommunityCommentSaveBody,
  CommunityReply,
  PostDetail,
  PostItem,
  PostPageBody,
  PostSaveBody,
} from '@/api/community-types';
import type { PageResult } from '@/api/types';

type Extra = Pick<CallOptions, 'isShowErrTip' | 'signal'>;

/** A page of posts (10 a page) of a kind, a keyword, an order, or the caller's own or bookmarked ones. */
export function getPostPage(body: PostPageBody, opts?: Extra): Promise<PageResult<PostItem>> {
  return call<PageResult<PostItem>>('communityPostPage', { ...opts, body: { ...body } });
}

/** One post, whole; the gateway counts the view. */
export function viewPost(id: string, opts?: Extra): Promise<PostDetail> {
  return call<PostDetail>('communityPostView', { ...opts, query: { id } });
}

/** Publishes a blog or a question, or with `id` saves the caller's changes to their own. */
export function savePost(body: PostSaveBody, opts?: Extra): Promise<PostDetail> {
  return call<PostDetail>('communityPostSave', { ...opts, body: { ...body } });
}

export function deletePost(id: string, opts?: Extra): Promise<unknown> {
  return call('communityPostDelete', { ...opts, body: { id } });
}

/** A page of a question's answers, the accepted one first. */
export function getAnswerPage(postId: string, pageCurrent: number, opts?: Extra): Promise<PageResult<AnswerItem>> {
  return call<PageResult<AnswerItem>>('communityAnswerPage', { ...opts, body: { postId, pageCurrent } });
}

export function saveAnswer(body: AnswerSaveBody, opts?: Extra): Promise<AnswerItem> {
  return call<AnswerItem>('communityAnswerSave', { ...opts, body: { ...body } });
}

export function deleteAnswer(id: string, opts?: Extra): Promise<unknown> {
  return call('communityAnswerDelete', { ...opts, body: { id } });
}

/** Accepts an answer of the caller's question, or with null takes the acceptance back. */
export function acceptAnswer(postId: string, answerId: string | null, opts?: Extra): Promise<AnswerAcceptResult> {
  return call<AnswerAcceptResult>('communityAnswerAccept', { ...opts, body: { postId, answerId } });
}

/** Likes a post or an answer, or takes the like back. */
export function admire(body: CommunityAdmireBody, opts?: Extra): Promise<CommunityAdmireResult> {
  return call<CommunityAdmireResult>('communityAdmire', { ...opts, body: { ...body } });
}

/** Bookmarks a post (`on`), or takes the bookmark back. */
export function setBookmark(postId: string, on: boolean, opts?: Extra): Promise<CommunityCollectionResult> {
  const options = { ...opts, body: { postId } };
  return on ? call<CommunityCollectionResult>('communityCollectionSave', options) : call<CommunityCollectionResult>('communityCollectionDelete', options);
}

/** A page of a post's comments (10, newest first), each with its replies. */
export function getCommentPage(postId: string, pageCurrent: number, opts?: Extra): Promise<PageResult<CommunityComment>> {
  return call<PageResult<CommunityComment>>('communityCommentPage', { ...opts, body: { postId, pageCurrent } });
}

/** Comments on a post, or with `commentId` replies to one of its comments. */
export function saveComment(body: CommunityCommentSaveBody, opts?: Extra): Promise<CommunityComment | CommunityReply> {
  return call<CommunityComment | CommunityReply>('communityCommentSave', { ...opts, body: { ...body } });
}

/** Deletes one of the caller's comments (with its replies) or replies. */
export function deleteComment(id: string, opts?: Extra): Promise<unknown> {
  return call('communityCommentDelete', { ...opts, body: { id } });
}
