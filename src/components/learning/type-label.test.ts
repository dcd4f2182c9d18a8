import { describe, expect, it } from 'vitest';
import { itemKind, typeLabelKey } from '@/components/learning/type-label';

describe('typeLabelKey', () => {
  it('labels content types 3–8 by content type', () => {
    expect([3, 4, 5, 6, 7, 8].map((c) => typeLabelKey(c, 0))).toEqual([
      'learning.contentType.3',
      'learning.contentType.4',
      'learning.contentType.5',
      'learning.contentType.6',
      'learning.contentType.7',
      'learning.contentType.8',
    ]);
  });

  it('labels content type 2 by resource type, documents by file name', () => {
    expect(typeLabelKey(2, 2)).toBe('learning.resourceType.2');
    expect(typeLabelKey(2, 3)).toBe('learning.resourceType.3');
    expect(typeLabelKey(2, 5)).toBe('learning.resourceType.5');
    expect(typeLabelKey(2, 6, '入职资料包.zip')).toBe('learning.resourceType.6');
    expect(typeLabelKey(2, 4, '企业文化手册.pdf')).toBe('learning.doc.pdf');
    expect(typeLabelKey(2, 4, '考勤制度.xlsx')).toBe('learning.doc.xls');
    expect(typeLabelKey(2, 4, '员工手册.docx')).toBe('learning.doc.doc');
    expect(typeLabelKey(2, 4, '公司介绍.pptx')).toBe('learning.doc.ppt');
    expect(typeLabelKey(2, 4, '报到须知.txt')).toBe('learning.doc.txt');
    expect(typeLabelKey(2, 4, 'notes.md')).toBe('learning.resourceType.4');
  });

  it('gives chapters no label', () => {
    expect(typeLabelKey(2, 0)).toBeUndefined();
    expect(itemKind(2, 0)).toEqual({ by: 'chapter' });
  });
});
