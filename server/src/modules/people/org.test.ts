/**
 * Departments and posts in the back office: the trees with member counts, create (generated or
 * given codes), rename, move (never under itself or below), delete (only when empty), the post
 * levels; each change audited, seen by the learner side's lists, and kept to its own company.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Code } from '@/api/codes';
import type { CrmOrgNode, PostLevelGroup } from '@/api/crm-people-types';
import type { AuditRecord } from '@/api/audit-types';
import type { PageResult, TreeOption, UserInfo } from '@/api/types';
import { createTestApp, HOST_TWO, type TestGateway } from '../../testing';
import { companyTwoAdmin, value } from './test-support';
import { nextCode, toOrgTree } from './org';

let gw: TestGateway;
let admin: string;
let two: string;

beforeAll(async () => {
  gw = await createTestApp();
  admin = await gw.login('E1004');
  two = await companyTwoAdmin(gw);
}, 60_000);
afterAll(() => gw?.close());

const find = (nodes: CrmOrgNode[], id: string): CrmOrgNode | undefined => {
  for (const n of nodes) {
    if (n.id === id) return n;
    const inside = find(n.children, id);
    if (inside) return inside;
  }
  return undefined;
};
const findOption = (nodes: TreeOption[], id: string): TreeOption | undefined => {
  for (const n of nodes) {
    if (n.id === id) return n;
    const inside = findOption(n.children ?? [], id);
    if (inside) return inside;
  }
  return undefined;
};
const tree = async (kind: 'crmDepartmentTree' | 'crmPostTree', lang: 'zh' | 'en' = 'zh', token = admin, host?: string) =>
  (await gw.call<CrmOrgNode[]>(kind, { token, lang, host, body: {} })).body;
const audits = async (objectType: string) =>
  (await gw.call<PageResult<AuditRecord>>('auditPage', { token: admin, body: { objectType, pageSize: 100 } })).body.data.list;

describe('rules of the trees', () => {
  it('makes the next code after the largest of its letter', () => {
    expect(nextCode('department', ['D100', 'D610', 'PF1', 'Q200'])).toBe('D611');
    expect(nextCode('post', ['PF1', 'P611'])).toBe('P612');
    expect(nextCode('department', ['Q100'])).toBe('D001');
  });

  it('shows a node whose parents form a cycle at the root, and sums members down the tree', () => {
    const row = (id: string, parentId: string) => ({ enterpriseId: 'e', id, parentId, nameZh: id, nameEn: id, sort: 0 });
    const roots = toOrgTree([row('A', ''), row('B', 'A'), row('C', 'D'), row('D', 'C')], new Map([['A', 1], ['B', 2], ['C', 5]]), 'zh');
    expect(roots.map((r) => r.id).sort()).toEqual(['A', 'C', 'D']);
    expect(roots.find((r) => r.id === 'A')).toMatchObject({ memberCount: 1, totalMemberCount: 3 });
  });
});

describe('departments', () => {
  it('lists the whole tree with member counts, its own and below', async () => {
    const body = await tree('crmDepartmentTree');
    expect(body.code).toBe(Code.OK);
    const centre = find(body.data, 'D100')!;
    expect(centre).toMatchObject({ name: '研发中心', nameEn: 'R&D Centre', parentId: '' });
    expect(centre.children.map((c) => c.id)).toEqual(['D110', 'D120', 'D130']);
    const frontEnd = find(body.data, 'D110')!;
    expect(frontEnd.memberCount).toBeGreaterThan(0);
    expect(centre.totalMemberCount).toBe(centre.memberCount + centre.children.reduce((s, c) => s + c.totalMemberCount, 0));
    expect(find((await tree('crmDepartmentTree', 'en')).data, 'D100')!.name).toBe('R&D Centre');
  });

  it('creates a department with a generated code, audited and seen by the learner side', async () => {
    const { body } = await gw.call<CrmOrgNode>('crmDepartmentCreate', { token: admin, body: { parentId: 'D100', nameZh: '数据部', nameEn: 'Data' } });
    expect(body.code).toBe(Code.OK);
    expect(body.data).toMatchObject({ id: 'D611', parentId: 'D100', name: '数据部', memberCount: 0 });
    const centre = find((await tree('crmDepartmentTree')).data, 'D100')!;
    expect(centre.children.at(-1)!.id).toBe('D611');
    const learner = await gw.login('E1001');
    const list = await gw.call<TreeOption[]>('departmentList', { token: learner, body: {} });
    expect(findOption(list.body.data, 'D611')).toMatchObject({ name: '数据部', parentId: 'D100' });
    const record = (await audits('department')).find((r) => r.objectId === 'D611')!;
    expect(record).toMatchObject({ action: 'create', actorName: '刘洋', objectLabel: '数据部' });
    expect(record.changes).toContainEqual({ field: 'nameEn', before: null, after: 'Data' });
  });

  it('creates one with a code given, and refuses a code taken, in both languages', async () => {
    expect((await gw.call('crmDepartmentCreate', { token: admin, body: { id: 'X900', parentId: '', nameZh: '临时部', nameEn: 'Temp' } })).body.code).toBe(Code.OK);
    const zh = await gw.call('crmDepartmentCreate', { token: admin, body: { id: 'X900', parentId: '', nameZh: '又一个', nameEn: 'Again' } });
    expect(zh.body).toMatchObject({ code: Code.INVALID, msg: '部门编号 X900 已存在' });
    const en = await gw.call('crmDepartmentCreate', { token: admin, lang: 'en', body: { id: 'X900', parentId: '', nameZh: '又一个', nameEn: 'Again' } });
    expect(en.body.msg).toBe('The department code X900 is already taken');
  });

  it('refuses an unknown parent, a missing name and one too long', async () => {
    const parent = await gw.call('crmDepartmentCreate', { token: admin, lang: 'en', body: { parentId: 'NOPE', nameZh: '某部', nameEn: 'Some' } });
    expect(parent.body).toMatchObject({ code: Code.NOT_FOUND, msg: 'The parent department does not exist' });
    const long = await gw.call('crmDepartmentCreate', { token: admin, body: { parentId: '', nameZh: '部'.repeat(51), nameEn: 'Long' } });
    expect(long.body).toMatchObject({ code: Code.INVALID, msg: '参数 nameZh 不能超过 50 个字符' });
    const empty = await gw.call('crmDepartmentCreate', { token: admin, lang: 'en', body: { parentId: '', nameZh: ' ', nameEn: 'Empty' } });
    expect(empty.body.code).toBe(Code.INVALID);
    expect(empty.body.msg).toContain('nameZh');
  });

  it('renames a department, and its members carry the new path', async () => {
    const { body } = await gw.call('crmDepartmentRename', { token: admin, body: { id: 'D100', nameZh: '技术中心', nameEn: 'Technology Centre' } });
    expect(body.code).toBe(Code.OK);
    const learner = await gw.login('E1001');
    const me = await gw.call<UserInfo>('currentUser', { token: learner });
    expect(me.body.data.departmentName).toBe('技术中心 · 前端开发部');
    const record = (await audits('department')).find((r) => r.objectId === 'D100' && r.action === 'update')!;
    expect(record.changes).toContainEqual({ field: 'nameZh', before: '研发中心', after: '技术中心' });
  });

  it('moves a department under another at a place, and refuses moving it under itself or below', async () => {
    const moved = await gw.call('crmDepartmentMove', { token: admin, body: { id: 'D120', parentId: 'D200', index: 0 } });
    expect(moved.body.code).toBe(Code.OK);
    const product = find((await tree('crmDepartmentTree')).data, 'D200')!;
    expect(product.children.map((c) => c.id)).toEqual(['D120', 'D210', 'D220']);
    const lecturer = await gw.login('E1002');
    expect((await gw.call<UserInfo>('currentUser', { token: lecturer })).body.data.departmentName).toBe('产品中心 · 架构部');
    expect((await audits('department')).find((r) => r.objectId === 'D120' && r.action === 'move')!.changes).toContainEqual({ field: 'parentId', before: 'D100', after: 'D200' });

    for (const parentId of ['D200', 'D120']) {
      const zh = await gw.call('crmDepartmentMove', { token: admin, body: { id: 'D200', parentId, index: 0 } });
      expect(zh.body).toMatchObject({ code: Code.INVALID, msg: '不能把部门移到它自己或它的下级部门之下' });
    }
    const en = await gw.call('crmDepartmentMove', { token: admin, lang: 'en', body: { id: 'D200', parentId: 'D120', index: 0 } });
    expect(en.body.msg).toBe('A department cannot be moved under itself or one of its sub-departments');
    // Back at the root, last.
    await gw.call('crmDepartmentMove', { token: admin, body: { id: 'D120', parentId: '', index: 99 } });
    const roots = (await tree('crmDepartmentTree')).data;
    expect(roots.at(-1)!.id).toBe('D120');
  });

  it('deletes only a department without members and sub-departments, saying why not', async () => {
    const members = await gw.call('crmDepartmentDelete', { token: admin, body: { id: 'D110' } });
    expect(members.body.code).toBe(Code.INVALID);
    expect(members.body.msg).toMatch(/^该部门还有 \d+ 名成员，不能删除$/);
    const children = await gw.call('crmDepartmentDelete', { token: admin, lang: 'en', body: { id: 'D100' } });
    expect(children.body).toMatchObject({ code: Code.INVALID, msg: 'The department has sub-departments and cannot be deleted' });
    expect((await gw.call('crmDepartmentDelete', { token: admin, body: { id: 'X900' } })).body.code).toBe(Code.OK);
    expect(find((await tree('crmDepartmentTree')).data, 'X900')).toBeUndefined();
    expect((await gw.call('crmDepartmentDelete', { token: admin, body: { id: 'X900' } })).body.code).toBe(Code.NOT_FOUND);
    expect((await audits('department')).find((r) => r.objectId === 'X900' && r.action === 'delete')).toBeDefined();
  });

  it("keeps each company to its own tree: company two's administrator neither sees nor changes company one's", async () => {
    const theirs = await tree('crmDepartmentTree', 'zh', two, HOST_TWO);
    expect(find(theirs.data, 'D110')).toBeUndefined();
    expect(find(theirs.data, 'Q200')).toBeDefined();
    for (const [name, body] of [
      ['crmDepartmentRename', { id: 'D110', nameZh: '越界', nameEn: 'Across' }],
      ['crmDepartmentMove', { id: 'D110', parentId: '', index: 0 }],
      ['crmDepartmentDelete', { id: 'D611' }],
      ['crmDepartmentCreate', { parentId: 'D100', nameZh: '越界', nameEn: 'Across' }],
    ] as const) {
      expect((await gw.call(name, { token: two, host: HOST_TWO, body })).body.code, name).toBe(Code.NOT_FOUND);
    }
    // A code company one uses is free in company two.
    expect((await gw.call<CrmOrgNode>('crmDepartmentCreate', { token: two, host: HOST_TWO, body: { id: 'D611', parentId: '', nameZh: '二号的部门', nameEn: 'Two' } })).body.code).toBe(Code.OK);
    expect(find((await tree('crmDepartmentTree')).data, 'D611')!.name).toBe('数据部');
  });

  it('is refused to members who are not administrators', async () => {
    const organisation = await gw.login('E1003');
    expect((await gw.call('crmDepartmentTree', { token: organisation, body: {} })).body.code).toBe(Code.FORBIDDEN);
  });
});

describe('posts and post levels', () => {
  it('lists groups and posts with member counts, and keeps the same rules as departments', async () => {
    const posts = (await tree('crmPostTree')).data;
    const technical = find(posts, 'PF1')!;
    expect(technical.children.map((c) => c.id)).toContain('P111');
    expect(find(posts, 'P111')!.memberCount).toBeGreaterThan(0);

    const created = await gw.call<CrmOrgNode>('crmPostCreate', { token: admin, body: { parentId: 'PF1', nameZh: '数据工程师', nameEn: 'Data Engineer' } });
    expect(created.body.data.id).toBe('P612');
    const learner = await gw.login('E1001');
    expect(findOption((await gw.call<TreeOption[]>('postList', { token: learner, body: {} })).body.data, 'P612')!.name).toBe('数据工程师');

    expect((await gw.call('crmPostRename', { token: admin, body: { id: 'P111', nameZh: '前端开发工程师', nameEn: 'Front-end Developer' } })).body.code).toBe(Code.OK);
    // A fresh sign-in (a session looked up in the last 5 s may still show the old name).
    expect((await gw.call<UserInfo>('currentUser', { token: await gw.login('E1001') })).body.data.postName).toBe('前端开发工程师');

    const inside = await gw.call('crmPostMove', { token: admin, lang: 'en', body: { id: 'PF1', parentId: 'P111', index: 0 } });
    expect(inside.body).toMatchObject({ code: Code.INVALID, msg: 'A post cannot be moved under itself or one of the posts under it' });
    expect((await gw.call('crmPostMove', { token: admin, body: { id: 'P612', parentId: 'PF2', index: 0 } })).body.code).toBe(Code.OK);
    expect(find((await tree('crmPostTree')).data, 'PF2')!.children[0]!.id).toBe('P612');

    const held = await gw.call('crmPostDelete', { token: admin, body: { id: 'P111' } });
    expect(held.body.msg).toMatch(/^还有 \d+ 名成员在该岗位，不能删除$/);
    expect((await gw.call('crmPostDelete', { token: admin, lang: 'en', body: { id: 'PF1' } })).body.msg).toBe('The post group still holds posts and cannot be deleted');
    expect((await gw.call('crmPostDelete', { token: admin, body: { id: 'P612' } })).body.code).toBe(Code.OK);

    const records = await audits('post');
    expect(records.map((r) => r.action).sort()).toEqual(['create', 'delete', 'move', 'update']);
    expect((await gw.call('crmPostRename', { token: two, host: HOST_TWO, body: { id: 'P111', nameZh: '越界', nameEn: 'Across' } })).body.code).toBe(Code.NOT_FOUND);
  });

  it('lists the four post level groups of the spec, read-only, in the caller’s language', async () => {
    const { body } = await gw.call<PostLevelGroup[]>('crmPostLevelList', { token: admin });
    expect(body.data.map((g) => [g.label, g.children.length])).toEqual([['1岗', 15], ['2岗', 23], ['3岗', 23], ['4岗', 15]]);
    expect(body.data[0]!.children[0]).toEqual({ value: '1_01', label: '1岗-01' });
    const en = await gw.call<PostLevelGroup[]>('crmPostLevelList', { token: admin, lang: 'en' });
    expect(en.body.data[3]!.children.at(-1)).toEqual({ value: '4_15', label: 'Post 4-15' });
  });

  it('never audits a tree change of one company into another', async () => {
    const eidTwo = await value(gw, sql`select enterprise_id as v from enterprise_domains where domain = ${HOST_TWO}`);
    const count = await value(gw, sql`select count(*)::int as v from audit_log where enterprise_id = ${eidTwo} and object_type = 'department'`);
    expect(Number(count)).toBe(1);
  });
});
