/** Handlers of the enterprise rows: list, choose, register, add. */
import { z } from 'zod';
import { acrossTenants } from '../../db/tenant-lock';
import { authRoute, publicRoute, type RouteTable } from '../../routing';
import { addEnterprise, chooseEnterprise, listEnterprises, registerEnterprise } from './service';

/** Bounds on raw input; the rules with the spec's messages are checked in the service. */
const text = (max: number) => z.string().max(max);

// A person's memberships span companies: listing them, switching to another company and creating
// one read and write other tenants' rows, by the signed-in person's id, outside the tenant lock.
export const enterpriseRoutes = {
  enterpriseList: authRoute({
    handle: (ctx) => acrossTenants(async () => await listEnterprises(ctx)),
  }),
  chooseEnterprise: authRoute({
    input: z.object({ eid: z.string().trim().min(1).max(64) }),
    handle: (ctx, { eid }) => acrossTenants(async () => await chooseEnterprise(ctx, eid)),
  }),
  registerEnterprise: publicRoute({
    input: z.object({
      enterpriseName: text(200),
      userName: text(100),
      phone: text(32),
      code: text(16),
      // Longer than the rule allows, so the rule's own message answers an over-long password.
      password: text(128),
      confirmPassword: text(128),
    }),
    handle: (ctx, body) => registerEnterprise(ctx, body),
  }),
  addEnterprise: authRoute({
    input: z.object({ enterpriseName: text(200) }),
    handle: (ctx, body) => acrossTenants(async () => await addEnterprise(ctx, body)),
  }),
} satisfies Partial<RouteTable>;
