/** Handlers of the player rows of the call table. The player: opening a period, heartbeats and progress the gateway computes, course exams. */
import { Code } from '@/api/codes';
import { ApiError } from '../../envelope';
import { authRoute, publicRoute, type RouteTable } from '../../routing';

// TODO(scaffold): replaced by the real handlers before this lands.
const pending = () => Promise.reject(new ApiError(Code.INTERNAL, 'internal'));

export const playerRoutes = {
  resourceWatch: authRoute({ handle: pending }),
  imageTextWatch: authRoute({ handle: pending }),
  courseConfig: authRoute({ handle: pending }),
  resourceLogUpdate: authRoute({ handle: pending }),
  progressGet: authRoute({ handle: pending }),
  progressResource: authRoute({ handle: pending }),
  progressSave: authRoute({ handle: pending }),
  progressCheckResource: authRoute({ handle: pending }),
  saveExamTaskByCourseId: authRoute({ handle: pending }),
  getTaskIsOk: authRoute({ handle: pending }),
} satisfies Partial<RouteTable>;
