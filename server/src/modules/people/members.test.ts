/**
 * Members in the back office: the list (search, filters, sort), create and edit with the shared
 * rules, one identity per phone across companies, disable and enable (sessions end at once, sign
 * in refused), reset to the initial password, a department for many; audited without secrets,
 * and kept to the company.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Code } from '@/api/codes';
import type { AuditRecord } from '@/api/audit-types';
import type { BulkDepartmentResult, CrmMember, MemberFields } from '@/api/crm-people-types';
import type { LoginResult, PageResult, UserInfo } from '@/api/types';
import { createTestApp, HOST_TWO, type TestGateway } from '../../testing';
import { companyTwoAdmin, eidOf, memberIdOf, value } from './test-support';

let gw: TestGateway;
let admin: string;
let two: string;

/** 星辰科技's initial password (tenants/localhost.json). */
const INITIAL = 'Init@2026';

beforeAll(async () => {
  gw = await createTestApp();
  admin = await gw.login('E1004');
  two = await companyTwoAdmin(gw);
}, 60_000);
afterAll(() => gw?.close());

const page = async (body: Record<string, unknown>, lang: 'zh' | 'en' = 'zh') =>
  (await gw.call<PageResult<CrmMember>>('crmMemberPage', { token: admin, lang, body: { pageSize: 100, ...body } })).body;
const empNos = async (body: Record<string, unknown>) => (await page(body)).data.list.map((m) => m.empNo);
const audits = async (objectId: string) =>
  (await gw.call<PageResult<AuditRecord>>('auditPage', { token: admin, body: { objectType: 'member', pageSize: 100 } })).body.data.list.filter((r) => r.objectId === objectId);

const fields = (over: Partial<MemberFields> = {}): Partial<MemberFields> => ({
  userName: '陈晨',
  empNo: 'N2001',
  phone: '13600000001',
  email: 'chen.chen@example.com',
  idCard: '11010519491231002X',
  sex: '2',
  joiningTime: '2024-05-06',
  departmentId: 'D310',
  postId: 'P312',
  postLevel: '2_03',
  userType: 1,
  isAdmin: false,
  dataSource: 0,
  ...over,
});

describe('the member list', () => {
  it('pages the company’s members by employee number, with their department path and post in the caller’s language', async () => {
    const body = await page({ pageSize: 3 });
    expect(body.code).toBe(Code.OK);
    expect(body.data.list.map((m) => m.empNo)).toEqual(['E1001', 'E1002', 'E1003']);
    expect(body.data.totalCount).toBeGreaterThan(10);
    expect(body.data.list[0]).toMatchObject({ userName: '张伟', departmentName: '研发中心 · 前端开发部', postName: '前端工程师', status: 1, userType: 1 });
    const en = await page({ pageSize: 1 }, 'en');
    expect(en.data.list[0]).toMatchObject({ departmentName: 'R&D Centre · Front-end Development', postName: 'Front-end Engineer' });
  });

  it('searches by name, employee number or phone', async () => {
    expect(await empNos({ keyword: '张伟' })).toEqual(['E1001']);
    expect(await empNos({ keyword: 'e1004' })).toEqual(['E1004']);
    expect(await empNos({ keyword: '13816620381' })).toEqual(['E1001']);
    expect(await empNos({ keyword: '%' })).toEqual([]);
  });

  it('filters by department with its sub-departments, post, role and status', async () => {
    const centre = await empNos({ departmentId: 'D100' });
    expect(centre).toEqual(expect.arrayContaining(['E1001', 'E1002']));
    expect(centre).not.toContain('E1003');
    expect(await empNos({ departmentId: 'NOPE' })).toEqual([]);
    expect(await empNos({ postId: 'P121' })).toContain('E1002');
    expect(await empNos({ postId: 'PF1' })).toEqual(expect.arrayContaining(['E1001', 'E1002']));
    expect(await empNos({ role: 'admin' })).toEqual(['E1004']);
    expect(await empNos({ role: 'lecturer' })).toContain('E1002');
    expect(await empNos({ role: 'organization' })).toContain('E1003');
    const learners = await empNos({ role: 'learner' });
    expect(learners).toContain('E1001');
    expect(learners).not.toContain('E1004');
    expect(await empNos({ status: 0 })).toEqual([]);
  });

  it('sorts by employee number, name or joining date, either way', async () => {
    const desc = await empNos({ sortBy: 'empNo', sortOrder: 'desc' });
    expect(desc).toEqual([...desc].sort().reverse());
    const byDate = (await page({ sortBy: 'joiningTime', sortOrder: 'asc' })).data.list.map((m) => m.joiningTime).filter(Boolean);
    expect(byDate).toEqual([...byDate].sort());
    const byName = (await page({ sortBy: 'userName' })).data.list.map((m) => m.userName);
    expect(byName.length).toBeGreaterThan(3);
    expect((await gw.call('crmMemberPage', { token: admin, lang: 'en', body: { sortBy: 'password' } })).body.code).toBe(Code.INVALID);
  });
});

describe('creating and editing members', () => {
  it('creates a member on the company’s initial password, who must change it at first sign-in', async () => {
    const { body } = await gw.call<CrmMember>('crmMemberCreate', { token: admin, body: fields() });
    expect(body.code).toBe(Code.OK);
    expect(body.data).toMatchObject({ empNo: 'N2001', userName: '陈晨', departmentName: '人力资源部 · 培训中心', postName: '人力资源专员', isInitPassword: 0, status: 1, phone: '13600000001' });
    const signedIn = await gw.call<LoginResult>('loginByEmpNo', { body: { empNo: 'N2001', password: INITIAL } });
    expect(signedIn.body.data.user.isInitPassword).toBe(0);
    expect((await gw.call('coursePage', { token: signedIn.body.data.token, body: {} })).body.code).toBe(Code.PASSWORD_CHANGE_REQUIRED);
    const record = (await audits(body.data.id))[0]!;
    expect(record).toMatchObject({ action: 'create', objectLabel: '陈晨' });
    expect(record.changes.map((c) => c.field)).not.toContain('passwordHash');
    const hash = await value(gw, sql`select password_hash as v from enterprise_users where id = ${body.data.id}`);
    expect(JSON.stringify(record)).not.toContain(hash);
  });

  it('refuses each broken field with its message, in both languages', async () => {
    const cases: [Partial<MemberFields>, string, string][] = [
      [{ userName: '名'.repeat(16) }, '参数 userName 不能超过 15 个字符', 'userName'],
      [{ empNo: 'E'.repeat(21) }, '参数 empNo 不能超过 20 个字符', 'empNo'],
      [{ phone: '12345' }, '请输入正确的手机号', 'Enter a correct mobile number'],
      [{ email: 'chen@' }, '请输入正确的邮箱', 'Please enter a correct email address'],
      [{ idCard: '110105194912310021' }, '请输入正确的身份证信息', 'Please enter a correct ID card number'],
      [{ joiningTime: '2999-01-01' }, '入职日期不能晚于今天', 'The joining date cannot be later than today'],
      [{ joiningTime: '2024-02-30' }, '请输入正确的入职日期（年-月-日）', 'Enter a correct joining date (YYYY-MM-DD)'],
      [{ departmentId: 'NOPE' }, '部门不存在', 'No such department'],
      [{ postId: 'NOPE' }, '岗位不存在', 'No such post'],
      [{ postLevel: '5_01' }, '岗位职级不存在', 'No such post level'],
      [{ empNo: 'E1001' }, '工号 E1001 已被本企业的成员使用', 'The employee number E1001 already belongs to a member of the company'],
      [{ empNo: 'N2002', phone: '13816620381' }, '该手机号已是本企业的成员 张伟', 'This mobile number already belongs to 张伟, a member of the company'],
    ];
    for (const [over, zh, en] of cases) {
      const body = fields({ empNo: 'N2099', phone: '', ...over });
      const zhAnswer = await gw.call('crmMemberCreate', { token: admin, body });
      expect([zhAnswer.body.code, zhAnswer.body.msg], JSON.stringify(over)).toEqual([Code.INVALID, zh]);
      const enAnswer = await gw.call('crmMemberCreate', { token: admin, lang: 'en', body });
      expect(enAnswer.body.msg, JSON.stringify(over)).toContain(en);
    }
    expect((await gw.call('crmMemberCreate', { token: admin, body: fields({ empNo: 'N2099', userType: 4 as 1 }) })).body.code).toBe(Code.INVALID);
  });

  it('makes a member whose phone is a person’s of another company that same person', async () => {
    const person = await value(gw, sql`select id as v from users where phone = '13770516248'`);
    const { body } = await gw.call<CrmMember>('crmMemberCreate', { token: admin, body: fields({ empNo: 'N2003', userName: '周婷婷', phone: '13770516248' }) });
    expect(body.code).toBe(Code.OK);
    expect(await value(gw, sql`select user_id as v from enterprise_users where id = ${body.data.id}`)).toBe(person);
    // The person now has two companies: their own sign-in there lists both.
    const theirs = await gw.login('B2001', undefined, { host: HOST_TWO });
    const list = await gw.call<unknown[]>('enterpriseList', { token: theirs, host: HOST_TWO });
    expect(list.body.data).toHaveLength(2);
  });

  it('edits a member, audits each changed field, and refuses what would break', async () => {
    const id = await memberIdOf(gw, 'N2001');
    const { body } = await gw.call<CrmMember>('crmMemberUpdate', { token: admin, body: { id, ...fields({ userName: '陈晨晨', departmentId: 'D110', userType: 2, phone: '13600000009' }) } });
    expect(body.data).toMatchObject({ userName: '陈晨晨', departmentId: 'D110', userType: 2, phone: '13600000009' });
    const record = (await audits(id)).find((r) => r.action === 'update')!;
    expect(record.changes).toEqual(
      expect.arrayContaining([
        { field: 'userName', before: '陈晨', after: '陈晨晨' },
        { field: 'departmentId', before: 'D310', after: 'D110' },
        { field: 'userType', before: 1, after: 2 },
      ]),
    );
    const taken = await gw.call('crmMemberUpdate', { token: admin, body: { id, ...fields({ empNo: 'E1001' }) } });
    expect(taken.body.msg).toBe('工号 E1001 已被本企业的成员使用');
    // E1007 is also B2007 of company two: the phone is the person's in both.
    const shared = await memberIdOf(gw, 'E1007');
    const sharedAnswer = await gw.call('crmMemberUpdate', { token: admin, lang: 'en', body: { id: shared, ...fields({ empNo: 'E1007', userName: '孙浩', phone: '13600000077' }) } });
    expect(sharedAnswer.body).toMatchObject({ code: Code.INVALID, msg: 'This member also belongs to other companies: their mobile number cannot be changed here' });
    const self = await memberIdOf(gw, 'E1004');
    const demote = await gw.call('crmMemberUpdate', { token: admin, body: { id: self, ...fields({ empNo: 'E1004', userName: '刘洋', phone: '', isAdmin: false }) } });
    expect(demote.body).toMatchObject({ code: Code.FORBIDDEN, msg: '不能取消自己的管理员身份' });
    expect((await gw.call('crmMemberUpdate', { token: admin, body: { id: '00000000-0000-4000-8000-000000000000', ...fields() } })).body.code).toBe(Code.NOT_FOUND);
  });
});

describe('disabling, enabling and resetting', () => {
  it('ends a disabled member’s open session at once, refuses their sign-in, and lets them in again once enabled', async () => {
    const learner = await gw.login('E1001');
    expect((await gw.call('currentUser', { token: learner })).body.code).toBe(Code.OK);
    const id = await memberIdOf(gw, 'E1001');
    const { body } = await gw.call<CrmMember>('crmMemberStatus', { token: admin, body: { id, status: 0 } });
    expect(body.data.status).toBe(0);
    // The session was looked up a moment ago: it is forgotten, not kept for the cache's 5 s.
    expect((await gw.call('currentUser', { token: learner })).body.code).toBe(Code.UNAUTHORIZED);
    const zh = await gw.call('loginByEmpNo', { body: { empNo: 'E1001', password: 'Xuetang@2026' } });
    expect(zh.body).toMatchObject({ code: Code.FORBIDDEN, msg: '账号已停用，请联系企业管理员' });
    const en = await gw.call('loginByEmpNo', { lang: 'en', body: { empNo: 'E1001', password: 'Xuetang@2026' } });
    expect(en.body.msg).toBe('Account disabled: please contact your company administrator');
    const byPhone = await gw.call('loginByPhonePassword', { body: { phone: '13816620381', password: 'Xuetang@2026' } });
    expect(byPhone.body.code).toBe(Code.FORBIDDEN);
    // A wrong password is answered as for anyone: the refusal tells a stranger nothing.
    expect((await gw.call('loginByEmpNo', { body: { empNo: 'E1001', password: 'Wrong@2026' } })).body.code).toBe(Code.LOGIN_ERROR);
    expect(await page({ status: 0 }).then((p) => p.data.list.map((m) => m.empNo))).toEqual(['E1001']);

    expect((await gw.call('crmMemberStatus', { token: admin, body: { id, status: 1 } })).body.code).toBe(Code.OK);
    expect((await gw.login('E1001')).length).toBeGreaterThan(20);
    expect((await audits(id)).map((r) => r.action)).toEqual(['enable', 'disable']);
  });

  it('refuses an administrator disabling themself', async () => {
    const id = await memberIdOf(gw, 'E1004');
    const { body } = await gw.call('crmMemberStatus', { token: admin, lang: 'en', body: { id, status: 0 } });
    expect(body).toMatchObject({ code: Code.FORBIDDEN, msg: 'You cannot disable your own account' });
  });

  it('resets a member to the initial password: their sessions end and the change dialog comes back', async () => {
    const lecturer = await gw.login('E1002');
    const id = await memberIdOf(gw, 'E1002');
    expect((await gw.call('crmMemberResetPassword', { token: admin, body: { id } })).body.code).toBe(Code.OK);
    expect((await gw.call('currentUser', { token: lecturer })).body.code).toBe(Code.UNAUTHORIZED);
    expect((await gw.call('loginByEmpNo', { body: { empNo: 'E1002', password: 'Xuetang@2026' } })).body.code).toBe(Code.LOGIN_ERROR);
    const again = await gw.call<LoginResult>('loginByEmpNo', { body: { empNo: 'E1002', password: INITIAL } });
    expect(again.body.data.user.isInitPassword).toBe(0);
    const record = (await audits(id)).find((r) => r.action === 'reset-password')!;
    expect(record.changes).toEqual([{ field: 'isInitPassword', before: 1, after: 0 }]);
  });
});

describe('a department for many members at once', () => {
  it('moves them, answers their departments before, and audits each change', async () => {
    const ids = [await memberIdOf(gw, 'E1003'), await memberIdOf(gw, 'E1006')];
    const before = await Promise.all(ids.map((id) => value(gw, sql`select department_id as v from enterprise_users where id = ${id}`)));
    const { body } = await gw.call<BulkDepartmentResult>('crmMemberBulkDepartment', { token: admin, body: { ids, departmentId: 'D420' } });
    expect(body.data.updated).toBe(2);
    expect(body.data.previous).toEqual(expect.arrayContaining(ids.map((id, i) => ({ id, departmentId: before[i] }))));
    expect(await empNos({ departmentId: 'D420' })).toEqual(expect.arrayContaining(['E1003', 'E1006']));
    for (const id of ids) expect((await audits(id))[0]!.changes[0]).toMatchObject({ field: 'departmentId', after: 'D420' });
    // The undo: each back where it was.
    for (const [i, id] of ids.entries()) await gw.call('crmMemberBulkDepartment', { token: admin, body: { ids: [id], departmentId: before[i] } });
    expect(await value(gw, sql`select department_id as v from enterprise_users where id = ${ids[0]!}`)).toBe(before[0]);
  });

  it('refuses more than 500 members, an unknown member and an unknown department', async () => {
    const many = Array.from({ length: 501 }, () => crypto.randomUUID());
    expect((await gw.call('crmMemberBulkDepartment', { token: admin, body: { ids: many, departmentId: 'D420' } })).body.code).toBe(Code.INVALID);
    const id = await memberIdOf(gw, 'E1003');
    expect((await gw.call('crmMemberBulkDepartment', { token: admin, body: { ids: [id, crypto.randomUUID()], departmentId: 'D420' } })).body.code).toBe(Code.NOT_FOUND);
    const unknown = await gw.call('crmMemberBulkDepartment', { token: admin, lang: 'en', body: { ids: [id], departmentId: 'NOPE' } });
    expect(unknown.body).toMatchObject({ code: Code.NOT_FOUND, msg: 'No such department' });
  });
});

describe('company boundaries', () => {
  it("gives company two's administrator none of company one's members to see or change", async () => {
    const theirs = await gw.call<PageResult<CrmMember>>('crmMemberPage', { token: two, host: HOST_TWO, body: { pageSize: 100 } });
    expect(theirs.body.data.list.every((m) => m.empNo.startsWith('B'))).toBe(true);
    const id = await memberIdOf(gw, 'E1001');
    for (const [name, body] of [
      ['crmMemberUpdate', { id, ...fields({ empNo: 'E1001' }) }],
      ['crmMemberStatus', { id, status: 0 }],
      ['crmMemberResetPassword', { id }],
      ['crmMemberBulkDepartment', { ids: [id], departmentId: '' }],
    ] as const) {
      expect((await gw.call(name, { token: two, host: HOST_TWO, body })).body.code, name).toBe(Code.NOT_FOUND);
    }
    expect(await value(gw, sql`select status::text as v from enterprise_users where id = ${id}`)).toBe('1');
    const eidTwo = await eidOf(gw, HOST_TWO);
    expect(await value(gw, sql`select count(*)::int as v from audit_log where enterprise_id = ${eidTwo} and object_type = 'member'`)).toBe('0');
  });

  it('lets company two create a member with an employee number company one uses', async () => {
    const { body } = await gw.call<CrmMember>('crmMemberCreate', { token: two, host: HOST_TWO, body: fields({ empNo: 'E1001', phone: '', departmentId: 'Q210', postId: 'Q211' }) });
    expect(body.code).toBe(Code.OK);
    expect(body.data.departmentName).toBe('生产部 · 总装车间');
    const me = await gw.login('E1001');
    expect((await gw.call<UserInfo>('currentUser', { token: me })).body.data.userName).toBe('张伟');
  });
});
