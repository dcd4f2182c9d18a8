// @vitest-environment happy-dom
import Cookies from 'js-cookie';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { TOKEN_COOKIE } from '@/api/codes';
import { ok, startStubGateway, type StubGateway } from '@/api/test-gateway';
import type { WebInfo } from '@/api/types';

type Site = typeof import('@/stores/site');

let gw: StubGateway;
let site: Site;

const webInfo: WebInfo = {
  eid: 'ent-9',
  name: '示例公司',
  websiteTitle: '示例学堂',
  logo: '/brand/logo.png',
  websiteIco: '/brand/favicon.ico',
  colors: { primary: 'oklch(0.6 0.2 150)', primaryForeground: '#ffffff', accent: '#ffaa00' },
  names: { zh: '示例公司', en: 'Example Co.' },
  titles: { zh: '示例学堂', en: 'Example Academy' },
};

function openPage(path: string): void {
  (window as unknown as { happyDOM: { setURL(url: string): void } }).happyDOM.setURL(gw.origin + path);
}

function resetDocument(lang = 'zh-CN'): void {
  document.documentElement.lang = lang;
  document.documentElement.removeAttribute('style');
  document.documentElement.removeAttribute('data-eid');
  document.head.innerHTML = '<title>考试 - 学堂</title><link rel="icon" href="/favicon.svg">';
  document.body.innerHTML = '<header><span data-brand="name">学堂</span><img data-brand="logo" src="/logo.svg" alt=""></header>';
}

const css = (name: string) => document.documentElement.style.getPropertyValue(name);
const icon = () => document.querySelector('link[rel~="icon"]')!.getAttribute('href');
const brandName = () => document.querySelector('[data-brand="name"]')!.textContent;
const logo = () => document.querySelector('img[data-brand="logo"]')!.getAttribute('src');

beforeAll(async () => {
  gw = await startStubGateway();
});
afterAll(() => gw.close());

beforeEach(async () => {
  gw.reset();
  gw.reply('GET', 'system/api/website/view', ok(webInfo));
  gw.reply('GET', 'system/auth/website/view', ok({ ...webInfo, name: 'auth' }));
  gw.reply('GET', 'system/auth/pc/zone/info/nav/bar/list', ok([{ id: 'n1', title: '首页' }]));
  openPage('/exam');
  localStorage.clear();
  Cookies.remove(TOKEN_COOKIE, { path: '/' });
  resetDocument();
  vi.resetModules();
  site = await import('@/stores/site');
});

describe('brandedTitle', () => {
  it("keeps the page's part before ' - '", () => {
    expect(site.brandedTitle('考试 - 学堂', '示例学堂')).toBe('考试 - 示例学堂');
    expect(site.brandedTitle('考试', '示例学堂')).toBe('考试 - 示例学堂');
    expect(site.brandedTitle('', '示例学堂')).toBe('示例学堂');
    expect(site.brandedTitle('Exam - ACME - Learning', 'ACME - Learning')).toBe('Exam - ACME - Learning');
  });
});

describe('applyBranding', () => {
  it('sets title, favicon, brand colours, data-eid, name and logo', () => {
    site.applyBranding(webInfo);
    expect(document.title).toBe('考试 - 示例学堂');
    expect(icon()).toBe('/brand/favicon.ico');
    expect(css('--brand-primary')).toBe('oklch(0.6 0.2 150)');
    expect(css('--brand-primary-foreground')).toBe('#ffffff');
    expect(css('--brand-accent')).toBe('#ffaa00');
    expect(document.documentElement.dataset.eid).toBe('ent-9');
    expect(brandName()).toBe('示例公司');
    expect(logo()).toBe('/brand/logo.png');
  });

  it('uses the English name and title on English pages', () => {
    resetDocument('en');
    site.applyBranding(webInfo);
    expect(document.title).toBe('考试 - Example Academy');
    expect(brandName()).toBe('Example Co.');
  });

  it('adds a favicon link when the page has none', () => {
    document.head.innerHTML = '<title>x</title>';
    site.applyBranding(webInfo);
    expect(icon()).toBe('/brand/favicon.ico');
  });
});

describe('loadSite and loadNav', () => {
  it('loads the public web info for this host without a token, applies and caches it', async () => {
    const info = await site.loadSite();
    expect(info).toEqual(webInfo);
    expect(gw.log.map((r) => [r.path, r.query.domain])).toEqual([['system/api/website/view', '127.0.0.1']]);
    expect(site.siteLoadedAs()).toBe('public');
    expect(document.title).toBe('考试 - 示例学堂');
    expect(JSON.parse(localStorage.getItem(`${site.BRAND_CACHE_PREFIX}${location.host}`)!)).toEqual(webInfo);
  });

  it('loads the authenticated web info with a token', async () => {
    Cookies.set(TOKEN_COOKIE, 'tok', { path: '/' });
    const info = await site.loadSite();
    expect(info.name).toBe('auth');
    expect(gw.log.map((r) => [r.path, r.headers.token])).toEqual([['system/auth/website/view', 'tok']]);
    expect(site.siteLoadedAs()).toBe('auth');
  });

  it('replaces the cached branding with what the gateway answers now (a changed logo, colour and name)', async () => {
    localStorage.setItem(`brand:${location.host}`, JSON.stringify(webInfo));
    vi.resetModules();
    site = await import('@/stores/site');
    site.applyBranding(site.$site.get()!);
    expect(logo()).toBe('/brand/logo.png');
    const changed: WebInfo = {
      ...webInfo,
      logo: '/files/ent-9/new-logo.png',
      colors: { ...webInfo.colors, primary: '#0f766e' },
      names: { zh: '新名称', en: 'New name' },
    };
    gw.reply('GET', 'system/api/website/view', ok(changed));
    await site.loadSite();
    expect(logo()).toBe('/files/ent-9/new-logo.png');
    expect(css('--brand-primary')).toBe('#0f766e');
    expect(brandName()).toBe('新名称');
    expect(JSON.parse(localStorage.getItem(`brand:${location.host}`)!)).toEqual(changed);
  });

  it('takes a removed logo off the page', async () => {
    site.applyBranding(webInfo);
    gw.reply('GET', 'system/api/website/view', ok({ ...webInfo, logo: '' }));
    await site.loadSite();
    expect(document.querySelector('img[data-brand="logo"]')!.hasAttribute('src')).toBe(false);
  });

  it('shares one request between concurrent loads', async () => {
    await Promise.all([site.loadSite(), site.loadSite()]);
    expect(gw.log).toHaveLength(1);
  });

  it('starts from the cached web info of this host', async () => {
    localStorage.setItem(`brand:${location.host}`, JSON.stringify(webInfo));
    vi.resetModules();
    site = await import('@/stores/site');
    expect(site.$site.get()).toEqual(webInfo);
    expect(site.siteLoadedAs()).toBeUndefined();
  });

  it('loads navigation only when signed in', async () => {
    await expect(site.loadNav()).resolves.toEqual([]);
    expect(gw.log).toEqual([]);
    Cookies.set(TOKEN_COOKIE, 'tok', { path: '/' });
    await site.loadNav();
    expect(site.$nav.get()).toEqual([{ id: 'n1', title: '首页' }]);
  });
});

describe('brandBootScript', () => {
  const run = () => new Function(site.brandBootScript())();
  // Each run watches the document until DOMContentLoaded, as on a real page.
  afterEach(() => document.dispatchEvent(new Event('DOMContentLoaded')));

  it('is small and self-contained', () => {
    const source = site.brandBootScript();
    expect(source.length).toBeLessThan(1500);
    expect(source).not.toMatch(/\bimport\b|\brequire\(/);
  });

  it('does nothing without a cached brand', () => {
    run();
    expect(document.title).toBe('考试 - 学堂');
    expect(icon()).toBe('/favicon.svg');
  });

  it('applies the cached branding at once and fills name and logo as they appear', async () => {
    localStorage.setItem(`brand:${location.host}`, JSON.stringify(webInfo));
    document.body.innerHTML = '';
    run();
    expect(document.title).toBe('考试 - 示例学堂');
    expect(icon()).toBe('/brand/favicon.ico');
    expect(css('--brand-primary')).toBe('oklch(0.6 0.2 150)');
    expect(css('--brand-accent')).toBe('#ffaa00');
    expect(document.documentElement.getAttribute('data-eid')).toBe('ent-9');
    document.body.innerHTML = '<span data-brand="name">学堂</span><img data-brand="logo" src="/logo.svg">';
    await new Promise((r) => setTimeout(r, 0));
    expect(brandName()).toBe('示例公司');
    expect(logo()).toBe('/brand/logo.png');
  });

  it('picks the name for the page language', async () => {
    resetDocument('en');
    localStorage.setItem(`brand:${location.host}`, JSON.stringify(webInfo));
    run();
    expect(document.title).toBe('考试 - Example Academy');
    expect(brandName()).toBe('Example Co.');
  });

  it('leaves the last word to the runtime branding', async () => {
    localStorage.setItem(`brand:${location.host}`, JSON.stringify(webInfo));
    run();
    site.applyBranding({ ...webInfo, names: { zh: '新名字', en: 'New' }, titles: { zh: '新学堂', en: 'New' } });
    document.body.append(document.createElement('p'));
    await new Promise((r) => setTimeout(r, 0));
    expect(brandName()).toBe('新名字');
    expect(document.title).toBe('考试 - 新学堂');
  });

  it('survives a broken cache entry', () => {
    localStorage.setItem(`brand:${location.host}`, '{not json');
    expect(run).not.toThrow();
    expect(document.title).toBe('考试 - 学堂');
  });
});
