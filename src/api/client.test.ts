// @vitest-environment happy-dom
import Cookies from 'js-cookie';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  ApiError,
  call,
  configureClient,
  DEFAULT_GATEWAY_PREFIX,
  EID_STORAGE_KEY,
  gatewayPrefix,
  LOGIN_ERROR_COUNT_KEY,
  NO_ENVELOPE,
  request,
  REQUEST_TIMEOUT,
  setClientHooks,
} from '@/api/client';
import { TOKEN_COOKIE } from '@/api/codes';
import type { EndpointDef } from '@/api/endpoints';
import { ok, startStubGateway, type StubGateway, type StubMode } from '@/api/test-gateway';
import { $locale } from '@/stores/locale';
import { $toasts, clearToasts } from '@/stores/toasts';

let gw: StubGateway;
let assign: ReturnType<typeof vi.spyOn>;

const get = (path: string): EndpointDef => ({ method: 'GET', path, access: 'public' });
const post = (path: string, paging?: EndpointDef['paging']): EndpointDef => ({ method: 'POST', path, access: 'auth', paging });

function openPage(path: string): void {
  (window as unknown as { happyDOM: { setURL(url: string): void } }).happyDOM.setURL(gw.origin + path);
}

async function rejection(promise: Promise<unknown>): Promise<ApiError> {
  const error = await promise.then(
    () => {
      throw new Error('expected a rejection');
    },
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(ApiError);
  return error as ApiError;
}

const toastTexts = () => $toasts.get().map((t) => `${t.kind}:${t.message}`);

beforeAll(async () => {
  gw = await startStubGateway();
  // What the session store does as it loads.
  setClientHooks({ locale: () => $locale.get() });
});
afterAll(() => gw.close());

beforeEach(() => {
  gw.reset();
  configureClient();
  openPage('/home');
  $locale.set('zh');
  clearToasts();
  localStorage.clear();
  sessionStorage.clear();
  Cookies.remove(TOKEN_COOKIE, { path: '/' });
  assign?.mockRestore();
  assign = vi.spyOn(location, 'assign').mockImplementation(() => undefined);
});

describe('configuration', () => {
  it('times out after 60 s by default', () => {
    expect(REQUEST_TIMEOUT).toBe(60_000);
  });

  it('reads the gateway prefix from the page, defaulting to /gateway', () => {
    expect(gatewayPrefix()).toBe(DEFAULT_GATEWAY_PREFIX);
    const meta = document.createElement('meta');
    meta.name = 'xt-gateway';
    meta.content = '/api-gw';
    document.head.append(meta);
    expect(gatewayPrefix()).toBe('/api-gw');
    meta.remove();
  });

  it('gives up on a call that outlives the timeout', async () => {
    configureClient({ timeout: 50 });
    gw.on('GET', 'slow', async () => {
      await new Promise((r) => setTimeout(r, 300));
      return ok(1);
    });
    const error = await rejection(request(get('slow')));
    expect(error.code).toBe(NO_ENVELOPE);
    expect(error.msg).toBe('加载数据失败，请稍后重试');
  });

  it('keeps the timeout when the caller passes a signal, and stays quiet when the caller aborts', async () => {
    configureClient({ timeout: 50 });
    gw.on('GET', 'slow', async () => {
      await new Promise((r) => setTimeout(r, 300));
      return ok(1);
    });
    const timedOut = await rejection(request(get('slow'), { signal: new AbortController().signal }));
    expect(timedOut.code).toBe(NO_ENVELOPE);
    clearToasts();
    configureClient();
    const controller = new AbortController();
    const pending = request(get('slow'), { signal: controller.signal });
    setTimeout(() => controller.abort(), 20);
    await expect(pending).rejects.not.toBeInstanceOf(ApiError);
    expect($toasts.get()).toEqual([]);
  });

  it('accepts a base URL and fetch override', async () => {
    const seen: string[] = [];
    configureClient({
      baseURL: `${gw.origin}/gateway/`,
      fetch: (input, init) => {
        seen.push(String(input));
        return fetch(input, init);
      },
    });
    gw.reply('GET', 'system/api/website/view', ok({ name: 'ACME' }));
    await expect(call('websiteViewPublic', { query: { domain: 'acme.test' } })).resolves.toEqual({ name: 'ACME' });
    expect(seen).toEqual([`${gw.origin}/gateway/system/api/website/view?domain=acme.test`]);
  });
  it('lets a last report outlive the page when asked (keepalive)', async () => {
    const flags: (boolean | undefined)[] = [];
    configureClient({
      baseURL: `${gw.origin}/gateway/`,
      fetch: (input, init) => {
        flags.push(init?.keepalive);
        return fetch(input, init);
      },
    });
    gw.reply('GET', 'system/api/website/view', ok({}));
    await call('websiteViewPublic', { query: { domain: 'a.test' }, keepalive: true });
    await call('websiteViewPublic', { query: { domain: 'a.test' } });
    expect(flags).toEqual([true, undefined]);
  });
});

describe('headers and bodies', () => {
  it('sends the token, enterprise id and language headers', async () => {
    Cookies.set(TOKEN_COOKIE, 'tok-1', { path: '/' });
    localStorage.setItem(EID_STORAGE_KEY, 'e-42');
    $locale.set('en');
    gw.reply('GET', 'user/auth/enterprise/user/info/current/view', ok({}));
    await call('currentUser');
    const [req] = gw.calls('user/auth/enterprise/user/info/current/view');
    expect(req!.headers).toMatchObject({ token: 'tok-1', eid: 'e-42', 'accept-language': 'en' });
  });

  it('omits the token and eid headers when there are none', async () => {
    gw.reply('GET', 'system/api/enum/list', ok([]));
    await call('enumList', { query: { enumName: 'sex' } });
    const [req] = gw.calls('system/api/enum/list');
    expect(req!.headers.token).toBeUndefined();
    expect(req!.headers.eid).toBeUndefined();
    expect(req!.headers['accept-language']).toBe('zh');
    expect(req!.query).toEqual({ enumName: 'sex' });
  });

  it('merges the row default paging into the JSON body of page calls', async () => {
    gw.on('POST', 'course/auth/course/info/page', (req) => ok(req.body));
    const def = post('course/auth/course/info/page', { pageCurrent: 1, pageSize: 8 });
    await expect(request(def, { body: { keyword: 'java' } })).resolves.toEqual({ pageCurrent: 1, pageSize: 8, keyword: 'java' });
    await expect(request(def, { paging: { pageCurrent: 3 } })).resolves.toEqual({ pageCurrent: 3, pageSize: 8 });
    await expect(request(def, { body: { pageSize: 20 } })).resolves.toEqual({ pageCurrent: 1, pageSize: 20 });
    expect(gw.calls('course/auth/course/info/page')[0]!.headers['content-type']).toMatch(/^application\/json/);
  });

  it('puts the paging of a GET page call in the query', async () => {
    gw.on('GET', 'demo/page', (req) => ok(req.query));
    await expect(request({ ...get('demo/page'), paging: { pageCurrent: 1, pageSize: 10 } })).resolves.toEqual({
      pageCurrent: '1',
      pageSize: '10',
    });
  });

  it('fills {name} path segments from params, encoded, and rejects a missing one', async () => {
    gw.on('GET', 'user/auth/getpostgrade/U%201', () => ok('filled'));
    const def = get('user/auth/getpostgrade/{userNo}');
    await expect(request(def, { params: { userNo: 'U 1' } })).resolves.toBe('filled');
    await expect(request(def)).rejects.toThrow(/userNo/);
    expect(gw.log).toHaveLength(1);
  });

  it('leaves a call without paging alone', async () => {
    gw.on('POST', 'user/api/user/info/emp/no/pwd', (req) => ok(req.body ?? null));
    await expect(call('loginByEmpNo', { body: { empNo: 'E1' } })).resolves.toEqual({ empNo: 'E1' });
  });
});

describe.each<StubMode>(['mirror', 'body'])('envelope rules, HTTP status mode %s', (mode) => {
  beforeEach(() => {
    gw.mode = mode;
  });

  it('200 resolves data', async () => {
    gw.reply('GET', 'a', ok({ x: 1 }));
    await expect(request(get('a'))).resolves.toEqual({ x: 1 });
    expect($toasts.get()).toEqual([]);
  });

  it('a document content type resolves the Blob', async () => {
    gw.on('GET', 'doc', (_req, c) => c.body('%PDF-1.7', 200, { 'content-type': 'application/pdf' }));
    const blob = await request<Blob>(get('doc'));
    expect(blob).toBeInstanceOf(Blob);
    expect(blob.type).toBe('application/pdf');
    expect(await blob.text()).toBe('%PDF-1.7');
  });

  it("responseType 'blob' resolves any file as a Blob and still applies the rules to an envelope", async () => {
    gw.on('GET', 'txt', (_req, c) => c.body('hello', 200, { 'content-type': 'text/plain' }));
    const blob = await request<Blob>(get('txt'), { responseType: 'blob' });
    expect(await blob.text()).toBe('hello');
    gw.reply('GET', 'gone', { code: 404, msg: '文件不存在', data: null });
    const error = await rejection(request(get('gone'), { responseType: 'blob' }));
    expect(error.code).toBe(404);
    expect(toastTexts()).toEqual(['error:文件不存在']);
  });

  it('208 resolves the whole envelope', async () => {
    gw.reply('GET', 'whole', { code: 208, msg: '已存在', data: { id: 7 } });
    await expect(request(get('whole'))).resolves.toEqual({ code: 208, msg: '已存在', data: { id: 7 } });
  });

  it('noDispose resolves the raw body whatever its code', async () => {
    gw.reply('GET', 'raw', { code: 500, msg: 'boom', data: 1 });
    await expect(request(get('raw'), { noDispose: true })).resolves.toEqual({ code: 500, msg: 'boom', data: 1 });
    gw.on('GET', 'plain', (_req, c) => c.text('pong'));
    await expect(request(get('plain'), { noDispose: true })).resolves.toBe('pong');
    expect($toasts.get()).toEqual([]);
  });

  it('321 stores the login-error counter, shows msg and rejects', async () => {
    gw.reply('POST', 'user/api/user/info/emp/no/pwd', { code: 321, msg: '账号或密码错误', data: null });
    const error = await rejection(call('loginByEmpNo', { body: { empNo: 'E1', password: 'x' } }));
    expect(error.code).toBe(321);
    expect(localStorage.getItem(LOGIN_ERROR_COUNT_KEY)).toBe('2');
    expect(LOGIN_ERROR_COUNT_KEY).toBe('loginErrorCount');
    expect(toastTexts()).toEqual(['error:账号或密码错误']);
    expect(assign).not.toHaveBeenCalled();
  });

  it.each([300, 301, 400, 999])('%i signs out and goes to /login?t=login', async (code) => {
    Cookies.set(TOKEN_COOKIE, 'tok', { path: '/' });
    localStorage.setItem('userInfo', '{"userName":"Li"}');
    localStorage.setItem(EID_STORAGE_KEY, 'e1');
    sessionStorage.setItem('k', 'v');
    gw.reply('GET', 'user/auth/enterprise/user/info/current/view', { code, msg: 'expired', data: null });
    const error = await rejection(call('currentUser'));
    expect(error.code).toBe(code);
    expect(Cookies.get(TOKEN_COOKIE)).toBeUndefined();
    expect(localStorage.getItem('userInfo')).toBeNull();
    expect(localStorage.getItem(EID_STORAGE_KEY)).toBeNull();
    expect(sessionStorage.length).toBe(0);
    expect(assign).toHaveBeenCalledExactlyOnceWith('/login?t=login');
    expect($toasts.get()).toEqual([]);
  });

  it('sends an English page to /en/login?t=login', async () => {
    openPage('/en/exam');
    gw.reply('GET', 'x', { code: 301, msg: '', data: null });
    await rejection(request(get('x')));
    expect(assign).toHaveBeenCalledExactlyOnceWith('/en/login?t=login');
  });

  it.each(['/login', '/en/agreement', '/login_v3', '/en/loginOld', '/loginsso/'])(
    'signs out without leaving %s',
    async (path) => {
      openPage(path);
      Cookies.set(TOKEN_COOKIE, 'tok', { path: '/' });
      gw.reply('GET', 'x', { code: 999, msg: '', data: null });
      await rejection(request(get('x')));
      expect(Cookies.get(TOKEN_COOKIE)).toBeUndefined();
      expect(assign).not.toHaveBeenCalled();
    },
  );

  it("401 and 402, outside the spec's range, are errors like any other: no sign-out", async () => {
    Cookies.set(TOKEN_COOKIE, 'tok', { path: '/' });
    for (const code of [401, 402]) {
      gw.reply('GET', `c${code}`, { code, msg: `refused ${code}`, data: null });
      const error = await rejection(request(get(`c${code}`)));
      expect(error.code).toBe(code);
    }
    expect(Cookies.get(TOKEN_COOKIE)).toBe('tok');
    expect(assign).not.toHaveBeenCalled();
    expect(toastTexts()).toEqual(['error:refused 401', 'error:refused 402']);
  });

  it('429 shows msg and rejects', async () => {
    gw.reply('GET', 'busy', { code: 429, msg: '操作过于频繁', data: null });
    const error = await rejection(request(get('busy')));
    expect(error.code).toBe(429);
    expect(toastTexts()).toEqual(['error:操作过于频繁']);
  });

  it.each([500, 422, 460, 404])('%i rejects with an ApiError and an error toast', async (code) => {
    gw.reply('POST', 'save', { code, msg: `failed ${code}`, data: { field: 'name' } });
    const error = await rejection(request(post('save'), { body: { a: 1 } }));
    expect(error).toMatchObject({ code, msg: `failed ${code}`, data: { field: 'name' } });
    expect(toastTexts()).toEqual([`error:failed ${code}`]);
    expect(assign).not.toHaveBeenCalled();
  });

  it('an error message with 成功 in it is still shown as an error', async () => {
    gw.reply('POST', 'save', { code: 500, msg: '保存不成功', data: null });
    await rejection(request(post('save')));
    expect(toastTexts()).toEqual(['error:保存不成功']);
  });

  it('isShowErrTip false rejects without a toast', async () => {
    gw.reply('POST', 'save', { code: 500, msg: 'quiet', data: null });
    const error = await rejection(request(post('save'), { isShowErrTip: false }));
    expect(error.msg).toBe('quiet');
    expect($toasts.get()).toEqual([]);
  });

  it('identical error toasts within 2 s are shown once', async () => {
    gw.reply('POST', 'save', { code: 500, msg: 'same', data: null });
    await rejection(request(post('save')));
    await rejection(request(post('save')));
    expect(toastTexts()).toEqual(['error:same']);
  });

  it('a body that is no envelope rejects with the localized load failure', async () => {
    gw.on('GET', 'html', (_req, c) => c.html('<h1>Bad gateway</h1>', 502));
    const error = await rejection(request(get('html')));
    expect(error).toMatchObject({ code: NO_ENVELOPE, msg: '加载数据失败，请稍后重试' });
    expect(toastTexts()).toEqual(['error:加载数据失败，请稍后重试']);
  });
});

describe('failures without an envelope', () => {
  it('a network failure rejects with the load failure, in English on English pages', async () => {
    $locale.set('en');
    configureClient({ baseURL: 'http://127.0.0.1:9/gateway' });
    const error = await rejection(request(get('x')));
    expect(error).toMatchObject({ code: NO_ENVELOPE, msg: 'Failed to load data. Please try again later' });
    expect(toastTexts()).toEqual(['error:Failed to load data. Please try again later']);
  });

  it('isShowErrTip false silences the network failure toast', async () => {
    configureClient({ baseURL: 'http://127.0.0.1:9/gateway' });
    await rejection(request(get('x'), { isShowErrTip: false }));
    expect($toasts.get()).toEqual([]);
  });

  it('an empty msg on an error code falls back to the load failure text', async () => {
    gw.reply('GET', 'x', { code: 500, msg: '', data: null });
    const error = await rejection(request(get('x')));
    expect(error.msg).toBe('加载数据失败，请稍后重试');
  });
});

describe('before the stores have loaded', () => {
  it('sends the language of <html lang> and still forgets the session on a sign-out code', async () => {
    vi.resetModules();
    const alone = await import('@/api/client');
    document.documentElement.lang = 'en';
    Cookies.set(TOKEN_COOKIE, 'tok', { path: '/' });
    localStorage.setItem('userInfo', '{"userName":"Li"}');
    localStorage.setItem(EID_STORAGE_KEY, 'e1');
    sessionStorage.setItem('k', 'v');
    gw.reply('GET', 'user/auth/enterprise/user/info/current/view', { code: 301, msg: 'expired', data: null });
    try {
      await expect(alone.call('currentUser')).rejects.toMatchObject({ code: 301 });
    } finally {
      document.documentElement.lang = '';
    }
    const [req] = gw.calls('user/auth/enterprise/user/info/current/view');
    expect(req!.headers['accept-language']).toBe('en');
    expect(Cookies.get(TOKEN_COOKIE)).toBeUndefined();
    expect(localStorage.getItem('userInfo')).toBeNull();
    expect(localStorage.getItem(EID_STORAGE_KEY)).toBeNull();
    expect(sessionStorage.length).toBe(0);
    expect(assign).toHaveBeenCalledExactlyOnceWith('/login?t=login');
  });
});
