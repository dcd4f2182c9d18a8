/**
 * Writes `deploy/nginx.conf`, a sample for serving `dist/` from a plain nginx with the gateway
 * behind it, doing what `server/src/static.ts` does. Run after changing the route table:
 *
 *   npx tsx server/scripts/gen-nginx.ts [--prefix /gateway] [--upstream 127.0.0.1:4321] [--root /srv/xuetang/dist]
 *     [--csp /srv/xuetang/csp.conf]
 *
 * The Content-Security-Policy names the hashes of the build's inline scripts, so it is written
 * per build into its own file, included here: `npx tsx server/scripts/gen-csp.ts dist /srv/xuetang/csp.conf`.
 */
import { writeFileSync } from 'node:fs';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { localizePath, locales, routes, type RouteEntry } from '@/i18n/routes';
import { MEDIA_UPLOAD_PATH } from '@/lib/authoring-rules';
import { PUBLIC_MEDIA_FOLDERS } from '@/lib/public-media';
import { PERMISSIONS_POLICY, REFERRER_POLICY } from '../src/security';

export interface NginxOptions {
  /** Gateway prefix the gateway runs with (GATEWAY_PREFIX). */
  prefix: string;
  /** host:port of the gateway. */
  upstream: string;
  /** Folder holding the built site. */
  root: string;
  /** The file `gen-csp.ts` writes for this build: the pages' Content-Security-Policy header. */
  csp: string;
}

export const defaultNginxOptions: NginxOptions = {
  prefix: '/gateway',
  upstream: '127.0.0.1:4321',
  root: '/srv/xuetang/dist',
  csp: '/srv/xuetang/csp.conf',
};

const BUILT_META = '<meta name="xt-gateway" content="/gateway">';

const regexEscape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The headers `server/src/security.ts` sends on every answer; HSTS only over https. */
const commonHeaders = [
  'add_header X-Content-Type-Options nosniff always;',
  `add_header Referrer-Policy ${REFERRER_POLICY} always;`,
  `add_header Permissions-Policy "${PERMISSIONS_POLICY}" always;`,
  'add_header Cross-Origin-Opener-Policy same-origin always;',
  'add_header Strict-Transport-Security $xuetang_hsts always;',
];
/** Pages also get the policy of the build and may be framed only by the site itself. */
const pageHeaders = (options: NginxOptions) => [
  ...commonHeaders,
  'add_header X-Frame-Options SAMEORIGIN always;',
  `include ${options.csp};`,
];

/** The location regex of a parameterised route in a language: `^/en/knowledge/course/[^/]+/?$`. */
export function paramLocation(route: Pick<RouteEntry, 'path' | 'rest'>, locale: (typeof locales)[number]): string {
  const value = route.rest ? '.+' : '[^/]+/?';
  return `^${regexEscape(localizePath(route.path, locale))}/${value}$`;
}

function block(lines: string[], indent = '    '): string {
  return lines.map((l) => (l ? indent + l : '')).join('\n');
}

export function renderNginxConf(options: NginxOptions = defaultNginxOptions): string {
  const prefix = options.prefix;
  // Longest path first: nginx takes the first regex location that matches, the route table the longest.
  const paramRoutes = (routes as readonly RouteEntry[])
    .filter((r) => r.param)
    .sort((a, b) => b.path.length - a.path.length);
  const shells = paramRoutes.flatMap((route) =>
    locales.map((locale) => {
      const shell = `${localizePath(route.path, locale)}/index.html`;
      return [
        `location ~ ${paramLocation(route, locale)} {`,
        ...pageHeaders(options).map((h) => `    ${h}`),
        '    add_header Cache-Control $xuetang_cache always;',
        `    try_files $uri $uri/index.html ${shell};`,
        '}',
      ];
    }),
  );

  return `# Xuetang: sample nginx server for the built site (dist/) with the gateway behind it.
# Generated from src/i18n/routes.ts by server/scripts/gen-nginx.ts; regenerate, do not edit.
# It does what the gateway's own static serving (server/src/static.ts) does:
# - a parameterised route (/knowledge/course/123) is served by its shell (/knowledge/course/index.html);
# - an unknown path gets the 404 page of its language, with status 404;
# - the cookie lang=en sends a path without /en to the /en path (not the gateway, build assets or files);
# - ${prefix}/ is proxied to the gateway, and so are /files/ and /media/ (course media, answered only
#   to signed URLs) but for the public pictures under ${PUBLIC_MEDIA_FOLDERS.join(' and ')};
# - the gateway prefix is written into the pages' <meta name="xt-gateway"> (sub_filter), so a
#   build made for /gateway works under another prefix;
# - the security headers: nosniff, referrer, permissions and opener policies, HSTS over https only,
#   and on pages the Content-Security-Policy of the build, written after each build by
#   npx tsx server/scripts/gen-csp.ts dist ${options.csp}

upstream xuetang_gateway {
    server ${options.upstream};
    keepalive 16;
}

map "$cookie_lang:$uri" $xuetang_to_en {
    default 0;
    "~^en:(?!/en(?:/|$))(?!/_astro/)(?!${regexEscape(prefix)}(?:/|$))(?!.*\\.[^/]*$)" 1;
}

map $uri $xuetang_not_found {
    default /404;
    "~^/en(?:/|$)" /en/404;
}

# nginx sends no header whose value is empty: HSTS goes out over https only.
map $scheme $xuetang_hsts {
    default "";
    https "max-age=31536000";
}

map $sent_http_content_type $xuetang_cache {
    default "public, max-age=3600";
    "~^text/html" "no-cache";
}

server {
    listen 80;
    server_name _;
    root ${options.root};
    charset utf-8;

    sub_filter '${BUILT_META}' '<meta name="xt-gateway" content="${prefix}">';
    sub_filter_once on;

    if ($xuetang_to_en) {
        return 302 /en$request_uri;
    }

    error_page 404 $xuetang_not_found;

    location ^~ ${prefix}/ {
        proxy_pass http://xuetang_gateway;
        proxy_http_version 1.1;
        proxy_set_header Connection "";
        proxy_set_header Host $host;
        proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;
        proxy_set_header X-Forwarded-Proto $scheme;
        proxy_read_timeout 60s;
        # The gateway limits each call itself (1 MiB, 6 MiB for uploads).
        client_max_body_size 6m;
    }

    # Resumable library uploads (tus): parts of 8 MiB streamed to the gateway as they arrive.
    location ^~ ${prefix}/${MEDIA_UPLOAD_PATH} {
        proxy_pass http://xuetang_gateway;
        proxy_http_version 1.1;
        proxy_set_header Connection "";
        proxy_set_header Host $host;
        proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;
        proxy_set_header X-Forwarded-Proto $scheme;
        proxy_request_buffering off;
        proxy_read_timeout 300s;
        client_max_body_size 16m;
    }

    # Uploaded files (avatars, …), served read-only by the gateway to their company's hosts.
    location ^~ /files/ {
        proxy_pass http://xuetang_gateway;
        proxy_set_header Host $host;
    }

${PUBLIC_MEDIA_FOLDERS.map(
  (folder) => `    # Public pictures (covers, banners), from the build.
    location ^~ ${folder} {
${block(commonHeaders, '        ')}
        add_header Cache-Control "public, max-age=3600";
        try_files $uri =404;
    }
`,
).join('\n')}
    # Course media: only through the gateway, which answers signed URLs alone (the build has none).
    location ^~ /media/ {
        proxy_pass http://xuetang_gateway;
        proxy_http_version 1.1;
        proxy_set_header Connection "";
        proxy_set_header Host $host;
        proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;
        proxy_set_header X-Forwarded-Proto $scheme;
    }

    location ^~ /_astro/ {
${block(commonHeaders, '        ')}
        add_header Cache-Control "public, max-age=31536000, immutable";
        try_files $uri =404;
    }

${block(shells.flat())}

    location / {
${block(pageHeaders(options), '        ')}
        add_header Cache-Control $xuetang_cache always;
        try_files $uri $uri/index.html $uri.html =404;
    }
}
`;
}

const target = fileURLToPath(new URL('../../deploy/nginx.conf', import.meta.url));

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const { values } = parseArgs({
    options: {
      prefix: { type: 'string', default: defaultNginxOptions.prefix },
      upstream: { type: 'string', default: defaultNginxOptions.upstream },
      root: { type: 'string', default: defaultNginxOptions.root },
      csp: { type: 'string', default: defaultNginxOptions.csp },
    },
  });
  writeFileSync(target, renderNginxConf(values));
  console.log(`wrote ${target}`);
}
