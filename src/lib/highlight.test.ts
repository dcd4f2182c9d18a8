import { describe, expect, it } from 'vitest';
import { highlightParts, queryTerms, type HighlightPart } from '@/lib/highlight';

/** The parts written short: marked text in brackets. */
function shown(parts: HighlightPart[]): string {
  return parts.map((p) => (p.match ? `[${p.text}]` : p.text)).join('');
}

describe('queryTerms', () => {
  it('splits on any space, drops repeats whatever their case, keeps the first spelling', () => {
    expect(queryTerms('  Java  入门 java ')).toEqual(['Java', '入门']);
    expect(queryTerms('数据\u3000分析\t报告\n')).toEqual(['数据', '分析', '报告']);
    expect(queryTerms('   ')).toEqual([]);
  });

  it('keeps at most sixteen words', () => {
    expect(queryTerms(Array.from({ length: 30 }, (_, i) => `w${i}`).join(' '))).toHaveLength(16);
  });
});

describe('highlightParts', () => {
  it('marks Chinese words', () => {
    expect(highlightParts('高效沟通技巧', '沟通')).toEqual([
      { text: '高效', match: false },
      { text: '沟通', match: true },
      { text: '技巧', match: false },
    ]);
    expect(shown(highlightParts('沟通案例：沟通的三个层次', '沟通'))).toBe('[沟通]案例：[沟通]的三个层次');
  });

  it('ignores case in Latin text and keeps the text as written', () => {
    expect(shown(highlightParts('Effective communication', 'COMM'))).toBe('Effective [comm]unication');
    expect(shown(highlightParts('Excel 高效办公 — EXCEL tips', 'excel'))).toBe('[Excel] 高效办公 — [EXCEL] tips');
    expect(shown(highlightParts('Ärger und ärger', 'ÄRGER'))).toBe('[Ärger] und [ärger]');
  });

  it('reads full-width letters, digits and spaces in the query as the gateway does', () => {
    expect(shown(highlightParts('Excel 2024 高效办公', 'ＥＸＣＥＬ\u3000２０２４'))).toBe('[Excel] [2024] 高效办公');
  });

  it('marks every word of the query, in mixed text', () => {
    expect(shown(highlightParts('Excel 高效办公：常用函数', 'excel 函数'))).toBe('[Excel] 高效办公：常用[函数]');
  });

  it('joins overlapping and adjacent matches into one part', () => {
    expect(shown(highlightParts('aaaa b', 'aa'))).toBe('[aaaa] b');
    expect(shown(highlightParts('abcd', 'abc cd'))).toBe('[abcd]');
    expect(shown(highlightParts('数据分析', '数据 分析'))).toBe('[数据分析]');
  });

  it('treats the query as plain text, not a pattern', () => {
    expect(shown(highlightParts('C++ (advanced) and C', 'c++'))).toBe('[C++] (advanced) and C');
    expect(shown(highlightParts('price $5.00 or 5x00', '$5.00'))).toBe('price [$5.00] or 5x00');
    expect(shown(highlightParts('a.b axb', '.'))).toBe('a[.]b axb');
    expect(shown(highlightParts('path\\to [x]', '\\to [x]'))).toBe('path[\\to] [[x]]');
  });

  it('never alters the text: the parts join back to it, markup included', () => {
    const text = '<script>alert("沟通")</script> & <b>Communication</b>';
    const parts = highlightParts(text, '沟通 communication <b>');
    expect(parts.map((p) => p.text).join('')).toBe(text);
    expect(shown(parts)).toBe('<script>alert("[沟通]")</script> & [<b>Communication]</b>');
  });

  it('keeps characters outside the basic plane whole', () => {
    expect(shown(highlightParts('学习😀打卡 😀', '😀'))).toBe('学习[😀]打卡 [😀]');
    expect(shown(highlightParts('𠮷野家 and 𠮷', '𠮷野'))).toBe('[𠮷野]家 and 𠮷');
  });

  it('gives the whole text unmarked for a blank query, and nothing for no text', () => {
    expect(highlightParts('沟通', '  ')).toEqual([{ text: '沟通', match: false }]);
    expect(highlightParts('', '沟通')).toEqual([]);
    expect(highlightParts('沟通', '缺席')).toEqual([{ text: '沟通', match: false }]);
  });
});
