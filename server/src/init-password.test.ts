/**
 * A member still on the company's initial password (which every colleague knows) gets only what
 * the forced dialogs need; everything else is refused with a code that does not sign out.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Code, isSignOutCode } from '@/api/codes';
import { endpoints, type EndpointName } from '@/api/endpoints';
import type { LoginResult, UserInfo } from '@/api/types';
import { OPEN_ON_INITIAL_PASSWORD } from './routing';
import { createTestApp, type TestGateway } from './testing';

const INITIAL = 'Init@2026';
let gw: TestGateway;
let token: string;

beforeAll(async () => {
  gw = await createTestApp();
  token = await gw.login('E1005', INITIAL);
});
afterAll(async () => {
  await gw?.close();
});

describe('a member on the initial password', () => {
  it('gets the shell the forced dialogs need: the user, the site, the navigation', async () => {
    const user = await gw.call<UserInfo>('currentUser', { token });
    expect(user.body.code).toBe(Code.OK);
    expect(user.body.data.isInitPassword).toBe(0);
    expect((await gw.call('websiteView', { token })).body.code).toBe(Code.OK);
    expect((await gw.call('navBarList', { token })).body.code).toBe(Code.OK);
    expect((await gw.call('enumList', { token, query: { enumName: 'sex' } })).body.code).toBe(Code.OK);
  });

  it('is refused every other signed-in call, in the caller\'s language, with a code that keeps the session', async () => {
    const refused: string[] = [];
    for (const name of Object.keys(endpoints) as EndpointName[]) {
      const def = endpoints[name];
      if (def.access !== 'auth' || OPEN_ON_INITIAL_PASSWORD.has(name)) continue;
      const { res, body } = await gw.call(name, { token, body: def.method === 'GET' ? undefined : {} });
      expect(body, name).toEqual({ code: Code.PASSWORD_CHANGE_REQUIRED, msg: '您仍在使用初始密码，请先修改密码', data: null });
      expect(res.status, name).toBe(403);
      expect(isSignOutCode(body.code)).toBe(false);
      refused.push(name);
    }
    // Course, exam and community calls are among them.
    expect(refused).toEqual(expect.arrayContaining(['coursePage', 'courseView', 'unreadCount', 'getPostGrade', 'communityPostSave']));
    expect(refused.length).toBeGreaterThan(100);
    const en = await gw.call('coursePage', { token, lang: 'en', body: {} });
    expect(en.body.msg).toBe('You are still using the initial password. Please change your password first');
  });

  it('does not read public pages as that member either', async () => {
    const signedIn = await gw.call('communityPostPage', { token, body: {} });
    expect(signedIn.body.code).toBe(Code.PASSWORD_CHANGE_REQUIRED);
    const anonymous = await gw.call('communityPostPage', { body: {} });
    expect(anonymous.body.code).toBe(Code.OK);
  });

  it('gets everything once the password is changed', async () => {
    const done = await gw.call('updateInitPassword', {
      token,
      body: { newPassword: 'Chenjing@2027', confirmPassword: 'Chenjing@2027' },
    });
    expect(done.body.code).toBe(Code.OK);
    const after = await gw.call<LoginResult>('loginByEmpNo', { body: { empNo: 'E1005', password: 'Chenjing@2027' } });
    const fresh = after.body.data.token;
    expect(after.body.data.user.isInitPassword).toBe(1);
    expect((await gw.call('coursePage', { token: fresh, body: {} })).body.code).toBe(Code.OK);
    expect((await gw.call('communityPostPage', { token: fresh, body: {} })).body.code).toBe(Code.OK);
  });
});
