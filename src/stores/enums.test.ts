// @vitest-environment happy-dom
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { ok, startStubGateway, type StubGateway } from '@/api/test-gateway';

type Enums = typeof import('@/stores/enums');
type Locale = typeof import('@/stores/locale');

let gw: StubGateway;
let enums: Enums;
let locale: Locale;

beforeAll(async () => {
  gw = await startStubGateway();
});
afterAll(() => gw.close());

beforeEach(async () => {
  gw.reset();
  gw.on('GET', 'system/api/enum/list', async (req) => {
    await new Promise((r) => setTimeout(r, 20));
    const en = req.headers['accept-language'] === 'en';
    return ok([{ label: en ? 'Male' : '男', value: '1' }]);
  });
  (window as unknown as { happyDOM: { setURL(url: string): void } }).happyDOM.setURL(`${gw.origin}/account`);
  sessionStorage.clear();
  vi.resetModules();
  locale = await import('@/stores/locale');
  locale.$locale.set('zh');
  // What the session store does as it loads.
  (await import('@/api/client')).setClientHooks({ locale: () => locale.$locale.get() });
  enums = await import('@/stores/enums');
});

describe('loadEnum', () => {
  it('shares one request between concurrent calls and caches the list', async () => {
    const [a, b] = await Promise.all([enums.loadEnum('sex'), enums.loadEnum('sex')]);
    expect(a).toEqual([{ label: '男', value: '1' }]);
    expect(b).toBe(a);
    await enums.loadEnum('sex');
    expect(gw.calls('system/api/enum/list')).toHaveLength(1);
    expect(gw.log[0]!.query).toEqual({ enumName: 'sex' });
    expect(JSON.parse(sessionStorage.getItem('enum:sex:zh')!)).toEqual(a);
  });

  it('serves a later page from session storage', async () => {
    await enums.loadEnum('sex');
    enums.forgetEnums();
    await expect(enums.loadEnum('sex')).resolves.toEqual([{ label: '男', value: '1' }]);
    expect(gw.calls('system/api/enum/list')).toHaveLength(1);
  });

  it('keeps one list per language', async () => {
    await enums.loadEnum('sex');
    locale.$locale.set('en');
    await expect(enums.loadEnum('sex')).resolves.toEqual([{ label: 'Male', value: '1' }]);
    expect(gw.calls('system/api/enum/list')).toHaveLength(2);
    expect(sessionStorage.getItem('enum:sex:en')).not.toBeNull();
  });

  it('does not cache a failure', async () => {
    gw.reply('GET', 'system/api/enum/list', { code: 500, msg: 'down', data: null });
    await expect(enums.loadEnum('level')).rejects.toMatchObject({ code: 500 });
    gw.reply('GET', 'system/api/enum/list', ok([{ label: 'A', value: 'a' }]));
    await expect(enums.loadEnum('level')).resolves.toEqual([{ label: 'A', value: 'a' }]);
  });
});
