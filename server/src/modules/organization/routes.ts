/** Handlers of the organisation centre (userType 3): the company's learners' progress, completion and export. */
import { z } from 'zod';
import { authRoute, type RouteTable } from '../../routing';
import { pagingFields } from '../../paging';
import { organizationLearnerExport, organizationLearnerPage, organizationOverview } from './learners';

/** The filters of the learners page and its export. */
const learnerFilters = {
  keyword: z.string().trim().max(50).optional(),
  departmentId: z.string().trim().max(40).optional(),
  learningStatus: z.union([z.literal(0), z.literal(1), z.literal(2)]).optional(),
};

export const organizationRoutes = {
  organizationOverview: authRoute({ handle: (ctx) => organizationOverview(ctx) }),
  organizationLearnerPage: authRoute({
    input: z.object({ ...pagingFields('organizationLearnerPage'), ...learnerFilters }),
    handle: (ctx, input) => organizationLearnerPage(ctx, input),
  }),
  organizationLearnerExport: authRoute({
    input: z.object(learnerFilters),
    handle: (ctx, filters) => organizationLearnerExport(ctx, filters),
  }),
} satisfies Partial<RouteTable>;
