// @vitest-environment happy-dom
/**
 * Properties of the site's envelope rules (spec section 8, `settle` in `client.ts`): whatever a
 * gateway answers — an envelope with any code, message and data, or anything that is not an
 * envelope — the caller gets `data`, the whole envelope, or an `ApiError` carrying the code and
 * a message to show; never another kind of error.
 */
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { ApiError, NO_ENVELOPE, settle } from '@/api/client';
import { Code, isSignOutCode } from '@/api/codes';
import { clearToasts } from '@/stores/toasts';

let assign: ReturnType<typeof vi.spyOn>;
beforeAll(() => {
  assign = vi.spyOn(location, 'assign').mockImplementation(() => undefined);
});
afterAll(() => {
  assign.mockRestore();
  clearToasts();
});

const FALLBACK = '加载数据失败，请稍后重试';

type Outcome = { resolved: unknown } | { rejected: unknown };
async function outcome(body: unknown): Promise<Outcome> {
  try {
    return { resolved: await settle(body, body, { isShowErrTip: false }) };
  } catch (error) {
    return { rejected: error };
  }
}

const anyCode = fc.oneof(
  fc.constantFrom(...Object.values(Code)),
  fc.integer({ min: -1000, max: 100_000 }),
  fc.double({ noNaN: false }),
);
const envelope = fc.record({ code: anyCode, msg: fc.oneof(fc.string(), fc.constant('')), data: fc.jsonValue() });

describe('settle', () => {
  it('gives data on 200 and the whole envelope on 208, whatever the data', async () => {
    await fc.assert(
      fc.asyncProperty(fc.jsonValue(), fc.string(), async (data, msg) => {
        expect(await outcome({ code: Code.OK, msg, data })).toEqual({ resolved: data });
        const whole = { code: Code.WHOLE, msg, data };
        expect(await outcome(whole)).toEqual({ resolved: whole });
      }),
    );
  });

  it('refuses every other code with an ApiError of that code, its message (or the fallback) and its data', async () => {
    await fc.assert(
      fc.asyncProperty(envelope, async (body) => {
        fc.pre(body.code !== Code.OK && body.code !== Code.WHOLE);
        const result = await outcome(body);
        expect(result).toHaveProperty('rejected');
        const error = (result as { rejected: unknown }).rejected;
        expect(error).toBeInstanceOf(ApiError);
        expect((error as ApiError).code).toBe(body.code);
        expect((error as ApiError).data).toEqual(body.data);
        // Sign-in refusals, sign-outs and rate limits carry the gateway's message as it is;
        // every other failure shows the fallback when the gateway gave none.
        const asIs = body.code === Code.LOGIN_ERROR || body.code === Code.TOO_MANY_REQUESTS || isSignOutCode(body.code);
        expect((error as ApiError).msg).toBe(asIs ? body.msg : body.msg || FALLBACK);
      }),
      { numRuns: 200 },
    );
  });

  it('treats anything that is not an envelope as a failure to load, never as data', async () => {
    const notEnvelope = fc.oneof(
      fc.jsonValue().filter((v) => v === null || typeof v !== 'object' || typeof (v as { code?: unknown }).code !== 'number'),
      fc.record({ code: fc.oneof(fc.string(), fc.boolean(), fc.constant(null)), data: fc.jsonValue() }),
      fc.constant(undefined),
    );
    await fc.assert(
      fc.asyncProperty(notEnvelope, async (body) => {
        const result = await outcome(body);
        const error = (result as { rejected: unknown }).rejected;
        expect(error).toBeInstanceOf(ApiError);
        expect((error as ApiError).code).toBe(NO_ENVELOPE);
        expect((error as ApiError).msg).toBe(FALLBACK);
      }),
      { numRuns: 200 },
    );
  });

  it('hands back the raw body untouched with noDispose', async () => {
    await fc.assert(
      fc.asyncProperty(fc.jsonValue(), async (body) => {
        expect(await settle(body, body, { noDispose: true })).toEqual(body);
      }),
    );
  });
});
