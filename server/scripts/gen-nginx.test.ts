import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { localizePath, locales, matchRoute, routes, type RouteEntry } from '@/i18n/routes';
import { defaultNginxOptions, paramLocation, renderNginxConf } from './gen-nginx';

const sample = readFileSync(new URL('../../deploy/nginx.conf', import.meta.url), 'utf8');
const paramRoutes = (routes as readonly RouteEntry[]).filter((r) => r.param);

describe('deploy/nginx.conf', () => {
  it('is up to date with the route table (regenerate: npx tsx server/scripts/gen-nginx.ts)', () => {
    expect(sample).toBe(renderNginxConf(defaultNginxOptions));
  });

  it('serves the shell of every parameterised route, in both languages', () => {
    for (const route of paramRoutes) {
      for (const locale of locales) {
        const shell = `${localizePath(route.path, locale)}/index.html`;
        expect(sample, `${route.id} ${locale}`).toContain(`location ~ ${paramLocation(route, locale)} {`);
        expect(sample).toContain(` ${shell};`);
      }
    }
  });

  it('matches the same paths as the route table', () => {
    for (const route of paramRoutes) {
      for (const locale of locales) {
        const re = new RegExp(paramLocation(route, locale));
        const base = localizePath(route.path, locale);
        expect(re.test(`${base}/42`)).toBe(matchRoute(`${base}/42`)?.route.id === route.id);
        expect(re.test(`${base}/4/2`)).toBe(Boolean(route.rest));
        expect(re.test(base)).toBe(false);
      }
    }
  });

  it('has the 404 pages, the language redirect, the gateway proxy and the meta rewrite', () => {
    expect(sample).toContain('error_page 404 $xuetang_not_found;');
    expect(sample).toMatch(/"~\^\/en\(\?:\/\|\$\)" \/en\/404;/);
    expect(sample).toContain('return 302 /en$request_uri;');
    expect(sample).toMatch(/location \^~ \/gateway\/ \{\s+proxy_pass http:\/\/xuetang_gateway;/);
    expect(sample).toContain(`sub_filter '<meta name="xt-gateway" content="/gateway">'`);
    expect(renderNginxConf({ ...defaultNginxOptions, prefix: '/api/gw' })).toContain(
      `'<meta name="xt-gateway" content="/gateway">' '<meta name="xt-gateway" content="/api/gw">'`,
    );
  });
});
