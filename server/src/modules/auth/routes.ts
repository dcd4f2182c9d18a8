/** Handlers of the sign-in ways: captcha, SMS codes, phone, scan-code and single sign-on. */
import { z } from 'zod';
import { publicRoute, type RouteTable } from '../../routing';
import { bindBrowser, browserBinding } from './binding';
import { CODE_SCENES } from './codes';
import { requestOrigin } from './origin';
import { SCAN_TYPES, scanConfig, scanLogin } from './scan/service';
import {
  checkPhoneExist,
  checkVerificationCode,
  imageCaptcha,
  loginByPhoneCode,
  loginByPhonePassword,
  sendCode,
} from './service';
import { loginBySso, ssoConfig } from './sso';

const phone = z.string().trim().min(1).max(20);
const scene = z.enum(CODE_SCENES);
/** Spec section 5: password inputs take at most 30 characters. */
const password = z.string().min(1).max(30);
const captcha = { captchaKey: z.string().trim().max(64), captchaCode: z.string().trim().max(16) };
const code = z.string().trim().min(1).max(16);
/** What another service sends back in a redirect: short opaque text. */
const token = z.string().min(1).max(512);

export const authRoutes = {
  imageCaptcha: publicRoute({
    handle: (ctx) => imageCaptcha(ctx.db, ctx.ip),
  }),
  sendVerificationCode: publicRoute({
    input: z.object({ phone, scene, captchaKey: captcha.captchaKey.min(1), captchaCode: captcha.captchaCode.min(1) }),
    handle: async (ctx, input) => sendCode(ctx.db, await ctx.findTenant(), input, ctx.ip, ctx.lang),
  }),
  checkVerificationCode: publicRoute({
    input: z.object({ phone, scene, code }),
    handle: async (ctx, input) => checkVerificationCode(ctx.db, await ctx.findTenant(), input),
  }),
  loginByPhonePassword: publicRoute({
    input: z.object({
      phone,
      password,
      captchaKey: captcha.captchaKey.optional(),
      captchaCode: captcha.captchaCode.optional(),
    }),
    handle: async (ctx, input) => loginByPhonePassword(ctx.db, await ctx.requireTenant(), input, ctx.ip, ctx.lang),
  }),
  loginByPhoneCode: publicRoute({
    input: z.object({ phone, code }),
    handle: async (ctx, input) => loginByPhoneCode(ctx.db, await ctx.requireTenant(), input, ctx.lang),
  }),
  scanConfig: publicRoute({
    input: z.object({ type: z.enum(SCAN_TYPES) }),
    handle: async (ctx, { type }) =>
      scanConfig(ctx.db, await ctx.requireTenant(), type, requestOrigin(ctx.c, ctx.trustProxy), (ttl) => bindBrowser(ctx, type, ttl)),
  }),
  scanLogin: publicRoute({
    input: z.object({ type: z.enum(SCAN_TYPES), code: token, state: token }),
    handle: async (ctx, input) => scanLogin(ctx.db, await ctx.requireTenant(), input, ctx.lang, browserBinding(ctx, input.type)),
  }),
  ssoConfig: publicRoute({
    handle: async (ctx) =>
      ssoConfig(ctx.db, await ctx.requireTenant(), requestOrigin(ctx.c, ctx.trustProxy), ctx.lang, (ttl) => bindBrowser(ctx, 'oidc', ttl)),
  }),
  loginBySso: publicRoute({
    input: z.object({ code: token, state: token }),
    handle: async (ctx, input) => loginBySso(ctx.db, await ctx.requireTenant(), input, ctx.lang, browserBinding(ctx, 'oidc')),
  }),
  checkPhoneExist: publicRoute({
    input: z.object({ phone, captchaKey: captcha.captchaKey.optional(), captchaCode: captcha.captchaCode.optional() }),
    handle: async (ctx, input) => checkPhoneExist(ctx.db, input, ctx.ip),
  }),
} satisfies Partial<RouteTable>;
