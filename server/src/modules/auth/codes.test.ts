import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { Code } from '@/api/codes';
import type { CodeScene, ImageCaptcha, SendCodeResult, WebInfo } from '@/api/types';
import { captchas, outboxMessages, verificationCodes } from '../../db/schema';
import { latestInOutbox } from '../../messaging/outbox';
import { createTestApp, type CallOptions, type TestGateway } from '../../testing';
import { consumeCaptcha, createCaptcha, CAPTCHA_TTL_SECONDS } from '../../captcha';
import {
  checkCode,
  CODE_TTL_SECONDS,
  MAX_CODES_PER_IP_HOUR,
  MAX_CODES_PER_PHONE_DAY,
  MAX_CODES_PER_PHONE_HOUR,
  MAX_FAILED_CHECKS,
  RESEND_SECONDS,
  verifyAndConsumeCode,
} from './codes';
import { DEMO_PHONES, answeredCaptcha, lastCodeSentTo, tempOutbox, travel, type TempOutbox } from './test-support';

const { zhangWei: ZHANG_WEI, zhouTing: ZHOU_TING, unknown: UNKNOWN } = DEMO_PHONES;

let gw: TestGateway;
let outbox: TempOutbox;
beforeAll(async () => {
  outbox = await tempOutbox();
  gw = await createTestApp();
});
afterAll(async () => {
  await gw?.close();
  await outbox?.close();
});

const db = () => gw.database.db;

async function send(phone: string, scene: CodeScene, o: CallOptions & { captcha?: { captchaKey: string; captchaCode: string } } = {}) {
  const captcha = o.captcha ?? (await answeredCaptcha(db()));
  return gw.call<SendCodeResult & { resendIn: number }>('sendVerificationCode', { ...o, body: { phone, scene, ...captcha } });
}

/** Lets the 60-second resend wait pass for a phone. */
const waitResend = (phone: string) =>
  travel(db(), 'verification_codes', 'created_at', RESEND_SECONDS + 1, sql`phone = ${phone}`);

describe('image captcha', () => {
  it('answers an SVG picture, a key and 5 minutes; keeps only a hash of the answer', async () => {
    const { res, body } = await gw.call<ImageCaptcha>('imageCaptcha');
    expect(res.status).toBe(200);
    expect(body.data.captchaKey).toMatch(/^[0-9a-f-]{36}$/);
    expect(body.data.expiresIn).toBe(CAPTCHA_TTL_SECONDS);
    expect(body.data.image).toMatch(/^data:image\/svg\+xml;base64,/);
    expect(Buffer.from(body.data.image.split(',')[1]!, 'base64').toString()).toMatch(/^<svg[\s\S]*<\/svg>$/);
    expect(Object.keys(body.data).sort()).toEqual(['captchaKey', 'expiresIn', 'image']);

    const own = await createCaptcha(db());
    const [row] = await db().select().from(captchas).where(eq(captchas.id, own.captchaKey));
    expect(row!.answerHash).toMatch(/^[0-9a-f]{64}$/);
    expect(JSON.stringify(row).toLowerCase()).not.toContain(own.answer.toLowerCase());
  });

  it('accepts the answer in any case, once', async () => {
    const { captchaKey, answer } = await createCaptcha(db());
    expect(await consumeCaptcha(db(), captchaKey, ` ${answer.toUpperCase()} `)).toBe(true);
    expect(await consumeCaptcha(db(), captchaKey, answer)).toBe(false);
  });

  it('is spent by a wrong answer, and expires after 5 minutes', async () => {
    const wrong = await createCaptcha(db());
    expect(await consumeCaptcha(db(), wrong.captchaKey, `${wrong.answer}x`)).toBe(false);
    expect(await consumeCaptcha(db(), wrong.captchaKey, wrong.answer)).toBe(false);

    const old = await createCaptcha(db());
    await travel(db(), 'captchas', 'expires_at', CAPTCHA_TTL_SECONDS + 1, sql`id = ${old.captchaKey}`);
    expect(await consumeCaptcha(db(), old.captchaKey, old.answer)).toBe(false);

    for (const key of [undefined, '', 'not-a-uuid', '00000000-0000-0000-0000-000000000000']) {
      expect(await consumeCaptcha(db(), key, 'abcd')).toBe(false);
    }
  });

  it('takes the fixed answer of a browser test run, but never in production', async () => {
    const before = { answer: process.env.CAPTCHA_TEST_ANSWER, mode: process.env.NODE_ENV };
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    process.env.CAPTCHA_TEST_ANSWER = 'e2e7';
    try {
      const fixed = await createCaptcha(db());
      expect(fixed.answer).toBe('e2e7');
      expect(Buffer.from(fixed.image.split(',')[1]!, 'base64').toString()).toMatch(/^<svg/);
      expect(await consumeCaptcha(db(), fixed.captchaKey, 'E2E7')).toBe(true);
      process.env.NODE_ENV = 'production';
      expect((await createCaptcha(db())).answer).not.toBe('e2e7');
    } finally {
      for (const [name, value] of [['CAPTCHA_TEST_ANSWER', before.answer], ['NODE_ENV', before.mode]] as const) {
        if (value === undefined) delete process.env[name];
        else process.env[name] = value;
      }
      warn.mockRestore();
    }
  });

  it('limits pictures per client address', async () => {
    const ip = '192.0.2.90';
    for (let i = 0; i < 60; i++) expect((await gw.call('imageCaptcha', { ip })).body.code).toBe(Code.OK);
    const { res, body } = await gw.call('imageCaptcha', { ip, lang: 'en' });
    expect(res.status).toBe(429);
    expect(body.msg).toBe('Too many requests, please try again later');
  });
});

describe('sending verification codes', () => {
  beforeEach(async () => {
    await db().delete(verificationCodes);
  });

  it('sends a 6-digit code to the outbox, valid for 10 minutes; the database holds only a keyed hash', async () => {
    const { res, body } = await send(ZHANG_WEI, 'login', { ip: '192.0.2.1' });
    expect(res.status).toBe(200);
    expect(body).toEqual({ code: Code.OK, msg: '操作成功', data: { resendIn: RESEND_SECONDS, expiresIn: CODE_TTL_SECONDS } });

    const files = await outbox.files();
    expect(files.some((f) => new RegExp(`^\\d{8}T\\d{9}Z-sms-${ZHANG_WEI}\\.txt$`).test(f))).toBe(true);
    const code = await lastCodeSentTo(ZHANG_WEI);
    expect(code).toMatch(/^\d{6}$/);

    const rows = await db().select().from(verificationCodes).where(eq(verificationCodes.phone, ZHANG_WEI));
    expect(rows).toHaveLength(1);
    expect(rows[0]!.codeHash).toMatch(/^[0-9a-f]{64}$/);
    expect(JSON.stringify(rows)).not.toContain(code);
    const life = (rows[0]!.expiresAt.getTime() - rows[0]!.createdAt.getTime()) / 1000;
    expect(life).toBeCloseTo(CODE_TTL_SECONDS, 0);
    const logged = await db().select().from(outboxMessages).where(eq(outboxMessages.recipient, ZHANG_WEI));
    expect(logged.at(-1)).toMatchObject({ kind: 'sms' });
    expect(JSON.stringify(logged)).not.toContain(code);
  });

  it('writes the message in the caller language with the site name', async () => {
    await send(ZHANG_WEI, 'login', { lang: 'en' });
    const { content } = (await latestInOutbox('sms', ZHANG_WEI))!;
    expect(content).toMatch(/^\[Xingchen Academy\] Your verification code is \d{6}\. It is valid for 10 minutes\./);
  });

  it('needs a right image captcha, and spends it', async () => {
    const missing = await gw.call('sendVerificationCode', { body: { phone: ZHANG_WEI, scene: 'login' } });
    expect(missing.res.status).toBe(422);
    const wrong = await send(ZHANG_WEI, 'login', { captcha: { captchaKey: (await createCaptcha(db())).captchaKey, captchaCode: '????' } });
    expect(wrong.body).toEqual({ code: Code.INVALID, msg: '请输入正确的图形验证码', data: null });
    const captcha = await answeredCaptcha(db());
    expect((await send(ZHANG_WEI, 'login', { captcha })).body.code).toBe(Code.OK);
    await waitResend(ZHANG_WEI);
    expect((await send(ZHANG_WEI, 'login', { captcha, lang: 'en' })).body.msg).toBe(
      'Please enter the correct image verification code',
    );
  });

  it('refuses a malformed phone', async () => {
    const { body } = await send('12345', 'login');
    expect(body).toMatchObject({ code: Code.INVALID, msg: '请输入正确的手机号' });
  });

  it('answers the same for an unknown phone but sends nothing, and counts it', async () => {
    const known = await send(ZHANG_WEI, 'login');
    const unknown = await send(UNKNOWN, 'login');
    const otherCompany = await send(ZHOU_TING, 'login');
    expect(unknown.body).toEqual(known.body);
    expect(otherCompany.body).toEqual(known.body);
    expect(await lastCodeSentTo(UNKNOWN)).toBeUndefined();
    expect(await lastCodeSentTo(ZHOU_TING)).toBeUndefined();
    const again = await send(UNKNOWN, 'login');
    expect(again.res.status).toBe(429);
    // On company two's site B2001 does get a code.
    expect((await send(ZHOU_TING, 'reset', { host: '127.0.0.1' })).body.code).toBe(Code.OK);
    expect(await lastCodeSentTo(ZHOU_TING)).toMatch(/^\d{6}$/);
  });

  it('sends registration codes to new phones', async () => {
    expect((await send(UNKNOWN, 'register')).body.code).toBe(Code.OK);
    expect(await lastCodeSentTo(UNKNOWN)).toMatch(/^\d{6}$/);
  });

  it(`refuses a new code for the same phone and scene within ${RESEND_SECONDS} s, with the wait`, async () => {
    await send(ZHANG_WEI, 'login');
    const { res, body } = await send(ZHANG_WEI, 'login');
    expect(res.status).toBe(429);
    expect(body.code).toBe(Code.TOO_MANY_REQUESTS);
    expect(body.data.resendIn).toBeGreaterThan(RESEND_SECONDS - 5);
    expect(body.data.resendIn).toBeLessThanOrEqual(RESEND_SECONDS);
    expect(body.msg).toBe(`验证码已发送，请 ${body.data.resendIn} 秒后再试`);
    expect((await send(ZHANG_WEI, 'login', { lang: 'en' })).body.msg).toMatch(
      /^A code was just sent, please try again in \d+ seconds$/,
    );
    // Another scene is another code.
    expect((await send(ZHANG_WEI, 'reset')).body.code).toBe(Code.OK);
    await travel(db(), 'verification_codes', 'created_at', 30);
    expect((await send(ZHANG_WEI, 'login')).body.data.resendIn).toBeLessThanOrEqual(30);
    await travel(db(), 'verification_codes', 'created_at', 31);
    expect((await send(ZHANG_WEI, 'login')).body.code).toBe(Code.OK);
  });

  it(`allows ${MAX_CODES_PER_PHONE_HOUR} codes per phone an hour and ${MAX_CODES_PER_PHONE_DAY} a day`, async () => {
    const sendMany = async (n: number) => {
      for (let i = 0; i < n; i++) {
        expect((await send(ZHANG_WEI, 'login')).body.code).toBe(Code.OK);
        await waitResend(ZHANG_WEI);
      }
    };
    await sendMany(MAX_CODES_PER_PHONE_HOUR);
    const hourly = await send(ZHANG_WEI, 'login');
    expect(hourly.res.status).toBe(429);
    expect(hourly.body).toEqual({ code: Code.TOO_MANY_REQUESTS, msg: '验证码获取次数过多，请稍后再试', data: null });
    expect((await send(ZHANG_WEI, 'reset', { lang: 'en' })).body.msg).toBe(
      'Too many verification codes were requested, please try again later',
    );

    await travel(db(), 'verification_codes', 'created_at', 3601);
    await sendMany(MAX_CODES_PER_PHONE_DAY - MAX_CODES_PER_PHONE_HOUR);
    await travel(db(), 'verification_codes', 'created_at', 3601);
    expect((await send(ZHANG_WEI, 'login')).res.status).toBe(429);
    await travel(db(), 'verification_codes', 'created_at', 86_400);
    expect((await send(ZHANG_WEI, 'login')).body.code).toBe(Code.OK);
  });

  it(`allows ${MAX_CODES_PER_IP_HOUR} codes an hour per client address`, async () => {
    const ip = '192.0.2.77';
    for (let i = 0; i < MAX_CODES_PER_IP_HOUR; i++) {
      expect((await send(`1390000${String(i).padStart(4, '0')}`, 'register', { ip })).body.code).toBe(Code.OK);
    }
    const blocked = await send('13911112222', 'register', { ip, lang: 'en' });
    expect(blocked.res.status).toBe(429);
    expect(blocked.body.msg).toBe('Too many verification codes were requested, please try again later');
    expect((await send('13911112222', 'register', { ip: '192.0.2.78' })).body.code).toBe(Code.OK);
  });
});

describe('checking and spending codes', () => {
  beforeEach(async () => {
    await db().delete(verificationCodes);
  });

  const sent = async (phone: string, scene: CodeScene, host?: string) => {
    expect((await send(phone, scene, { host })).body.code).toBe(Code.OK);
    return (await lastCodeSentTo(phone))!;
  };

  it('checks without spending; verifyAndConsumeCode spends the code once', async () => {
    const code = await sent(ZHANG_WEI, 'reset');
    const check = (c: string, scene: CodeScene = 'reset') =>
      gw.call<{ valid: boolean }>('checkVerificationCode', { body: { phone: ZHANG_WEI, scene, code: c } });
    expect((await check(code)).body.data).toEqual({ valid: true });
    expect((await check(code)).body.data).toEqual({ valid: true });
    expect((await check(code, 'login')).body.data).toEqual({ valid: false });
    expect(await verifyAndConsumeCode(db(), { phone: ZHANG_WEI, scene: 'login', code })).toBe(false);
    expect(await verifyAndConsumeCode(db(), { phone: ZHANG_WEI, scene: 'reset', code })).toBe(true);
    expect(await verifyAndConsumeCode(db(), { phone: ZHANG_WEI, scene: 'reset', code })).toBe(false);
    expect((await check(code)).body.data).toEqual({ valid: false });
  });

  it('expires codes after 10 minutes', async () => {
    const code = await sent(ZHANG_WEI, 'reset');
    await travel(db(), 'verification_codes', 'expires_at', CODE_TTL_SECONDS);
    expect(await checkCode(db(), { phone: ZHANG_WEI, scene: 'reset', code })).toBe(false);
    expect(await verifyAndConsumeCode(db(), { phone: ZHANG_WEI, scene: 'reset', code })).toBe(false);
  });

  it('keeps only the newest code of a phone and scene valid', async () => {
    const first = await sent(ZHANG_WEI, 'reset');
    await waitResend(ZHANG_WEI);
    const second = await sent(ZHANG_WEI, 'reset');
    if (first !== second) expect(await checkCode(db(), { phone: ZHANG_WEI, scene: 'reset', code: first })).toBe(false);
    expect(await checkCode(db(), { phone: ZHANG_WEI, scene: 'reset', code: second })).toBe(true);
  });

  it(`spends a code after ${MAX_FAILED_CHECKS} wrong guesses`, async () => {
    const code = await sent(ZHANG_WEI, 'reset');
    const wrong = String((Number(code) + 1) % 1_000_000).padStart(6, '0');
    for (let i = 0; i < MAX_FAILED_CHECKS; i++) {
      expect(await checkCode(db(), { phone: ZHANG_WEI, scene: 'reset', code: wrong })).toBe(false);
    }
    expect(await verifyAndConsumeCode(db(), { phone: ZHANG_WEI, scene: 'reset', code })).toBe(false);
  });

  it(`checks exactly ${MAX_FAILED_CHECKS} of 40 wrong guesses arriving at once, and refuses the right code after them`, async () => {
    const code = await sent(ZHANG_WEI, 'reset');
    const wrong = String((Number(code) + 1) % 1_000_000).padStart(6, '0');
    const guesses = await Promise.all(
      Array.from({ length: 40 }, () =>
        gw.call<{ valid: boolean }>('checkVerificationCode', { body: { phone: ZHANG_WEI, scene: 'reset', code: wrong } }),
      ),
    );
    expect(guesses.map((g) => g.body.data)).toEqual(guesses.map(() => ({ valid: false })));
    // Every guess compared against the code was counted first: no more than the limit got that far.
    const [row] = await db()
      .select({ failedChecks: verificationCodes.failedChecks })
      .from(verificationCodes)
      .where(eq(verificationCodes.phone, ZHANG_WEI));
    expect(row!.failedChecks).toBe(MAX_FAILED_CHECKS);
    expect(await checkCode(db(), { phone: ZHANG_WEI, scene: 'reset', code })).toBe(false);
    expect(await verifyAndConsumeCode(db(), { phone: ZHANG_WEI, scene: 'reset', code })).toBe(false);
  });

  it('does not count a right guess against the code', async () => {
    const code = await sent(ZHANG_WEI, 'reset');
    const wrong = String((Number(code) + 1) % 1_000_000).padStart(6, '0');
    for (let i = 0; i < MAX_FAILED_CHECKS - 1; i++) {
      expect(await checkCode(db(), { phone: ZHANG_WEI, scene: 'reset', code: wrong })).toBe(false);
    }
    for (let i = 0; i < 3; i++) expect(await checkCode(db(), { phone: ZHANG_WEI, scene: 'reset', code })).toBe(true);
    expect(await verifyAndConsumeCode(db(), { phone: ZHANG_WEI, scene: 'reset', code })).toBe(true);
  });

  it("does not take a code sent on another company's site when eid is given", async () => {
    const code = await sent(ZHOU_TING, 'reset', '127.0.0.1');
    const one = (await gw.call<WebInfo>('websiteViewPublic', { query: { domain: 'localhost' } })).body.data.eid;
    expect(await verifyAndConsumeCode(db(), { eid: one, phone: ZHOU_TING, scene: 'reset', code })).toBe(false);
    expect(await verifyAndConsumeCode(db(), { phone: ZHOU_TING, scene: 'reset', code })).toBe(true);
  });
});
