/** Handlers of the `system` rows of the call table. */
import { z } from 'zod';
import { authRoute, publicRoute, type RouteTable } from '../../routing';
import { enterpriseOfDomain, enumOptions, navBar, toWebInfo } from './service';
import { regionList } from './regions';
import { uploadPic } from './upload';

export const systemRoutes = {
  websiteViewPublic: publicRoute({
    input: z.object({ domain: z.string().max(260).optional() }),
    handle: async (ctx, { domain }) =>
      toWebInfo(domain ? await enterpriseOfDomain(ctx.db, domain) : await ctx.requireTenant(), ctx.lang),
  }),
  // The token decides the enterprise; `domain` is accepted for the spec's signature only.
  websiteView: authRoute({
    handle: async (ctx) => toWebInfo(ctx.tenant, ctx.lang),
  }),
  enumList: publicRoute({
    input: z.object({ enumName: z.string().min(1).max(64) }),
    handle: async (ctx, { enumName }) =>
      enumOptions(ctx.db, (await ctx.findTenant())?.id, enumName, ctx.lang),
  }),
  navBarList: authRoute({
    handle: async (ctx) => navBar(ctx.db, ctx.scope, ctx.lang),
  }),
  regionList: publicRoute({
    input: z.object({ parentId: z.string().max(12).optional() }),
    handle: async (ctx, { parentId }) => regionList(ctx.lang, parentId),
  }),
  uploadPic: authRoute({
    handle: (ctx) => uploadPic(ctx),
  }),
} satisfies Partial<RouteTable>;
