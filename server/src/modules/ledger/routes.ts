/** Handlers of the points and credit-hour ledger of the caller. */
import { Code } from '@/api/codes';
import { ApiError } from '../../envelope';
import { authRoute, type RouteTable } from '../../routing';

// TODO(scaffold): replaced by the real handlers before this lands.
const pending = () => Promise.reject(new ApiError(Code.INTERNAL, 'internal'));

export const ledgerRoutes = {
  accountRecordPage: authRoute({ handle: pending }),
} satisfies Partial<RouteTable>;
