/**
 * Where a record's `linkUrl` may lead: a path of this site (in the page's language) or an
 * http(s) address in a new tab; anything else (`javascript:`, `data:`, `//host`) is not a link.
 */
import { localizePath, splitLocale, type Locale } from '@/i18n/locale-path';

export interface RecordLink {
  href: string;
  /** Another site: opened in a new tab. */
  external: boolean;
}

/**
 * @example recordLink('/knowledge/course/7', 'en') → { href: '/en/knowledge/course/7', external: false }
 * @example recordLink('https://example.com/a', 'zh') → { href: 'https://example.com/a', external: true }
 * @example recordLink('javascript:alert(1)', 'zh') → null
 */
export function recordLink(linkUrl: string | null | undefined, locale: Locale): RecordLink | null {
  const url = linkUrl?.trim();
  if (!url) return null;
  if (url.startsWith('/') && !url.startsWith('//') && !url.startsWith('/\\')) {
    const [path, rest = ''] = splitOnce(url);
    return { href: localizePath(splitLocale(path).path, locale) + rest, external: false };
  }
  try {
    const parsed = new URL(url);
    if (parsed.protocol === 'http:' || parsed.protocol === 'https:') return { href: parsed.href, external: true };
  } catch {
    // Not an address.
  }
  return null;
}

/** A path and what follows it (`?query#hash`). */
function splitOnce(url: string): [string, string] {
  const at = url.search(/[?#]/);
  return at < 0 ? [url, ''] : [url.slice(0, at), url.slice(at)];
}
