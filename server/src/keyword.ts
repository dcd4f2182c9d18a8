/**
 * The search keyword rule: NFKC-normalised (full-width letters, digits and spaces become their
 * ordinary forms), control characters taken as spaces, trimmed, 1 to {@link SEARCH_KEYWORD_MAX}
 * characters. Words are matched one by one: a hit holds every word of the keyword.
 */
import { Code } from '@/api/codes';
import { ApiError } from './envelope';

/** The longest keyword, in characters (code points) after normalising. */
export const SEARCH_KEYWORD_MAX = 50;

/**
 * The keyword as searched; throws 'search.keywordEmpty' or 'search.keywordTooLong' (422).
 *
 * @example searchKeyword('  ＪＡＶＡ\u3000入门 ') → 'JAVA 入门'
 */
export function searchKeyword(raw: string): string {
  const keyword = raw.normalize('NFKC').replace(/[\u0000-\u001f\u007f]/g, ' ').trim();
  if (keyword === '') throw new ApiError(Code.INVALID, 'search.keywordEmpty');
  if ([...keyword].length > SEARCH_KEYWORD_MAX) {
    throw new ApiError(Code.INVALID, 'search.keywordTooLong', null, { max: SEARCH_KEYWORD_MAX });
  }
  return keyword;
}

/**
 * The distinct words of a keyword, case aside, in order.
 *
 * @example keywordTerms('Java  入门 java') → ['Java', '入门']
 */
export function keywordTerms(keyword: string): string[] {
  const seen = new Set<string>();
  return keyword.split(/\s+/u).filter((word) => {
    const key = word.toLowerCase();
    if (!word || seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}
