import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Code } from '@/api/codes';
import type { LoginErrorData, LoginResult, UserInfo } from '@/api/types';
import { createTestApp, DEMO_PASSWORD, HOST_TWO, type CallOptions, type TestGateway } from '../../testing';
import { CAPTCHA_AFTER_FAILURES } from '../user/service';
import { PHONE_CHECK_LIMIT, PHONE_CHECKS_WITHOUT_CAPTCHA } from './service';
import { DEMO_PHONES, answeredCaptcha, lastCodeSentTo, tempOutbox, type TempOutbox } from './test-support';

const { zhangWei: ZHANG_WEI, zhouTing: ZHOU_TING, sunHao: SUN_HAO, unknown: UNKNOWN } = DEMO_PHONES;

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

type Captcha = { captchaKey: string; captchaCode: string };
type Refusal = LoginResult & LoginErrorData;

const byPassword = (phone: string, password: string, o: CallOptions & { captcha?: Captcha } = {}) =>
  gw.call<Refusal>('loginByPhonePassword', { ...o, body: { phone, password, ...o.captcha } });
const byEmpNo = (empNo: string, password: string, o: CallOptions & { captcha?: Captcha } = {}) =>
  gw.call<Refusal>('loginByEmpNo', { ...o, body: { empNo, password, ...o.captcha } });
const captcha = () => answeredCaptcha(gw.database.db);

const wrongPhone = (errorCount: number) => ({
  code: Code.LOGIN_ERROR,
  msg: '手机号或密码错误',
  data: { errorCount, captchaRequired: errorCount >= CAPTCHA_AFTER_FAILURES },
});

describe('phone and password', () => {
  it('signs in to the membership of the request company', async () => {
    const { body } = await byPassword(ZHANG_WEI, DEMO_PASSWORD, { ip: '198.18.0.1' });
    expect(body.code).toBe(Code.OK);
    expect(body.data.token).toMatch(/^[\w-]{43}$/);
    expect(body.data.user).toMatchObject({ empNo: 'E1001', phone: ZHANG_WEI });
    const me = await gw.call<UserInfo>('currentUser', { token: body.data.token });
    expect(me.body.data.empNo).toBe('E1001');
  });

  it('picks the membership by the site: one person, two companies', async () => {
    const one = (await byPassword(SUN_HAO, DEMO_PASSWORD, { ip: '198.18.0.2' })).body.data.user;
    const two = (await byPassword(SUN_HAO, DEMO_PASSWORD, { ip: '198.18.0.2', host: HOST_TWO })).body.data.user;
    expect([one.empNo, two.empNo]).toEqual(['E1007', 'B2007']);
    expect(one.realId).toBe(two.realId);
  });

  it('answers a wrong password, an unknown phone and a phone of another company alike', async () => {
    const ip = '198.18.0.3';
    expect((await byPassword(ZHANG_WEI, 'Wrong@2026', { ip })).body).toEqual(wrongPhone(1));
    expect((await byPassword(UNKNOWN, DEMO_PASSWORD, { ip })).body).toEqual(wrongPhone(1));
    expect((await byPassword(ZHOU_TING, DEMO_PASSWORD, { ip })).body).toEqual(wrongPhone(1));
    expect((await byPassword(UNKNOWN, DEMO_PASSWORD, { ip, lang: 'en' })).body.msg).toBe(
      'Incorrect phone number or password',
    );
  });

  it('refuses a malformed phone before looking anything up', async () => {
    expect((await byPassword('138', DEMO_PASSWORD)).body).toMatchObject({ code: Code.INVALID, msg: '请输入正确的手机号' });
  });
});

describe('repeated failures', () => {
  it(`asks for the image captcha after ${CAPTCHA_AFTER_FAILURES} failures, then refuses without it`, async () => {
    const ip = '198.18.1.1';
    const phone = '18551207764'; // E1004
    expect((await byPassword(phone, 'Wrong@1', { ip })).body).toEqual(wrongPhone(1));
    expect((await byPassword(phone, 'Wrong@2', { ip })).body).toEqual(wrongPhone(2));

    const required = { code: Code.LOGIN_ERROR, msg: '请输入正确的图形验证码', data: { errorCount: 2, captchaRequired: true } };
    // Even the right password needs the captcha now; refusals without it are not counted.
    expect((await byPassword(phone, DEMO_PASSWORD, { ip })).body).toEqual(required);
    expect((await byPassword(phone, DEMO_PASSWORD, { ip, captcha: { captchaKey: (await captcha()).captchaKey, captchaCode: 'zzzz' } })).body).toEqual(required);
    expect((await byPassword(phone, DEMO_PASSWORD, { ip, lang: 'en' })).body.msg).toBe(
      'Please enter the correct image verification code',
    );
    expect((await byPassword(phone, 'Wrong@3', { ip, captcha: await captcha() })).body).toEqual(wrongPhone(3));
    const ok = await byPassword(phone, DEMO_PASSWORD, { ip, captcha: await captcha() });
    expect(ok.body.code).toBe(Code.OK);
    // A success starts again from zero.
    expect((await byPassword(phone, 'Wrong@4', { ip })).body).toEqual(wrongPhone(1));
  });

  it('applies the same to employee numbers, known or not', async () => {
    const ip = '198.18.1.2';
    for (const empNo of ['E1002', 'E9876']) {
      await byEmpNo(empNo, 'Wrong@1', { ip });
      const second = await byEmpNo(empNo, 'Wrong@2', { ip });
      expect(second.body).toEqual({ code: Code.LOGIN_ERROR, msg: '账号或密码错误', data: { errorCount: 2, captchaRequired: true } });
      const third = await byEmpNo(empNo, DEMO_PASSWORD, { ip });
      expect(third.body).toEqual({ code: Code.LOGIN_ERROR, msg: '请输入正确的图形验证码', data: { errorCount: 2, captchaRequired: true } });
    }
    expect((await byEmpNo('E1002', DEMO_PASSWORD, { ip, captcha: await captcha() })).body.code).toBe(Code.OK);
    expect((await byEmpNo('E9876', DEMO_PASSWORD, { ip, captcha: await captcha() })).body).toEqual({
      code: Code.LOGIN_ERROR,
      msg: '账号或密码错误',
      data: { errorCount: 3, captchaRequired: true },
    });
  });

  it('counts phone and employee number apart, and per company', async () => {
    const ip = '198.18.1.3';
    const phone = '13602218853'; // E1003
    await byPassword(phone, 'Wrong@1', { ip });
    await byPassword(phone, 'Wrong@2', { ip });
    expect((await byEmpNo('E1003', DEMO_PASSWORD, { ip })).body.code).toBe(Code.OK);
    expect((await byPassword(SUN_HAO, 'Wrong@1', { ip, host: HOST_TWO })).body).toEqual(wrongPhone(1));
  });
});

describe('phone and verification code', () => {
  const sendLoginCode = async (phone: string, host?: string) => {
    const { body } = await gw.call('sendVerificationCode', { host, body: { phone, scene: 'login', ...(await captcha()) } });
    expect(body.code).toBe(Code.OK);
    return lastCodeSentTo(phone);
  };
  const byCode = (phone: string, code: string, o: CallOptions = {}) =>
    gw.call<LoginResult>('loginByPhoneCode', { ...o, body: { phone, code } });

  it('signs in with the login code from the text message, once', async () => {
    const code = (await sendLoginCode(ZHANG_WEI))!;
    const { body } = await byCode(ZHANG_WEI, code);
    expect(body.code).toBe(Code.OK);
    expect(body.data.user.empNo).toBe('E1001');
    const again = await byCode(ZHANG_WEI, code);
    expect(again.body).toEqual({ code: Code.INVALID, msg: '验证码错误', data: null });
    expect((await byCode(ZHANG_WEI, code, { lang: 'en' })).body.msg).toBe('Verification code error');
  });

  it('signs a person of two companies in to the company of the site', async () => {
    const code = (await sendLoginCode(SUN_HAO, HOST_TWO))!;
    expect((await byCode(SUN_HAO, code, { host: HOST_TWO })).body.data.user.empNo).toBe('B2007');
  });

  it('refuses a code of another scene and a wrong code alike', async () => {
    const { body } = await gw.call('sendVerificationCode', { body: { phone: '15868419925', scene: 'reset', ...(await captcha()) } });
    expect(body.code).toBe(Code.OK);
    const resetCode = (await lastCodeSentTo('15868419925'))!;
    expect((await byCode('15868419925', resetCode)).body.msg).toBe('验证码错误');
    expect((await byCode(UNKNOWN, '123456')).body.msg).toBe('验证码错误');
  });
});

describe('checkPhoneExist', () => {
  const exists = (phone: string, o: CallOptions & { captcha?: Captcha } = {}) =>
    gw.call<boolean>('checkPhoneExist', { ...o, query: { phone, ...o.captcha } });

  it('tells whether a phone is registered', async () => {
    expect((await exists(ZHANG_WEI)).body).toEqual({ code: Code.OK, msg: '操作成功', data: true });
    expect((await exists(ZHOU_TING)).body.data).toBe(true);
    expect((await exists(UNKNOWN)).body.data).toBe(false);
    expect((await exists('abc')).body).toMatchObject({ code: Code.INVALID, msg: '请输入正确的手机号' });
    expect((await gw.call('checkPhoneExist')).res.status).toBe(422);
  });

  it(`answers ${PHONE_CHECK_LIMIT.max} checks per client address in 10 minutes`, async () => {
    const ip = '198.18.2.1';
    for (let i = 0; i < PHONE_CHECK_LIMIT.max; i++) {
      const answered = i >= PHONE_CHECKS_WITHOUT_CAPTCHA ? await captcha() : undefined;
      expect((await exists(UNKNOWN, { ip, captcha: answered })).body.code).toBe(Code.OK);
    }
    const blocked = await exists(UNKNOWN, { ip, captcha: await captcha() });
    expect(blocked.res.status).toBe(429);
    expect(blocked.body).toEqual({ code: Code.TOO_MANY_REQUESTS, msg: '请求过于频繁，请稍后再试', data: null });
    expect((await exists(UNKNOWN, { ip: '198.18.2.2' })).body.code).toBe(Code.OK);
  });

  it(`needs the image captcha after ${PHONE_CHECKS_WITHOUT_CAPTCHA} checks from one address in 10 minutes`, async () => {
    const ip = '198.18.2.10';
    for (let i = 0; i < PHONE_CHECKS_WITHOUT_CAPTCHA; i++) expect((await exists(UNKNOWN, { ip })).body.data).toBe(false);
    const asked = await exists(ZHANG_WEI, { ip });
    expect(asked.res.status).toBe(422);
    expect(asked.body).toEqual({ code: Code.INVALID, msg: '请输入图形验证码后再检查手机号', data: { captchaRequired: true } });
    expect((await exists(ZHANG_WEI, { ip, lang: 'en' })).body.msg).toBe(
      'Please enter the picture code to check the phone number',
    );
    const wrong = await exists(ZHANG_WEI, { ip, captcha: { ...(await captcha()), captchaCode: 'zzzz' } });
    expect(wrong.body).toEqual({ code: Code.INVALID, msg: '请输入正确的图形验证码', data: { captchaRequired: true } });

    const answered = await captcha();
    expect((await exists(ZHANG_WEI, { ip, captcha: answered })).body).toEqual({ code: Code.OK, msg: '操作成功', data: true });
    // One picture, one check.
    expect((await exists(UNKNOWN, { ip, captcha: answered })).body.data).toEqual({ captchaRequired: true });
    // Another address checks freely.
    expect((await exists(ZHANG_WEI, { ip: '198.18.2.11' })).body.data).toBe(true);
  });
});
