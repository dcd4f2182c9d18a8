// @vitest-environment happy-dom
import Cookies from 'js-cookie';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { Code, TOKEN_COOKIE } from '@/api/codes';
import { ok, startStubGateway, type StubGateway } from '@/api/test-gateway';
import type { NavItem, UserInfo, WebInfo } from '@/api/types';

type Session = typeof import('@/stores/session');
type Site = typeof import('@/stores/site');
type Client = typeof import('@/api/client');

let gw: StubGateway;
let S: Session;
let site: Site;
let client: Client;
let assign: ReturnType<typeof vi.spyOn>;
let visibility: DocumentVisibilityState = 'visible';
/** Request paths in the order the client issued them. */
let issued: string[];

const user = {
  id: 'u1',
  userNo: 'U001',
  empNo: 'E001',
  userName: '李雷',
  eid: 'ent-1',
  userType: 1,
  isInitPassword: 1,
} as UserInfo;

const webInfo: WebInfo = {
  eid: 'ent-1',
  name: '示例公司',
  websiteTitle: '示例学堂',
  logo: '/logo.png',
  websiteIco: '/favicon-acme.ico',
  colors: { primary: '#0a5', primaryForeground: '#fff', accent: '#fa0' },
  names: { zh: '示例公司', en: 'Example Co.' },
  titles: { zh: '示例学堂', en: 'Example Academy' },
};

const nav: NavItem[] = [
  { id: 'n1', title: '首页', navMenuType: 1, navUrl: '', linkUrl: '', isMenu: 1, target: '_self' },
];

function openPage(path: string): void {
  (window as unknown as { happyDOM: { setURL(url: string): void } }).happyDOM.setURL(gw.origin + path);
}

/** A fresh module graph per test: the session starts once per page. */
async function load(): Promise<void> {
  vi.resetModules();
  client = await import('@/api/client');
  client.configureClient({
    fetch: (input, init) => {
      issued.push(new URL(String(input), location.href).pathname.replace('/gateway/', ''));
      return fetch(input, init);
    },
  });
  site = await import('@/stores/site');
  S = await import('@/stores/session');
}

function route(): void {
  gw.on('POST', 'user/api/user/info/emp/no/pwd', (req) => {
    const { empNo, password } = req.body as { empNo: string; password: string };
    return empNo === 'E001' && password === 'Right123'
      ? ok({ token: 'tok-new', expiresIn: 86_400, user })
      : { code: 321, msg: '账号或密码错误', data: null };
  });
  gw.on('GET', 'user/auth/enterprise/user/info/current/view', (req) =>
    req.headers.token?.startsWith('tok') ? ok({ ...user, userName: `李雷 ${req.headers.token}` }) : { code: Code.UNAUTHORIZED, msg: 'unauthorized', data: null },
  );
  gw.on('POST', 'user/auth/user/info/logout', () => ok(null));
  gw.reply('GET', 'system/api/website/view', ok(webInfo));
  gw.on('GET', 'system/auth/website/view', (req) =>
    req.headers.token?.startsWith('tok') ? ok(webInfo) : { code: Code.UNAUTHORIZED, msg: 'unauthorized', data: null },
  );
  gw.on('GET', 'system/auth/pc/zone/info/nav/bar/list', (req) =>
    req.headers.token?.startsWith('tok') ? ok(nav) : { code: Code.UNAUTHORIZED, msg: 'unauthorized', data: null },
  );
}

function setVisibility(state: DocumentVisibilityState): void {
  visibility = state;
  document.dispatchEvent(new Event('visibilitychange'));
}

const settle = () => new Promise((r) => setTimeout(r, 50));

beforeAll(async () => {
  gw = await startStubGateway();
  Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => visibility });
});
afterAll(() => gw.close());

beforeEach(async () => {
  gw.reset();
  route();
  issued = [];
  openPage('/home');
  document.title = '首页 - 学堂';
  localStorage.clear();
  sessionStorage.clear();
  Cookies.remove(TOKEN_COOKIE, { path: '/' });
  assign?.mockRestore();
  assign = vi.spyOn(location, 'assign').mockImplementation(() => undefined);
  visibility = 'visible';
  await load();
});

describe('signIn', () => {
  it('stores the token cookie for a day, the user, the eid, and clears the login-error counter', async () => {
    localStorage.setItem('loginErrorCount', '2');
    const cookieWrites = vi.spyOn(document, 'cookie', 'set');
    const result = await S.signIn('E001', 'Right123');
    expect(result.userName).toBe('李雷');
    expect(Cookies.get(TOKEN_COOKIE)).toBe('tok-new');
    const written = cookieWrites.mock.calls.map(([c]) => String(c)).find((c) => c.startsWith(`${TOKEN_COOKIE}=`))!;
    expect(written).toMatch(/; path=\//);
    expect(written).toMatch(/; sameSite=Lax/i);
    expect(written).not.toMatch(/secure/i);
    const expires = Date.parse(/expires=([^;]+)/.exec(written)![1]!);
    expect(Math.abs(expires - Date.now() - 86_400_000)).toBeLessThan(60_000);
    expect(localStorage.getItem('eid')).toBe('ent-1');
    expect(JSON.parse(localStorage.getItem('userInfo')!)).toMatchObject({ userName: '李雷' });
    expect(localStorage.getItem('loginErrorCount')).toBeNull();
    expect(S.$user.get()?.empNo).toBe('E001');
    expect(S.$sessionStatus.get()).toBe('signed-in');
    expect(gw.calls('user/api/user/info/emp/no/pwd')[0]!.body).toEqual({ empNo: 'E001', password: 'Right123' });
    cookieWrites.mockRestore();
  });

  it('a wrong password rejects with 321 and sets the counter, without a session', async () => {
    await expect(S.signIn('E001', 'wrong')).rejects.toMatchObject({ code: 321 });
    expect(localStorage.getItem('loginErrorCount')).toBe('2');
    expect(Cookies.get(TOKEN_COOKIE)).toBeUndefined();
    expect(S.$sessionStatus.get()).toBe('anonymous');
  });
});

describe('completeSignIn and switchEnterprise', () => {
  const other = { ...user, eid: 'ent-2', enterpriseName: '另一家' } as UserInfo;

  it('completeSignIn starts the session of any sign-in answer', async () => {
    localStorage.setItem('loginErrorCount', '2');
    const result = S.completeSignIn({ token: 'tok-sso', expiresIn: 86_400, user });
    expect(result).toBe(user);
    expect(Cookies.get(TOKEN_COOKIE)).toBe('tok-sso');
    expect(localStorage.getItem('eid')).toBe('ent-1');
    expect(localStorage.getItem('loginErrorCount')).toBeNull();
    expect(S.$sessionStatus.get()).toBe('signed-in');
  });

  it('signIn sends the image captcha answer when given', async () => {
    await S.signIn('E001', 'Right123', { captchaKey: 'k1', captchaCode: 'ab12' });
    expect(gw.calls('user/api/user/info/emp/no/pwd')[0]!.body).toEqual({
      empNo: 'E001',
      password: 'Right123',
      captchaKey: 'k1',
      captchaCode: 'ab12',
    });
  });

  it('switchEnterprise stores the new token, user and eid, then reloads branding and navigation for it', async () => {
    await S.signIn('E001', 'Right123');
    sessionStorage.setItem('enum:sex:zh', '[]');
    gw.on('POST', 'user/auth/user/info/choose/enterprise', (req) =>
      (req.body as { eid: string }).eid === 'ent-2'
        ? ok({ token: 'tok-two', expiresIn: 86_400, user: other })
        : { code: 460, msg: '您不是该企业的成员', data: null },
    );
    gw.on('GET', 'system/auth/website/view', (req) =>
      ok({ ...webInfo, eid: req.headers.eid ?? '', name: req.headers.eid === 'ent-2' ? '另一家' : webInfo.name }),
    );
    issued = [];
    const result = await S.switchEnterprise('ent-2');
    expect(result.eid).toBe('ent-2');
    expect(gw.calls('user/auth/user/info/choose/enterprise')[0]!.headers.token).toBe('tok-new');
    expect(Cookies.get(TOKEN_COOKIE)).toBe('tok-two');
    expect(localStorage.getItem('eid')).toBe('ent-2');
    expect(S.$user.get()?.eid).toBe('ent-2');
    expect(sessionStorage.length).toBe(0);
    const [view] = gw.calls('system/auth/website/view');
    expect(view!.headers).toMatchObject({ token: 'tok-two', eid: 'ent-2' });
    expect(site.$site.get()?.eid).toBe('ent-2');
    expect(gw.calls('system/auth/pc/zone/info/nav/bar/list').at(-1)!.headers.token).toBe('tok-two');
  });

  it('a refused switch keeps the session as it was', async () => {
    await S.signIn('E001', 'Right123');
    gw.reply('POST', 'user/auth/user/info/choose/enterprise', { code: 460, msg: '您不是该企业的成员', data: null });
    await expect(S.switchEnterprise('ent-9')).rejects.toMatchObject({ code: 460 });
    expect(Cookies.get(TOKEN_COOKIE)).toBe('tok-new');
    expect(localStorage.getItem('eid')).toBe('ent-1');
  });
});

describe('signOut', () => {
  it('tells the gateway and clears user, token cookie, session storage, stored user info and eid', async () => {
    await S.signIn('E001', 'Right123');
    sessionStorage.setItem('enum:sex:zh', '[]');
    await S.signOut();
    expect(gw.calls('user/auth/user/info/logout')[0]!.headers.token).toBe('tok-new');
    expect(S.$user.get()).toBeNull();
    expect(S.$token.get()).toBeUndefined();
    expect(Cookies.get(TOKEN_COOKIE)).toBeUndefined();
    expect(sessionStorage.length).toBe(0);
    expect(localStorage.getItem('userInfo')).toBeNull();
    expect(localStorage.getItem('eid')).toBeNull();
    expect(S.$sessionStatus.get()).toBe('anonymous');
  });

  it('callServer false clears without calling logout', async () => {
    await S.signIn('E001', 'Right123');
    await S.signOut({ callServer: false });
    expect(gw.calls('user/auth/user/info/logout')).toEqual([]);
    expect(Cookies.get(TOKEN_COOKIE)).toBeUndefined();
  });

  it('clears what an earlier page left even when this page holds no session', async () => {
    localStorage.setItem('userInfo', '{}');
    localStorage.setItem('eid', 'x');
    sessionStorage.setItem('a', 'b');
    await S.signOut();
    expect(gw.calls('user/auth/user/info/logout')).toEqual([]);
    expect([localStorage.getItem('userInfo'), localStorage.getItem('eid'), sessionStorage.length]).toEqual([null, null, 0]);
  });

  it('a failing logout call still clears the session', async () => {
    await S.signIn('E001', 'Right123');
    gw.reply('POST', 'user/auth/user/info/logout', { code: 500, msg: 'down', data: null });
    await S.signOut();
    expect(Cookies.get(TOKEN_COOKIE)).toBeUndefined();
  });
});

describe('the client', () => {
  it('sends the language of the locale store and ends the session on a sign-out code', async () => {
    Cookies.set(TOKEN_COOKIE, 'revoked', { path: '/' });
    localStorage.setItem('userInfo', JSON.stringify(user));
    await load();
    const { $locale } = await import('@/stores/locale');
    $locale.set('en');
    await expect(client.call('currentUser')).rejects.toMatchObject({ code: Code.UNAUTHORIZED });
    expect(gw.calls('user/auth/enterprise/user/info/current/view')[0]!.headers['accept-language']).toBe('en');
    expect(S.$token.get()).toBeUndefined();
    expect(S.$user.get()).toBeNull();
    expect(Cookies.get(TOKEN_COOKIE)).toBeUndefined();
    expect(assign).toHaveBeenCalledExactlyOnceWith('/login?t=login');
  });
});

describe('stored user', () => {
  it('is shown at once when a token cookie exists, and ignored without one', async () => {
    localStorage.setItem('userInfo', JSON.stringify(user));
    await load();
    expect(S.$user.get()).toBeNull();
    expect(S.$sessionStatus.get()).toBe('anonymous');
    Cookies.set(TOKEN_COOKIE, 'tok', { path: '/' });
    await load();
    expect(S.$user.get()?.userName).toBe('李雷');
    expect(S.$sessionStatus.get()).toBe('signed-in');
  });

  it('a token without a user is unknown until the user loads', async () => {
    Cookies.set(TOKEN_COOKIE, 'tok', { path: '/' });
    await load();
    expect(S.$sessionStatus.get()).toBe('unknown');
    await S.loadUser();
    expect(S.$sessionStatus.get()).toBe('signed-in');
  });
});

describe('startSession', () => {
  it('anonymous: loads the public web info for this host only', async () => {
    await S.startSession();
    expect(issued).toEqual(['system/api/website/view']);
    expect(gw.log[0]!.query).toEqual({ domain: '127.0.0.1' });
    expect(site.$site.get()).toEqual(webInfo);
    expect(site.$nav.get()).toEqual([]);
    expect(S.$sessionStatus.get()).toBe('anonymous');
    expect(document.title).toBe('首页 - 示例学堂');
  });

  it('signed in: reads the cookie, loads the authenticated web info, navigation and user', async () => {
    Cookies.set(TOKEN_COOKIE, 'tok-1', { path: '/' });
    await load();
    await S.startSession();
    expect(issued).toEqual([
      'system/auth/website/view',
      'system/auth/pc/zone/info/nav/bar/list',
      'user/auth/enterprise/user/info/current/view',
    ]);
    expect(gw.log.every((r) => r.headers.token === 'tok-1')).toBe(true);
    expect(gw.calls('system/auth/website/view')[0]!.query).toEqual({ domain: '127.0.0.1' });
    expect(S.$token.get()).toBe('tok-1');
    expect(S.$user.get()?.userName).toBe('李雷 tok-1');
    expect(site.$nav.get()).toEqual(nav);
    expect(S.$sessionStatus.get()).toBe('signed-in');
    expect(site.siteLoadedAs()).toBe('auth');
  });

  it('runs once per page', async () => {
    await Promise.all([S.startSession(), S.startSession()]);
    await S.startSession();
    expect(issued).toEqual(['system/api/website/view']);
  });

  it('skips the web info this page already has', async () => {
    await site.loadSite();
    await S.startSession();
    expect(issued).toEqual(['system/api/website/view']);
  });

  it('an invalid token signs out and goes to /login?t=login once', async () => {
    Cookies.set(TOKEN_COOKIE, 'revoked', { path: '/' });
    localStorage.setItem('userInfo', JSON.stringify(user));
    await load();
    await S.startSession();
    expect(Cookies.get(TOKEN_COOKIE)).toBeUndefined();
    expect(S.$user.get()).toBeNull();
    expect(localStorage.getItem('userInfo')).toBeNull();
    expect(assign).toHaveBeenCalledExactlyOnceWith('/login?t=login');
  });
});

describe('watchVisibility', () => {
  it('reloads the user when the tab shows again with a token', async () => {
    Cookies.set(TOKEN_COOKIE, 'tok-a', { path: '/' });
    await load();
    const stop = S.watchVisibility();
    setVisibility('hidden');
    await settle();
    expect(issued).toEqual([]);
    Cookies.set(TOKEN_COOKIE, 'tok-b', { path: '/' });
    setVisibility('visible');
    await settle();
    expect(issued).toEqual(['user/auth/enterprise/user/info/current/view']);
    expect(S.$token.get()).toBe('tok-b');
    expect(S.$user.get()?.userName).toBe('李雷 tok-b');
    stop();
  });

  it('a user whose token went away is signed out and sent to the sign-in page', async () => {
    await S.signIn('E001', 'Right123');
    const stop = S.watchVisibility();
    Cookies.remove(TOKEN_COOKIE, { path: '/' });
    setVisibility('visible');
    await settle();
    expect(S.$user.get()).toBeNull();
    expect(localStorage.getItem('userInfo')).toBeNull();
    expect(assign).toHaveBeenCalledExactlyOnceWith('/login?t=login');
    stop();
  });

  it('an anonymous visitor on a page that needs a user is sent to the sign-in page', async () => {
    openPage('/en/exam');
    document.documentElement.setAttribute(S.AUTH_REQUIRED_ATTR, 'required');
    const stop = S.watchVisibility();
    setVisibility('visible');
    await settle();
    expect(assign).toHaveBeenCalledExactlyOnceWith('/en/login?t=login');
    stop();
    document.documentElement.removeAttribute(S.AUTH_REQUIRED_ATTR);
  });

  it('an anonymous visitor on a public page, or anyone on the sign-in page, stays', async () => {
    const stop = S.watchVisibility();
    setVisibility('visible');
    await settle();
    await S.signIn('E001', 'Right123');
    openPage('/en/login');
    Cookies.remove(TOKEN_COOKIE, { path: '/' });
    setVisibility('visible');
    await settle();
    expect(assign).not.toHaveBeenCalled();
    expect(issued).toEqual(['user/api/user/info/emp/no/pwd']);
    stop();
  });
});

describe('requireAuth', () => {
  it('sends an anonymous visitor to the sign-in page with the way back', () => {
    openPage('/exam?tab=2');
    expect(S.requireAuth()).toBe(false);
    expect(assign).toHaveBeenCalledExactlyOnceWith('/login?t=login&redirect=%2Fexam%3Ftab%3D2');
  });

  it('keeps the English prefix', () => {
    openPage('/en/account');
    S.requireAuth();
    expect(assign).toHaveBeenCalledExactlyOnceWith('/en/login?t=login&redirect=%2Fen%2Faccount');
  });

  it('lets a visitor with a token stay', () => {
    Cookies.set(TOKEN_COOKIE, 'tok', { path: '/' });
    expect(S.requireAuth()).toBe(true);
    expect(assign).not.toHaveBeenCalled();
  });

  it('reads whether the page needs a user from the mark the layout sets', () => {
    document.documentElement.setAttribute(S.AUTH_REQUIRED_ATTR, 'required');
    expect(S.routeNeedsAuth()).toBe(true);
    document.documentElement.removeAttribute(S.AUTH_REQUIRED_ATTR);
    expect(S.routeNeedsAuth()).toBe(false);
  });
});
