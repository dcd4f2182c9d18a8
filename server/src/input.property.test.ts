/**
 * Properties of the gateway's input checks and envelope. Every row of the call table with an
 * input schema: any input is either accepted or refused with a 422 whose message names the
 * field in both languages, never an exception. Every call, sent arbitrary JSON or query
 * values over the real app: the answer is an envelope whose HTTP status mirrors its code, and
 * never a 500. The envelope writer: any code, message and data go out as `{ code, msg, data }`.
 */
import fc from 'fast-check';
import { Hono, type Context } from 'hono';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { Code, httpStatusFor } from '@/api/codes';
import { endpoints, type EndpointName } from '@/api/endpoints';
import { routeTable } from './app';
import { ApiError, send, sendError } from './envelope';
import { t } from './i18n';
import { createTestApp, type TestGateway } from './testing';
import { invalidInput } from './validation';

const names = Object.keys(endpoints) as EndpointName[];

/** The field names of an object schema, to aim values at the fields it checks. */
function fieldsOf(schema: z.ZodType | undefined): string[] {
  const shape = (schema as unknown as { shape?: Record<string, unknown> } | undefined)?.shape;
  return shape && typeof shape === 'object' ? Object.keys(shape) : [];
}

/** A value of any JSON type, with the odd ones validators trip over. */
const oddValue = fc.oneof(
  fc.jsonValue({ maxDepth: 2 }),
  fc.string({ unit: 'grapheme', maxLength: 40 }),
  fc.constantFrom('', ' ', '0', '-1', '1e400', 'NaN', 'null', 'true', '00000000-0000-4000-8000-000000000000', '<script>alert(1)</script>', "' OR 1=1 --", '\u0000', '🙂'.repeat(3)),
  fc.constantFrom(0, -1, 1.5, 2 ** 31, -(2 ** 53), Number.MAX_SAFE_INTEGER, 1e300, true, false, null),
  fc.array(fc.string({ maxLength: 5 }), { maxLength: 3 }),
);

/** A body for a call: its own fields with odd values (some left out), or any JSON at all. */
function bodyFor(name: EndpointName): fc.Arbitrary<unknown> {
  const fields = fieldsOf(routeTable[name]?.input);
  const aimed = fields.length ? fc.record(Object.fromEntries(fields.map((f) => [f, oddValue])), { requiredKeys: [] }) : fc.constant({});
  return fc.oneof({ weight: 3, arbitrary: aimed }, { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 2 }) });
}

/** A query for a GET call: its own fields with odd strings, some left out. */
function queryFor(name: EndpointName): fc.Arbitrary<Record<string, string>> {
  const fields = fieldsOf(routeTable[name]?.input);
  const text = fc.oneof(fc.string({ maxLength: 40 }), oddValue.map((v) => (typeof v === 'string' ? v : JSON.stringify(v) ?? '')));
  return fields.length
    ? fc
        .record(Object.fromEntries(fields.map((f) => [f, text])), { requiredKeys: [] })
        .map((query) => Object.fromEntries(Object.entries(query).filter((e): e is [string, string] => e[1] !== undefined)))
    : fc.dictionary(fc.string({ maxLength: 8 }), fc.string({ maxLength: 8 }), { maxKeys: 3 });
}

/** Translates a refusal as the envelope writer does, in one language. */
function messageOf(error: ApiError, lang: 'zh' | 'en'): string {
  const params = Object.fromEntries(Object.entries(error.params).map(([k, v]) => [k, typeof v === 'object' ? t(lang, v.key) : v]));
  return t(lang, error.key, params);
}

describe('input schemas of every call', () => {
  const withSchema = names.filter((name) => routeTable[name]?.input);

  it('cover most of the call table', () => {
    expect(withSchema.length).toBeGreaterThan(names.length / 2);
  });

  it.each(withSchema)('%s: accepts or refuses with a 422 naming the field in both languages, never throws', (name) => {
    const schema = routeTable[name]!.input!;
    const input = endpoints[name].method === 'GET' ? queryFor(name) : bodyFor(name);
    fc.assert(
      fc.property(input, (raw) => {
        const result = schema.safeParse(raw);
        if (result.success) return;
        const error = invalidInput(result.error.issues[0], raw);
        expect(error).toBeInstanceOf(ApiError);
        expect(error.code).toBe(Code.INVALID);
        for (const lang of ['zh', 'en'] as const) {
          const msg = messageOf(error, lang);
          expect(msg.trim()).not.toBe('');
          // Every placeholder filled.
          expect(msg).not.toMatch(/\{\w+\}/);
          const field = error.params.field;
          if (typeof field === 'string' && field) expect(msg).toContain(field);
        }
      }),
      { numRuns: 60 },
    );
  });
});

describe('every call over the real gateway', () => {
  let gw: TestGateway;
  let token: string;
  /** Calls that end the session or the account's password, which the rest of the run needs. */
  const skipped = new Set<EndpointName>(['logout', 'unreadStream', 'updatePassword', 'updateInitPassword', 'resetPassword']);

  /** The calls that answered each code, to see the input got past the checks too. */
  const answered = new Map<number, Set<EndpointName>>();

  beforeAll(async () => {
    gw = await createTestApp();
    token = await gw.login('E1004');
  });
  afterAll(async () => {
    await gw?.close();
  });

  it.each(names.filter((n) => !skipped.has(n)))('%s: arbitrary input gets an envelope whose status mirrors its code, never a 500', async (name) => {
    const def = endpoints[name];
    const input = def.method === 'GET' ? queryFor(name).map((query) => ({ query })) : bodyFor(name).map((body) => ({ body: body === undefined ? null : body }));
    await fc.assert(
      fc.asyncProperty(input, fc.constantFrom<'zh' | 'en'>('zh', 'en'), async (options, lang) => {
        const { res, body } = await gw.call(name, { ...options, token, lang, ip: '198.51.100.7' });
        expect(res.headers.get('content-type')).toMatch(/^application\/json/);
        expect(typeof body.code).toBe('number');
        expect(typeof body.msg).toBe('string');
        expect(body).toHaveProperty('data');
        expect(res.status).toBe(httpStatusFor(body.code));
        expect(body.code, `${name} ${JSON.stringify(options)}: ${body.msg}`).not.toBe(Code.INTERNAL);
        // The database is up: input must never be mistaken for it going away (a 503 may only
        // say that an outside service, such as single sign-on, is not there).
        expect(body.msg, name).not.toBe(t(lang, 'unavailable'));
        if (body.code === Code.UNAUTHORIZED) token = await gw.login('E1004');
        answered.set(body.code, (answered.get(body.code) ?? new Set()).add(name));
      }),
      { numRuns: 6 },
    );
  });

  it('reached the handlers: many calls also answered 200 besides 422, and some 404', () => {
    expect(answered.get(Code.OK)?.size ?? 0).toBeGreaterThan(25);
    expect(answered.get(Code.INVALID)?.size ?? 0).toBeGreaterThan(100);
    expect(answered.get(Code.NOT_FOUND)?.size ?? 0).toBeGreaterThan(2);
  });
});

describe('the envelope writer', () => {
  it('sends any code, message and data as { code, msg, data } with the status of the code', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.oneof(fc.constantFrom(...Object.values(Code)), fc.integer({ min: 0, max: 999 })),
        fc.string({ unit: 'grapheme' }),
        fc.jsonValue(),
        async (code, msg, data) => {
          const res = await request((c) => send(c, code, msg, data));
          expect(res.status).toBe(httpStatusFor(code));
          expect(await res.json()).toEqual(JSON.parse(JSON.stringify({ code, msg, data })));
        },
      ),
      { numRuns: 100 },
    );
  });

  it('translates a refusal into either language with its placeholders filled', async () => {
    await fc.assert(
      fc.asyncProperty(fc.string({ maxLength: 20 }), fc.integer({ min: 1, max: 10_000 }), fc.constantFrom<'zh' | 'en'>('zh', 'en'), async (field, max, lang) => {
        const error = new ApiError(Code.INVALID, 'invalid.tooLong', null, { field, max });
        const res = await request((c) => sendError(c, lang, error));
        expect(res.status).toBe(422);
        const body = (await res.json()) as { code: number; msg: string; data: unknown };
        expect(body).toEqual({ code: Code.INVALID, msg: t(lang, 'invalid.tooLong', { field, max }), data: null });
        expect(body.msg).toContain(String(max));
      }),
    );
  });
});

/** Answers one request with a handler given the context. */
async function request(handler: (c: Context) => Response): Promise<Response> {
  const app = new Hono();
  app.get('/', (c) => handler(c));
  return app.request('/');
}
