import { describe, expect, it } from 'vitest';
import { idsOf, moveItem } from '@/components/crm/site/reorder';

describe('moveItem', () => {
  it('moves an item down, up, and to either end', () => {
    expect(moveItem(['a', 'b', 'c', 'd'], 0, 2)).toEqual(['b', 'c', 'a', 'd']);
    expect(moveItem(['a', 'b', 'c', 'd'], 3, 1)).toEqual(['a', 'd', 'b', 'c']);
    expect(moveItem(['a', 'b', 'c'], 1, 0)).toEqual(['b', 'a', 'c']);
    expect(moveItem(['a', 'b', 'c'], 1, 2)).toEqual(['a', 'c', 'b']);
  });

  it('clamps the target and leaves the list as it is when nothing moves', () => {
    const list = ['a', 'b', 'c'];
    expect(moveItem(list, 0, -1)).toEqual(list);
    expect(moveItem(list, 2, 9)).toEqual(list);
    expect(moveItem(list, 5, 0)).toEqual(list);
    expect(moveItem(list, 0, 0)).not.toBe(list);
  });

  it('lists ids in order', () => {
    expect(idsOf([{ id: 'x' }, { id: 'y' }])).toEqual(['x', 'y']);
  });
});
