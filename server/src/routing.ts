/**
 * How a row of `src/api/endpoints.ts` becomes a route: modules give one handler per endpoint
 * name (`RouteTable` makes a missing one a type error, `registerEndpoints` a start-up error);
 * the access of the row decides whether the handler gets a signed-in context.
 */
import type { Context, Hono } from 'hono';
import type { z } from 'zod';
import { Code, LANG_HEADER, TOKEN_HEADER } from '@/api/codes';
import { endpoints, type EndpointDef, type EndpointName } from '@/api/endpoints';
import { hasRole } from '@/lib/roles';
import type { Locale } from '@/i18n/routes';
import { scoped, type Enterprise, type Member, type Scoped } from './db/access';
import type { Db } from './db/client';
import { underAnyLock, withTenant } from './db/tenant-lock';
import { ApiError, sendOk } from './envelope';
import { langOf } from './i18n';
import type { SessionCache } from './sessions/cache';
import { hashToken } from './sessions/tokens';
import { clientIp, resolveTenant } from './tenant';
import { readInput } from './validation';

export interface PublicContext {
  c: Context;
  db: Db;
  lang: Locale;
  /** Client address for rate limits; `null` when unknown. */
  ip: string | null;
  /** The request's enterprise (`eid` header or host), if one is configured. */
  findTenant(): Promise<Enterprise | undefined>;
  /** The request's enterprise, or a 404 envelope. */
  requireTenant(): Promise<Enterprise>;
  /** Sessions this gateway looked up lately; what ends a session or changes a member forgets them. */
  sessions: SessionCache;
  /** Whether the gateway runs behind a reverse proxy whose `X-Forwarded-*` headers it believes. */
  trustProxy: boolean;
  /** The gateway's path prefix (`/gateway`), the path of the cookies it sets. */
  prefix: string;
}

export interface AuthContext extends PublicContext {
  tenant: Enterprise;
  /** Data access bound to the tenant. */
  scope: Scoped;
  sessionId: string;
  /** The signed-in member of the tenant. */
  member: Member;
}

type InputOf<S> = S extends z.ZodType ? z.output<S> : undefined;

interface Route<A extends 'public' | 'auth', Ctx> {
  access: A;
  input?: z.ZodType;
  // `never` lets handlers of any input type share one table; the builders below check them.
  handle(ctx: Ctx, input: never): Promise<unknown>;
}
export type PublicRoute = Route<'public', PublicContext>;
export type AuthRoute = Route<'auth', AuthContext>;

/** One handler per endpoint name, of the row's access. */
export type RouteTable = {
  [N in EndpointName]: (typeof endpoints)[N]['access'] extends 'auth' ? AuthRoute : PublicRoute;
};

export function publicRoute<S extends z.ZodType | undefined = undefined>(spec: {
  input?: S;
  handle: (ctx: PublicContext, input: InputOf<S>) => Promise<unknown>;
}): PublicRoute {
  return { access: 'public', ...spec } as PublicRoute;
}

export function authRoute<S extends z.ZodType | undefined = undefined>(spec: {
  input?: S;
  handle: (ctx: AuthContext, input: InputOf<S>) => Promise<unknown>;
}): AuthRoute {
  return { access: 'auth', ...spec } as AuthRoute;
}

export interface RoutingOptions {
  db: Db;
  prefix: string;
  trustProxy: boolean;
  sessions: SessionCache;
}

/** Tokens are 43 characters; anything much longer is not worth hashing. */
const MAX_TOKEN_LENGTH = 256;

/**
 * What a member still on the company's initial password (`isInitPassword` 0) may call: what the
 * forced dialogs need (spec section 4: the supplementary-information dialog, then the
 * change-password dialog), the page shell around them, and leaving (sign-out, another of the
 * person's companies). Every colleague knows the initial password, so nothing else of the member
 * is answered until it is changed.
 */
export const OPEN_ON_INITIAL_PASSWORD: ReadonlySet<EndpointName> = new Set<EndpointName>([
  'currentUser',
  'websiteView',
  'navBarList',
  'updateInitPassword',
  'updateUserInfo',
  'logout',
  'enterpriseList',
  'chooseEnterprise',
]);

/**
 * Refuses a call a member on the initial password may not make yet (see
 * {@link OPEN_ON_INITIAL_PASSWORD}); a public read made signed in (`name` undefined) is refused
 * too, since it would answer as that member.
 */
function requirePasswordChanged(name: EndpointName | undefined, member: Member): void {
  if (member.isInitPassword === 0 && !(name && OPEN_ON_INITIAL_PASSWORD.has(name))) {
    throw new ApiError(Code.PASSWORD_CHANGE_REQUIRED, 'initPasswordFirst');
  }
}

/** Refuses a back-office row to a member without its role (`src/lib/roles.ts`). */
function requireRole(def: EndpointDef, member: Member): void {
  if (def.role && !hasRole(member, def.role)) throw new ApiError(Code.FORBIDDEN, 'crm.forbidden');
}

async function signIn(ctx: PublicContext): Promise<AuthContext> {
  const token = ctx.c.req.header(TOKEN_HEADER)?.trim();
  if (!token || token.length > MAX_TOKEN_LENGTH) throw new ApiError(Code.UNAUTHORIZED, 'unauthorized');
  const tenant = await ctx.requireTenant();
  const scope = scoped(ctx.db, tenant.id);
  const tokenHash = hashToken(token);
  const cached = ctx.sessions.get(tenant.id, tokenHash);
  if (cached) return { ...ctx, tenant, scope, sessionId: cached.sessionId, member: cached.member };
  const startedAt = ctx.sessions.now();
  // Inside the tenant lock already, like the handler after it: one connection state per call.
  const session = await withTenant(tenant.id, async () => await scope.activeSession(tokenHash));
  if (!session) throw new ApiError(Code.UNAUTHORIZED, 'unauthorized');
  ctx.sessions.set(tenant.id, tokenHash, session, startedAt, session.expiresAt);
  return { ...ctx, tenant, scope, sessionId: session.sessionId, member: session.member };
}

/**
 * The signed-in context of a public call that carries a valid token of the request's tenant;
 * `undefined` when it carries none or one that is not valid (public reads then answer as to
 * anyone). A request whose host is no company's still answers "not found", and a member still on
 * the initial password is refused as on signed-in calls.
 */
export async function optionalSignIn(ctx: PublicContext): Promise<AuthContext | undefined> {
  let signed: AuthContext;
  try {
    signed = await signIn(ctx);
  } catch (error) {
    if (error instanceof ApiError && error.code === Code.UNAUTHORIZED) return undefined;
    throw error;
  }
  requirePasswordChanged(undefined, signed.member);
  return signed;
}

/**
 * A row's path as a Hono route: `{name}` segments become `:name` parameters, which handlers
 * read with `ctx.c.req.param(name)`.
 *
 * @example routePath('user/auth/getpostgrade/{userNo}') → 'user/auth/getpostgrade/:userNo'
 */
export function routePath(path: string): string {
  return path.replace(/\{(\w+)\}/g, ':$1');
}

/** The context of a call to the gateway, before anyone is signed in. */
export function publicContext(c: Context, options: RoutingOptions): PublicContext {
  let tenant: Promise<Enterprise | undefined> | undefined;
  // Which company owns the host is readable under every lock (migration 0007).
  const findTenant = () => (tenant ??= underAnyLock(async () => await resolveTenant(options.db, c)));
  return {
    c,
    db: options.db,
    lang: langOf(c.req.header(LANG_HEADER)),
    ip: clientIp(c, options.trustProxy),
    findTenant,
    sessions: options.sessions,
    trustProxy: options.trustProxy,
    prefix: options.prefix,
    requireTenant: async () => {
      const found = await findTenant();
      if (!found) throw new ApiError(Code.NOT_FOUND, 'tenantNotFound');
      return found;
    },
  };
}

/**
 * The signed-in context of a call that is not a row of the call table (the resumable upload
 * route): the same token, tenant and initial-password checks as a row's, and the row's role
 * when one is given.
 */
export async function requireSignIn(ctx: PublicContext, role?: EndpointDef['role']): Promise<AuthContext> {
  const signed = await signIn(ctx);
  requirePasswordChanged(undefined, signed.member);
  if (role) requireRole({ role } as EndpointDef, signed.member);
  return signed;
}

/** Registers every row of the call table with its handler; throws if a row has none. */
export function registerEndpoints(app: Hono, table: RouteTable, options: RoutingOptions): void {
  for (const name of Object.keys(endpoints) as EndpointName[]) {
    const def = endpoints[name];
    const route: PublicRoute | AuthRoute | undefined = table[name];
    if (!route) throw new Error(`No gateway handler for endpoint "${name}"`);
    if (route.access !== def.access) {
      throw new Error(`Endpoint "${name}" is ${def.access} but its handler is ${route.access}`);
    }
    app.on(def.method, `${options.prefix}/${routePath(def.path)}`, async (c) => {
      const ctx = publicContext(c, options);
      const input = async () => (await readInput(c, route.input)) as never;
      let data: unknown;
      if (route.access === 'auth') {
        const signedIn = await signIn(ctx);
        requirePasswordChanged(name, signedIn.member);
        requireRole(def, signedIn.member);
        const body = await input();
        // PostgreSQL row-level security: the handler's queries see only this tenant's rows. Awaited
        // inside, so that a lazy query a handler returns also runs in the tenant.
        data = await withTenant(signedIn.tenant.id, async () => await route.handle(signedIn, body));
      } else {
        // Public calls run as the owner: several look across companies on purpose (the tenant of a
        // host, sign-in by phone before a company is chosen, certificate verification by code) and
        // rely on the data-access layer's enterprise filter.
        data = await route.handle(ctx, await input());
      }
      // Downloads (courseware blobs, exported files) answer their own response.
      if (data instanceof Response) return data;
      return sendOk(c, ctx.lang, data ?? null);
    });
  }
}
