import { describe, expect, it } from 'vitest';
import { clearDraft, DRAFT_MAX, DRAFT_TTL_MS, draftKey, readDraft, writeDraft } from '@/components/message/draft';

function memory(): Storage {
  const map = new Map<string, string>();
  return {
    get length() {
      return map.size;
    },
    key: (i: number) => [...map.keys()][i] ?? null,
    getItem: (k: string) => map.get(k) ?? null,
    setItem: (k: string, v: string) => void map.set(k, v),
    removeItem: (k: string) => void map.delete(k),
    clear: () => map.clear(),
  };
}

describe('comment drafts', () => {
  it('keeps a draft per user and target until cleared', () => {
    const s = memory();
    const key = draftKey('u1', 'comment', 'a1');
    writeDraft(key, '<script>alert(1)</script>', s, 1000);
    expect(readDraft(key, s, 2000)).toBe('<script>alert(1)</script>');
    expect(readDraft(draftKey('u2', 'comment', 'a1'), s, 2000)).toBe('');
    clearDraft(key, s);
    expect(readDraft(key, s, 2000)).toBe('');
  });

  it('forgets blank drafts and old ones', () => {
    const s = memory();
    const key = draftKey('u1', 'reply', 'c1');
    writeDraft(key, 'hello', s, 0);
    expect(readDraft(key, s, DRAFT_TTL_MS + 1)).toBe('');
    writeDraft(key, 'hello', s, 0);
    writeDraft(key, '   ', s, 1);
    expect(s.length).toBe(0);
  });

  it('keeps at most DRAFT_MAX, dropping the oldest', () => {
    const s = memory();
    for (let i = 0; i < DRAFT_MAX + 5; i += 1) writeDraft(draftKey('u', 'comment', String(i)), `t${i}`, s, 1000 + i);
    expect(s.length).toBe(DRAFT_MAX);
    expect(readDraft(draftKey('u', 'comment', '0'), s, 2000)).toBe('');
    expect(readDraft(draftKey('u', 'comment', String(DRAFT_MAX + 4)), s, 2000)).toBe(`t${DRAFT_MAX + 4}`);
  });

  it('ignores malformed entries', () => {
    const s = memory();
    s.setItem(draftKey('u', 'comment', 'x'), '{not json');
    expect(readDraft(draftKey('u', 'comment', 'x'), s)).toBe('');
  });
});
