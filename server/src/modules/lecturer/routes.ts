/** Handlers of the lecturer rows of the call table: the directory, the ranking and a lecturer's page. */
import { Code } from '@/api/codes';
import { ApiError } from '../../envelope';
import { authRoute, type RouteTable } from '../../routing';

// TODO(scaffold): replaced by the real handlers before this lands.
const pending = () => Promise.reject(new ApiError(Code.INTERNAL, 'internal'));

export const lecturerRoutes = {
  lecturerRankList: authRoute({ handle: pending }),
  lecturerPage: authRoute({ handle: pending }),
  lecturerView: authRoute({ handle: pending }),
} satisfies Partial<RouteTable>;
