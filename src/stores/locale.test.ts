// @vitest-environment happy-dom
import Cookies from 'js-cookie';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { localeFromLang } from '@/i18n/locale-path';
import { $locale, langRedirectScript, pathInLocale, setLocale } from '@/stores/locale';

let assign: ReturnType<typeof vi.spyOn>;
let replace: ReturnType<typeof vi.spyOn>;

function openPage(url: string): void {
  (window as unknown as { happyDOM: { setURL(url: string): void } }).happyDOM.setURL(`http://xt.test${url}`);
}

beforeEach(() => {
  openPage('/');
  Cookies.remove('lang', { path: '/' });
  assign = vi.spyOn(location, 'assign').mockImplementation(() => undefined);
  replace = vi.spyOn(location, 'replace').mockImplementation(() => undefined);
});
afterEach(() => {
  assign.mockRestore();
  replace.mockRestore();
});

describe('locale', () => {
  it('reads the page language from <html lang>', () => {
    expect(localeFromLang('zh-CN')).toBe('zh');
    expect(localeFromLang('en')).toBe('en');
    expect(localeFromLang('en-US')).toBe('en');
    expect(localeFromLang('')).toBe('zh');
    expect(localeFromLang(undefined)).toBe('zh');
  });

  it('maps a page to the other language, keeping query and hash', () => {
    const at = { pathname: '/exam', search: '?a=1', hash: '#q2' };
    expect(pathInLocale('en', at)).toBe('/en/exam?a=1#q2');
    expect(pathInLocale('zh', { pathname: '/en', search: '', hash: '' })).toBe('/');
    expect(pathInLocale('zh', { pathname: '/en/knowledge/course/7', search: '', hash: '' })).toBe('/knowledge/course/7');
  });

  it('setLocale stores the cookie for 365 days and opens the page in that language', () => {
    openPage('/exam?a=1#q2');
    const writes = vi.spyOn(document, 'cookie', 'set');
    setLocale('en');
    expect($locale.get()).toBe('en');
    expect(Cookies.get('lang')).toBe('en');
    const written = writes.mock.calls.map(([c]) => String(c)).find((c) => c.startsWith('lang='))!;
    const expires = Date.parse(/expires=([^;]+)/.exec(written)![1]!);
    expect(Math.round((expires - Date.now()) / 86_400_000)).toBe(365);
    expect(written).toMatch(/; path=\//);
    expect(written).toMatch(/; sameSite=Lax/i);
    expect(assign).toHaveBeenCalledExactlyOnceWith('/en/exam?a=1#q2');
    writes.mockRestore();

    openPage('/en/exam');
    setLocale('zh');
    expect(Cookies.get('lang')).toBe('zh');
    expect(assign).toHaveBeenLastCalledWith('/exam');
  });
});

describe('langRedirectScript', () => {
  const run = () => new Function(langRedirectScript())();

  it('moves an English reader to the /en form of the page', () => {
    Cookies.set('lang', 'en', { path: '/' });
    openPage('/exam?x=1#top');
    run();
    expect(replace).toHaveBeenCalledExactlyOnceWith('/en/exam?x=1#top');
    openPage('/');
    run();
    expect(replace).toHaveBeenLastCalledWith('/en');
  });

  it('leaves /en pages, zh readers and visitors without the cookie alone', () => {
    Cookies.set('lang', 'en', { path: '/' });
    openPage('/en/exam');
    run();
    openPage('/en');
    run();
    Cookies.set('lang', 'zh', { path: '/' });
    openPage('/exam');
    run();
    Cookies.remove('lang', { path: '/' });
    run();
    expect(replace).not.toHaveBeenCalled();
  });

  it('does not take a path that merely starts with en for the prefix', () => {
    Cookies.set('lang', 'en', { path: '/' });
    openPage('/enterprise');
    run();
    expect(replace).toHaveBeenCalledExactlyOnceWith('/en/enterprise');
  });
});
