import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Code } from '@/api/codes';
import type { LoginResult, ScanConfig, ScanType, WebInfo } from '@/api/types';
import { signInConfigs, signInStates } from '../../db/schema';
import { DEMO_DINGTALK_PEOPLE, appsOfTenants } from '../../testing/standins/directory';
import { startDingtalkStandin, type DingtalkStandin } from '../../testing/standins/dingtalk';
import { startWecomStandin, type WecomStandin } from '../../testing/standins/wecom';
import { createTestApp, HOST_ONE, HOST_TWO, testGatewayOn, type TestGateway } from '../../testing';
import { SCAN_STATE_TTL_SECONDS } from './scan/service';

let gw: TestGateway;
let wecom: WecomStandin;
let dingtalk: DingtalkStandin;
const env = { WECOM_BASE: process.env.WECOM_BASE, DINGTALK_BASE: process.env.DINGTALK_BASE };
const secrets: string[] = [];

beforeAll(async () => {
  const apps = await appsOfTenants();
  secrets.push(...apps.wecom.map((a) => a.secret), ...apps.dingtalk.map((a) => a.clientSecret));
  [gw, wecom, dingtalk] = await Promise.all([
    createTestApp(),
    startWecomStandin({ apps: apps.wecom, scanner: 'zhangwei' }),
    startDingtalkStandin({ apps: apps.dingtalk, people: DEMO_DINGTALK_PEOPLE, scanner: 'dt-zhangwei' }),
  ]);
  process.env.WECOM_BASE = wecom.url;
  process.env.DINGTALK_BASE = dingtalk.url;
});
afterAll(async () => {
  for (const [name, value] of Object.entries(env)) {
    if (value === undefined) delete process.env[name];
    else process.env[name] = value;
  }
  await Promise.all([gw?.close(), wecom?.close(), dingtalk?.close()]);
});

/** The sign-in cookies of the one browser these tests play, one per tool (set by the config answers). */
const browser: Partial<Record<ScanType, string>> = {};
const asBrowser = (type: ScanType, cookie: string | null | undefined): Record<string, string> =>
  cookie ? { cookie: `xt_signin_${type}=${cookie}` } : {};
const cookieOf = (type: ScanType, res: Response) =>
  new RegExp(`^xt_signin_${type}=([\\w-]+);`).exec(res.headers.get('set-cookie') ?? '')?.[1];

const config = async (type: ScanType, host = HOST_ONE) => {
  const { res, body } = await gw.call<ScanConfig>('scanConfig', { host, query: { type }, headers: asBrowser(type, browser[type]) });
  expect(body.code).toBe(Code.OK);
  browser[type] = cookieOf(type, res) ?? browser[type];
  return body.data;
};

/** Opens the tool's login address as the browser would and returns where it sends the browser back to. */
async function scan(authorizeUrl: string): Promise<URL> {
  const res = await fetch(authorizeUrl, { redirect: 'manual' });
  expect(res.status).toBe(302);
  return new URL(res.headers.get('location')!);
}

/** scanLogin from this browser, or with the cookie of another (`cookie: null`: none). */
const login = (
  type: ScanType,
  code: string,
  state: string,
  { cookie = browser[type], ...o }: { host?: string; lang?: 'zh' | 'en'; cookie?: string | null } = {},
) => gw.call<LoginResult>('scanLogin', { ...o, body: { type, code, state }, headers: asBrowser(type, cookie) });

/** scanConfig, the scan, and scanLogin with what came back. */
async function scanIn(type: ScanType, host = HOST_ONE) {
  const { authorizeUrl, state } = await config(type, host);
  const back = await scan(authorizeUrl);
  const code = back.searchParams.get(type === 'wecom' ? 'code' : 'authCode')!;
  expect(back.searchParams.get('state')).toBe(state);
  return login(type, code, state, { host });
}

describe('scan configuration', () => {
  it('gives WeCom login address, QR code and a fresh state; no secret', async () => {
    const first = await config('wecom');
    const second = await config('wecom');
    expect(first.state).not.toBe(second.state);
    expect(first).toMatchObject({ type: 'wecom', enabled: true, expiresIn: SCAN_STATE_TTL_SECONDS });
    const url = new URL(first.authorizeUrl);
    expect(`${url.origin}${url.pathname}`).toBe(`${wecom.url}/wwlogin/sso/login`);
    expect(Object.fromEntries(url.searchParams)).toEqual({
      login_type: 'CorpApp',
      appid: 'ww5e1a0c3f9b2d7e41',
      agentid: '1000002',
      redirect_uri: 'http://localhost/login?t=scan&type=wecom',
      state: first.state,
    });
    expect(Buffer.from(first.qrImage.replace('data:image/svg+xml;base64,', ''), 'base64').toString()).toMatch(/^<svg/);
    for (const secret of secrets) expect(JSON.stringify(first)).not.toContain(secret);
  });

  it('uses the real services when no stand-in is set', async () => {
    delete process.env.WECOM_BASE;
    delete process.env.DINGTALK_BASE;
    try {
      const w = await config('wecom');
      expect(w.authorizeUrl).toBe(
        `https://login.work.weixin.qq.com/wwlogin/sso/login?login_type=CorpApp&appid=ww5e1a0c3f9b2d7e41&agentid=1000002&redirect_uri=${encodeURIComponent('http://localhost/login?t=scan&type=wecom')}&state=${w.state}`,
      );
      const d = await config('dingtalk');
      expect(d.authorizeUrl).toBe(
        `https://login.dingtalk.com/oauth2/auth?redirect_uri=${encodeURIComponent('http://localhost/login?t=scan&type=dingtalk')}&response_type=code&client_id=dingxingchen2026demo&scope=openid&state=${d.state}&prompt=consent`,
      );
    } finally {
      process.env.WECOM_BASE = wecom.url;
      process.env.DINGTALK_BASE = dingtalk.url;
    }
  });

  it('takes the redirect origin from the proxy headers', async () => {
    const { body } = await gw.call<ScanConfig>('scanConfig', {
      query: { type: 'dingtalk' },
      headers: { 'x-forwarded-proto': 'https', 'x-forwarded-host': 'learn.example.com' },
    });
    expect(new URL(body.data.authorizeUrl).searchParams.get('redirect_uri')).toBe(
      'https://learn.example.com/login?t=scan&type=dingtalk',
    );
  });

  it('takes no proxy header without a trusted proxy', async () => {
    const direct = testGatewayOn(gw.database, { trustProxy: false });
    const { body } = await direct.call<ScanConfig>('scanConfig', {
      query: { type: 'wecom' },
      headers: { 'x-forwarded-proto': 'https', 'x-forwarded-host': 'learn.example.com' },
    });
    expect(new URL(body.data.authorizeUrl).searchParams.get('redirect_uri')).toBe('http://localhost/login?t=scan&type=wecom');
  });

  it('sets the HttpOnly, SameSite=Lax sign-in cookie of the browser for the life of the state', async () => {
    const { res } = await gw.call<ScanConfig>('scanConfig', { query: { type: 'wecom' } });
    expect(res.headers.get('set-cookie')).toMatch(
      new RegExp(`^xt_signin_wecom=[\\w-]{43}; Max-Age=${SCAN_STATE_TTL_SECONDS}; Path=/gateway; HttpOnly; SameSite=Lax$`),
    );
  });

  it('says when a company has not set a tool up', async () => {
    expect(await config('dingtalk', HOST_TWO)).toEqual({
      type: 'dingtalk',
      enabled: false,
      authorizeUrl: '',
      qrImage: '',
      state: '',
      expiresIn: 0,
    });
    const { body } = await login('dingtalk', 'x', 'y', { host: HOST_TWO });
    expect(body).toMatchObject({ code: Code.INVALID, msg: '本企业未开通该扫码登录方式' });
    expect((await gw.call('scanConfig', { query: { type: 'qq' } })).res.status).toBe(422);
  });
});

describe('WeCom scan login', () => {
  it('signs in the member linked to the WeCom user id', async () => {
    wecom.scanAs('zhangwei');
    const { body } = await scanIn('wecom');
    expect(body.code).toBe(Code.OK);
    expect(body.data.user).toMatchObject({ empNo: 'E1001', userName: '张伟' });
    wecom.scanAs('zhouting');
    expect((await scanIn('wecom', HOST_TWO)).body.data.user.empNo).toBe('B2001');
  });

  it('uses a state once', async () => {
    wecom.scanAs('liuyang');
    const { authorizeUrl, state } = await config('wecom');
    const code = (await scan(authorizeUrl)).searchParams.get('code')!;
    expect((await login('wecom', code, state)).body.data.user.empNo).toBe('E1004');
    const replay = await login('wecom', code, state);
    expect(replay.body).toEqual({ code: Code.INVALID, msg: '二维码已失效，请重新扫码', data: null });
  });

  it("refuses a state of another company or tool, and one past 10 minutes", async () => {
    wecom.scanAs('zhouting');
    const two = await config('wecom', HOST_TWO);
    const code = (await scan(two.authorizeUrl)).searchParams.get('code')!;
    expect((await login('wecom', code, two.state)).body.msg).toBe('二维码已失效，请重新扫码');
    expect((await login('dingtalk', code, two.state, { host: HOST_TWO })).body.code).toBe(Code.INVALID);
    // The refused attempts did not use it up on its own site.
    expect((await login('wecom', code, two.state, { host: HOST_TWO })).body.data.user.empNo).toBe('B2001');

    wecom.scanAs('zhangwei');
    const old = await config('wecom');
    const oldCode = (await scan(old.authorizeUrl)).searchParams.get('code')!;
    await gw.database.db.update(signInStates).set({ expiresAt: sql`now() - interval '1 second'` });
    expect((await login('wecom', oldCode, old.state, { lang: 'en' })).body.msg).toBe('The QR code has expired, please scan again');
  });

  it('refuses an invalid code (WeCom 40029)', async () => {
    const { state } = await config('wecom');
    const { res, body } = await login('wecom', 'not-a-code', state);
    expect(res.status).toBe(422);
    expect(body).toEqual({ code: Code.INVALID, msg: '扫码登录失败，请重新扫码', data: null });
  });

  it('refuses a WeCom account linked to no member, and a person outside the company', async () => {
    wecom.scanAs('wangwu');
    const { res, body } = await scanIn('wecom');
    expect(res.status).toBe(403);
    expect(body).toEqual({ code: Code.FORBIDDEN, msg: '该账号未绑定本企业', data: null });
    wecom.scanAs({ openid: 'o-outsider' });
    expect((await scanIn('wecom')).body.code).toBe(Code.FORBIDDEN);
    // B2001 is linked in company two only.
    wecom.scanAs('zhouting');
    expect((await scanIn('wecom')).body.code).toBe(Code.FORBIDDEN);
  });

  it('answers 503 when the company app secret is wrong', async () => {
    const db = gw.database.db;
    const eid = (await gw.call<WebInfo>('websiteViewPublic', { query: { domain: HOST_ONE } })).body.data.eid;
    const where = and(eq(signInConfigs.enterpriseId, eid), eq(signInConfigs.provider, 'wecom'));
    const [row] = await db.select().from(signInConfigs).where(where);
    await db.update(signInConfigs).set({ settings: { ...row!.settings, secret: 'wrong-secret' } }).where(where);
    try {
      wecom.scanAs('zhangwei');
      const { res, body } = await scanIn('wecom');
      expect(res.status).toBe(503);
      expect(body.msg).toBe('扫码登录失败，请重新扫码');
    } finally {
      await db.update(signInConfigs).set({ settings: row!.settings }).where(where);
    }
  });
});

describe('scan login from another browser', () => {
  it("refuses the attacker's code and state opened in the victim's browser", async () => {
    wecom.scanAs('liuyang');
    const attacker = await config('wecom');
    const code = (await scan(attacker.authorizeUrl)).searchParams.get('code')!;
    // The victim's browser has been on the sign-in page: a cookie of its own.
    const victim = await gw.call<ScanConfig>('scanConfig', { query: { type: 'wecom' } });
    const victimCookie = cookieOf('wecom', victim.res)!;
    const refused = await login('wecom', code, attacker.state, { cookie: victimCookie });
    expect(refused.body).toEqual({ code: Code.INVALID, msg: '登录不是在此浏览器中发起的，请重新登录', data: null });

    dingtalk.scanAs('dt-lina');
    const other = await config('dingtalk');
    const authCode = (await scan(other.authorizeUrl)).searchParams.get('authCode')!;
    expect((await login('dingtalk', authCode, other.state, { cookie: null, lang: 'en' })).body.msg).toBe(
      'This sign-in was not started in this browser, please sign in again',
    );
  });
});

describe('a browser without a sign-in cookie yet', () => {
  it('can finish either sign-in it asked for at the same moment (the page asks for several at once)', async () => {
    // A fresh browser: what both answers set is its cookie jar, keyed by cookie name.
    const jar = new Map<string, string>();
    const [w, d] = await Promise.all(
      (['wecom', 'dingtalk'] as const).map((type) => gw.call<ScanConfig>('scanConfig', { query: { type } })),
    );
    for (const { res } of [w!, d!]) {
      const [pair] = (res.headers.get('set-cookie') ?? '').split(';');
      const at = pair!.indexOf('=');
      jar.set(pair!.slice(0, at), pair!.slice(at + 1));
    }
    const cookie = { cookie: [...jar].map(([k, v]) => `${k}=${v}`).join('; ') };
    wecom.scanAs('zhangwei');
    const wecomCode = (await scan(w!.body.data.authorizeUrl)).searchParams.get('code')!;
    const viaWecom = await gw.call<LoginResult>('scanLogin', {
      body: { type: 'wecom', code: wecomCode, state: w!.body.data.state },
      headers: cookie,
    });
    expect(viaWecom.body.code).toBe(Code.OK);
    dingtalk.scanAs('dt-lina');
    const dingtalkCode = (await scan(d!.body.data.authorizeUrl)).searchParams.get('authCode')!;
    const viaDingtalk = await gw.call<LoginResult>('scanLogin', {
      body: { type: 'dingtalk', code: dingtalkCode, state: d!.body.data.state },
      headers: cookie,
    });
    expect(viaDingtalk.body.code).toBe(Code.OK);
  });
});

describe('DingTalk scan login', () => {
  it('signs in the member linked to the union id', async () => {
    dingtalk.scanAs('dt-zhangwei');
    const { body } = await scanIn('dingtalk');
    expect(body.data.user.empNo).toBe('E1001');
  });

  it('falls back to the mobile number of an unlinked account', async () => {
    dingtalk.scanAs('dt-lina');
    expect((await scanIn('dingtalk')).body.data.user.empNo).toBe('E1002');
  });

  it('refuses an account matching no member, in the caller language', async () => {
    dingtalk.scanAs('dt-stranger');
    const { authorizeUrl, state } = await config('dingtalk');
    const code = (await scan(authorizeUrl)).searchParams.get('authCode')!;
    const { body } = await login('dingtalk', code, state, { lang: 'en' });
    expect(body).toEqual({ code: Code.FORBIDDEN, msg: 'This account is not linked to this company', data: null });
  });

  it('refuses an invalid or reused code, and a reused state', async () => {
    dingtalk.scanAs('dt-zhangwei');
    const first = await config('dingtalk');
    expect((await login('dingtalk', 'bogus', first.state)).body.msg).toBe('扫码登录失败，请重新扫码');
    const second = await config('dingtalk');
    const code = (await scan(second.authorizeUrl)).searchParams.get('authCode')!;
    expect((await login('dingtalk', code, second.state)).body.code).toBe(Code.OK);
    const third = await config('dingtalk');
    expect((await login('dingtalk', code, third.state)).body.msg).toBe('扫码登录失败，请重新扫码');
    expect((await login('dingtalk', code, second.state)).body.msg).toBe('二维码已失效，请重新扫码');
  });
});
