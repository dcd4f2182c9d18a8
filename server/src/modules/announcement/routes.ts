/** Handlers of the announcement and message rows of the call table, with the unread stream. */
import { Code } from '@/api/codes';
import { ApiError } from '../../envelope';
import { authRoute, type RouteTable } from '../../routing';

// TODO(scaffold): replaced by the real handlers before this lands.
const pending = () => Promise.reject(new ApiError(Code.INTERNAL, 'internal'));

export const announcementRoutes = {
  announcementPage: authRoute({ handle: pending }),
  unreadCount: authRoute({ handle: pending }),
  unreadStream: authRoute({ handle: pending }),
  messageRecordPage: authRoute({ handle: pending }),
  messageReadCount: authRoute({ handle: pending }),
  messageBatchRead: authRoute({ handle: pending }),
  messageBatchDelete: authRoute({ handle: pending }),
  messageView: authRoute({ handle: pending }),
  messageAdmire: authRoute({ handle: pending }),
  announcementSave: authRoute({ handle: pending }),
  announcementCommentPage: authRoute({ handle: pending }),
  announcementCommentSave: authRoute({ handle: pending }),
  announcementReplySave: authRoute({ handle: pending }),
  announcementReplyDelete: authRoute({ handle: pending }),
  announcementCommentDelete: authRoute({ handle: pending }),
} satisfies Partial<RouteTable>;
