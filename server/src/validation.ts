/**
 * Input at the edge: a call's query (GET) or JSON body (POST), checked with its zod schema.
 * Failures become 422 envelopes whose message names the field in the caller's language.
 */
import type { Context } from 'hono';
import type { z } from 'zod';
import { Code } from '@/api/codes';
import { ApiError, type MessageParams } from './envelope';
import type { MessageKey } from './i18n';

type Issue = z.core.$ZodIssue;

const typeNames: Partial<Record<string, MessageKey>> = {
  string: 'type.string',
  number: 'type.number',
  int: 'type.number',
  boolean: 'type.boolean',
  object: 'type.object',
  array: 'type.array',
};

function valueAt(input: unknown, path: readonly PropertyKey[]): unknown {
  let value = input;
  for (const key of path) {
    if (value === null || typeof value !== 'object') return undefined;
    value = (value as Record<PropertyKey, unknown>)[key];
  }
  return value;
}

/** The first issue as an `ApiError` (422) naming its field. */
export function invalidInput(issue: Issue | undefined, input: unknown): ApiError {
  if (!issue || issue.path.length === 0) return new ApiError(Code.INVALID, 'invalid.malformed');
  const field = issue.path.map(String).join('.');
  const missing = valueAt(input, issue.path) === undefined;
  const fail = (key: MessageKey, params: MessageParams = {}) =>
    new ApiError(Code.INVALID, key, null, { field, ...params });
  switch (issue.code) {
    case 'invalid_type':
      if (missing) return fail('invalid.missing');
      return fail('invalid.type', { expected: { key: typeNames[issue.expected] ?? 'type.string' } });
    case 'too_big':
      return issue.origin === 'string'
        ? fail('invalid.tooLong', { max: Number(issue.maximum) })
        : fail('invalid.tooBig', { max: Number(issue.maximum) });
    case 'too_small':
      if (issue.origin !== 'string') return fail('invalid.tooSmall', { min: Number(issue.minimum) });
      return Number(issue.minimum) <= 1
        ? fail('invalid.empty')
        : fail('invalid.tooShort', { min: Number(issue.minimum) });
    default:
      return fail('invalid.field');
  }
}

/** Reads a JSON body; an empty body is `{}` so that missing fields are named one by one. */
async function readJson(c: Context): Promise<unknown> {
  const type = c.req.header('content-type');
  if (type && !/^application\/([\w.+-]+\+)?json\s*(;|$)/i.test(type)) {
    throw new ApiError(Code.UNSUPPORTED_MEDIA_TYPE, 'unsupportedMediaType');
  }
  const text = await c.req.text();
  if (text.trim() === '') return {};
  try {
    return JSON.parse(text) as unknown;
  } catch {
    throw new ApiError(Code.INVALID, 'badJson');
  }
}

/**
 * The path of the first text in `value` holding a NUL character, which no PostgreSQL text column
 * can store (an empty path: `value` itself); `undefined` when there is none.
 *
 * @example nulAt({ a: ['x', 'y\u0000'] }) → ['a', '1']
 */
export function nulAt(value: unknown, path: string[] = [], depth = 0): string[] | undefined {
  if (typeof value === 'string') return value.includes('\u0000') ? path : undefined;
  if (value === null || typeof value !== 'object' || depth > 32) return undefined;
  for (const [key, item] of Object.entries(value)) {
    const found = nulAt(item, [...path, key], depth + 1);
    if (found) return found;
  }
  return undefined;
}

/**
 * The validated input of a call: the query string for GET, the JSON body otherwise.
 * A call without a schema reads nothing.
 */
export async function readInput<S extends z.ZodType>(
  c: Context,
  schema: S | undefined,
): Promise<z.output<S> | undefined> {
  if (!schema) return undefined;
  const raw = c.req.method === 'GET' || c.req.method === 'HEAD' ? c.req.query() : await readJson(c);
  const nul = nulAt(raw);
  if (nul) throw new ApiError(Code.INVALID, 'invalid.field', null, { field: nul.join('.') || 'body' });
  const result = schema.safeParse(raw);
  if (!result.success) throw invalidInput(result.error.issues[0], raw);
  return result.data;
}
