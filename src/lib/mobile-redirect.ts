import { splitLocale } from '@/i18n/locale-path';
import { isMobile } from '@/lib/device';

/**
 * Where a phone or tablet is sent instead of a desktop page (spec section 2): the mobile site,
 * except on the agreement page; a live watch page goes to the mobile live watch page with the
 * last path segment as id. `undefined`: serve the page.
 *
 * @example mobileRedirect('/live/watch/42', iPhoneUa, '/h5') → '/h5/#/pages/live/watch/watch?id=42'
 */
export function mobileRedirect(pathname: string, userAgent: string, h5Url: string): string | undefined {
  if (!h5Url || !isMobile(userAgent)) return undefined;
  const { path } = splitLocale(pathname);
  const base = h5Url.replace(/\/+$/, '');
  if (path === '/agreement' || path.startsWith('/agreement/')) return undefined;
  if (pathname === base || pathname.startsWith(`${base}/`)) return undefined;
  const live = /^\/live\/watch\/([^/]+)\/?$/.exec(path);
  if (live) return `${base}/#/pages/live/watch/watch?id=${encodeURIComponent(decodeURIComponent(live[1]!))}`;
  return `${base}/`;
}
