/** Handlers of the live rows of the call table. Live rooms, playbacks and attendance. */
import { Code } from '@/api/codes';
import { ApiError } from '../../envelope';
import { authRoute, publicRoute, type RouteTable } from '../../routing';

// TODO(scaffold): replaced by the real handlers before this lands.
const pending = () => Promise.reject(new ApiError(Code.INTERNAL, 'internal'));

export const liveRoutes = {
  liveRoomWatchUrl: publicRoute({ handle: pending }),
  liveWatch: authRoute({ handle: pending }),
  liveLeave: authRoute({ handle: pending }),
  playBackWatch: authRoute({ handle: pending }),
  attendanceSign: authRoute({ handle: pending }),
  attendanceHangUp: authRoute({ handle: pending }),
} satisfies Partial<RouteTable>;
