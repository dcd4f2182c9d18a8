/** Handlers of the course rows of the call table. Courses: catalogue, detail, comments, ratings, likes, collections, courseware. */
import { Code } from '@/api/codes';
import { ApiError } from '../../envelope';
import { authRoute, publicRoute, type RouteTable } from '../../routing';

// TODO(scaffold): replaced by the real handlers before this lands.
const pending = () => Promise.reject(new ApiError(Code.INTERNAL, 'internal'));

export const courseRoutes = {
  categoryList: authRoute({ handle: pending }),
  coursePage: authRoute({ handle: pending }),
  courseLecturerPage: authRoute({ handle: pending }),
  courseCount: authRoute({ handle: pending }),
  courseView: authRoute({ handle: pending }),
  chapterPeriodList: authRoute({ handle: pending }),
  courseCommentPage: authRoute({ handle: pending }),
  courseCommentSave: authRoute({ handle: pending }),
  courseCommentDelete: authRoute({ handle: pending }),
  courseAdmire: authRoute({ handle: pending }),
  courseMarkSave: authRoute({ handle: pending }),
  collectionSave: authRoute({ handle: pending }),
  collectionDelete: authRoute({ handle: pending }),
  coursewareList: authRoute({ handle: pending }),
  coursewareDownload: authRoute({ handle: pending }),
  coursewareWatermarkDownload: authRoute({ handle: pending }),
  coursewarePreview: authRoute({ handle: pending }),
  resourceLibraryDownload: authRoute({ handle: pending }),
} satisfies Partial<RouteTable>;
