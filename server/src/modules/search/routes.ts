/** Handler of the search row of the call table. */
import { Code } from '@/api/codes';
import { ApiError } from '../../envelope';
import { authRoute, type RouteTable } from '../../routing';

// TODO(scaffold): replaced by the real handler before this lands.
const pending = () => Promise.reject(new ApiError(Code.INTERNAL, 'internal'));

export const searchRoutes = {
  searchPage: authRoute({ handle: pending }),
} satisfies Partial<RouteTable>;
