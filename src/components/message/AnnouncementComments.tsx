/** The comment thread of an announcement (see {@link CommentThread}), on the announcement calls. */
import { useMemo } from 'react';
import {
  deleteAnnouncementComment,
  deleteAnnouncementReply,
  getAnnouncementCommentPage,
  saveAnnouncementComment,
  saveAnnouncementReply,
} from '@/api/messages';
import { CommentThread, type CommentSource } from '@/components/message/CommentThread';
import type { CommentThreadMessages } from '@/components/message/messages';
import type { Locale } from '@/i18n/locale-path';

interface AnnouncementCommentsProps {
  announcementId: string;
  allowComment: boolean;
  locale: Locale;
  messages: CommentThreadMessages;
}

export function AnnouncementComments({ announcementId, ...rest }: AnnouncementCommentsProps) {
  const source = useMemo<CommentSource>(
    () => ({
      page: (pageCurrent, opts) => getAnnouncementCommentPage({ announcementId, pageCurrent }, opts),
      comment: (content, opts) => saveAnnouncementComment({ announcementId, content }, opts),
      reply: (target, content, opts) => saveAnnouncementReply({ ...target, content }, opts),
      remove: (kind, id, opts) => (kind === 'comment' ? deleteAnnouncementComment(id, opts) : deleteAnnouncementReply(id, opts)),
    }),
    [announcementId],
  );
  return <CommentThread targetId={announcementId} source={source} {...rest} />;
}
