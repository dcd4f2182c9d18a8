/** Handlers of the certificate rows of the call table: the caller's certificates, the PDF, the public verification and granting by hand. */
import { Code } from '@/api/codes';
import { ApiError } from '../../envelope';
import { authRoute, publicRoute, type RouteTable } from '../../routing';

// TODO(scaffold): replaced by the real handlers before this lands.
const pending = () => Promise.reject(new ApiError(Code.INTERNAL, 'internal'));

export const certificateRoutes = {
  certificatePage: authRoute({ handle: pending }),
  certificateCount: authRoute({ handle: pending }),
  certificatePdf: authRoute({ handle: pending }),
  certificateVerify: publicRoute({ handle: pending }),
  certificateGrant: authRoute({ handle: pending }),
} satisfies Partial<RouteTable>;
