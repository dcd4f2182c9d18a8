/**
 * Departments and posts as trees (the same rules for both): the whole tree with member counts,
 * create (with a generated code unless one is given), rename, move (a new parent and place, never
 * under itself or a node below it) and delete (only a node without members and sub-nodes). Each
 * change runs one at a time per company and tree, and is audited in its transaction. Members
 * carry their department's path and their post's name: a rename or move updates theirs.
 */
import { Code } from '@/api/codes';
import type { CrmOrgNode, OrgCreateBody, OrgMoveBody, OrgRenameBody } from '@/api/crm-people-types';
import type { Locale } from '@/i18n/routes';
import { changesOf, recordAudit } from '../../audit';
import { scoped, type Scoped } from '../../db/access';
import type { Db } from '../../db/client';
import type { OrgKind, OrgRecord } from '../../db/access/people';
import { oneAtATime } from '../../db/locks';
import { ApiError } from '../../envelope';
import type { MessageKey } from '../../i18n';
import type { AuthContext } from '../../routing';
import { inLang } from '../../localized';

/** Lock space (`db/locks.ts`) of changes to a company's tree. */
const ORG_LOCKS = 190;
/** Deeper than this a path is not followed (a guard against a cycle of parents). */
const MAX_DEPTH = 16;
/** Letter of the codes made for new nodes: `D612`, `P612`. */
const CODE_PREFIX: Record<OrgKind, string> = { department: 'D', post: 'P' };
const AUDITED = ['parentId', 'nameZh', 'nameEn', 'sort'] as const;

const key = (kind: OrgKind, rule: string) => `people.${kind}.${rule}` as MessageKey;
const notFound = (kind: OrgKind) => new ApiError(Code.NOT_FOUND, key(kind, 'notFound'));

/** Names of each node by its path from the root (`研发中心 · 架构部`), in both languages. */
export function orgPaths(rows: OrgRecord[]): Map<string, { zh: string; en: string }> {
  const byId = new Map(rows.map((r) => [r.id, r]));
  const paths = new Map<string, { zh: string; en: string }>();
  const pathOf = (row: OrgRecord, depth: number): { zh: string; en: string } => {
    const known = paths.get(row.id);
    if (known) return known;
    const parent = row.parentId && row.parentId !== row.id ? byId.get(row.parentId) : undefined;
    const above = parent && depth < MAX_DEPTH ? pathOf(parent, depth + 1) : undefined;
    const path = above ? { zh: `${above.zh} · ${row.nameZh}`, en: `${above.en} · ${row.nameEn}` } : { zh: row.nameZh, en: row.nameEn };
    paths.set(row.id, path);
    return path;
  };
  for (const row of rows) pathOf(row, 0);
  return paths;
}

/** A node and every node below it. */
export function subtreeIds(rows: OrgRecord[], id: string): string[] {
  const children = new Map<string, string[]>();
  for (const r of rows) if (r.parentId !== r.id) children.set(r.parentId, [...(children.get(r.parentId) ?? []), r.id]);
  const found = new Set<string>();
  const stack = rows.some((r) => r.id === id) ? [id] : [];
  while (stack.length) {
    const next = stack.pop()!;
    if (found.has(next)) continue;
    found.add(next);
    stack.push(...(children.get(next) ?? []));
  }
  return [...found];
}

/**
 * Rows as a tree with member counts. A node whose parent is missing (or that sits in a cycle of
 * parents) is shown at the root, so no node is ever lost from view.
 */
export function toOrgTree(rows: OrgRecord[], counts: Map<string, number>, lang: Locale): CrmOrgNode[] {
  const nodes = new Map<string, CrmOrgNode>(
    rows.map((r) => [
      r.id,
      {
        id: r.id,
        parentId: r.parentId,
        name: inLang(lang, r.nameZh, r.nameEn),
        nameZh: r.nameZh,
        nameEn: r.nameEn,
        sort: r.sort,
        memberCount: counts.get(r.id) ?? 0,
        totalMemberCount: 0,
        children: [],
      },
    ]),
  );
  const roots: CrmOrgNode[] = [];
  const placed = new Set<string>();
  const attach = (node: CrmOrgNode, into: CrmOrgNode[]) => {
    into.push(node);
    placed.add(node.id);
  };
  for (const r of rows) if (!r.parentId || r.parentId === r.id || !nodes.has(r.parentId)) attach(nodes.get(r.id)!, roots);
  // Children under placed parents, level by level; what is left sits in a cycle.
  for (let grew = true; grew; ) {
    grew = false;
    for (const r of rows) {
      if (placed.has(r.id) || !placed.has(r.parentId)) continue;
      attach(nodes.get(r.id)!, nodes.get(r.parentId)!.children);
      grew = true;
    }
  }
  for (const r of rows) if (!placed.has(r.id)) attach(nodes.get(r.id)!, roots);
  const total = (node: CrmOrgNode): number => (node.totalMemberCount = node.memberCount + node.children.reduce((sum, c) => sum + total(c), 0));
  roots.forEach(total);
  return roots;
}

export async function orgTree(ctx: AuthContext, kind: OrgKind): Promise<CrmOrgNode[]> {
  const [rows, counts] = await Promise.all([ctx.scope.people.orgNodes(kind), ctx.scope.people.memberCounts(kind)]);
  return toOrgTree(rows, counts, ctx.lang);
}

/**
 * The next free code of a tree: its letter and one more than the largest number after it.
 *
 * @example nextCode('department', ['D100', 'D610', 'PF1']) → 'D611'
 */
export function nextCode(kind: OrgKind, ids: string[]): string {
  const prefix = CODE_PREFIX[kind];
  const pattern = new RegExp(`^${prefix}(\\d+)$`);
  const numbers = ids.map((id) => pattern.exec(id)?.[1]).filter((n): n is string => n !== undefined);
  const next = numbers.reduce((max, n) => Math.max(max, Number(n)), 0) + 1;
  const width = Math.max(3, ...numbers.map((n) => n.length));
  return `${prefix}${String(next).padStart(width, '0')}`;
}

/** Runs a change of a company's tree alone, in a transaction, with the company's data through it. */
function changeTree<T>(ctx: AuthContext, kind: OrgKind, work: (people: Scoped['people'], tx: Db) => Promise<T>): Promise<T> {
  return oneAtATime(ctx.db, ORG_LOCKS, `${ctx.tenant.id}:${kind}`, (tx) => work(scoped(tx, ctx.tenant.id).people, tx));
}

/** The names members carry of the nodes given (a department's path in Chinese, a post's Chinese name). */
function memberNames(kind: OrgKind, rows: OrgRecord[], ids: string[]): { id: string; name: string }[] {
  if (kind === 'post') {
    const byId = new Map(rows.map((r) => [r.id, r]));
    return ids.map((id) => ({ id, name: byId.get(id)?.nameZh ?? '' }));
  }
  const paths = orgPaths(rows);
  return ids.map((id) => ({ id, name: paths.get(id)?.zh ?? '' }));
}

const label = (row: Pick<OrgRecord, 'nameZh' | 'nameEn'>, lang: Locale) => (inLang(lang, row.nameZh, row.nameEn));

export async function orgCreate(ctx: AuthContext, kind: OrgKind, body: OrgCreateBody): Promise<CrmOrgNode> {
  const given = body.id?.trim();
  const created = await changeTree(ctx, kind, async (people, tx) => {
    const rows = await people.orgNodes(kind);
    if (body.parentId && !rows.some((r) => r.id === body.parentId)) {
      throw new ApiError(Code.NOT_FOUND, key(kind, 'parentNotFound'));
    }
    const sort = rows.filter((r) => r.parentId === body.parentId).reduce((max, r) => Math.max(max, r.sort + 1), 0);
    const row = { id: given || nextCode(kind, rows.map((r) => r.id)), parentId: body.parentId, nameZh: body.nameZh, nameEn: body.nameEn, sort };
    // The tree is locked: a code taken here is taken for good.
    if (!(await people.insertOrg(kind, row))) throw new ApiError(Code.INVALID, key(kind, 'idTaken'), null, { id: row.id });
    await recordAudit(scoped(tx, ctx.tenant.id), ctx.member, [
      { action: 'create', objectType: kind, objectId: row.id, objectLabel: label(row, ctx.lang), changes: changesOf(null, row, AUDITED) },
    ]);
    return row;
  });
  return { ...created, name: label(created, ctx.lang), memberCount: 0, totalMemberCount: 0, children: [] };
}

export async function orgRename(ctx: AuthContext, kind: OrgKind, body: OrgRenameBody): Promise<null> {
  await changeTree(ctx, kind, async (people, tx) => {
    const rows = await people.orgNodes(kind);
    const before = rows.find((r) => r.id === body.id);
    if (!before) throw notFound(kind);
    const after = { ...before, nameZh: body.nameZh, nameEn: body.nameEn };
    await people.renameOrg(kind, body.id, { nameZh: body.nameZh, nameEn: body.nameEn });
    if (before.nameZh !== after.nameZh) {
      const renamed = rows.map((r) => (r.id === body.id ? after : r));
      const affected = kind === 'department' ? subtreeIds(renamed, body.id) : [body.id];
      await people.renameMembersOrg(kind, memberNames(kind, renamed, affected));
    }
    await recordAudit(scoped(tx, ctx.tenant.id), ctx.member, [
      { action: 'update', objectType: kind, objectId: body.id, objectLabel: label(after, ctx.lang), changes: changesOf(before, after, AUDITED) },
    ]);
  });
  return null;
}

/** Moves a node under a new parent (or the root) at a place among its new siblings, which are renumbered. */
export async function orgMove(ctx: AuthContext, kind: OrgKind, body: OrgMoveBody): Promise<null> {
  await changeTree(ctx, kind, async (people, tx) => {
    const rows = await people.orgNodes(kind);
    const before = rows.find((r) => r.id === body.id);
    if (!before) throw notFound(kind);
    if (body.parentId && !rows.some((r) => r.id === body.parentId)) throw new ApiError(Code.NOT_FOUND, key(kind, 'parentNotFound'));
    if (body.parentId && subtreeIds(rows, body.id).includes(body.parentId)) throw new ApiError(Code.INVALID, key(kind, 'moveInside'));
    const siblings = rows.filter((r) => r.parentId === body.parentId && r.id !== body.id);
    const at = Math.min(body.index, siblings.length);
    const order = [...siblings.slice(0, at), before, ...siblings.slice(at)];
    const places = order.map((r, sort) => ({ id: r.id, parentId: body.parentId, sort })).filter((p) => {
      const was = rows.find((r) => r.id === p.id)!;
      return was.parentId !== p.parentId || was.sort !== p.sort;
    });
    await people.placeOrg(kind, places);
    const after = { ...before, parentId: body.parentId, sort: order.indexOf(before) };
    if (kind === 'department' && before.parentId !== body.parentId) {
      const moved = rows.map((r) => (r.id === body.id ? after : r));
      await people.renameMembersOrg(kind, memberNames(kind, moved, subtreeIds(moved, body.id)));
    }
    await recordAudit(scoped(tx, ctx.tenant.id), ctx.member, [
      { action: 'move', objectType: kind, objectId: body.id, objectLabel: label(before, ctx.lang), changes: changesOf(before, after, ['parentId', 'sort']) },
    ]);
  });
  return null;
}

/** Deletes a node that has no members and nothing under it; says which of the two stops it otherwise. */
export async function orgDelete(ctx: AuthContext, kind: OrgKind, id: string): Promise<null> {
  await changeTree(ctx, kind, async (people, tx) => {
    const rows = await people.orgNodes(kind);
    const before = rows.find((r) => r.id === id);
    if (!before) throw notFound(kind);
    if (rows.some((r) => r.parentId === id && r.id !== id)) throw new ApiError(Code.INVALID, key(kind, 'hasChildren'));
    const members = await people.membersOf(kind, id);
    if (members > 0) throw new ApiError(Code.INVALID, key(kind, 'hasMembers'), null, { count: members });
    await people.deleteOrg(kind, id);
    await recordAudit(scoped(tx, ctx.tenant.id), ctx.member, [
      { action: 'delete', objectType: kind, objectId: id, objectLabel: label(before, ctx.lang), changes: changesOf(before, null, AUDITED) },
    ]);
  });
  return null;
}
