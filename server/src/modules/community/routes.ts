/** Handlers of the community rows of the call table: blogs, questions, answers, likes, bookmarks and comments. */
import { Code } from '@/api/codes';
import { ApiError } from '../../envelope';
import { authRoute, publicRoute, type RouteTable } from '../../routing';

// TODO(scaffold): replaced by the real handlers before this lands.
const pending = () => Promise.reject(new ApiError(Code.INTERNAL, 'internal'));

export const communityRoutes = {
  communityPostPage: publicRoute({ handle: pending }),
  communityPostView: publicRoute({ handle: pending }),
  communityPostSave: authRoute({ handle: pending }),
  communityPostDelete: authRoute({ handle: pending }),
  communityAnswerPage: publicRoute({ handle: pending }),
  communityAnswerSave: authRoute({ handle: pending }),
  communityAnswerDelete: authRoute({ handle: pending }),
  communityAnswerAccept: authRoute({ handle: pending }),
  communityAdmire: authRoute({ handle: pending }),
  communityCollectionSave: authRoute({ handle: pending }),
  communityCollectionDelete: authRoute({ handle: pending }),
  communityCommentPage: publicRoute({ handle: pending }),
  communityCommentSave: authRoute({ handle: pending }),
  communityCommentDelete: authRoute({ handle: pending }),
} satisfies Partial<RouteTable>;
