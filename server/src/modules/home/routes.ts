/** Handlers of the home rows of the call table: banners, zones and the three rankings. */
import { Code } from '@/api/codes';
import { ApiError } from '../../envelope';
import { authRoute, type RouteTable } from '../../routing';

// TODO(scaffold): replaced by the real handlers before this lands.
const pending = () => Promise.reject(new ApiError(Code.INTERNAL, 'internal'));

export const homeRoutes = {
  bannerList: authRoute({ handle: pending }),
  zoneList: authRoute({ handle: pending }),
  zoneLogo: authRoute({ handle: pending }),
  zoneCourseList: authRoute({ handle: pending }),
  zoneLecturerList: authRoute({ handle: pending }),
  integralRankPage: authRoute({ handle: pending }),
  integralRankCurrent: authRoute({ handle: pending }),
  creditHourRankPage: authRoute({ handle: pending }),
  creditHourRankCurrent: authRoute({ handle: pending }),
  certificateRankPage: authRoute({ handle: pending }),
  certificateRankCurrent: authRoute({ handle: pending }),
} satisfies Partial<RouteTable>;
