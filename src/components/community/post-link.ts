/**
 * Where a post opens: the community page on the post's tab. Apart from the page's query rules
 * so that the search results page, which links hits here, carries only this.
 */
import { PostKind, type PostKindValue } from '@/api/community-types';
import { localizePath, type Locale } from '@/i18n/locale-path';

/** The tab a post of a kind is listed in. */
export function tabOf(kind: PostKindValue): 'blog' | 'question' {
  return kind === PostKind.question ? 'question' : 'blog';
}

/**
 * The community page with one post open, in a language.
 *
 * @example postHref('p1', PostKind.question, 'en') → '/en/community?tab=question&post=p1'
 */
export function postHref(id: string, kind: PostKindValue, locale: Locale): string {
  return `${localizePath('/community', locale)}?tab=${tabOf(kind)}&post=${encodeURIComponent(id)}`;
}
