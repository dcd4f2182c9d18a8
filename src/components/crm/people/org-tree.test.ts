import { describe, expect, it } from 'vitest';
import type { CrmOrgNode } from '@/api/crm-people-types';
import { dropMove, flatten, parentsOf, stepMove, subtreeOf } from '@/components/crm/people/org-tree';

const node = (id: string, children: CrmOrgNode[] = []): CrmOrgNode => ({
  id,
  parentId: '',
  name: id,
  nameZh: id,
  nameEn: id,
  sort: 0,
  memberCount: 0,
  totalMemberCount: 0,
  children,
});
const tree = [node('A', [node('A1'), node('A2', [node('A21')])]), node('B')];

describe('org tree helpers', () => {
  it('flattens parents first, and only open branches when asked', () => {
    expect(flatten(tree).map((f) => `${f.node.id}:${f.depth}:${f.parentId}`)).toEqual(['A:0:', 'A1:1:A', 'A2:1:A', 'A21:2:A2', 'B:0:']);
    expect(flatten(tree, new Set(['A'])).map((f) => f.node.id)).toEqual(['A', 'A1', 'A2', 'B']);
    expect(parentsOf(tree)).toEqual(['A', 'A2']);
  });

  it('knows a subtree', () => {
    expect([...subtreeOf(tree, 'A2')]).toEqual(['A2', 'A21']);
    expect(subtreeOf(tree, 'nope').size).toBe(0);
  });

  it('steps a node up or down among its siblings, not past the edge', () => {
    expect(stepMove(tree, 'A2', -1)).toEqual({ id: 'A2', parentId: 'A', index: 0 });
    expect(stepMove(tree, 'A1', -1)).toBeUndefined();
    expect(stepMove(tree, 'A', 1)).toEqual({ id: 'A', parentId: '', index: 1 });
    expect(stepMove(tree, 'B', 1)).toBeUndefined();
  });

  it('drops a node as the last child of another, never under itself', () => {
    expect(dropMove(tree, 'B', 'A2')).toEqual({ id: 'B', parentId: 'A2', index: 1 });
    expect(dropMove(tree, 'A1', '')).toEqual({ id: 'A1', parentId: '', index: 2 });
    expect(dropMove(tree, 'A', 'A21')).toBeUndefined();
    expect(dropMove(tree, 'A', 'A')).toBeUndefined();
  });
});
