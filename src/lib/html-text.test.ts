import { describe, expect, it } from 'vitest';
import { htmlHasContent, htmlText } from './html-text';

describe('htmlText', () => {
  it('drops tags and comments, keeps words apart and collapses spaces', () => {
    expect(htmlText('<h2>Title</h2><p>Hello <strong>team</strong>,</p><!-- note --><ul><li>one</li><li>two</li></ul>')).toBe(
      'Title Hello team , one two',
    );
  });

  it('decodes the common references and leaves unknown ones', () => {
    expect(htmlText('<p>A &amp; B &lt;x&gt; &quot;q&quot; &#39;s&#x41;&nbsp;&unknown;</p>')).toBe('A & B <x> "q" \'sA &unknown;');
  });

  it('is empty for markup without text', () => {
    expect(htmlText('<p></p><p><br></p>')).toBe('');
  });
});

describe('htmlHasContent', () => {
  it('counts text or a picture', () => {
    expect(htmlHasContent('<p> </p>')).toBe(false);
    expect(htmlHasContent('<p>x</p>')).toBe(true);
    expect(htmlHasContent('<p><img src="/files/a/b.png" alt=""></p>')).toBe(true);
  });
});
