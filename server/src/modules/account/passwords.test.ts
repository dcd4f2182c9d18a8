import { createHash } from 'node:crypto';
import { readdir } from 'node:fs/promises';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Code } from '@/api/codes';
import type { LoginResult, UserInfo } from '@/api/types';
import { passwordResets } from '../../db/schema';
import { jobs } from '../../db/schema';
import { prepareDatabase } from '../../prepare';
import { DEMO_PASSWORD, HOST_TWO, openTestDatabase, testGatewayOn, type TestGateway } from '../../testing';
import { MAX_RESET_MAILS_PER_ACCOUNT, MAX_RESET_MAILS_PER_IP } from './passwords';
import { codeFor, demoEids, latestMail, useTempOutbox } from './test-support';

let gw: TestGateway;
let outbox: Awaited<ReturnType<typeof useTempOutbox>>;
let eids: { one: string; two: string };
/** Every statement the gateway sends to its database. */
let statements: string[] = [];
beforeAll(async () => {
  outbox = await useTempOutbox();
  const database = await openTestDatabase({ logger: { logQuery: (query) => statements.push(query) } });
  await prepareDatabase(database);
  gw = testGatewayOn(database);
  eids = await demoEids(gw);
});
afterAll(async () => {
  await gw?.close();
  await outbox?.close();
});

const INITIAL = 'Init@2026';
const unauthorized = { code: Code.UNAUTHORIZED, msg: '请先登录', data: null };
const signIn = (empNo: string, password: string) =>
  gw.call<LoginResult>('loginByEmpNo', { body: { empNo, password } });

describe('update password', () => {
  const update = (token: string, body: Record<string, string>, lang: 'zh' | 'en' = 'zh') =>
    gw.call('updatePassword', { token, body, lang });

  it('applies the rules of section 5 with their messages', async () => {
    const token = await gw.login('E1002');
    const msg = async (body: Record<string, string>, lang: 'zh' | 'en' = 'zh') => {
      const { res, body: envelope } = await update(token, body, lang);
      expect(res.status).toBe(422);
      return envelope.msg;
    };
    const ok = { password: DEMO_PASSWORD, newPassword: 'Lina@2027x', confirmPassword: 'Lina@2027x' };
    expect(await msg({ ...ok, newPassword: 'abc', confirmPassword: 'abc' }, 'en')).toBe(
      'Enter 8 to 30 characters, including uppercase and lowercase letters, special characters, and digits',
    );
    expect(await msg({ ...ok, newPassword: '12345678', confirmPassword: '12345678' })).toBe(
      '请输入8至30位字符，包含大小写字母、特殊字符和数字',
    );
    expect(await msg({ ...ok, newPassword: 'abcd!@#$', confirmPassword: 'abcd!@#$' })).toBe(
      '请输入8至30位字符，包含大小写字母、特殊字符和数字',
    );
    expect(await msg({ ...ok, newPassword: 'x'.repeat(31) + '1', confirmPassword: 'x'.repeat(31) + '1' })).toBe(
      '请输入8至30位字符，包含大小写字母、特殊字符和数字',
    );
    expect(await msg({ ...ok, confirmPassword: 'Lina@2027y' })).toBe('重复密码与新密码不一致');
    expect(await msg({ ...ok, confirmPassword: 'Lina@20' }, 'en')).toBe('The password contains 8 to 30 characters');
    expect(await msg({ ...ok, newPassword: DEMO_PASSWORD, confirmPassword: DEMO_PASSWORD }, 'en')).toBe(
      'The new password matches the old password, please modify it',
    );
    // Nothing changed.
    expect((await gw.call('currentUser', { token })).body.code).toBe(Code.OK);
    expect((await signIn('E1002', DEMO_PASSWORD)).body.code).toBe(Code.OK);
  });

  it('changes the password and ends every session of that membership, and only those', async () => {
    const first = await gw.login('E1003');
    const second = await gw.login('E1003');
    const other = await gw.login('E1001');
    const { res, body } = await update(first, {
      password: DEMO_PASSWORD,
      newPassword: 'Wanglei#2027',
      confirmPassword: 'Wanglei#2027',
    });
    expect(res.status).toBe(200);
    expect(body).toEqual({ code: Code.OK, msg: '操作成功', data: null });
    expect((await gw.call('currentUser', { token: first })).body).toEqual(unauthorized);
    expect((await gw.call('currentUser', { token: second })).body).toEqual(unauthorized);
    expect((await gw.call('currentUser', { token: other })).body.code).toBe(Code.OK);

    expect((await signIn('E1003', DEMO_PASSWORD)).body.code).toBe(Code.LOGIN_ERROR);
    const again = await signIn('E1003', 'Wanglei#2027');
    expect(again.body.data.user.isInitPassword).toBe(1);
  });

  it('refuses a wrong current password, counting it like a failed sign-in', async () => {
    const token = await gw.login('E1007');
    const body = { password: 'Wrong@2026', newPassword: 'Sunhao@2027', confirmPassword: 'Sunhao@2027' };
    const wrong = await update(token, body);
    expect(wrong.res.status).toBe(422);
    expect(wrong.body.msg).toBe('当前密码不正确');
    expect((await update(token, body, 'en')).body.msg).toBe('The current password is incorrect');
    for (let i = 2; i < 10; i++) expect((await update(token, body)).body.code).toBe(Code.INVALID);
    const blocked = await update(token, { ...body, password: DEMO_PASSWORD });
    expect(blocked.res.status).toBe(429);
    expect(blocked.body.msg).toBe('尝试次数过多，请 15 分钟后再试');
  });
});

describe('update initial password', () => {
  it('is refused once the password is no longer the initial one', async () => {
    const token = await gw.login('E1001');
    const { res, body } = await gw.call('updateInitPassword', {
      token,
      body: { newPassword: 'Zhangwei@2027', confirmPassword: 'Zhangwei@2027' },
    });
    expect(res.status).toBe(403);
    expect(body).toEqual({ code: Code.FORBIDDEN, msg: '密码已不是初始密码，请通过修改密码进行修改', data: null });
  });

  it('replaces the initial password of E1005, without ever sending the initial value', async () => {
    const answers: unknown[] = [];
    const login = await signIn('E1005', INITIAL);
    answers.push(login.body);
    expect(login.body.data.user.isInitPassword).toBe(0);
    const token = login.body.data.token;
    const call = async (body: Record<string, string>, lang: 'zh' | 'en' = 'zh') => {
      const answer = await gw.call('updateInitPassword', { token, body, lang });
      answers.push(answer.body);
      return answer;
    };

    expect((await call({ newPassword: INITIAL, confirmPassword: INITIAL }, 'en')).body.msg).toBe(
      'The new password matches the old password, please modify it',
    );
    expect((await call({ newPassword: 'chenjing', confirmPassword: 'chenjing' })).body.msg).toBe(
      '请输入8至30位字符，包含大小写字母、特殊字符和数字',
    );
    expect((await call({ newPassword: 'Chenjing@2027', confirmPassword: 'Chenjing@2028' })).body.msg).toBe(
      '重复密码与新密码不一致',
    );
    // A password field sent by an old client is ignored.
    const done = await call({ password: 'anything', newPassword: 'Chenjing@2027', confirmPassword: 'Chenjing@2027' });
    expect(done.body).toEqual({ code: Code.OK, msg: '操作成功', data: null });

    expect((await gw.call('currentUser', { token })).body).toEqual(unauthorized);
    expect((await signIn('E1005', INITIAL)).body.code).toBe(Code.LOGIN_ERROR);
    const after = await signIn('E1005', 'Chenjing@2027');
    expect(after.body.data.user.isInitPassword).toBe(1);
    answers.push((await gw.call('updateInitPassword', {
      token: after.body.data.token,
      body: { newPassword: 'Chenjing@2028', confirmPassword: 'Chenjing@2028' },
    })).body);
    expect(answers.at(-1)).toMatchObject({ code: Code.FORBIDDEN });

    expect(JSON.stringify(answers)).not.toMatch(/Init@2026|argon2|initPassword(?!":)/);
  });
});

describe('reset by phone code', () => {
  const reset = (body: Record<string, string>, o: { host?: string; lang?: 'zh' | 'en' } = {}) =>
    gw.call('resetPassword', { ...o, body });

  it('resets with the right reset code, once, and ends the sessions', async () => {
    const phone = '17721936606'; // E1006
    const session = await gw.login('E1006');
    const code = await codeFor(gw, phone, 'reset', eids.one);
    const wrong = code === '111111' ? '222222' : '111111';
    const passwords = { newPassword: 'Zhaomin@2027', confirmPassword: 'Zhaomin@2027' };

    expect((await reset({ phone, code: wrong, ...passwords }, { lang: 'en' })).body.msg).toBe('Verification code error');
    expect((await reset({ phone, code, ...passwords, confirmPassword: 'x' })).body.msg).toBe('密码长度为8至30位字符');
    const { body } = await reset({ phone, code, ...passwords });
    expect(body).toEqual({ code: Code.OK, msg: '操作成功', data: null });
    expect((await gw.call('currentUser', { token: session })).body).toEqual(unauthorized);
    expect((await signIn('E1006', 'Zhaomin@2027')).body.code).toBe(Code.OK);
    expect((await signIn('E1006', DEMO_PASSWORD)).body.code).toBe(Code.LOGIN_ERROR);

    // Spent.
    expect((await reset({ phone, code, newPassword: 'Zhaomin@2028', confirmPassword: 'Zhaomin@2028' })).body.msg).toBe(
      '验证码错误',
    );
  });

  it('needs a code of the reset scene, for this company, and an account here', async () => {
    const passwords = { newPassword: 'Reset@2027', confirmPassword: 'Reset@2027' };
    const login = await codeFor(gw, '13917735402', 'login', eids.one);
    expect((await reset({ phone: '13917735402', code: login, ...passwords })).body.msg).toBe('验证码错误');
    // Asked for on company two's site, not valid on company one's.
    const elsewhere = await codeFor(gw, '13917735402', 'reset', eids.two);
    expect((await reset({ phone: '13917735402', code: elsewhere, ...passwords })).body.msg).toBe('验证码错误');
    // B2001's phone has no account in company one.
    const code = await codeFor(gw, '13770516248', 'reset', eids.one);
    const none = await reset({ phone: '13770516248', code, ...passwords }, { lang: 'en' });
    expect(none.body).toEqual({ code: Code.INVALID, msg: 'No account with this phone number in this company', data: null });
    expect((await reset({ phone: '123', code: '123456', ...passwords })).body.msg).toBe('请输入正确的手机号');
  });
});

describe('reset by mail', () => {
  const ask = (empNo: string, o: { host?: string; lang?: 'zh' | 'en'; ip?: string; eid?: string } = {}) =>
    gw.call<null>('resetPasswordMail', { ip: '192.0.2.1', ...o, query: { empNo } });
  const reset = (mailToken: string, newPassword: string) =>
    gw.call('resetPassword', { body: { mailToken, newPassword, confirmPassword: newPassword } });
  const mailCount = async () => (await readdir(outbox.dir)).filter((n) => n.includes('-mail-')).length;

  it('mails a single-use link to the address on file and resets with it', async () => {
    const session = await gw.login('E1002');
    const { body } = await ask('E1002', { ip: '192.0.2.10' });
    expect(body).toEqual({ code: Code.OK, msg: '操作成功', data: null });
    await gw.jobs.runDue();

    const mail = await latestMail('li.na@xingchen.example.com');
    expect(mail?.subject).toBe('星辰学堂：重置密码');
    expect(mail?.text).toContain('李娜');
    expect(mail?.link).toMatch(/^http:\/\/localhost\/forget\?mailToken=[\w-]{43}$/);
    expect(mail?.html).toContain(`href="${mail?.link}"`);
    const token = new URL(mail!.link).searchParams.get('mailToken')!;

    expect((await reset(token, 'Lina#Reset1')).body.code).toBe(Code.OK);
    expect((await gw.call('currentUser', { token: session })).body).toEqual(unauthorized);
    expect((await signIn('E1002', 'Lina#Reset1')).body.code).toBe(Code.OK);

    const again = await gw.call('resetPassword', {
      lang: 'en',
      body: { mailToken: token, newPassword: 'Lina#Reset2', confirmPassword: 'Lina#Reset2' },
    });
    expect(again.body).toEqual({
      code: Code.INVALID,
      msg: 'The reset link is invalid or has expired, please request a new one',
      data: null,
    });
    // The token is stored only as a hash.
    const rows = await gw.database.db.select().from(passwordResets);
    expect(JSON.stringify(rows)).not.toContain(token);
  });

  it('links to the English page for English callers, and expires after 30 minutes', async () => {
    await ask('E1004', { lang: 'en', ip: '192.0.2.11' });
    await gw.jobs.runDue();
    const mail = await latestMail('liu.yang@xingchen.example.com');
    expect(mail?.subject).toBe('Xingchen Academy: reset your password');
    expect(mail?.link).toMatch(/^http:\/\/localhost\/en\/forget\?mailToken=/);
    const token = new URL(mail!.link).searchParams.get('mailToken')!;

    const [row] = await gw.database.db
      .select({ ttl: sql<number>`extract(epoch from ${passwordResets.expiresAt} - ${passwordResets.createdAt})::int` })
      .from(passwordResets)
      .where(eq(passwordResets.empNo, 'E1004'));
    expect(row?.ttl).toBe(30 * 60);

    await gw.database.db
      .update(passwordResets)
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where(eq(passwordResets.empNo, 'E1004'));
    expect((await reset(token, 'Liuyang#2027')).body.msg).toBe('重置链接无效或已过期，请重新获取');
    expect((await signIn('E1004', DEMO_PASSWORD)).body.code).toBe(Code.OK);
  });

  it('makes older links unusable once the password is reset', async () => {
    await ask('E1007', { ip: '192.0.2.12' });
    await gw.jobs.runDue();
    const older = new URL((await latestMail('sun.hao@xingchen.example.com'))!.link).searchParams.get('mailToken')!;
    await new Promise((done) => setTimeout(done, 5));
    await ask('E1007', { ip: '192.0.2.12' });
    await gw.jobs.runDue();
    const newer = new URL((await latestMail('sun.hao@xingchen.example.com'))!.link).searchParams.get('mailToken')!;
    expect(newer).not.toBe(older);
    expect((await reset(newer, 'Sunhao#2027')).body.code).toBe(Code.OK);
    expect((await reset(older, 'Sunhao#2028')).body.code).toBe(Code.INVALID);
    // Only the membership of this company changed; company two's keeps its password.
    expect((await gw.call('loginByEmpNo', { host: HOST_TWO, body: { empNo: 'B2007', password: DEMO_PASSWORD } })).body.code).toBe(
      Code.OK,
    );
  });

  it('answers unknown accounts, accounts without an address and real ones alike, and sends nothing to the first two', async () => {
    const before = await mailCount();
    const unknown = await ask('E9999', { ip: '192.0.2.13' });
    const noMail = await ask('E1006', { ip: '192.0.2.13' });
    const real = await ask('E1004', { ip: '192.0.2.13' });
    expect(unknown.body).toEqual({ code: Code.OK, msg: '操作成功', data: null });
    expect(noMail.body).toEqual(unknown.body);
    expect(real.body).toEqual(unknown.body);
    await gw.jobs.runDue();
    expect(await mailCount()).toBe(before + 1);
  });

  it('does not let a foreign Host header point the link elsewhere', async () => {
    const before = await mailCount();
    const { body } = await ask('E1001', { host: 'evil.example', eid: eids.one, ip: '192.0.2.14' });
    expect(body.data).toBeNull();
    await gw.jobs.runDue();
    expect(await mailCount()).toBe(before);
  });

  it('answers before any mail exists; a job sends the mail afterwards, and the token is in no job', async () => {
    const before = await mailCount();
    const { body } = await ask('E1002', { ip: '192.0.2.20' });
    expect(body).toEqual({ code: Code.OK, msg: '操作成功', data: null });
    expect(await mailCount()).toBe(before);
    const [pending] = await gw.database.db.select().from(passwordResets).where(eq(passwordResets.ip, '192.0.2.20'));
    expect(pending).toMatchObject({ empNo: 'E1002', tokenHash: null, expiresAt: null });

    expect(await gw.jobs.runDue()).toBe(1);
    expect(await mailCount()).toBe(before + 1);
    const mail = await latestMail('li.na@xingchen.example.com');
    const token = new URL(mail!.link).searchParams.get('mailToken')!;
    const queued = await gw.database.db.select().from(jobs);
    expect(queued.map((j) => [j.kind, j.status])).toContainEqual(['account.reset-mail', 'done']);
    expect(JSON.stringify(queued)).not.toContain(token);
    const [sent] = await gw.database.db.select().from(passwordResets).where(eq(passwordResets.ip, '192.0.2.20'));
    expect(sent?.tokenHash).toBe(createHash('sha256').update(token).digest('hex'));
  });

  it('does the same work before answering for an account with an address and for an unknown one', async () => {
    // Warm the company cache, so that neither call below is the first on this host.
    await ask('E9998', { ip: '192.0.2.21' });
    const answering = async (empNo: string, ip: string) => {
      statements = [];
      expect((await ask(empNo, { ip })).body.code).toBe(Code.OK);
      const sent = statements;
      statements = [];
      return sent;
    };
    const real = await answering('E1001', '192.0.2.22');
    const unknown = await answering('E9999', '192.0.2.23');
    const noAddress = await answering('E1006', '192.0.2.24');
    expect(real.length).toBeGreaterThan(0);
    expect(unknown).toEqual(real);
    expect(noAddress).toEqual(real);
    expect(real.join('\n')).not.toMatch(/enterprise_users/);
    await gw.jobs.runDue();
  });

  it(`allows ${MAX_RESET_MAILS_PER_ACCOUNT} mails per account and ${MAX_RESET_MAILS_PER_IP} per address in 15 minutes`, async () => {
    for (let i = 0; i < MAX_RESET_MAILS_PER_ACCOUNT; i++) {
      expect((await ask('E1003', { ip: `198.18.0.${i + 1}` })).body.code).toBe(Code.OK);
    }
    const blocked = await ask('E1003', { ip: '198.18.0.99', lang: 'en' });
    expect(blocked.res.status).toBe(429);
    expect(blocked.body).toEqual({ code: Code.TOO_MANY_REQUESTS, msg: 'Too many requests, please try again later', data: null });
    // The same employee number in company two is another account.
    expect((await ask('E1003', { host: HOST_TWO, ip: '198.18.0.98' })).body.code).toBe(Code.OK);

    const ip = '198.18.1.1';
    for (let i = 0; i < MAX_RESET_MAILS_PER_IP; i++) {
      expect((await ask(`X${i}`, { ip })).body.code).toBe(Code.OK);
    }
    expect((await ask('E1001', { ip })).body).toMatchObject({ code: Code.TOO_MANY_REQUESTS, msg: '请求过于频繁，请稍后再试' });

    await gw.database.db.update(passwordResets).set({ createdAt: sql`now() - interval '16 minutes'` });
    expect((await ask('E1003', { ip })).body.code).toBe(Code.OK);
  });
});

describe('tenant isolation of the password calls', () => {
  it('refuses a token of the other company', async () => {
    const two = await gw.login('B2001', DEMO_PASSWORD, { host: HOST_TWO });
    const body = { password: DEMO_PASSWORD, newPassword: 'Zhouting@2027', confirmPassword: 'Zhouting@2027' };
    for (const name of ['updatePassword', 'updateInitPassword'] as const) {
      expect((await gw.call(name, { token: two, body })).body, name).toEqual(unauthorized);
      expect((await gw.call(name, { token: two, eid: eids.one, body })).body, name).toEqual(unauthorized);
    }
    expect((await gw.call<UserInfo>('currentUser', { token: two, host: HOST_TWO })).body.code).toBe(Code.OK);
  });
});
