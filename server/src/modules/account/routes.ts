/** Handlers of the account rows: passwords, reset, profile, post grade, organisation lists. */
import { z } from 'zod';
import { authRoute, publicRoute, type RouteTable } from '../../routing';
import { resetPassword, resetPasswordMail, updateInitPassword, updatePassword } from './passwords';
import { departmentList, getPostGrade, postList, savePostGrade, updateUserInfo } from './profile';

/**
 * Bounds on raw input only: the rules, with the spec's messages, are checked in the services.
 * Password fields allow more than 30 characters here so the rule's own message answers.
 */
const text = (max: number) => z.string().max(max);
const password = text(128);

export const accountRoutes = {
  updatePassword: authRoute({
    input: z.object({ password: text(128), newPassword: password, confirmPassword: password }),
    handle: (ctx, body) => updatePassword(ctx, body),
  }),
  updateInitPassword: authRoute({
    input: z.object({ newPassword: password, confirmPassword: password }),
    handle: (ctx, body) => updateInitPassword(ctx, body),
  }),
  resetPassword: publicRoute({
    input: z.object({
      phone: text(32).optional(),
      code: text(16).optional(),
      mailToken: text(128).optional(),
      newPassword: password,
      confirmPassword: password,
    }),
    handle: (ctx, body) => resetPassword(ctx, body),
  }),
  resetPasswordMail: publicRoute({
    input: z.object({ empNo: z.string().trim().min(1).max(20) }),
    handle: (ctx, { empNo }) => resetPasswordMail(ctx, empNo),
  }),
  updateUserInfo: authRoute({
    input: z.object({ email: text(254).optional(), idCard: text(32).optional() }),
    handle: (ctx, body) => updateUserInfo(ctx, body),
  }),
  getPostGrade: authRoute({
    handle: (ctx) => getPostGrade(ctx, ctx.c.req.param('userNo') ?? ''),
  }),
  savePostGrade: authRoute({
    input: z.object({
      userNo: z.string().max(40),
      dataSource: z.union([z.number(), z.string().max(8)]).optional(),
      sex: text(16).optional(),
      email: text(254).optional(),
      idCard: text(32).optional(),
      joiningTime: text(40).optional(),
      headPortrait: text(500).optional(),
      postLevel: text(16).optional(),
    }),
    handle: (ctx, body) => savePostGrade(ctx, body),
  }),
  departmentList: authRoute({
    handle: (ctx) => departmentList(ctx),
  }),
  postList: authRoute({
    handle: (ctx) => postList(ctx),
  }),
} satisfies Partial<RouteTable>;
