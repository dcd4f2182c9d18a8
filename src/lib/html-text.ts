/**
 * The text of an HTML fragment (an announcement written in the back office's editor): tags
 * dropped, block ends as spaces, the common character references decoded, spaces collapsed.
 * For lists, search excerpts and length checks; never for display as HTML. Pure: the browser
 * form and the gateway share it.
 */

const NAMED: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ', '#39': "'" };

function decodeReference(whole: string, name: string): string {
  const named = NAMED[name.toLowerCase()];
  if (named !== undefined) return named;
  const code = name[0] === '#' ? (name[1] === 'x' || name[1] === 'X' ? parseInt(name.slice(2), 16) : parseInt(name.slice(1), 10)) : NaN;
  return Number.isInteger(code) && code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : whole;
}

/**
 * @example htmlText('<p>Hello <strong>team</strong></p><p>A &amp; B</p>') → 'Hello team A & B'
 */
export function htmlText(html: string): string {
  return html
    .replace(/<!--[\s\S]*?-->/g, '')
    .replace(/<[^>]*>/g, ' ')
    .replace(/&(#\d{1,7}|#[xX][0-9a-fA-F]{1,6}|[a-zA-Z]{2,8});/g, decodeReference)
    .replace(/\s+/g, ' ')
    .trim();
}

/**
 * Whether an HTML fragment shows anything: some text, or a picture.
 *
 * @example htmlHasContent('<p></p>') → false; htmlHasContent('<p><img src="/files/a/b.png"></p>') → true
 */
export function htmlHasContent(html: string): boolean {
  return htmlText(html) !== '' || /<img\b/i.test(html);
}
