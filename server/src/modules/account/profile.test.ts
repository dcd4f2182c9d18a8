import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Code } from '@/api/codes';
import type { PostGradeInfo, TreeOption, UserInfo } from '@/api/types';
import { createTestApp, DEMO_PASSWORD, HOST_TWO, type TestGateway } from '../../testing';
import { demoEids, rawCall } from './test-support';

let gw: TestGateway;
let eids: { one: string; two: string };
beforeAll(async () => {
  gw = await createTestApp();
  eids = await demoEids(gw);
});
afterAll(() => gw?.close());

/** Checksum-valid resident ID numbers, and ones that are not. */
const VALID_IDS = ['11010519491231002X', '440305199202283450', '11010519491231002x'];
const INVALID_IDS = ['110105194912310021', '11010519491231002', '110105194913310028', 'ABCDEFGHIJKLMNOPQR', ''];

const me = async (token: string) => (await gw.call<UserInfo>('currentUser', { token })).body.data;

describe('supplementary information', () => {
  it('saves a valid email and ID card and answers the updated user', async () => {
    const token = await gw.login('E1006');
    const { body } = await gw.call<UserInfo>('updateUserInfo', {
      token,
      body: { email: ' zhao.min@xingchen.example.com ', idCard: '11010519491231002x' },
    });
    expect(body.code).toBe(Code.OK);
    expect(body.data).toMatchObject({ empNo: 'E1006', email: 'zhao.min@xingchen.example.com', idCard: '11010519491231002X' });
    expect(await me(token)).toEqual(body.data);
  });

  it('refuses an invalid email or ID number with the messages of section 5', async () => {
    const token = await gw.login('E1006');
    for (const idCard of INVALID_IDS) {
      const { res, body } = await gw.call('updateUserInfo', { token, body: { idCard } });
      expect(res.status, idCard).toBe(422);
      expect(body.msg, idCard).toBe('请输入正确的身份证信息');
    }
    expect((await gw.call('updateUserInfo', { token, lang: 'en', body: { idCard: INVALID_IDS[0] } })).body.msg).toBe(
      'Please enter a correct ID card number',
    );
    for (const email of ['zhao.min@', 'zhao min@example.com', 'a@b', '']) {
      expect((await gw.call('updateUserInfo', { token, body: { email } })).body.msg, email).toBe('请输入正确的邮箱');
    }
    expect((await gw.call('updateUserInfo', { token, lang: 'en', body: { email: 'x@' } })).body.msg).toBe(
      'Please enter a correct email address',
    );
  });
});

describe('post grade', () => {
  const getPostGrade = (token: string, userNo: string, lang: 'zh' | 'en' = 'zh', host?: string) =>
    rawCall<PostGradeInfo>(gw, 'getPostGrade', { token, params: { userNo }, lang, host });

  it("gives the four groups with 15, 23, 23 and 15 levels and the user's own level", async () => {
    const token = await gw.login('E1001');
    const user = await me(token);
    const { res, body } = await getPostGrade(token, user.userNo);
    expect(res.status).toBe(200);
    expect(body.data.postLevel).toBe('2_08');
    expect(body.data.groups.map((g) => [g.label, g.value, g.children.length])).toEqual([
      ['1岗', '1', 15],
      ['2岗', '2', 23],
      ['3岗', '3', 23],
      ['4岗', '4', 15],
    ]);
    expect(body.data.groups[0]!.children[0]).toEqual({ label: '1岗-01', value: '1_01', group: '1岗' });
    expect(body.data.groups[1]!.children.at(-1)).toMatchObject({ value: '2_23' });
    const en = await getPostGrade(token, user.userNo, 'en');
    expect(en.body.data.groups[3]!.label).toBe('Post 4');
    expect(en.body.data.groups[3]!.children[14]).toEqual({ label: 'Post 4-15', value: '4_15', group: 'Post 4' });
  });

  it("refuses anyone else's user number with 460", async () => {
    const token = await gw.login('E1001');
    const { res, body } = await getPostGrade(token, 'xingchen-E1002');
    expect(res.status).toBe(403);
    expect(body).toEqual({ code: Code.FORBIDDEN, msg: '只能查看或修改自己的资料', data: null });
    expect((await getPostGrade(token, 'xingchen-E1002', 'en')).body.msg).toBe(
      'You can only view or change your own profile',
    );
  });
});

describe('profile save (postgrade/save)', () => {
  const base = (user: UserInfo) => ({
    userNo: user.userNo,
    dataSource: user.dataSource,
    sex: '女',
    email: 'li.na.new@xingchen.example.com',
    idCard: VALID_IDS[0]!,
    joiningTime: '2017-03-01',
    headPortrait: user.headPortrait,
  });
  const save = (token: string, body: unknown, lang: 'zh' | 'en' = 'zh') =>
    gw.call<UserInfo>('savePostGrade', { token, body, lang });

  it('changes only the editable fields; read-only ones are ignored even when sent', async () => {
    const token = await gw.login('E1002');
    const user = await me(token);
    const { body } = await save(token, {
      ...base(user),
      sex: '1',
      // Read-only in the profile dialog:
      postLevel: user.postLevel,
      userName: '黑客',
      empNo: 'ROOT',
      phone: '13000000000',
      departmentId: 'D410',
      departmentName: '信息技术部',
      postId: 'P411',
      postName: '系统管理员',
      userType: 3,
      isAdmin: true,
      isInitPassword: 0,
      professional: '改',
      assessmentMethod: '改',
      eid: eids.two,
    });
    expect(body.code).toBe(Code.OK);
    expect(body.data).toEqual({
      ...user,
      sex: '1',
      email: 'li.na.new@xingchen.example.com',
      idCard: '11010519491231002X',
      joiningTime: '2017-03-01',
    });
    expect(await me(token)).toEqual(body.data);
  });

  it('refuses a change of the post level, which the spec keeps out of the profile (460, both languages)', async () => {
    const token = await gw.login('E1002');
    const user = await me(token);
    for (const [postLevel, lang] of [['3_13', 'zh'], ['5_01', 'en']] as const) {
      const { res, body } = await save(token, { ...base(user), postLevel }, lang);
      expect(res.status).toBe(403);
      expect(body).toEqual({
        code: Code.FORBIDDEN,
        msg: lang === 'zh' ? '岗位职级由企业设置，不能在个人资料中修改' : 'The post level is set by your company and cannot be changed in your profile',
        data: null,
      });
    }
    expect(await me(token)).toEqual(user);
  });

  it('accepts the sex as the enum value or its label and stores the value', async () => {
    const token = await gw.login('E1002');
    const user = await me(token);
    for (const [sex, stored] of [['女', '2'], ['男', '1'], ['Female', '2'], ['2', '2']] as const) {
      expect((await save(token, { ...base(user), sex })).body.data.sex, sex).toBe(stored);
    }
  });

  it('checks the fields in the form order with the messages of section 5', async () => {
    const token = await gw.login('E1002');
    const user = await me(token);
    const msg = async (over: Record<string, unknown>, lang: 'zh' | 'en' = 'zh') => {
      const { res, body } = await save(token, { ...base(user), ...over }, lang);
      expect(res.status).toBe(422);
      return body.msg;
    };
    expect(await msg({ sex: '' })).toBe('性别不能为空');
    expect(await msg({ sex: undefined }, 'en')).toBe('Sex cannot be empty');
    expect(await msg({ sex: '未知' })).toBe('参数 sex 的值无效');
    expect(await msg({ email: 'li.na@' })).toBe('请输入正确的邮箱');
    for (const idCard of INVALID_IDS) expect(await msg({ idCard }), idCard).toBe('请输入正确的身份证信息');
    expect(await msg({ joiningTime: '' })).toBe('入司时间不能为空');
    expect(await msg({ joiningTime: undefined }, 'en')).toBe('The joining date cannot be empty');
    expect(await msg({ joiningTime: '2020-02-30' })).toBe('请输入正确的入司时间');
    expect(await msg({ joiningTime: 'yesterday' }, 'en')).toBe('Please enter a correct joining date');
    const nextYear = `${new Date().getUTCFullYear() + 1}-01-01`;
    expect(await msg({ joiningTime: nextYear })).toBe('入司时间不能晚于今天');
    expect(await msg({ headPortrait: 'https://evil.example/a.png' })).toBe('头像无效，请重新上传');
    expect(await msg({ headPortrait: `/files/${eids.one}/AAAAAAAAAAAAAAAAAAAAAA.png` }, 'en')).toBe(
      'The avatar is invalid, please upload it again',
    );
    expect(await msg({ headPortrait: `/files/${eids.one}/../../etc/passwd` })).toBe('头像无效，请重新上传');
    // Nothing was saved.
    expect(await me(token)).toEqual(user);
  });

  it('accepts valid ID numbers and a date-time joining date, and keeps the date', async () => {
    const token = await gw.login('E1003');
    const user = await me(token);
    for (const idCard of VALID_IDS) {
      const { body } = await save(token, { ...base(user), idCard, joiningTime: '2019-09-02T00:00:00.000Z' });
      expect(body.code, idCard).toBe(Code.OK);
      expect(body.data.idCard).toBe(idCard.toUpperCase());
      expect(body.data.joiningTime).toBe('2019-09-02');
    }
  });

  it("refuses anyone else's user number with 460", async () => {
    const token = await gw.login('E1002');
    const user = await me(token);
    const { res, body } = await save(token, { ...base(user), userNo: 'xingchen-E1001' });
    expect(res.status).toBe(403);
    expect(body.msg).toBe('只能查看或修改自己的资料');
  });
});

describe('department and post lists', () => {
  it("gives the company's own department tree in the caller language", async () => {
    const token = await gw.login('E1001');
    const { body } = await gw.call<TreeOption[]>('departmentList', { token });
    expect(body.data.map((d) => d.name)).toEqual(['研发中心', '产品中心', '人力资源部', '运营中心', '市场与销售中心', '客户成功中心']);
    expect(body.data[0]).toEqual({
      id: 'D100',
      name: '研发中心',
      parentId: '',
      children: [
        { id: 'D110', name: '前端开发部', parentId: 'D100' },
        { id: 'D120', name: '架构部', parentId: 'D100' },
        { id: 'D130', name: '测试部', parentId: 'D100' },
      ],
    });
    const en = await gw.call<TreeOption[]>('departmentList', { token, lang: 'en' });
    expect(en.body.data[0]!.name).toBe('R&D Centre');

    const two = await gw.login('B2001', DEMO_PASSWORD, { host: HOST_TWO });
    const other = await gw.call<TreeOption[]>('departmentList', { token: two, host: HOST_TWO });
    expect(other.body.data.map((d) => d.name)).toEqual(['总经办', '生产部', '质量与安全中心', '人力资源部']);
  });

  it('gives the posts grouped by track', async () => {
    const token = await gw.login('E1001');
    const { body } = await gw.call<TreeOption[]>('postList', { token });
    expect(body.data.map((p) => p.name)).toEqual(['技术序列', '产品与市场序列', '职能序列']);
    expect(body.data[0]!.children!.map((p) => p.name)).toContain('前端工程师');
    const two = await gw.login('B2001', DEMO_PASSWORD, { host: HOST_TWO });
    const other = await gw.call<TreeOption[]>('postList', { token: two, host: HOST_TWO, lang: 'en' });
    expect(other.body.data.flatMap((p) => p.children ?? []).map((p) => p.name)).toContain('Process Engineer');
  });
});

describe('tenant isolation of the profile calls', () => {
  it('refuses a token of the other company on every call', async () => {
    const two = await gw.login('B2001', DEMO_PASSWORD, { host: HOST_TWO });
    const unauthorized = { code: Code.UNAUTHORIZED, msg: '请先登录', data: null };
    for (const name of ['updateUserInfo', 'savePostGrade', 'departmentList', 'postList'] as const) {
      expect((await gw.call(name, { token: two, body: {} })).body, name).toEqual(unauthorized);
      expect((await gw.call(name, { token: two, eid: eids.one, body: {} })).body, name).toEqual(unauthorized);
    }
    expect((await rawCall(gw, 'getPostGrade', { token: two, params: { userNo: 'qinghe-B2001' } })).body).toEqual(
      unauthorized,
    );
    expect(
      (await rawCall(gw, 'getPostGrade', { token: two, host: HOST_TWO, params: { userNo: 'qinghe-B2001' } })).body.code,
    ).toBe(Code.OK);
  });
});
