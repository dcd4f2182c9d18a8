/** Where the home page's links go, in the page's language. */
import { localizePath, splitLocale, type Locale } from '@/i18n/locale-path';

/**
 * A banner's or zone picture's link: a site path (put in the page's language) or a web
 * address; anything else (`javascript:`, empty) gives no link.
 *
 * @example siteLink('/knowledge/course/1', 'en') → '/en/knowledge/course/1'
 * @example siteLink('https://example.com/a', 'en') → 'https://example.com/a'
 * @example siteLink('javascript:alert(1)', 'zh') → undefined
 */
export function siteLink(url: string | null | undefined, locale: Locale): string | undefined {
  const text = (url ?? '').trim();
  if (!text) return undefined;
  if (text.startsWith('/') && !text.startsWith('//')) {
    const cut = text.search(/[?#]/);
    const path = cut < 0 ? text : text.slice(0, cut);
    return localizePath(splitLocale(path).path, locale) + (cut < 0 ? '' : text.slice(cut));
  }
  if (/^https?:\/\//i.test(text)) return text;
  return undefined;
}

/**
 * The message centre opening one announcement (the message centre reads `num` and `id`).
 *
 * @example announcementHref('a1', 'en') → '/en/account/message?num=1&id=a1'
 */
export function announcementHref(id: string, locale: Locale): string {
  return `${localizePath('/account/message', locale)}?num=1&id=${encodeURIComponent(id)}`;
}

/** How a link opens: a new tab (with no access back to this page) for `_blank`. */
export function targetProps(target: string | null | undefined): { target?: string; rel?: string } {
  return target === '_blank' ? { target: '_blank', rel: 'noopener noreferrer' } : {};
}
