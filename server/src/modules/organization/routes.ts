/** Handlers of the organisation centre (userType 3): the company's learners' progress, completion and export. */
import { Code } from '@/api/codes';
import { ApiError } from '../../envelope';
import { authRoute, type RouteTable } from '../../routing';

// TODO(scaffold): replaced by the real handlers before this lands.
const pending = () => Promise.reject(new ApiError(Code.INTERNAL, 'internal'));

export const organizationRoutes = {
  organizationOverview: authRoute({ handle: pending }),
  organizationLearnerPage: authRoute({ handle: pending }),
  organizationLearnerExport: authRoute({ handle: pending }),
} satisfies Partial<RouteTable>;
