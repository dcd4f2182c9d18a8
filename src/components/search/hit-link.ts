/**
 * Where a search hit leads, by its type: a course to its page, a live room to its watch page, a
 * resource to a course that plays or offers it, an exam task to the page before the exam, an announcement or
 * message to the message centre (opened on it), a blog or a question to the community, opened on it.
 */
import { PostKind } from '@/api/community-types';
import { SearchType, type SearchHit } from '@/api/home-types';
import { postHref } from '@/components/community/post-link';
import { localizePath, type Locale } from '@/i18n/locale-path';

/**
 * The link of a hit in a language.
 *
 * @example hitHref({ type: 1, id: 'c1' }, 'en') → '/en/knowledge/course/c1'
 * @example hitHref({ type: 8, id: 'a1' }, 'zh') → '/account/message?num=1&id=a1'
 * @example hitHref({ type: 7, id: 'q1' }, 'en') → '/en/community?tab=question&post=q1'
 */
export function hitHref(hit: Pick<SearchHit, 'type' | 'id' | 'courseId'>, locale: Locale): string {
  const id = encodeURIComponent(hit.id);
  switch (hit.type) {
    case SearchType.default:
      return localizePath(`/knowledge/course/${id}`, locale);
    case SearchType.live:
      return localizePath(`/live/watch/${id}`, locale);
    case SearchType.resource:
      return localizePath(hit.courseId ? `/knowledge/course/${encodeURIComponent(hit.courseId)}` : '/knowledge', locale);
    case SearchType.exam:
      return localizePath(`/account/exam/${id}`, locale);
    case SearchType.info:
      return `${localizePath('/account/message', locale)}?num=1&id=${id}`;
    case SearchType.blog:
      return postHref(hit.id, PostKind.blog, locale);
    case SearchType.question:
      return postHref(hit.id, PostKind.question, locale);
    default:
      return localizePath('/community', locale);
  }
}
