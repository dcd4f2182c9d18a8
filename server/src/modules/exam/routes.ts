/** Handlers of the exam rows of the call table: the exam centre, papers, marking and reservations. */
import { Code } from '@/api/codes';
import { ApiError } from '../../envelope';
import { authRoute, type RouteTable } from '../../routing';

// TODO(scaffold): replaced by the real handlers before this lands.
const pending = () => Promise.reject(new ApiError(Code.INTERNAL, 'internal'));

export const examRoutes = {
  examTaskRecordPage: authRoute({ handle: pending }),
  examTaskRecordCount: authRoute({ handle: pending }),
  examTaskPage: authRoute({ handle: pending }),
  examTaskView: authRoute({ handle: pending }),
  examTaskExport: authRoute({ handle: pending }),
  examTaskGetRecord: authRoute({ handle: pending }),
  examStart: authRoute({ handle: pending }),
  examAnswerSave: authRoute({ handle: pending }),
  examScreenSwitch: authRoute({ handle: pending }),
  examFinish: authRoute({ handle: pending }),
  examFinishView: authRoute({ handle: pending }),
  examPaperView: authRoute({ handle: pending }),
  examPaperPage: authRoute({ handle: pending }),
  examGetPaperRecord: authRoute({ handle: pending }),
  examMarkingPage: authRoute({ handle: pending }),
  examMarkAnswer: authRoute({ handle: pending }),
  examBatchList: authRoute({ handle: pending }),
  examBatchSave: authRoute({ handle: pending }),
  examBatchDelete: authRoute({ handle: pending }),
} satisfies Partial<RouteTable>;
