// The built site against the route table: every spec route in both languages, one shell per
// parameterised route, the error pages, and the right <html lang> on each.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { errorPages, locales, routeFile, routes } from '@/i18n/routes';

const DIST = 'dist';
const htmlLang = { zh: 'zh-CN', en: 'en' } as const;

function errorPageFile(path: string, locale: (typeof locales)[number]): string | undefined {
  const base = locale === 'en' ? `en${path}` : path.slice(1);
  return [`${base}/index.html`, `${base}.html`].find((f) => existsSync(join(DIST, f)));
}

describe('dist/ holds every route of the route table', () => {
  for (const locale of locales) {
    describe(locale, () => {
      it.each(routes.map((r) => [r.path, r] as const))('%s', (_path, route) => {
        const file = join(DIST, routeFile(route, locale));
        expect(existsSync(file), `${file} is missing`).toBe(true);
        const html = readFileSync(file, 'utf8');
        expect(html).toContain(`<html lang="${htmlLang[locale]}"`);
        expect(html).toMatch(/<title>[^<]+<\/title>/);
        expect(html).toContain('<meta name="xt-gateway" content="/gateway"');
        // The session store sends anonymous visitors of these pages to sign in.
        expect(html.includes('data-auth="required"'), 'auth mark').toBe('auth' in route && route.auth === true);
      });

      it.each(errorPages.map((p) => [p.path, p] as const))('error page %s', (path) => {
        const file = errorPageFile(path, locale);
        expect(file, `error page ${path} (${locale}) is missing`).toBeDefined();
        expect(readFileSync(join(DIST, file!), 'utf8')).toContain(`<html lang="${htmlLang[locale]}"`);
      });
    });
  }

  it('builds no page outside the route table and the error pages', async () => {
    const { readdirSync, statSync } = await import('node:fs');
    const expected = new Set<string>();
    for (const locale of locales) {
      for (const r of routes) expected.add(routeFile(r, locale));
      for (const p of errorPages) expected.add(errorPageFile(p.path, locale) ?? '');
    }
    const found: string[] = [];
    const walk = (dir: string) => {
      for (const name of readdirSync(join(DIST, dir))) {
        const rel = dir ? `${dir}/${name}` : name;
        if (name === '_astro' || name === 'tenants') continue;
        if (statSync(join(DIST, rel)).isDirectory()) walk(rel);
        else if (name.endsWith('.html')) found.push(rel);
      }
    };
    walk('');
    expect(found.filter((f) => !expected.has(f))).toEqual([]);
  });
});
