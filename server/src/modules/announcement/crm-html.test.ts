import { describe, expect, it } from 'vitest';
import { pictureKeysOf, sanitizeNoticeHtml } from './crm-html';

const EID = '9f6fdbf4-aec5-4494-a15b-21b03ebf1531';
const OTHER = 'dbbcb289-ed71-469b-92bd-177486fd6c83';
const clean = (html: string) => sanitizeNoticeHtml(html, EID);

describe('the announcement sanitiser', () => {
  it('keeps what the editor makes', () => {
    const html =
      '<h2>Title</h2><h3>Sub</h3><p>A <strong>bold</strong>, <em>italic</em>, <s>struck</s>, <u>underlined</u> <code>x</code> word.<br>Next</p>' +
      '<ul><li><p>one</p></li></ul><ol><li>two</li></ol><blockquote><p>quote</p></blockquote><pre><code>let a = 1;</code></pre><hr>' +
      `<p><a href="https://example.com/a?b=1&amp;c=2">out</a> <a href="/knowledge/course/1">in</a> <img src="/files/${EID}/Ab_c-1.png" alt="pic" width="320" height="200"></p>`;
    expect(clean(html)).toBe(
      '<h2>Title</h2><h3>Sub</h3><p>A <strong>bold</strong>, <em>italic</em>, <s>struck</s>, <u>underlined</u> <code>x</code> word.<br />Next</p>' +
        '<ul><li><p>one</p></li></ul><ol><li>two</li></ol><blockquote><p>quote</p></blockquote><pre><code>let a = 1;</code></pre><hr />' +
        `<p><a href="https://example.com/a?b=1&amp;c=2">out</a> <a href="/knowledge/course/1">in</a> <img src="/files/${EID}/Ab_c-1.png" alt="pic" width="320" height="200" /></p>`,
    );
  });

  it('removes scripts, styles, frames, forms and their text', () => {
    expect(clean('<p>a<script>alert(1)</script>b</p><style>p{color:red}</style><iframe src="https://x"></iframe><form><input value="x"></form>')).toBe(
      '<p>ab</p>',
    );
    expect(clean('<svg><script>alert(1)</script><circle onload="alert(1)"/></svg><math><mi>x</mi></math>')).not.toMatch(/script|svg|onload|math/i);
    expect(clean('<scr<script>ipt>alert(1)</script>')).not.toMatch(/<script/i);
  });

  it('removes event handlers, styles and classes', () => {
    expect(clean('<p onclick="alert(1)" style="background:url(javascript:alert(1))" class="x" id="y">t</p>')).toBe('<p>t</p>');
    expect(clean('<img src="/files/' + EID + '/a.png" onerror="alert(1)" title="t">')).toBe(`<img src="/files/${EID}/a.png" alt="" />`);
  });

  it('keeps only http, https and site links, and gives a new tab its rel', () => {
    for (const href of ['javascript:alert(1)', 'JaVaScRiPt:alert(1)', ' javascript:alert(1)', 'jav&#x09;ascript:alert(1)', 'data:text/html,<script>alert(1)</script>', 'vbscript:x', 'mailto:a@b.c', '//evil.example/x']) {
      expect(clean(`<a href="${href}">x</a>`), href).toBe('<a>x</a>');
    }
    expect(clean('<a href="http://example.com" target="_blank" rel="opener">x</a>')).toBe(
      '<a href="http://example.com" target="_blank" rel="noopener noreferrer nofollow">x</a>',
    );
    expect(clean('<a href="/x" target="_top" rel="opener">x</a>')).toBe('<a href="/x">x</a>');
  });

  it('keeps pictures of the company’s own files or https addresses only', () => {
    for (const src of [
      'http://example.com/a.png',
      '//example.com/a.png',
      'javascript:alert(1)',
      'data:image/png;base64,AAAA',
      `/files/${OTHER}/a.png`,
      `/files/${EID}/../../etc/passwd`,
      `/files/${EID}/a.png?x=1`,
      '/gateway/user/auth/user/info/logout',
      'https://user:pw@example.com/a.png',
    ]) {
      expect(clean(`<p>x<img src="${src}" alt="a"></p>`), src).toBe('<p>x</p>');
    }
    expect(clean('<img src="https://cdn.example.com/a.png" width="100%" height="9999999">')).toBe('<img src="https://cdn.example.com/a.png" alt="" />');
  });

  it('escapes text, so that no markup comes back from it', () => {
    expect(clean('<p>&lt;script&gt;alert(1)&lt;/script&gt; &amp; 1 < 2</p>')).toBe('<p>&lt;script&gt;alert(1)&lt;/script&gt; &amp; 1 &lt; 2</p>');
    expect(clean('<p title="&quot;><script>alert(1)</script>">x</p>')).toBe('<p>x</p>');
  });

  it('names the company’s files its pictures show', () => {
    const html = clean(`<p><img src="/files/${EID}/a.png"><img src="/files/${EID}/a.png"><img src="https://x.example/b.png"><img src="/files/${EID}/c.jpg"></p>`);
    expect(pictureKeysOf(html, EID)).toEqual([`${EID}/a.png`, `${EID}/c.jpg`]);
  });
});
