/**
 * Where a search hit leads, by its type: a course to its page, a live room to its watch page, a
 * resource to a course that plays or offers it, an exam task to the page before the exam, an announcement or
 * message to the message centre (opened on it), blogs and questions to the community.
 */
import { SearchType, type SearchHit } from '@/api/home-types';
import { localizePath, type Locale } from '@/i18n/locale-path';

/**
 * The link of a hit in a language.
 *
 * @example hitHref({ type: 1, id: 'c1' }, 'en') → '/en/knowledge/course/c1'
 * @example hitHref({ type: 8, id: 'a1' }, 'zh') → '/account/message?num=1&id=a1'
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
    default:
      // Blogs and questions live in the community until they have pages of their own.
      return localizePath('/community', locale);
  }
}
