import { and, eq, sql } from 'drizzle-orm';
import { calculatePKCECodeChallenge, randomPKCECodeVerifier } from 'openid-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Code } from '@/api/codes';
import type { LoginResult, SsoConfig, WebInfo } from '@/api/types';
import { signInStates } from '../../db/schema';
import { createTestApp, HOST_ONE, HOST_TWO, testGatewayOn, type TestGateway } from '../../testing';
import { DEMO_OIDC_ACCOUNTS, appsOfTenants } from '../../testing/standins/directory';
import { completeOidcFlow, startOidcProvider, type OidcStandin } from '../../testing/standins/oidc';
import { stateHash } from './origin';
import { scoped } from '../../db/access';

let gw: TestGateway;
let op: OidcStandin;
const before = process.env.OIDC_ISSUER;
let clientSecret = '';

beforeAll(async () => {
  const { oidc } = await appsOfTenants();
  clientSecret = oidc[0]!.clientSecret;
  [gw, op] = await Promise.all([
    createTestApp(),
    startOidcProvider({
      clients: oidc.map((c) => ({
        ...c,
        redirectUris: [`http://${HOST_ONE}/loginsso`, `http://${HOST_TWO}/loginsso`],
      })),
      accounts: DEMO_OIDC_ACCOUNTS,
    }),
  ]);
  process.env.OIDC_ISSUER = op.issuer;
});
afterAll(async () => {
  if (before === undefined) delete process.env.OIDC_ISSUER;
  else process.env.OIDC_ISSUER = before;
  await Promise.all([gw?.close(), op?.close()]);
});

/** The sign-in cookie of the one browser these tests play (set by the config answers). */
let browser: string | undefined;
const cookieOf = (res: Response) => /^xt_signin_oidc=([\w-]+);/.exec(res.headers.get('set-cookie') ?? '')?.[1];

const config = async (o: { host?: string; lang?: 'zh' | 'en' } = {}) => {
  const { res, body } = await gw.call<SsoConfig>('ssoConfig', { ...o, headers: browser ? { cookie: `xt_signin_oidc=${browser}` } : {} });
  expect(body.code).toBe(Code.OK);
  browser = cookieOf(res) ?? browser;
  return body.data;
};
/** loginBySso from this browser, or with the cookie of another (`null`: none). */
const login = (code: string, state: string, host = HOST_ONE, cookie: string | null = browser ?? null) =>
  gw.call<LoginResult>('loginBySso', { host, body: { code, state }, headers: cookie ? { cookie: `xt_signin_oidc=${cookie}` } : {} });

/** ssoConfig, the provider's sign-in as `account`, and what the provider sends back to /loginsso. */
async function signInAt(account: string, host = HOST_ONE) {
  const { authorizeUrl } = await config({ host });
  const back = await completeOidcFlow(authorizeUrl, account);
  expect(`${back.origin}${back.pathname}`).toBe(`http://${host}/loginsso`);
  return { code: back.searchParams.get('code')!, state: back.searchParams.get('state')! };
}

describe('ssoConfig', () => {
  it('answers the provider name and an authorization address with PKCE, state and nonce', async () => {
    const data = await config();
    expect(data).toMatchObject({ enabled: true, name: '星辰统一身份认证' });
    expect((await config({ lang: 'en' })).name).toBe('Xingchen single sign-on');
    const url = new URL(data.authorizeUrl);
    expect(url.origin).toBe(op.issuer);
    const q = Object.fromEntries(url.searchParams);
    expect(q).toMatchObject({
      client_id: 'xuetang-xingchen',
      response_type: 'code',
      redirect_uri: 'http://localhost/loginsso',
      code_challenge_method: 'S256',
      scope: 'openid profile',
    });
    expect(q.code_challenge).toMatch(/^[\w-]{43}$/);
    expect(q.state).toMatch(/^[\w-]{32}$/);
    expect(q.nonce).toBeTruthy();
    expect(data.authorizeUrl).not.toContain(clientSecret);
    // The verifier stays on the gateway, bound to the company.
    const [pending] = await gw.database.db
      .select()
      .from(signInStates)
      .where(eq(signInStates.stateHash, stateHash(q.state!)));
    expect(pending).toMatchObject({ provider: 'oidc', nonce: q.nonce, redirectUri: 'http://localhost/loginsso' });
    expect(await calculatePKCECodeChallenge(pending!.codeVerifier!)).toBe(q.code_challenge);
  });

  it('is off for a company without single sign-on', async () => {
    expect(await config({ host: HOST_TWO })).toEqual({ enabled: false, name: '', authorizeUrl: '' });
    expect((await login('x', 'y', HOST_TWO)).body).toMatchObject({ code: Code.INVALID, msg: '本企业未开通单点登录' });
  });

  it('is off, without an error, when the provider cannot be reached', async () => {
    process.env.OIDC_ISSUER = 'http://127.0.0.1:9';
    try {
      const { res, body } = await gw.call('ssoConfig', { lang: 'en' });
      expect(res.status).toBe(200);
      expect(body).toEqual({ code: Code.OK, msg: 'Success', data: { enabled: false, name: '', authorizeUrl: '' } });
      expect((await gw.call('ssoConfig')).body.data).toEqual({ enabled: false, name: '', authorizeUrl: '' });
    } finally {
      process.env.OIDC_ISSUER = op.issuer;
    }
  });
});

describe('the browser that started the sign-in', () => {
  it('gets an HttpOnly, SameSite=Lax cookie on the gateway path for the life of the state; Secure over https', async () => {
    const { res } = await gw.call<SsoConfig>('ssoConfig');
    expect(res.headers.get('set-cookie')).toMatch(/^xt_signin_oidc=[\w-]{43}; Max-Age=600; Path=\/gateway; HttpOnly; SameSite=Lax$/);
    const tls = await gw.call<SsoConfig>('ssoConfig', { headers: { 'x-forwarded-proto': 'https' } });
    expect(tls.res.headers.get('set-cookie')).toMatch(/; Secure/);
    const [pending] = await gw.database.db
      .select({ bindingHash: signInStates.bindingHash })
      .from(signInStates)
      .where(eq(signInStates.stateHash, stateHash(new URL(tls.body.data.authorizeUrl).searchParams.get('state')!)));
    expect(pending?.bindingHash).toMatch(/^[0-9a-f]{64}$/);
    // A company without single sign-on starts nothing and sets nothing.
    expect((await gw.call('ssoConfig', { host: HOST_TWO })).res.headers.get('set-cookie')).toBeNull();
  });

  it("refuses the attacker's code and state opened in the victim's browser, with or without a cookie of its own", async () => {
    // The attacker signs in at the provider as themselves and stops before being sent back.
    const attacker = await signInAt('lina');
    const attackerBrowser = browser;
    browser = undefined;
    await config();
    const victim = browser!;
    expect(victim).not.toBe(attackerBrowser);
    const refused = await login(attacker.code, attacker.state, HOST_ONE, victim);
    expect(refused.body).toEqual({ code: Code.INVALID, msg: '登录不是在此浏览器中发起的，请重新登录', data: null });
    const another = await signInAt('lina');
    const bare = await gw.call('loginBySso', { lang: 'en', body: another });
    expect(bare.body).toEqual({
      code: Code.INVALID,
      msg: 'This sign-in was not started in this browser, please sign in again',
      data: null,
    });
    // In the browser that started it, a sign-in goes through; two started in it (two tabs) both do.
    const first = await signInAt('zhangwei');
    const second = await signInAt('lina');
    expect(browser).toBe(victim);
    expect((await login(second.code, second.state)).body.data.user.empNo).toBe('E1002');
    expect((await login(first.code, first.state)).body.data.user.empNo).toBe('E1001');
  });

  it('takes the redirect address from X-Forwarded-Host and -Proto only behind a trusted proxy', async () => {
    const headers = { 'x-forwarded-proto': 'https', 'x-forwarded-host': 'learn.example.com' };
    const redirect = async (g: TestGateway) => {
      const { body } = await g.call<SsoConfig>('ssoConfig', { headers });
      return new URL(body.data.authorizeUrl).searchParams.get('redirect_uri');
    };
    expect(await redirect(gw)).toBe('https://learn.example.com/loginsso');
    const direct = testGatewayOn(gw.database, { trustProxy: false });
    expect(await redirect(direct)).toBe('http://localhost/loginsso');
  });
});

describe('loginBySso', () => {
  it('exchanges the code with the PKCE verifier and signs in the employee number of the ID token', async () => {
    const { code, state } = await signInAt('zhangwei');
    const { body } = await login(code, state);
    expect(body.code).toBe(Code.OK);
    expect(body.data.user).toMatchObject({ empNo: 'E1001', userName: '张伟' });
    expect((await gw.call('currentUser', { token: body.data.token })).body.code).toBe(Code.OK);
    expect((await login(...(Object.values(await signInAt('lina')) as [string, string]))).body.data.user.empNo).toBe('E1002');
  });

  it('refuses a replayed state', async () => {
    const { code, state } = await signInAt('zhangwei');
    expect((await login(code, state)).body.code).toBe(Code.OK);
    const replay = await login(code, state);
    expect(replay.body).toEqual({ code: Code.INVALID, msg: '单点登录失败：登录已过期或已使用，请重新登录', data: null });
  });

  it('refuses a state past 10 minutes and one of another company', async () => {
    const old = await signInAt('zhangwei');
    await gw.database.db
      .update(signInStates)
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where(eq(signInStates.stateHash, stateHash(old.state)));
    expect((await login(old.code, old.state)).body.msg).toBe('单点登录失败：登录已过期或已使用，请重新登录');

    // Company two with the same provider: a state of company one is not valid there.
    const two = (await gw.call<WebInfo>('websiteViewPublic', { query: { domain: HOST_TWO } })).body.data.eid;
    const one = scoped(gw.database.db, (await gw.call<WebInfo>('websiteViewPublic', { query: { domain: HOST_ONE } })).body.data.eid).signIn;
    await scoped(gw.database.db, two).signIn.saveSettings('oidc', (await one.settings('oidc')) as Record<string, unknown>);
    const fresh = await signInAt('zhangwei');
    expect((await login(fresh.code, fresh.state, HOST_TWO)).body.msg).toBe('单点登录失败：登录已过期或已使用，请重新登录');
    expect((await login(fresh.code, fresh.state)).body.code).toBe(Code.OK);
  });

  it('needs the right PKCE verifier and nonce', async () => {
    const db = gw.database.db;
    const wrongVerifier = await signInAt('zhangwei');
    await db
      .update(signInStates)
      .set({ codeVerifier: randomPKCECodeVerifier() })
      .where(eq(signInStates.stateHash, stateHash(wrongVerifier.state)));
    expect((await login(wrongVerifier.code, wrongVerifier.state)).body).toEqual({
      code: Code.INVALID,
      msg: '单点登录失败，请重新登录',
      data: null,
    });

    const wrongNonce = await signInAt('zhangwei');
    await db
      .update(signInStates)
      .set({ nonce: 'another-nonce' })
      .where(and(eq(signInStates.stateHash, stateHash(wrongNonce.state)), eq(signInStates.provider, 'oidc')));
    expect((await login(wrongNonce.code, wrongNonce.state)).body.msg).toBe('单点登录失败，请重新登录');
  });

  it('refuses an authorization request without PKCE at the provider', async () => {
    const url = new URL((await config()).authorizeUrl);
    url.searchParams.delete('code_challenge');
    url.searchParams.delete('code_challenge_method');
    const res = await fetch(url, { redirect: 'manual' });
    const location = new URL(res.headers.get('location')!);
    expect(location.searchParams.get('error')).toBe('invalid_request');
  });

  it('refuses an account whose employee number is no member of the company', async () => {
    const { code, state } = await signInAt('outsider');
    const { res, body } = await login(code, state);
    expect(res.status).toBe(403);
    expect(body).toEqual({ code: Code.FORBIDDEN, msg: '该账号未绑定本企业', data: null });
  });

  it('refuses an invalid code', async () => {
    const { state } = await signInAt('zhangwei');
    expect((await login('not-a-code', state)).body.msg).toBe('单点登录失败，请重新登录');
  });
});
