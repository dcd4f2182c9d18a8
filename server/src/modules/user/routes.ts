/** Handlers of the `user` rows of the call table. */
import { z } from 'zod';
import { authRoute, publicRoute, type RouteTable } from '../../routing';
import { loginByEmpNo, toUserInfo } from './service';

/** Spec section 5: employee number at most 20 characters, password inputs at most 30. */
const credentials = z.object({
  empNo: z.string().trim().min(1).max(20),
  password: z.string().min(1).max(30),
  /** The image captcha, once the gateway has asked for it (`captchaRequired`). */
  captchaKey: z.string().max(64).optional(),
  captchaCode: z.string().max(16).optional(),
});

export const userRoutes = {
  loginByEmpNo: publicRoute({
    input: credentials,
    handle: async (ctx, input) =>
      loginByEmpNo(ctx.db, await ctx.requireTenant(), input, ctx.ip, ctx.lang),
  }),
  currentUser: authRoute({
    handle: async (ctx) => toUserInfo(ctx.member, ctx.tenant, ctx.lang),
  }),
  logout: authRoute({
    handle: async (ctx) => {
      await ctx.scope.revokeSession(ctx.sessionId);
      await ctx.sessions.forgetMember(ctx.tenant.id, ctx.member.id);
      return null;
    },
  }),
} satisfies Partial<RouteTable>;
