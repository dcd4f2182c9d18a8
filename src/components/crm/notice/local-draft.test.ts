import { describe, expect, it } from 'vitest';
import { clearDraft, draftKey, localInputValue, plainToHtml, readDraft, writeDraft } from './local-draft';

function memory(): Storage {
  const map = new Map<string, string>();
  return {
    get length() {
      return map.size;
    },
    clear: () => map.clear(),
    getItem: (k) => map.get(k) ?? null,
    key: (i) => [...map.keys()][i] ?? null,
    removeItem: (k) => void map.delete(k),
    setItem: (k, v) => void map.set(k, v),
  };
}

describe('the editor’s local draft', () => {
  it('keeps the values of one announcement until cleared', () => {
    const storage = memory();
    const values = { titleZh: '标题', titleEn: '', contentZh: '<p>x</p>', contentEn: '', allowComment: false, pinned: true, publish: 'schedule' as const, publishAt: '2030-01-01T10:00' };
    writeDraft(storage, draftKey('a'), values);
    expect(readDraft(storage, draftKey('a'))).toEqual(values);
    expect(readDraft(storage, draftKey(undefined))).toBeUndefined();
    clearDraft(storage, draftKey('a'));
    expect(readDraft(storage, draftKey('a'))).toBeUndefined();
  });

  it('reads a broken or foreign entry as none', () => {
    const storage = memory();
    storage.setItem(draftKey('b'), '{not json');
    expect(readDraft(storage, draftKey('b'))).toBeUndefined();
    storage.setItem(draftKey('b'), JSON.stringify({ titleZh: 3 }));
    expect(readDraft(storage, draftKey('b'))).toBeUndefined();
    storage.setItem(draftKey('b'), JSON.stringify({ titleZh: 'x', publish: 'later' }));
    expect(readDraft(storage, draftKey('b'))).toMatchObject({ titleZh: 'x', publish: 'draft', allowComment: true, pinned: false });
  });

  it('survives a storage that refuses', () => {
    const refusing = { setItem: () => { throw new Error('full'); }, removeItem: () => { throw new Error('no'); } };
    expect(() => writeDraft(refusing, 'k', { titleZh: '' })).not.toThrow();
    expect(() => clearDraft(refusing, 'k')).not.toThrow();
  });
});

describe('plain text in the editor', () => {
  it('becomes escaped paragraphs', () => {
    expect(plainToHtml('A & <b>\r\n\nC ')).toBe('<p>A &amp; &lt;b&gt;</p><p>C</p>');
    expect(plainToHtml('')).toBe('');
  });
});

describe('localInputValue', () => {
  it('writes a time for a datetime-local input, or nothing for a bad one', () => {
    const at = new Date(2030, 0, 2, 3, 4);
    expect(localInputValue(at.toISOString())).toBe('2030-01-02T03:04');
    expect(localInputValue('x')).toBe('');
  });
});
