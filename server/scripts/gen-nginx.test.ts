import { readFileSync } from 'node:fs';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { localizePath, locales, matchRoute, routes, type RouteEntry } from '@/i18n/routes';
import { buildScriptHashes, contentSecurityPolicy, inlineScriptHashes, PERMISSIONS_POLICY } from '../src/security';
import { renderCspInclude } from './gen-csp';
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

describe('media in the nginx sample', () => {
  it('sends course media to the gateway and serves only the public pictures from the build', () => {
    expect(sample).toMatch(/location \^~ \/media\/ \{\s+proxy_pass http:\/\/xuetang_gateway;[^}]*proxy_set_header Host \$host;/);
    for (const folder of ['/media/demo/covers/', '/media/demo/home/']) {
      expect(sample).toMatch(new RegExp(`location \\^~ ${folder.replace(/\//g, '\\/')} \\{[^}]*try_files \\$uri =404;`));
    }
    // No other location serves /media/ from the build.
    expect([...sample.matchAll(/location [^{]*\/media\//g)]).toHaveLength(3);
  });
});

describe('security headers of the nginx sample', () => {
  /** The body of each `location` block that serves files from the build. */
  const siteLocations = [...sample.matchAll(/location (?:~ \S+|\/) \{([^}]*)\}/g)].map((m) => m[1]!);

  it('sends the gateway headers in every block that serves the build, and the policy on pages', () => {
    expect(siteLocations.length).toBe(paramRoutes.length * locales.length + 1);
    for (const body of siteLocations) {
      expect(body).toContain('add_header X-Content-Type-Options nosniff always;');
      expect(body).toContain('add_header Referrer-Policy strict-origin-when-cross-origin always;');
      expect(body).toContain(`add_header Permissions-Policy "${PERMISSIONS_POLICY}" always;`);
      expect(body).toContain('add_header Cross-Origin-Opener-Policy same-origin always;');
      expect(body).toContain('add_header X-Frame-Options SAMEORIGIN always;');
      expect(body).toContain('include /srv/xuetang/csp.conf;');
      expect(body).toContain('add_header Strict-Transport-Security $xuetang_hsts always;');
    }
    // HSTS only over https: nginx leaves out a header whose value is empty.
    expect(sample).toMatch(/map \$scheme \$xuetang_hsts \{\s+default "";\s+https "max-age=31536000";\s+\}/);
  });

  it('writes the include with the hashes of every inline script of the build', async () => {
    const dist = await mkdtemp(join(tmpdir(), 'xt-csp-nginx-'));
    try {
      await mkdir(join(dist, 'en'), { recursive: true });
      await writeFile(join(dist, 'index.html'), '<script>a()</script><script type="module" src="/_astro/x.js"></script>');
      await writeFile(join(dist, 'en', 'index.html'), '<script>a()</script><script type="module">b()</script>');
      const include = await renderCspInclude(dist, { media: ['https://video.example.com'] });
      const line = include.split('\n').find((l) => l.startsWith('add_header'))!;
      const policy = /^add_header Content-Security-Policy "([^"]+)" always;$/.exec(line)![1]!;
      expect(policy).toBe(contentSecurityPolicy(await buildScriptHashes(dist), { media: ['https://video.example.com'] }));
      expect(policy).toContain(`script-src 'self' ${inlineScriptHashes('<script>a()</script><script>b()</script>').sort().join(' ')};`);
      expect(policy).toContain('media-src \'self\' blob: https://video.example.com');
      await writeFile(join(dist, 'index.html'), '<p>no scripts</p>');
      await writeFile(join(dist, 'en', 'index.html'), '<p>no scripts</p>');
      await expect(renderCspInclude(dist)).rejects.toThrow(/No inline scripts/);
    } finally {
      await rm(dist, { recursive: true, force: true });
    }
  });
});
