/**
 * The HTML of announcements written in the back office's editor, cleaned before it is stored
 * (`format` 1) by `sanitize-html` with an allow-list of what the editor makes: paragraphs,
 * headings 2 and 3, bold, italic, strike, underline, links (http, https or a site path; a new tab
 * gets `rel="noopener noreferrer nofollow"`), lists, quotes, code, rules, line breaks and pictures
 * (a file of the company's own store, `/files/<eid>/<name>`, or an https address). Everything
 * else goes: scripts and styles with their text, other tags keeping theirs, every other
 * attribute (event handlers, styles, classes).
 */
import sanitizeHtml from 'sanitize-html';
import { FILES_PATH } from '../../files/serve';
import { isFileKey } from '../../files/store';

/** Tags the editor makes; nothing else is kept. */
export const NOTICE_TAGS = ['p', 'h2', 'h3', 'strong', 'em', 's', 'u', 'a', 'ul', 'ol', 'li', 'blockquote', 'code', 'pre', 'hr', 'br', 'img'];

const SIZE = /^\d{1,4}$/;

/** The store key a picture of company `eid` names (`/files/<eid>/<name>`), if it names one. */
function ownFileKey(src: string, eid: string): string | undefined {
  const prefix = `${FILES_PATH}/${eid}/`;
  if (!src.startsWith(prefix)) return undefined;
  const key = src.slice(FILES_PATH.length + 1);
  return isFileKey(key) ? key : undefined;
}

/** A picture's address as kept, or undefined when it is not allowed. */
function pictureSource(raw: string | undefined, eid: string): string | undefined {
  const src = (raw ?? '').trim();
  if (ownFileKey(src, eid)) return src;
  if (!/^https:\/\//i.test(src)) return undefined;
  try {
    const url = new URL(src);
    return url.protocol === 'https:' && !url.username && !url.password ? url.href : undefined;
  } catch {
    return undefined;
  }
}

function optionsFor(eid: string): sanitizeHtml.IOptions {
  return {
    allowedTags: NOTICE_TAGS,
    allowedAttributes: { a: ['href', 'target', 'rel'], img: ['src', 'alt', 'width', 'height'] },
    allowedSchemes: ['http', 'https'],
    allowedSchemesByTag: { img: ['https'] },
    allowedSchemesAppliedToAttributes: ['href', 'src'],
    allowProtocolRelative: false,
    transformTags: {
      a: (tagName, attribs) => {
        const kept: sanitizeHtml.Attributes = {};
        if (attribs.href !== undefined) kept.href = attribs.href.trim();
        if (attribs.target === '_blank') Object.assign(kept, { target: '_blank', rel: 'noopener noreferrer nofollow' });
        return { tagName, attribs: kept };
      },
      img: (tagName, attribs) => {
        const kept: sanitizeHtml.Attributes = {};
        const src = pictureSource(attribs.src, eid);
        if (src) kept.src = src;
        kept.alt = attribs.alt ?? '';
        for (const size of ['width', 'height'] as const) if (SIZE.test(attribs[size] ?? '')) kept[size] = attribs[size]!;
        return { tagName, attribs: kept };
      },
    },
    // A picture whose address was not allowed goes altogether.
    exclusiveFilter: (frame) => frame.tag === 'img' && !frame.attribs.src,
  };
}

/**
 * An announcement's HTML as stored for company `eid`.
 *
 * @example sanitizeNoticeHtml('<p onclick="x()">Hi <script>alert(1)</script><b>there</b></p>', eid) → '<p>Hi there</p>'
 */
export function sanitizeNoticeHtml(html: string, eid: string): string {
  return sanitizeHtml(html, optionsFor(eid)).trim();
}

/** The company's stored files (`<eid>/<name>` keys) the pictures of a cleaned HTML name, once each. */
export function pictureKeysOf(html: string, eid: string): string[] {
  const keys = new Set<string>();
  for (const match of html.matchAll(/<img\b[^>]*\ssrc="([^"]*)"/gi)) {
    const key = ownFileKey(match[1]!.replace(/&amp;/g, '&'), eid);
    if (key) keys.add(key);
  }
  return [...keys];
}
