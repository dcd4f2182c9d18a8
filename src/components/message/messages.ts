/** The messages the message centre receives (list, opened record, comments); nothing else ships. */
import { loadStateMessageKeys } from '@/components/ui/messages';
import type { Messages } from '@/i18n/index';

/** A comment thread with its form ({@link CommentThread}, {@link CommentForm}); also the community's posts use it. */
export const commentThreadKeys = [
  ...loadStateMessageKeys,
  'message.comments',
  'message.commentLabel',
  'message.commentPlaceholder',
  'message.commentCount',
  'message.commentPost',
  'message.commentPosted',
  'message.commentEmpty',
  'message.commentTooLong',
  'message.commentsEmpty',
  'message.commentsClosed',
  'message.reply',
  'message.replyTo',
  'message.replyLabel',
  'message.replyPost',
  'message.replyPosted',
  'message.deleteComment',
  'message.deleteReply',
  'message.deleteCommentConfirm',
  'message.deleteReplyConfirm',
  'message.deleted',
  'message.cancel',
  'message.confirm',
  'message.draftKept',
  'learning.commentFailed',
  'learning.deleteFailed',
  'auth.loginFirst',
  'study.signIn',
] as const;

/** The opened record and its comments ({@link MessageDetail}, {@link AnnouncementComments}). */
export const messageDetailKeys = [
  ...commentThreadKeys,
  'message.back',
  'message.author',
  'message.pinned',
  'message.like',
  'message.likeCount',
  'message.openLink',
  'message.newTab',
  'message.notFound',
] as const;

export const messageCentreKeys = [
  ...messageDetailKeys,
  'message.lists',
  'message.announcements',
  'message.personal',
  'message.unreadBadge',
  'message.filter',
  'message.filterAll',
  'message.filterUnread',
  'message.filterRead',
  'message.counts',
  'message.actions',
  'message.selectAll',
  'message.select',
  'message.selected',
  'message.markRead',
  'message.allRead',
  'message.markedRead',
  'message.delete',
  'message.deleteTitle',
  'message.deleteConfirm',
  'message.unread',
  'message.read',
  'message.emptyAnnouncements',
  'message.emptyMessages',
] as const;

export type MessageCentreMessages = Messages<(typeof messageCentreKeys)[number]>;
export type MessageDetailMessages = Messages<(typeof messageDetailKeys)[number]>;
export type CommentThreadMessages = Messages<(typeof commentThreadKeys)[number]>;
