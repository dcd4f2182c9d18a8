import { count, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Code, isSignOutCode } from '@/api/codes';
import type { LoginErrorData, LoginResult, NavItem, UserInfo, WebInfo } from '@/api/types';
import { enterpriseUsers, loginAttempts, sessions } from '../../db/schema';
import { global, scoped } from '../../db/access';
import { createTestApp, DEMO_PASSWORD, HOST_TWO, type TestGateway } from '../../testing';
import { createCaptcha } from '../../captcha';
import { CAPTCHA_AFTER_FAILURES, MAX_FAILURES_PER_ACCOUNT, MAX_FAILURES_PER_IP, SESSION_TTL_SECONDS, checkPassword } from './service';
import { hashToken } from '../../sessions/tokens';

let gw: TestGateway;
beforeAll(async () => {
  gw = await createTestApp();
});
afterAll(() => gw?.close());

type Captcha = { captchaKey?: string; captchaCode?: string };
const login = (
  empNo: string,
  password: string,
  { captcha, ...o }: { ip?: string; host?: string; lang?: 'zh' | 'en'; captcha?: Captcha } = {},
) => gw.call<LoginResult & LoginErrorData>('loginByEmpNo', { ...o, body: { empNo, password, ...captcha } });
/** A captcha answered correctly, as a person would after reading the picture. */
const solved = async (): Promise<Captcha> => {
  const { captchaKey, answer } = await createCaptcha(gw.database.db);
  return { captchaKey, captchaCode: answer };
};

describe('sign-in by employee number', () => {
  it('returns a token, its lifetime and the user; the token works on currentUser', async () => {
    const { res, body } = await login('E1001', DEMO_PASSWORD, { ip: '198.51.100.1' });
    expect(res.status).toBe(200);
    expect(body.code).toBe(Code.OK);
    expect(body.data.token).toMatch(/^[\w-]{43}$/);
    expect(body.data.expiresIn).toBe(SESSION_TTL_SECONDS);
    expect(body.data.user).toMatchObject({ empNo: 'E1001', userName: '张伟', userType: 1, isInitPassword: 1 });

    const [row] = await gw.database.db
      .select({ expiresAt: sessions.expiresAt, revokedAt: sessions.revokedAt })
      .from(sessions)
      .where(eq(sessions.tokenHash, hashToken(body.data.token)));
    expect(row?.revokedAt).toBeNull();
    const ttl = (row!.expiresAt.getTime() - Date.now()) / 1000;
    expect(ttl).toBeGreaterThan(SESSION_TTL_SECONDS - 60);
    expect(ttl).toBeLessThanOrEqual(SESSION_TTL_SECONDS + 1);

    const me = await gw.call<UserInfo>('currentUser', { token: body.data.token, lang: 'en' });
    expect(me.body.code).toBe(Code.OK);
    expect(me.body.data).toEqual({ ...body.data.user, enterpriseName: 'Xingchen Technology' });
  });

  it('gives each demo role its flags', async () => {
    const user = async (empNo: string, password = DEMO_PASSWORD) => (await login(empNo, password)).body.data.user;
    expect(await user('E1002')).toMatchObject({ userType: 2, isLecturer: true, isAdmin: false });
    expect(await user('E1003')).toMatchObject({ userType: 3, isLecturer: false });
    expect(await user('E1004')).toMatchObject({ isAdmin: true });
    expect(await user('E1005', 'Init@2026')).toMatchObject({ isInitPassword: 0 });
    expect(await user('E1006')).toMatchObject({ dataSource: 1, email: '', idCard: '' });
  });

  it('refuses a wrong password with 321 and the failure count, in both languages', async () => {
    const ip = '198.51.100.2';
    const first = await login('E1002', 'Wrong@2026', { ip });
    expect(first.res.status).toBe(200);
    expect(first.body).toEqual({
      code: Code.LOGIN_ERROR,
      msg: '账号或密码错误',
      data: { errorCount: 1, captchaRequired: false },
    });
    const second = await login('E1002', 'Wrong@2026', { ip, lang: 'en' });
    expect(second.body).toEqual({
      code: Code.LOGIN_ERROR,
      msg: 'Incorrect employee number or password',
      data: { errorCount: 2, captchaRequired: true },
    });
    // A success (now with the captcha) starts the count again.
    expect((await login('E1002', DEMO_PASSWORD, { ip, captcha: await solved() })).body.code).toBe(Code.OK);
    expect((await login('E1002', 'Wrong@2026', { ip })).body.data).toEqual({ errorCount: 1, captchaRequired: false });
  });

  it('answers an unknown employee number exactly like a wrong password', async () => {
    const { body } = await login('E9999', DEMO_PASSWORD, { ip: '198.51.100.3' });
    expect(body).toEqual({
      code: Code.LOGIN_ERROR,
      msg: '账号或密码错误',
      data: { errorCount: 1, captchaRequired: false },
    });
  });

  it('does not accept the initial password once a user has their own', async () => {
    expect((await login('E1001', 'Init@2026', { ip: '198.51.100.4' })).body.code).toBe(Code.LOGIN_ERROR);
  });

  it(`answers 429 after ${MAX_FAILURES_PER_ACCOUNT} failures for one account in 15 minutes, even with the right password`, async () => {
    const ip = '198.51.100.5';
    for (let i = 1; i <= MAX_FAILURES_PER_ACCOUNT; i++) {
      const captcha = i > CAPTCHA_AFTER_FAILURES ? await solved() : undefined;
      expect((await login('E1003', `Wrong@${i}`, { ip, captcha })).body.data).toEqual({
        errorCount: i,
        captchaRequired: i >= CAPTCHA_AFTER_FAILURES,
      });
    }
    const blocked = await login('E1003', DEMO_PASSWORD, { ip: '198.51.100.6', captcha: await solved() });
    expect(blocked.res.status).toBe(429);
    expect(blocked.body).toMatchObject({ code: Code.TOO_MANY_REQUESTS, msg: '尝试次数过多，请 15 分钟后再试' });
    expect((await login('E1003', DEMO_PASSWORD, { lang: 'en' })).body.msg).toBe(
      'Too many attempts, please try again in 15 minutes',
    );
    // The same employee number in the other company is another account.
    expect((await login('E1003', DEMO_PASSWORD, { host: HOST_TWO })).body.code).toBe(Code.LOGIN_ERROR);

    // Counters live in the database: once the failures are older than the window, sign-in works.
    await gw.database.db
      .update(loginAttempts)
      .set({ attemptedAt: sql`now() - interval '16 minutes'` })
      .where(eq(loginAttempts.empNo, 'E1003'));
    expect((await login('E1003', DEMO_PASSWORD, { ip })).body.code).toBe(Code.OK);
  });

  it(`answers 429 after ${MAX_FAILURES_PER_IP} failures from one address`, async () => {
    const ip = '203.0.113.7';
    for (let i = 0; i < MAX_FAILURES_PER_IP; i++) {
      expect((await login(`X${i}`, 'Wrong@2026', { ip })).body.code).toBe(Code.LOGIN_ERROR);
    }
    const blocked = await login('E1004', DEMO_PASSWORD, { ip });
    expect(blocked.body.code).toBe(Code.TOO_MANY_REQUESTS);
    expect((await login('E1004', DEMO_PASSWORD, { ip: '203.0.113.8' })).body.code).toBe(Code.OK);
  });

  it('lets no more than the limit through when attempts from one address arrive at once', async () => {
    const ip = '203.0.113.40';
    const burst = await Promise.all(
      Array.from({ length: MAX_FAILURES_PER_IP + 10 }, (_, i) => login(`Y${i}`, 'Wrong@2026', { ip })),
    );
    const refused = burst.filter((r) => r.body.code === Code.LOGIN_ERROR).length;
    expect(refused).toBeLessThanOrEqual(MAX_FAILURES_PER_IP);
    expect(burst.filter((r) => r.body.code === Code.TOO_MANY_REQUESTS).length).toBe(burst.length - refused);
    // The blocked ones were not counted on top: the address stays at the limit.
    const [row] = await gw.database.db.select({ n: count() }).from(loginAttempts).where(eq(loginAttempts.ip, ip));
    expect(row!.n).toBe(refused);
  });

  it('needs a company for the host', async () => {
    const { res, body } = await login('E1001', DEMO_PASSWORD, { host: 'unknown.example.com', lang: 'en' });
    expect(res.status).toBe(404);
    expect(body.msg).toBe('No company is configured for this domain');
  });
});

describe('a sign-in cut off by a fault', () => {
  it('is not counted as a failure of the account or the address', async () => {
    const enterprise = (await global.enterpriseByDomain(gw.database.db, 'localhost'))!;
    const scope = scoped(gw.database.db, enterprise.id);
    const ip = '10.77.0.1';
    const before = await scope.failuresFor('E1002');
    const attempt = {
      account: 'E1002',
      password: 'whatever',
      errorKey: 'loginError' as const,
      findMember: () => Promise.reject(new Error('connection terminated unexpectedly')),
    };
    await expect(checkPassword(gw.database.db, scope, attempt, ip)).rejects.toThrow('connection terminated');
    expect(await scope.failuresFor('E1002')).toBe(before);
    expect(await global.failuresFromIp(gw.database.db, ip)).toBe(0);
  }, 120_000);
});

describe('tokens', () => {
  const unauthorized = { code: Code.UNAUTHORIZED, msg: '请先登录', data: null };

  it('refuses a missing token with a sign-out code of spec section 8 (HTTP 401), in both languages', async () => {
    const zh = await gw.call('currentUser');
    expect(zh.res.status).toBe(401);
    expect(isSignOutCode(zh.body.code)).toBe(true);
    expect(zh.body.code).toBeGreaterThanOrEqual(300);
    expect(zh.body.code).toBeLessThanOrEqual(400);
    expect(zh.body).toEqual(unauthorized);
    expect((await gw.call('navBarList', { lang: 'en' })).body.msg).toBe('Please login first!');
  });

  it('refuses a garbage token', async () => {
    for (const token of ['garbage', 'x'.repeat(43), 'y'.repeat(1000)]) {
      expect((await gw.call('currentUser', { token })).body).toEqual(unauthorized);
    }
  });

  it('refuses an expired token', async () => {
    const token = await gw.login('E1001');
    await gw.database.db
      .update(sessions)
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where(eq(sessions.tokenHash, hashToken(token)));
    expect((await gw.call('currentUser', { token })).body).toEqual(unauthorized);
  });

  it('revokes the token on logout', async () => {
    const token = await gw.login('E1001');
    const out = await gw.call('logout', { token });
    expect(out.body).toEqual({ code: Code.OK, msg: '操作成功', data: null });
    expect((await gw.call('currentUser', { token })).body).toEqual(unauthorized);
    expect((await gw.call('logout', { token })).body.code).toBe(Code.UNAUTHORIZED);
  });

  it('keeps other sessions of the same user when one logs out', async () => {
    const first = await gw.login('E1004');
    const second = await gw.login('E1004');
    await gw.call('logout', { token: first });
    expect((await gw.call('currentUser', { token: second })).body.code).toBe(Code.OK);
  });

  it('is valid only for the company it was issued for', async () => {
    const one = await gw.login('E1001');
    const two = (await gw.call<WebInfo>('websiteViewPublic', { query: { domain: HOST_TWO } })).body.data.eid;
    expect((await gw.call('currentUser', { token: one, eid: two })).body).toEqual(unauthorized);
    expect((await gw.call('currentUser', { token: one, host: HOST_TWO })).body).toEqual(unauthorized);
    expect((await gw.call('currentUser', { token: one, eid: 'not-a-uuid' })).res.status).toBe(404);
  });
});

describe('tenant isolation', () => {
  it("keeps company two's member out of company one's data", async () => {
    const token = await gw.login('B2001', DEMO_PASSWORD, { host: HOST_TWO });
    for (const name of ['currentUser', 'navBarList', 'websiteView'] as const) {
      expect((await gw.call(name, { token })).body.code, name).toBe(Code.UNAUTHORIZED);
    }
    const own = await gw.call<NavItem[]>('navBarList', { token, host: HOST_TWO });
    expect(own.body.data.map((n) => n.title)).toContain('安全生产手册');
    expect(own.body.data.map((n) => n.title)).not.toContain('星辰官网');
    const site = await gw.call<WebInfo>('websiteView', { token, host: HOST_TWO });
    expect(site.body.data.name).toBe('青禾制造');
  });

  it("does not sign company two's member in on company one's site", async () => {
    const { body } = await login('B2001', DEMO_PASSWORD);
    expect(body.code).toBe(Code.LOGIN_ERROR);
  });

  it('lets one person belong to both companies, with a membership in each', async () => {
    const one = (await login('E1007', DEMO_PASSWORD)).body.data.user;
    const two = (await login('B2007', DEMO_PASSWORD, { host: HOST_TWO })).body.data.user;
    expect(one.realId).toBe(two.realId);
    expect(one.phone).toBe(two.phone);
    expect(one.eid).not.toBe(two.eid);
    expect([one.enterpriseName, two.enterpriseName]).toEqual(['星辰科技', '青禾制造']);
    expect([one.userType, two.userType]).toEqual([1, 2]);
    const members = await gw.database.db
      .select({ empNo: enterpriseUsers.empNo })
      .from(enterpriseUsers)
      .where(eq(enterpriseUsers.userId, one.realId));
    expect(members.map((m) => m.empNo).sort()).toEqual(['B2007', 'E1007']);
  });
});

describe('sign-ins at the same moment', () => {
  it('lets 3 correct sign-ins of one account at once all in', async () => {
    const all = await Promise.all([1, 2, 3].map(() => login('E1001', DEMO_PASSWORD, { ip: '198.51.100.60' })));
    expect(all.map((r) => r.body.code)).toEqual([Code.OK, Code.OK, Code.OK]);
    expect(new Set(all.map((r) => r.body.data.token)).size).toBe(3);
  });

  it('lets 200 correct sign-ins over 4 accounts from one address at once all in, and counts nothing against it', async () => {
    const ip = '198.51.100.61';
    const accounts = ['E1001', 'E1004', 'E1006', 'E1007'];
    const all = await Promise.all(Array.from({ length: 200 }, (_, i) => login(accounts[i % 4]!, DEMO_PASSWORD, { ip })));
    const refused = all.filter((r) => r.body.code !== Code.OK).map((r) => `${r.body.code} ${r.body.msg}`);
    expect(refused).toEqual([]);
    expect(await global.failuresFromIp(gw.database.db, ip)).toBe(0);
  }, 120_000);

  it('lets correct sign-ins from an address in while wrong ones from it are under way', async () => {
    const ip = '198.51.100.62';
    const all = await Promise.all([
      ...Array.from({ length: MAX_FAILURES_PER_IP + 5 }, (_, i) => login(`W${i}`, 'Wrong@2026', { ip })),
      ...Array.from({ length: 40 }, (_, i) => login(i % 2 ? 'E1004' : 'E1007', DEMO_PASSWORD, { ip })),
    ]);
    const correct = all.slice(MAX_FAILURES_PER_IP + 5);
    // Sequentially, a correct sign-in is refused only once the address has its 30 failures.
    const okOrBlocked = correct.map((r) => r.body.code);
    expect(okOrBlocked.every((code) => code === Code.OK || code === Code.TOO_MANY_REQUESTS)).toBe(true);
    const wrong = all.slice(0, MAX_FAILURES_PER_IP + 5);
    expect(wrong.filter((r) => r.body.code === Code.LOGIN_ERROR).length).toBe(MAX_FAILURES_PER_IP);
    expect(await global.failuresFromIp(gw.database.db, ip)).toBe(MAX_FAILURES_PER_IP);
  });

  it(`checks no more wrong passwords at once than one after another would: ${CAPTCHA_AFTER_FAILURES}, then the captcha`, async () => {
    const ip = '198.51.100.63';
    const burst = await Promise.all(
      Array.from({ length: 20 }, () => login('B2001', 'Wrong@2026', { ip, host: HOST_TWO })),
    );
    const checked = burst.filter((r) => r.body.msg === '账号或密码错误').map((r) => r.body.data);
    expect(checked.sort((a, b) => a.errorCount - b.errorCount)).toEqual([
      { errorCount: 1, captchaRequired: false },
      { errorCount: 2, captchaRequired: true },
    ]);
    const needCaptcha = burst.filter((r) => r.body.msg === '请输入正确的图形验证码');
    expect(needCaptcha).toHaveLength(18);
    for (const r of needCaptcha) {
      expect(r.body).toEqual({ code: Code.LOGIN_ERROR, msg: '请输入正确的图形验证码', data: { errorCount: 2, captchaRequired: true } });
    }
    expect(await global.failuresFromIp(gw.database.db, ip)).toBe(2);
  });

  it(`checks at most ${MAX_FAILURES_PER_ACCOUNT} wrong passwords of one account at once, captcha and all, then answers 429`, async () => {
    const ip = '198.51.100.64';
    const captchas = await Promise.all(Array.from({ length: 20 }, () => solved()));
    const burst = await Promise.all(captchas.map((captcha) => login('E7001', 'Wrong@2026', { ip, captcha })));
    const checked = burst.filter((r) => r.body.msg === '账号或密码错误').map((r) => r.body.data.errorCount);
    expect(checked.sort((a, b) => a - b)).toEqual(Array.from({ length: MAX_FAILURES_PER_ACCOUNT }, (_, i) => i + 1));
    const blocked = burst.filter((r) => r.body.code === Code.TOO_MANY_REQUESTS);
    expect(blocked).toHaveLength(20 - MAX_FAILURES_PER_ACCOUNT);
    expect(await global.failuresFromIp(gw.database.db, ip)).toBe(MAX_FAILURES_PER_ACCOUNT);
  });
});
