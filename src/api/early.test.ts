// @vitest-environment happy-dom
import Cookies from 'js-cookie';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError, call, configureClient } from '@/api/client';
import { EID_STORAGE_KEY, TOKEN_COOKIE } from '@/api/codes';
import { EARLY_KEY, EARLY_TTL, earlyCallsScript, type EarlyEntry } from '@/api/early';
import { ok, startStubGateway, type StubGateway } from '@/api/test-gateway';
import { $locale } from '@/stores/locale';
import { clearToasts } from '@/stores/toasts';

const BANNERS = 'system/auth/banner/setting/list';
const ZONES = 'system/auth/pc/zone/info/list';

let gw: StubGateway;

type EarlyWindow = Window & { [EARLY_KEY]?: Record<string, EarlyEntry> };
const early = () => (window as unknown as EarlyWindow)[EARLY_KEY];

function openPage(path: string, lang = 'zh-CN'): void {
  (window as unknown as { happyDOM: { setURL(url: string): void } }).happyDOM.setURL(gw.origin + path);
  document.documentElement.lang = lang;
  document.head.innerHTML = `<meta name="xt-gateway" content="${gw.origin}/gateway">`;
}

/** Runs the inline script as the page would, and waits for its answers to arrive. */
async function runScript(script: string): Promise<void> {
  new Function(script)();
  await Promise.all(Object.values(early() ?? {}).map((e) => e.answer));
}

beforeAll(async () => {
  gw = await startStubGateway();
});
afterAll(() => gw.close());

beforeEach(() => {
  gw.reset();
  configureClient();
  openPage('/home');
  $locale.set('zh');
  clearToasts();
  localStorage.clear();
  Cookies.remove(TOKEN_COOKIE, { path: '/' });
  delete (window as unknown as EarlyWindow)[EARLY_KEY];
});

describe('early calls', () => {
  it('sends the rows at once with the client headers, and the client takes each answer once', async () => {
    Cookies.set(TOKEN_COOKIE, 'tok/1', { path: '/' });
    localStorage.setItem(EID_STORAGE_KEY, 'e-42');
    openPage('/en/home', 'en');
    let served = 0;
    gw.on('GET', BANNERS, () => ok([{ id: 'b', n: ++served }]));
    gw.reply('GET', ZONES, ok([]));

    await runScript(earlyCallsScript(['bannerList', 'zoneList']));
    expect(gw.calls(BANNERS)).toHaveLength(1);
    expect(gw.calls(BANNERS)[0]!.headers).toMatchObject({ token: 'tok/1', eid: 'e-42', 'accept-language': 'en' });
    expect(gw.calls(ZONES)).toHaveLength(1);

    await expect(call('bannerList')).resolves.toEqual([{ id: 'b', n: 1 }]);
    expect(gw.calls(BANNERS)).toHaveLength(1);
    // A second ask (a retry, a refresh of the list) goes to the gateway.
    await expect(call('bannerList')).resolves.toEqual([{ id: 'b', n: 2 }]);
    expect(gw.calls(BANNERS)).toHaveLength(2);
  });

  it('sends nothing without a session', async () => {
    gw.reply('GET', BANNERS, ok([]));
    await runScript(earlyCallsScript(['bannerList']));
    expect(early()).toBeUndefined();
    expect(gw.log).toHaveLength(0);
  });

  it('an answer sent with another token, or too old, is not used', async () => {
    Cookies.set(TOKEN_COOKIE, 'old', { path: '/' });
    gw.on('GET', BANNERS, (req) => ok(req.headers.token));
    await runScript(earlyCallsScript(['bannerList']));
    Cookies.set(TOKEN_COOKIE, 'new', { path: '/' });
    await expect(call('bannerList')).resolves.toBe('new');
    expect(early()?.[BANNERS]).toBeUndefined();

    await runScript(earlyCallsScript(['bannerList']));
    const now = vi.spyOn(performance, 'now').mockReturnValue(early()![BANNERS]!.at + EARLY_TTL + 1);
    try {
      await call('bannerList');
    } finally {
      now.mockRestore();
    }
    expect(gw.calls(BANNERS)).toHaveLength(4);
  });

  it('applies the envelope rules to an early answer', async () => {
    Cookies.set(TOKEN_COOKIE, 'tok', { path: '/' });
    gw.reply('GET', BANNERS, { code: 500, msg: '轮播图读取失败', data: null });
    await runScript(earlyCallsScript(['bannerList']));
    const error = await call('bannerList', { isShowErrTip: false }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ code: 500, msg: '轮播图读取失败' });
    expect(gw.calls(BANNERS)).toHaveLength(1);
  });

  it('falls back to the gateway when the early call failed', async () => {
    Cookies.set(TOKEN_COOKIE, 'tok', { path: '/' });
    (window as unknown as EarlyWindow)[EARLY_KEY] = {
      [BANNERS]: { token: 'tok', at: performance.now(), answer: Promise.resolve(null) },
    };
    gw.reply('GET', BANNERS, ok(['fresh']));
    await expect(call('bannerList')).resolves.toEqual(['fresh']);
    expect(gw.calls(BANNERS)).toHaveLength(1);
  });

  it('a caller that has given up gets its abort, not the answer', async () => {
    Cookies.set(TOKEN_COOKIE, 'tok', { path: '/' });
    gw.reply('GET', BANNERS, ok([]));
    await runScript(earlyCallsScript(['bannerList']));
    const controller = new AbortController();
    controller.abort();
    await expect(call('bannerList', { signal: controller.signal })).rejects.toMatchObject({ name: 'AbortError' });
  });

  it("preloads the first picture of a list as soon as it arrives, and nothing for an empty or failed list", async () => {
    Cookies.set(TOKEN_COOKIE, 'tok', { path: '/' });
    const preloads = () => [...document.head.querySelectorAll('link[rel="preload"]')].map((l) => [l.getAttribute('as'), l.getAttribute('href')]);
    gw.reply('GET', BANNERS, ok([{ id: 'a', image: '' }, { id: 'b', image: '/media/b.svg' }, { id: 'c', image: '/media/c.svg' }]));
    await runScript(earlyCallsScript(['bannerList'], { preloadFirstImage: 'bannerList' }));
    expect(preloads()).toEqual([['image', '/media/b.svg']]);

    for (const envelope of [ok([]), { code: 500, msg: 'x', data: [{ image: '/media/x.svg' }] }]) {
      openPage('/home');
      gw.reply('GET', BANNERS, envelope);
      await runScript(earlyCallsScript(['bannerList'], { preloadFirstImage: 'bannerList' }));
      expect(preloads()).toEqual([]);
    }
    expect(() => earlyCallsScript(['zoneList'], { preloadFirstImage: 'bannerList' })).toThrow(/not among/);
  });

  it('refuses rows that cannot start from the page: writes, path parameters, paging', () => {
    expect(() => earlyCallsScript(['announcementPage'])).toThrow(/cannot be called early/);
    expect(() => earlyCallsScript(['getPostGrade'])).toThrow(/cannot be called early/);
  });
});
