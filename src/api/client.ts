/**
 * The one HTTP client. Every call is a row of `endpoints.ts`; the envelope rules of spec
 * section 8 are applied here and nowhere else, so callers get `data` or an {@link ApiError}.
 *
 * The code is read from the body whatever the HTTP status: a gateway may answer 200 with the
 * code only in the body, and ours mirrors it in the status.
 */
import Cookies from 'js-cookie';
import { createFetch, type $Fetch } from 'ofetch';
import {
  Code,
  DEFAULT_GATEWAY_PREFIX,
  EID_HEADER,
  EID_STORAGE_KEY,
  isSignOutCode,
  LANG_HEADER,
  TOKEN_COOKIE,
  TOKEN_HEADER,
} from '@/api/codes';
import { takeEarly } from '@/api/early';
import { endpoints, type EndpointDef, type EndpointName, type Paging } from '@/api/endpoints';
import type { Envelope } from '@/api/types';
import { pageLocale, type Locale } from '@/i18n/locale-path';
import { isSignInPage, loginPath } from '@/lib/login-path';
import { notify, notifyError } from '@/stores/toasts';

export { DEFAULT_GATEWAY_PREFIX, EID_STORAGE_KEY };

/** Spec section 9: request timeout. */
export const REQUEST_TIMEOUT = 60_000;
/** Local storage key of the login-error counter that code 321 sets to 2. */
export const LOGIN_ERROR_COUNT_KEY = 'loginErrorCount';
/** Local storage key of the stored user info. */
export const USER_INFO_KEY = 'userInfo';
/** {@link ApiError.code} when no envelope came back (network failure, timeout, foreign body). */
export const NO_ENVELOPE = 0;

const FAILED_TO_LOAD: Record<Locale, string> = {
  zh: '加载数据失败，请稍后重试',
  en: 'Failed to load data. Please try again later',
};

const DOCUMENT_TYPE =
  /^application\/(?:pdf|octet-stream|zip|x-zip-compressed|msword|rtf|vnd\.ms-[\w.-]+|vnd\.openxmlformats-officedocument\.[\w.-]+|vnd\.oasis\.opendocument\.[\w.-]+)$/i;
const JSON_TYPE = /^application\/(?:[\w.+-]*\+)?json$/i;

export class ApiError<T = unknown> extends Error {
  readonly code: number;
  readonly msg: string;
  readonly data: T;

  constructor(code: number, msg: string, data: T) {
    super(msg || `code ${code}`);
    this.name = 'ApiError';
    this.code = code;
    this.msg = msg;
    this.data = data;
  }
}

export interface CallOptions {
  /** Query parameters. */
  query?: Record<string, unknown>;
  /** Values of the row's `{name}` path segments (`getpostgrade/{userNo}`), URL-encoded in place. */
  params?: Record<string, string | number>;
  /** JSON body (or FormData) of POST and DELETE calls; merged into the query of GET calls. */
  body?: Record<string, unknown> | FormData;
  /** Overrides the row's default paging (page calls only). */
  paging?: Partial<Paging>;
  /** `false`: no error toast for the "others" codes; the caller shows the error. */
  isShowErrTip?: boolean;
  /** Resolve the parsed body as it came, whatever its code. */
  noDispose?: boolean;
  /** `blob` (and the others) for file downloads; a document content type gives a Blob anyway. */
  responseType?: 'json' | 'blob' | 'text' | 'arrayBuffer';
  headers?: Record<string, string>;
  signal?: AbortSignal;
  /** Let the request outlive the page (a last report sent while the page is hiding). */
  keepalive?: boolean;
}

interface ClientConfig {
  baseURL?: string;
  fetch?: typeof globalThis.fetch;
  timeout: number;
}

/**
 * What the client takes from the page's stores, which the session store hands over as it loads
 * ({@link setClientHooks}); until then the page's `<html lang>` and {@link forgetSession}, which
 * give the same language and leave the browser without the session all the same.
 */
export interface ClientHooks {
  /** The page's language: the `accept-language` of every call and the language of the client's own texts. */
  locale: () => Locale;
  /** Ends the session everywhere the page keeps it, after a sign-out code. */
  signedOut: () => Promise<void>;
}

let hooks: ClientHooks = { locale: pageLocale, signedOut: async () => forgetSession() };

/** Hands the client the page's language and sign-out; the session store calls it as it loads. */
export function setClientHooks(given: Partial<ClientHooks>): void {
  hooks = { ...hooks, ...given };
}

let config: ClientConfig = { timeout: REQUEST_TIMEOUT };
let $fetch: $Fetch = build();

function build(): $Fetch {
  const custom = config.fetch;
  return createFetch({
    fetch: (input, init) => (custom ?? globalThis.fetch)(input, init),
    Headers: globalThis.Headers,
    AbortController: globalThis.AbortController,
  });
}

/**
 * Points the client elsewhere (tests, other hosts) and resets its state. Without arguments it
 * returns to the defaults: the gateway prefix from the page, the global fetch, 60 s.
 */
export function configureClient(options: { baseURL?: string; fetch?: typeof globalThis.fetch; timeout?: number } = {}): void {
  config = { baseURL: options.baseURL, fetch: options.fetch, timeout: options.timeout ?? REQUEST_TIMEOUT };
  $fetch = build();
  leaving = false;
}

/** The gateway prefix: `<meta name="xt-gateway" content="/gateway">`, else `/gateway`. */
export function gatewayPrefix(): string {
  if (typeof document === 'undefined') return DEFAULT_GATEWAY_PREFIX;
  const content = document.querySelector('meta[name="xt-gateway"]')?.getAttribute('content')?.trim();
  return content || DEFAULT_GATEWAY_PREFIX;
}

/** The session token from its cookie, if any. */
export function readToken(): string | undefined {
  if (typeof document === 'undefined') return undefined;
  return Cookies.get(TOKEN_COOKIE) || undefined;
}

function storage(): Storage | undefined {
  try {
    return typeof localStorage === 'undefined' ? undefined : localStorage;
  } catch {
    return undefined;
  }
}

/** The headers of every call: language, token and enterprise id when known, then `extra`. */
export function requestHeaders(extra?: Record<string, string>): Record<string, string> {
  const headers: Record<string, string> = { [LANG_HEADER]: hooks.locale() };
  const token = readToken();
  if (token) headers[TOKEN_HEADER] = token;
  const eid = storage()?.getItem(EID_STORAGE_KEY);
  if (eid) headers[EID_HEADER] = eid;
  return { ...headers, ...extra };
}

function isEnvelope(body: unknown): body is Envelope {
  return typeof body === 'object' && body !== null && typeof (body as Envelope).code === 'number';
}

/** The media type of a `content-type` value, without its parameters. */
function mediaType(contentType: string | null): string {
  return (contentType ?? '').split(';')[0]!.trim();
}

async function readJson(body: unknown): Promise<unknown> {
  try {
    if (typeof body === 'string') return JSON.parse(body);
    if (body instanceof ArrayBuffer) return JSON.parse(new TextDecoder().decode(body));
    if (typeof Blob !== 'undefined' && body instanceof Blob) return JSON.parse(await body.text());
  } catch {
    return undefined;
  }
  return body;
}

function failure(code: number, msg: string, data: unknown, showTip: boolean): ApiError {
  const text = msg || FAILED_TO_LOAD[hooks.locale()];
  if (showTip) notifyError(text);
  return new ApiError(code, text, data);
}

/** The timeout of every call, in ms (60 s unless {@link configureClient} set another). */
export function requestTimeout(): number {
  return config.timeout;
}

/** Set once a sign-out code has sent the page to the sign-in page, so parallel calls go once. */
let leaving = false;

/**
 * Forgets the session the browser keeps: the token cookie, the stored user info and enterprise
 * id, and session storage. The session store's sign-out ends with it.
 */
export function forgetSession(): void {
  Cookies.remove(TOKEN_COOKIE, { path: '/' });
  localStorage.removeItem(USER_INFO_KEY);
  localStorage.removeItem(EID_STORAGE_KEY);
  sessionStorage.clear();
}

/** Signs the user out and opens the sign-in page, unless the user is on it or on the agreement. */
async function endSession(): Promise<void> {
  await hooks.signedOut();
  if (leaving || typeof location === 'undefined' || isSignInPage(location.pathname)) return;
  leaving = true;
  location.assign(loginPath(location.pathname));
}

/** ofetch applies its timeout only without a caller's signal: combine the two. */
function withTimeout(signal: AbortSignal | undefined): AbortSignal | undefined {
  if (!signal || typeof AbortSignal.any !== 'function') return signal;
  return AbortSignal.any([signal, AbortSignal.timeout(config.timeout)]);
}

function joinURL(base: string, path: string): string {
  return `${base.replace(/\/+$/, '')}/${path.replace(/^\/+/, '')}`;
}

/**
 * A row's path with its `{name}` segments filled from `params`.
 *
 * @example fillPath('user/getpostgrade/{userNo}', { userNo: 'U 1' }) → 'user/getpostgrade/U%201'
 */
export function fillPath(path: string, params: CallOptions['params'] = {}): string {
  return path.replace(/\{(\w+)\}/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined || value === '') throw new Error(`Path parameter "${name}" is missing for ${path}`);
    return encodeURIComponent(String(value));
  });
}

/** The full URL of a row, with its `{name}` segments filled from `params`. */
export function endpointURL(def: EndpointDef, params?: CallOptions['params']): string {
  return joinURL(config.baseURL ?? gatewayPrefix(), fillPath(def.path, params));
}

function withPaging(def: EndpointDef, opts: CallOptions): Record<string, unknown> | FormData | undefined {
  const { body, paging } = opts;
  if (body instanceof FormData) return body;
  if (!def.paging && !paging) return body;
  return { ...def.paging, ...paging, ...body };
}

/**
 * Calls an endpoint described by a row (tests and module files use {@link call}).
 * Resolves `data` (code 200), a Blob (document content types), the whole envelope (208) or
 * the raw body (`noDispose`); rejects with an {@link ApiError} otherwise.
 */
export async function request<T = unknown>(def: EndpointDef, opts: CallOptions = {}): Promise<T> {
  const showTip = opts.isShowErrTip !== false;
  const payload = withPaging(def, opts);
  const isGet = def.method === 'GET';
  const query = isGet && payload && !(payload instanceof FormData) ? { ...payload, ...opts.query } : opts.query;
  const wanted = opts.responseType && opts.responseType !== 'json' ? opts.responseType : undefined;
  const url = endpointURL(def, opts.params);

  const early = isGet && !query && !wanted && !opts.headers && url === joinURL(gatewayPrefix(), def.path)
    ? takeEarly(def.path, readToken())
    : undefined;
  const answer = early && (await early);
  if (answer) {
    if (opts.signal?.aborted) throw opts.signal.reason;
    return settle<T>(JSON_TYPE.test(mediaType(answer.type)) ? await readJson(answer.text) : undefined, answer.text, opts);
  }

  let response: Response & { _data?: unknown };
  try {
    response = await $fetch.raw(url, {
      method: def.method,
      query,
      body: isGet ? undefined : payload,
      headers: requestHeaders(opts.headers),
      timeout: config.timeout,
      retry: false,
      ignoreResponseError: true,
      responseType: wanted,
      signal: withTimeout(opts.signal),
      keepalive: opts.keepalive,
    });
  } catch (error) {
    // The caller cancelled: not a failure to tell the user about.
    if (opts.signal?.aborted) throw error;
    throw failure(NO_ENVELOPE, '', undefined, showTip);
  }

  const type = mediaType(response.headers.get('content-type'));
  if (response.ok && !JSON_TYPE.test(type) && (wanted || DOCUMENT_TYPE.test(type))) {
    return response._data as T;
  }
  return settle<T>(await readJson(response._data), response._data, opts);
}

/**
 * The envelope rules of spec section 8 applied to a parsed body (`raw` is the body as it
 * came): `data` on 200, the whole envelope on 208, the raw body with `noDispose`, and an
 * {@link ApiError} for every other code, including no envelope at all (a network failure).
 * Shared by {@link request} and the form-data uploads of `@/api/upload`.
 */
export async function settle<T>(body: unknown, raw: unknown, opts: CallOptions): Promise<T> {
  const showTip = opts.isShowErrTip !== false;
  if (opts.noDispose) return (body === undefined ? raw : body) as T;
  if (!isEnvelope(body)) throw failure(NO_ENVELOPE, '', body, showTip);

  const { code, msg, data } = body;
  if (code === Code.OK) return data as T;
  if (code === Code.WHOLE) return body as T;
  if (code === Code.LOGIN_ERROR) {
    storage()?.setItem(LOGIN_ERROR_COUNT_KEY, '2');
    if (msg) notify(msg);
    throw new ApiError(code, msg, data);
  }
  if (isSignOutCode(code)) {
    await endSession();
    throw new ApiError(code, msg, data);
  }
  if (code === Code.TOO_MANY_REQUESTS) {
    if (msg) notify(msg);
    throw new ApiError(code, msg, data);
  }
  throw failure(code, msg, data, showTip);
}

/**
 * Calls the endpoint named in `endpoints.ts`.
 *
 * @example const info = await call<WebInfo>('websiteViewPublic', { query: { domain: location.hostname } })
 */
export function call<T = unknown>(name: EndpointName, opts?: CallOptions): Promise<T> {
  return request<T>(endpoints[name], opts);
}
