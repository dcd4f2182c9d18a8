/**
 * The gateway as a Hono app: every row of the call table under the gateway prefix, the
 * envelope for every answer there (errors included), and the built site beside it.
 * Tests drive it with `app.request()`; `index.ts` serves it.
 */
import { resolve } from 'node:path';
import { Hono, type Context, type MiddlewareHandler } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { Code, LANG_HEADER } from '@/api/codes';
import { endpoints } from '@/api/endpoints';
import { isPublicMedia } from '@/lib/public-media';
import { isDatabaseUnavailable, type Db } from './db/client';
import { compressSite } from './compress';
import { ApiError, send, sendError } from './envelope';
import { MEDIA_PATH } from './files/media';
import { FILES_PATH, serveFiles } from './files/serve';
import { serveMedia } from './files/signed-media';
import { localFileStore, type FileStore } from './files/store';
import { langOf, t, type MessageKey } from './i18n';
import { accountRoutes } from './modules/account/routes';
import { announcementRoutes } from './modules/announcement/routes';
import { auditRoutes } from './modules/audit/routes';
import { announcementCrmRoutes } from './modules/announcement/crm-routes';
import { peopleRoutes } from './modules/people/routes';
import { siteRoutes } from './modules/site/routes';
import { teachingRoutes } from './modules/teaching/routes';
import { authoringRoutes, mountMediaUploads } from './modules/authoring/routes';
import { authRoutes } from './modules/auth/routes';
import { certificateRoutes } from './modules/certificate/routes';
import { communityRoutes } from './modules/community/routes';
import { courseRoutes } from './modules/course/routes';
import { dataRoutes } from './modules/data/routes';
import { enterpriseRoutes } from './modules/enterprise/routes';
import { examRoutes } from './modules/exam/routes';
import { homeRoutes } from './modules/home/routes';
import { lecturerRoutes } from './modules/lecturer/routes';
import { ledgerRoutes } from './modules/ledger/routes';
import { liveRoutes } from './modules/live/routes';
import { crmProjectRoutes } from './modules/study/crm-project-routes';
import { crmTaskRoutes } from './modules/tasks/routes';
import { organizationRoutes } from './modules/organization/routes';
import { periodRoutes } from './modules/period/routes';
import { playerRoutes } from './modules/player/routes';
import { searchRoutes } from './modules/search/routes';
import { studyRoutes } from './modules/study/routes';
import { systemRoutes } from './modules/system/routes';
import { userRoutes } from './modules/user/routes';
import { MAX_UPLOAD_BODY_BYTES, uploadEndpoints } from './modules/system/upload';
import { createSessionCache, type SessionCache } from './sessions/cache';
import { registerEndpoints, type RouteTable } from './routing';
import { localUploadStore, type UploadStore } from './files/upload-store';
import { MEDIA_UPLOAD_PATH } from '@/lib/authoring-rules';
import { securityHeaders, type CspSources } from './security';
import { serveSite } from './static';

export const DEFAULT_GATEWAY_PREFIX = '/gateway';
/** Largest request body the gateway reads. */
export const MAX_BODY_BYTES = 1024 * 1024;

export interface AppOptions {
  db: Db;
  /** The built site to serve beside the gateway; without it only the gateway answers. */
  distDir?: string;
  /** Where the gateway's calls live, `/gateway` by default. */
  gatewayPrefix?: string;
  /** Take the client address from `X-Forwarded-For` (set when behind a reverse proxy). */
  trustProxy?: boolean;
  /**
   * Sessions looked up lately; by default a cache of this app's own. Replicas on one PostgreSQL
   * give theirs a LISTEN/NOTIFY transport, so that a sign-out on one is heard by all.
   */
  sessions?: SessionCache;
  /** Where unexpected errors are reported; `console.error` by default. */
  logError?: (message: string, error: unknown) => void;
  /** Store of uploaded files, served at `/files/…`; by default the folder `<DATA_DIR>/files`. */
  files?: FileStore;
  /** Where resumable uploads collect their bytes; by default the folder `<DATA_DIR>/uploads`. */
  uploads?: UploadStore;
  /** The mobile site phones and tablets are redirected to (spec section 2); none by default. */
  h5Url?: string;
  /** Origins the pages' Content-Security-Policy allows beyond the site's own. */
  csp?: CspSources;
}

/**
 * A gateway prefix in canonical form: a leading slash, no trailing one.
 *
 * @example normalizePrefix('api/gw/') → '/api/gw'
 */
export function normalizePrefix(prefix: string): string {
  const clean = `/${prefix.trim().replace(/^\/+|\/+$/g, '')}`;
  if (!/^(\/[\w.~-]+)+$/.test(clean)) throw new Error(`Invalid gateway prefix "${prefix}"`);
  return clean;
}

/** The handlers of every row of the call table, by endpoint name. */
export const routeTable: RouteTable = {
  ...systemRoutes,
  ...userRoutes,
  ...enterpriseRoutes,
  ...accountRoutes,
  ...authRoutes,
  ...courseRoutes,
  ...playerRoutes,
  ...periodRoutes,
  ...studyRoutes,
  ...liveRoutes,
  ...crmProjectRoutes,
  ...crmTaskRoutes,
  ...dataRoutes,
  ...examRoutes,
  ...homeRoutes,
  ...searchRoutes,
  ...announcementRoutes,
  ...lecturerRoutes,
  ...certificateRoutes,
  ...ledgerRoutes,
  ...organizationRoutes,
  ...communityRoutes,
  ...auditRoutes,
  ...peopleRoutes,
  ...siteRoutes,
  ...announcementCrmRoutes,
  ...teachingRoutes,
  ...authoringRoutes,
};

/** Paths of the call table with the methods each accepts, for 405 answers. */
function methodsByPath(prefix: string): Map<string, string[]> {
  const map = new Map<string, string[]>();
  for (const def of Object.values(endpoints)) {
    const path = `${prefix}/${def.path}`;
    map.set(path, [...(map.get(path) ?? []), def.method]);
  }
  return map;
}

/**
 * Hono's body limit, deciding from the headers when it can: a body without a declared length
 * (chunked) is counted as it streams, as in `bodyLimit`; one whose `content-length` is within the
 * limit passes untouched (Node's parser holds a body to its declared length), so the Node
 * adapter later reads it straight from the socket instead of through a web stream.
 */
function declaredBodyLimit(options: { maxSize: number; onError: (c: Context) => Response | Promise<Response> }): MiddlewareHandler {
  const counted = bodyLimit(options);
  return (c, next) => {
    if (c.req.method === 'GET' || c.req.method === 'HEAD') return next();
    const length = c.req.header('content-length');
    if (length === undefined || c.req.header('transfer-encoding') !== undefined) return counted(c, next);
    return Number.parseInt(length, 10) > options.maxSize ? Promise.resolve(options.onError(c)) : next();
  };
}

/** The upload store of a gateway given none: the folder `<DATA_DIR>/uploads`. */
export function defaultUploadStore(): UploadStore {
  return localUploadStore(resolve(process.env.DATA_DIR ?? 'data', 'uploads'));
}

export function createApp(options: AppOptions): Hono {
  const prefix = normalizePrefix(options.gatewayPrefix ?? DEFAULT_GATEWAY_PREFIX);
  const logError = options.logError ?? ((message, error) => console.error(message, error));
  const allowed = methodsByPath(prefix);
  const inGateway = (path: string) => path === prefix || path.startsWith(`${prefix}/`);
  const lang = (c: Context) => langOf(c.req.header(LANG_HEADER));
  const fail = (c: Context, code: number, key: MessageKey, headers?: Record<string, string>) =>
    sendError(c, lang(c), new ApiError(code, key, null, {}, headers));

  const app = new Hono();

  app.use(securityHeaders({ trustProxy: options.trustProxy ?? false }));

  // Multipart upload calls take a file of up to 5 MB; every other call keeps the 1 MiB limit.
  const uploadPaths = new Set(uploadEndpoints.map((name) => `${prefix}/${endpoints[name].path}`));
  const bodyLimits = {
    json: declaredBodyLimit({ maxSize: MAX_BODY_BYTES, onError: (c) => fail(c, Code.PAYLOAD_TOO_LARGE, 'tooLarge') }),
    upload: declaredBodyLimit({
      maxSize: MAX_UPLOAD_BODY_BYTES,
      onError: (c) => fail(c, Code.PAYLOAD_TOO_LARGE, 'upload.size'),
    }),
  };
  // The resumable upload route takes files in parts of any size, up to its own maximum (tus).
  const mediaUploads = `${prefix}/${MEDIA_UPLOAD_PATH}`;
  const isMediaUpload = (path: string) => path === mediaUploads || path.startsWith(`${mediaUploads}/`);
  app.use(`${prefix}/*`, (c, next) =>
    isMediaUpload(c.req.path) ? next() : bodyLimits[uploadPaths.has(c.req.path) ? 'upload' : 'json'](c, next),
  );
  // Signed answers differ by query (a playlist by its signatures): never compressed into the per-path cache.
  const signedPath = (path: string) => path.startsWith(`${FILES_PATH}/`) || (path.startsWith(MEDIA_PATH) && !isPublicMedia(path));
  if (options.distDir) app.use('*', compressSite((path) => inGateway(path) || signedPath(path)));

  const files = options.files ?? localFileStore(resolve(process.env.DATA_DIR ?? 'data', 'files'));
  app.use(`${prefix}/*`, async (c, next) => {
    c.set('files', files);
    await next();
  });
  app.get(`${FILES_PATH}/*`, serveFiles(files, options.db));
  // Course media only through signed URLs; public pictures go on to the built site.
  app.get(`${MEDIA_PATH}*`, serveMedia(options.db));

  const routing = {
    db: options.db,
    prefix,
    trustProxy: options.trustProxy ?? false,
    sessions: options.sessions ?? createSessionCache(),
  };
  mountMediaUploads(app, { ...routing, store: options.uploads ?? defaultUploadStore() });
  registerEndpoints(app, routeTable, routing);

  const site = options.distDir ? serveSite({ distDir: options.distDir, gatewayPrefix: prefix, h5Url: options.h5Url, csp: options.csp }) : undefined;
  if (site) app.all('*', (c) => (inGateway(c.req.path) ? c.notFound() : site(c)));

  app.notFound((c) => {
    if (!inGateway(c.req.path)) return c.text('Not Found', 404);
    const methods = allowed.get(c.req.path);
    if (methods && !methods.includes(c.req.method)) {
      return fail(c, Code.METHOD_NOT_ALLOWED, 'methodNotAllowed', { Allow: methods.join(', ') });
    }
    return fail(c, Code.NOT_FOUND, 'notFound');
  });

  app.onError((error, c) => {
    if (error instanceof ApiError) return sendError(c, lang(c), error);
    if (inGateway(c.req.path) && isDatabaseUnavailable(error)) {
      logError(`[gateway] ${c.req.method} ${c.req.path}: database unavailable:`, error instanceof Error ? error.message : error);
      return fail(c, Code.UNAVAILABLE, 'unavailable', { 'Retry-After': '2' });
    }
    logError(`[gateway] ${c.req.method} ${c.req.path} failed:`, error);
    if (!inGateway(c.req.path)) return c.text('Internal Server Error', 500);
    return send(c, Code.INTERNAL, t(lang(c), 'internal'), null);
  });

  return app;
}
