/**
 * Splits a text into the parts that match a search query and the rest, so a screen can wrap the
 * matches in `<mark>` elements as React children (never as HTML). Matching ignores case, works
 * for Chinese and Latin text alike, and marks every word of the query (words are separated by
 * spaces, full-width ones too). The query is NFKC-normalised as the gateway's search does, so
 * `ＥＸＣＥＬ` marks `Excel`. Overlapping or adjacent matches become one part.
 */

/** One piece of a highlighted text, in order; joined they give back the text unchanged. */
export interface HighlightPart {
  text: string;
  match: boolean;
}

/** More words than this are ignored (a query is short; this keeps the pattern small). */
const MAX_TERMS = 16;

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/**
 * The distinct words of a query (case aside), at most {@link MAX_TERMS}.
 *
 * @example queryTerms('  Java  入门 java ') → ['Java', '入门']
 */
export function queryTerms(query: string): string[] {
  const seen = new Set<string>();
  const terms: string[] = [];
  for (const word of query.normalize('NFKC').split(/\s+/u)) {
    const key = word.toLowerCase();
    if (!word || seen.has(key)) continue;
    seen.add(key);
    terms.push(word);
    if (terms.length === MAX_TERMS) break;
  }
  return terms;
}

/**
 * The parts of `text` with the query's words marked.
 *
 * @example highlightParts('Effective communication', 'COMM') →
 *   [{ text: 'Effective ', match: false }, { text: 'comm', match: true }, { text: 'unication', match: false }]
 * @example highlightParts('高效沟通技巧', '沟通') →
 *   [{ text: '高效', match: false }, { text: '沟通', match: true }, { text: '技巧', match: false }]
 */
export function highlightParts(text: string, query: string): HighlightPart[] {
  if (!text) return [];
  const marked = new Uint8Array(text.length);
  for (const term of queryTerms(query)) {
    const pattern = new RegExp(escapeRegExp(term), 'giu');
    for (let found = pattern.exec(text); found; found = pattern.exec(text)) {
      marked.fill(1, found.index, found.index + found[0].length);
      // Look again one character further (`aa` marks all of `aaa`); a character outside the
      // basic plane takes two places, and a unicode pattern steps back to its start otherwise.
      pattern.lastIndex = found.index + (text.codePointAt(found.index)! > 0xffff ? 2 : 1);
    }
  }
  const parts: HighlightPart[] = [];
  let start = 0;
  for (let i = 1; i <= text.length; i += 1) {
    if (i < text.length && marked[i] === marked[start]) continue;
    parts.push({ text: text.slice(start, i), match: marked[start] === 1 });
    start = i;
  }
  return parts;
}
