import { describe, expect, it } from 'vitest';
import { en } from '@/i18n/en';
import { fill } from '@/i18n/fill';
import { pickMessages, t } from '@/i18n/index';
import { getStaticPaths, pageLocale } from '@/i18n/paths';
import { errorPages, routes } from '@/i18n/routes';
import { zh } from '@/i18n/zh';
import { passwordMessages } from '@/lib/password';

const dictionaries = { zh, en } as Record<string, Record<string, string>>;

describe('dictionaries', () => {
  it('hold identical key sets', () => {
    expect(Object.keys(en).sort()).toEqual(Object.keys(zh).sort());
  });

  it('have no empty message', () => {
    for (const [locale, dict] of Object.entries(dictionaries)) {
      for (const [key, value] of Object.entries(dict)) {
        expect(value.trim(), `${locale} ${key}`).not.toBe('');
      }
    }
  });

  it.each(Object.keys(dictionaries))('%s has a route.<id> title for every route and error page', (locale) => {
    const ids = [...routes.map((r) => r.id), ...errorPages.map((p) => p.id)];
    const missing = ids.filter((id) => !dictionaries[locale]![`route.${id}`]);
    expect(missing).toEqual([]);
  });

  it('uses the spec texts exactly', () => {
    expect(zh['header.searchEmpty']).toBe('请输入搜索关键词');
    expect(en['error.message']).toBe('Error');
    expect(en['error.notFound']).toBe('This page could not be found');
    expect(en['error.backHome']).toBe('Back to the home page');
    expect(en['error.failed']).toBe('An error occurred while showing the error page');
    expect(en['error.goHome']).toBe('Go back to home');
    expect(en['auth.loginFirst']).toBe('Please login first!');
  });
});

describe('password hints', () => {
  it('state the rule in the words of its error message (spec section 5)', () => {
    const rule = passwordMessages['validation.password.rule'];
    for (const key of ['password.hint', 'register.passwordHint'] as const) {
      expect(zh[key].startsWith(rule.zh.replace(/^请输入/, ''))).toBe(true);
      expect(en[key].startsWith(rule.en.replace(/^Enter /, ''))).toBe(true);
      expect(zh[key]).not.toMatch(/6\s*[-至~]\s*16/);
    }
  });
});

describe('t and helpers', () => {
  it('formats placeholders and leaves unknown ones', () => {
    expect(fill('{title} {value}', { title: 'Course', value: 123 })).toBe('Course 123');
    expect(fill('{a} {b}', { a: 1 })).toBe('1 {b}');
    expect(t('en', 'shell.param', { title: 'Course', value: '7' })).toBe('Course 7');
  });

  it('picks only the requested messages', () => {
    expect(pickMessages('zh', ['header.search', 'lang.en'])).toEqual({ 'header.search': '搜索', 'lang.en': 'English' });
  });
});

describe('static paths', () => {
  it('builds zh without a prefix and en under /en', () => {
    expect(getStaticPaths()).toEqual([{ params: { locale: undefined } }, { params: { locale: 'en' } }]);
  });

  it('reads the page locale', () => {
    expect(pageLocale({ params: {} })).toBe('zh');
    expect(pageLocale({ params: { locale: 'en' } })).toBe('en');
    expect(pageLocale({ params: { locale: 'fr' } })).toBe('zh');
  });
});
