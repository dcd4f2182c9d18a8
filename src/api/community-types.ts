/**
 * Shapes and limits of the community calls: blogs and questions (posts), answers, likes,
 * bookmarks and comments. Shared by the site and the gateway, so both enforce the same limits.
 * Texts are plain text, stored as typed; the site shows them as text, line breaks kept.
 */
import type { AdmireResult, AnnouncementComment, AnnouncementReply } from '@/api/home-types';

/** Post kinds: 1 a blog, 2 a question. */
export const PostKind = { blog: 1, question: 2 } as const;
export type PostKindValue = (typeof PostKind)[keyof typeof PostKind];

/** A title: 1 to 100 characters after trimming. */
export const POST_TITLE_MAX = 100;
/** A post's or an answer's text: at most 10 000 characters. */
export const POST_CONTENT_MAX = 10_000;
/** Pictures per post or answer. */
export const POST_IMAGES_MAX = 9;
/** Characters of a post's text that lists carry. */
export const POST_EXCERPT_LENGTH = 140;

/** List orders: newest first, or the most active first (likes, answers, comments, views). */
export type PostSort = 'newest' | 'hottest';

export interface CommunityAuthor {
  id: string;
  userName: string;
  headPortrait: string;
}

/** A post in a list. `admired`, `collected` and `mine` are the caller's (false when signed out). */
export interface PostItem {
  id: string;
  kind: PostKindValue;
  title: string;
  /** The start of the text, at most {@link POST_EXCERPT_LENGTH} characters. */
  excerpt: string;
  /** Site paths of the pictures. */
  images: string[];
  author: CommunityAuthor;
  createdAt: string;
  updatedAt: string;
  viewCount: number;
  admireCount: number;
  collectCount: number;
  commentCount: number;
  answerCount: number;
  /** A question with an accepted answer. */
  solved: boolean;
  admired: boolean;
  collected: boolean;
  mine: boolean;
}

/** One post, whole. */
export interface PostDetail extends PostItem {
  content: string;
  acceptedAnswerId: string | null;
  /** The caller may delete it: their own, or any of their company's when they are an administrator. */
  canDelete: boolean;
}

export interface PostPageBody {
  pageCurrent?: number;
  pageSize?: number;
  /** Only blogs (1) or questions (2); both by default. */
  kind?: PostKindValue;
  /** Every word in the title or the text, case aside. */
  keyword?: string;
  sort?: PostSort;
  /** Only the caller's own posts (needs a session). */
  mine?: boolean;
  /** Only the posts the caller bookmarked (needs a session). */
  collected?: boolean;
}

/** Creates a post, or with `id` edits one of the caller's own (its kind stays). */
export interface PostSaveBody {
  id?: string;
  kind: PostKindValue;
  title: string;
  content: string;
  images: string[];
}

/** An answer to a question. */
export interface AnswerItem {
  id: string;
  postId: string;
  content: string;
  images: string[];
  author: CommunityAuthor;
  createdAt: string;
  updatedAt: string;
  admireCount: number;
  admired: boolean;
  /** The question's author accepted it. */
  accepted: boolean;
  mine: boolean;
}

export interface AnswerPageBody {
  postId: string;
  pageCurrent?: number;
  pageSize?: number;
}

/** Answers a question, or with `id` edits one of the caller's own answers. */
export interface AnswerSaveBody {
  id?: string;
  postId: string;
  content: string;
  images: string[];
}

/** The question's author accepts an answer, or with `answerId` null takes the acceptance back. */
export interface AnswerAcceptBody {
  postId: string;
  answerId: string | null;
}

export interface AnswerAcceptResult {
  acceptedAnswerId: string | null;
}

export type AdmireTarget = 'post' | 'answer';

/** `communityAdmire`: toggles the caller's like; answers the new state and count. */
export interface CommunityAdmireBody {
  targetType: AdmireTarget;
  id: string;
}
export type CommunityAdmireResult = AdmireResult;

/** `communityCollectionSave` / `communityCollectionDelete`: bookmarks a post, or takes the bookmark back. */
export interface CommunityCollectionBody {
  postId: string;
}

export interface CommunityCollectionResult {
  collected: boolean;
  collectCount: number;
}

export interface CommunityCommentPageBody {
  postId: string;
  pageCurrent?: number;
  pageSize?: number;
}

/** A comment on a post, or with `commentId` a reply to one of its comments (with `replyId`, to a reply). */
export interface CommunityCommentSaveBody {
  postId: string;
  content: string;
  commentId?: string;
  replyId?: string;
}

/** Comments on posts have the shape of announcement comments. */
export type CommunityComment = AnnouncementComment;
export type CommunityReply = AnnouncementReply;
