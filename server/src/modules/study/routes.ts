/** Handlers of the study rows of the call table. Study tasks and study projects. */
import { Code } from '@/api/codes';
import { ApiError } from '../../envelope';
import { authRoute, publicRoute, type RouteTable } from '../../routing';

// TODO(scaffold): replaced by the real handlers before this lands.
const pending = () => Promise.reject(new ApiError(Code.INTERNAL, 'internal'));

export const studyRoutes = {
  studyTaskPage: authRoute({ handle: pending }),
  studyTaskCount: authRoute({ handle: pending }),
  studyTaskView: authRoute({ handle: pending }),
  studyTaskMarkSave: authRoute({ handle: pending }),
  studyTaskCommentPage: authRoute({ handle: pending }),
  studyTaskCommentSave: authRoute({ handle: pending }),
  studyTaskCommentDelete: authRoute({ handle: pending }),
  studyCollectionSave: authRoute({ handle: pending }),
  studyCollectionDelete: authRoute({ handle: pending }),
  projectApply: authRoute({ handle: pending }),
  projectCount: authRoute({ handle: pending }),
  projectPage: authRoute({ handle: pending }),
  projectView: authRoute({ handle: pending }),
  projectStudyCourse: authRoute({ handle: pending }),
  projectStudyElectiveCourse: authRoute({ handle: pending }),
  projectAdmire: authRoute({ handle: pending }),
  projectLecturerPage: authRoute({ handle: pending }),
  projectMemberPage: authRoute({ handle: pending }),
  projectApprove: authRoute({ handle: pending }),
  projectPhaseContent: authRoute({ handle: pending }),
  relationPage: authRoute({ handle: pending }),
  relationProjectPage: authRoute({ handle: pending }),
  trainingProgressPage: authRoute({ handle: pending }),
  courseUserRecordSave: authRoute({ handle: pending }),
  courseUserRecordEdit: authRoute({ handle: pending }),
} satisfies Partial<RouteTable>;
