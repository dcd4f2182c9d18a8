/**
 * The one place that writes responses: every gateway answer is `{ code, msg, data }` with the
 * HTTP status from `httpStatusFor(code)`. Handlers return data or throw `ApiError`; the app's
 * error handler turns anything else into a generic 500 envelope and logs the details.
 */
import type { Context } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { Code, httpStatusFor } from '@/api/codes';
import type { Envelope } from '@/api/types';
import type { Locale } from '@/i18n/routes';
import { t, type MessageKey } from './i18n';

/** Placeholder values of a message; `{ key }` is itself translated. */
export type MessageParams = Record<string, string | number | { key: MessageKey }>;

/** A refusal: an envelope code and a message key, translated into the caller's language when sent. */
export class ApiError extends Error {
  constructor(
    readonly code: number,
    readonly key: MessageKey,
    readonly data: unknown = null,
    readonly params: MessageParams = {},
    readonly headers: Record<string, string> = {},
  ) {
    super(key);
    this.name = 'ApiError';
  }
}

/** Writes an envelope with its HTTP status. */
export function send<T>(
  c: Context,
  code: number,
  msg: string,
  data: T,
  headers?: Record<string, string>,
): Response {
  const body: Envelope<T> = { code, msg, data };
  return c.json(body, httpStatusFor(code) as ContentfulStatusCode, headers);
}

export function sendOk<T>(c: Context, lang: Locale, data: T): Response {
  return send(c, Code.OK, t(lang, 'ok'), data);
}

export function sendError(c: Context, lang: Locale, error: ApiError): Response {
  const params = Object.fromEntries(
    Object.entries(error.params).map(([name, value]) => [
      name,
      typeof value === 'object' ? t(lang, value.key) : value,
    ]),
  );
  return send(c, error.code, t(lang, error.key, params), error.data, error.headers);
}
