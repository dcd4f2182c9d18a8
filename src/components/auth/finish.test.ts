// @vitest-environment happy-dom
import Cookies from 'js-cookie';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { configureClient } from '@/api/client';
import { Code, TOKEN_COOKIE } from '@/api/codes';
import { ok, startStubGateway, type StubGateway } from '@/api/test-gateway';
import type { EnterpriseItem, LoginResult, UserInfo } from '@/api/types';
import { companyPath, finishSignIn, rememberRedirect } from '@/components/auth/finish';
import { $user } from '@/stores/session';

let gw: StubGateway;
let assign: ReturnType<typeof vi.spyOn>;

const user = { id: 'u1', empNo: 'E001', userName: '李雷', eid: 'ent-1' } as UserInfo;
const result: LoginResult = { token: 'tok-new', expiresIn: 86_400, user };
const item = (eid: string, current = false): EnterpriseItem => ({ eid, name: eid, logo: '', empNo: 'E001', current });

function openPage(path: string): void {
  (window as unknown as { happyDOM: { setURL(url: string): void } }).happyDOM.setURL(gw.origin + path);
}

beforeAll(async () => {
  gw = await startStubGateway();
});
afterAll(() => gw.close());

beforeEach(() => {
  gw.reset();
  configureClient({ baseURL: `${gw.origin}/gateway` });
  localStorage.clear();
  sessionStorage.clear();
  Cookies.remove(TOKEN_COOKIE, { path: '/' });
  $user.set(null);
  assign?.mockRestore();
  assign = vi.spyOn(location, 'assign').mockImplementation(() => undefined);
});

describe('finishSignIn', () => {
  it('goes to the page asked for when the person has one enterprise', async () => {
    gw.reply('GET', 'user/auth/user/info/enterprise/list', ok([item('ent-1', true)]));
    openPage('/login?t=login&redirect=%2Fexam%3Fx%3D1');
    await finishSignIn(result, 'zh');
    expect(assign).toHaveBeenCalledWith('/exam?x=1');
    expect(Cookies.get(TOKEN_COOKIE)).toBe('tok-new');
    expect($user.get()?.empNo).toBe('E001');
  });

  it('asks with the new token, before it is stored, and sends a person of several enterprises to choose', async () => {
    let storedDuringCall: string | undefined = 'unset';
    gw.on('GET', 'user/auth/user/info/enterprise/list', (req) => {
      storedDuringCall = Cookies.get(TOKEN_COOKIE);
      return req.headers.token === 'tok-new' && req.headers.eid === 'ent-1'
        ? ok([item('ent-1', true), item('ent-2')])
        : { code: Code.UNAUTHORIZED, msg: 'no', data: null };
    });
    openPage('/en/login?t=code');
    await finishSignIn(result, 'en');
    expect(storedDuringCall).toBeUndefined();
    expect(assign).toHaveBeenCalledWith('/en/company?redirect=%2Fen');
  });

  it('goes on with this enterprise when the list cannot be read', async () => {
    gw.reply('GET', 'user/auth/user/info/enterprise/list', { code: 500, msg: 'down', data: null });
    openPage('/loginsso?code=a&state=b');
    await finishSignIn(result, 'zh');
    expect(assign).toHaveBeenCalledWith('/');
  });

  it('brings back the redirect kept before a trip to an identity provider, once', async () => {
    gw.reply('GET', 'user/auth/user/info/enterprise/list', ok([item('ent-1', true)]));
    openPage('/login?t=scan&redirect=%2Fcertificate');
    rememberRedirect();
    openPage('/login?t=scan&type=wecom&code=c&state=s');
    await finishSignIn(result, 'zh');
    expect(assign).toHaveBeenLastCalledWith('/certificate');
    await finishSignIn(result, 'zh');
    expect(assign).toHaveBeenLastCalledWith('/');
  });

  it('never follows a redirect to another site', async () => {
    gw.reply('GET', 'user/auth/user/info/enterprise/list', ok([item('ent-1', true), item('ent-2')]));
    openPage('/login?redirect=https%3A%2F%2Fevil.example%2F');
    await finishSignIn(result, 'zh');
    expect(assign).toHaveBeenCalledWith(companyPath('/', 'zh'));
    expect(companyPath('/', 'zh')).toBe('/company?redirect=%2F');
  });
});
