/**
 * Pure helpers of the department and post trees on the back-office pages: the tree flattened in
 * display order (for the keyboard, selects and the move dialog), a node's descendants, its
 * place among its siblings, and the move a drop or a "move up/down" makes.
 */
import type { CrmOrgNode } from '@/api/crm-people-types';

/** A node in display order with its depth (0 at the root) and its parent's id. */
export interface FlatNode {
  node: CrmOrgNode;
  depth: number;
  parentId: string;
}

/**
 * Every node, parents before children, siblings in order; with `expanded`, only the nodes whose
 * ancestors are all expanded (what a tree view shows).
 *
 * @example flatten([{ id: 'A', children: [{ id: 'B', children: [] }] }]).map((f) => f.node.id) → ['A', 'B']
 */
export function flatten(nodes: CrmOrgNode[], expanded?: ReadonlySet<string>, depth = 0, parentId = ''): FlatNode[] {
  return nodes.flatMap((node) => [
    { node, depth, parentId },
    ...(expanded && !expanded.has(node.id) ? [] : flatten(node.children, expanded, depth + 1, node.id)),
  ]);
}

/** The node with this id, anywhere in the tree. */
export function findNode(nodes: CrmOrgNode[], id: string): CrmOrgNode | undefined {
  for (const node of nodes) {
    if (node.id === id) return node;
    const inside = findNode(node.children, id);
    if (inside) return inside;
  }
  return undefined;
}

/** The ids of a node and of every node below it (where it may not be moved). */
export function subtreeOf(nodes: CrmOrgNode[], id: string): Set<string> {
  const out = new Set<string>();
  const walk = (node: CrmOrgNode) => {
    out.add(node.id);
    node.children.forEach(walk);
  };
  const start = findNode(nodes, id);
  if (start) walk(start);
  return out;
}

/** The children of `parentId` (`''`: the roots). */
export function childrenOf(nodes: CrmOrgNode[], parentId: string): CrmOrgNode[] {
  return parentId ? (findNode(nodes, parentId)?.children ?? []) : nodes;
}

/** The ids of every node that has children (a tree shown fully open). */
export function parentsOf(nodes: CrmOrgNode[]): string[] {
  return flatten(nodes)
    .filter((f) => f.node.children.length > 0)
    .map((f) => f.node.id);
}

export interface OrgMove {
  id: string;
  parentId: string;
  index: number;
}

/**
 * The move of one step up or down among its siblings; undefined at the edge.
 *
 * @example stepMove(tree, 'B', -1) → { id: 'B', parentId: 'A', index: 0 } when B is A's second child
 */
export function stepMove(nodes: CrmOrgNode[], id: string, step: -1 | 1): OrgMove | undefined {
  const flat = flatten(nodes).find((f) => f.node.id === id);
  if (!flat) return undefined;
  const siblings = childrenOf(nodes, flat.parentId);
  const index = siblings.findIndex((n) => n.id === id) + step;
  if (index < 0 || index >= siblings.length) return undefined;
  return { id, parentId: flat.parentId, index };
}

/**
 * The move a drop makes: onto a node, the dragged node becomes its last child; onto the root
 * (`''`), the last root. Undefined when the drop would put a node under itself or below.
 */
export function dropMove(nodes: CrmOrgNode[], id: string, target: string): OrgMove | undefined {
  if (target && subtreeOf(nodes, id).has(target)) return undefined;
  const siblings = childrenOf(nodes, target).filter((n) => n.id !== id);
  return { id, parentId: target, index: siblings.length };
}
