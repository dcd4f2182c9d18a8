import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Code } from '@/api/codes';
import type { EnterpriseItem, LoginResult, NavItem, TreeOption, UserInfo, WebInfo } from '@/api/types';
import { createTestApp, DEMO_PASSWORD, HOST_ONE, HOST_TWO, type TestGateway } from '../../testing';
import { codeFor, demoEids } from '../account/test-support';
import { MAX_MEMBERSHIPS } from './service';

let gw: TestGateway;
let eids: { one: string; two: string };
beforeAll(async () => {
  gw = await createTestApp();
  eids = await demoEids(gw);
});
afterAll(() => gw?.close());

const unauthorized = { code: Code.UNAUTHORIZED, msg: '请先登录', data: null };

describe('enterprise list', () => {
  it('lists both companies of a person who belongs to two, the current one flagged', async () => {
    const token = await gw.login('E1007');
    const { body } = await gw.call<EnterpriseItem[]>('enterpriseList', { token });
    expect(body.code).toBe(Code.OK);
    // Oldest membership first; the demo ones are equally old and go by company code.
    expect(body.data).toEqual([
      { eid: eids.two, name: '青禾制造', logo: '/tenants/127.0.0.1/logo.svg', empNo: 'B2007', current: false },
      { eid: eids.one, name: '星辰科技', logo: '/tenants/localhost/logo.svg', empNo: 'E1007', current: true },
    ]);
    const en = await gw.call<EnterpriseItem[]>('enterpriseList', { token, lang: 'en' });
    expect(en.body.data.map((e) => e.name)).toEqual(['Qinghe Manufacturing', 'Xingchen Technology']);
  });

  it('lists the one company of a person who belongs to one', async () => {
    const token = await gw.login('B2001', DEMO_PASSWORD, { host: HOST_TWO });
    const { body } = await gw.call<EnterpriseItem[]>('enterpriseList', { token, host: HOST_TWO });
    expect(body.data).toEqual([
      { eid: eids.two, name: '青禾制造', logo: '/tenants/127.0.0.1/logo.svg', empNo: 'B2001', current: true },
    ]);
  });
});

describe('choose enterprise', () => {
  it('re-issues the session for the chosen company and revokes the old token', async () => {
    const old = await gw.login('E1007');
    const { body } = await gw.call<LoginResult>('chooseEnterprise', { token: old, body: { eid: eids.two } });
    expect(body.code).toBe(Code.OK);
    expect(body.data.token).toMatch(/^[\w-]{43}$/);
    expect(body.data.token).not.toBe(old);
    expect(body.data.user).toMatchObject({ empNo: 'B2007', eid: eids.two, enterpriseName: '青禾制造', userType: 2 });

    // The old token is gone everywhere.
    expect((await gw.call('currentUser', { token: old })).body).toEqual(unauthorized);
    expect((await gw.call('currentUser', { token: old, eid: eids.two })).body).toEqual(unauthorized);

    // The new one opens the chosen company (by eid header or by its host) and nothing else.
    const token = body.data.token;
    const me = await gw.call<UserInfo>('currentUser', { token, eid: eids.two });
    expect(me.body.data).toMatchObject({ empNo: 'B2007', eid: eids.two });
    expect((await gw.call('currentUser', { token, host: HOST_TWO })).body.code).toBe(Code.OK);
    expect((await gw.call('currentUser', { token, eid: eids.one })).body).toEqual(unauthorized);
    expect((await gw.call('currentUser', { token })).body).toEqual(unauthorized);

    const list = await gw.call<EnterpriseItem[]>('enterpriseList', { token, eid: eids.two });
    expect(list.body.data.map((e) => [e.empNo, e.current])).toEqual([
      ['B2007', true],
      ['E1007', false],
    ]);

    // And back again.
    const back = await gw.call<LoginResult>('chooseEnterprise', { token, eid: eids.two, body: { eid: eids.one } });
    expect(back.body.data.user).toMatchObject({ empNo: 'E1007', eid: eids.one });
    expect((await gw.call('currentUser', { token })).body.code).toBe(Code.UNAUTHORIZED);
  });

  it('refuses a company the person is not a member of with 460, keeping the session', async () => {
    const token = await gw.login('E1001');
    for (const eid of [eids.two, '00000000-0000-4000-8000-000000000000', 'not-a-uuid']) {
      const { res, body } = await gw.call('chooseEnterprise', { token, body: { eid } });
      expect(res.status).toBe(403);
      expect(body).toEqual({ code: Code.FORBIDDEN, msg: '您不是该企业的成员', data: null });
    }
    const en = await gw.call('chooseEnterprise', { token, lang: 'en', body: { eid: eids.two } });
    expect(en.body.msg).toBe('You are not a member of this company');
    expect((await gw.call('currentUser', { token })).body.code).toBe(Code.OK);
    expect((await gw.call('chooseEnterprise', { token, body: {} })).body.code).toBe(Code.INVALID);
  });
});

describe('register enterprise', () => {
  const form = (over: Partial<Record<string, string>> = {}) => ({
    enterpriseName: '云帆咨询',
    userName: '林晓',
    phone: '13100001111',
    code: '000000',
    password: 'Yunfan@2026',
    confirmPassword: 'Yunfan@2026',
    ...over,
  });
  const register = (body: unknown, lang: 'zh' | 'en' = 'zh') =>
    gw.call<LoginResult>('registerEnterprise', { body, lang });

  it('refuses a phone that already has an account, with the spec text', async () => {
    const code = await codeFor(gw, '13816620381', 'register');
    const zh = await register(form({ phone: '13816620381', code }));
    expect(zh.res.status).toBe(422);
    expect(zh.body).toEqual({ code: Code.INVALID, msg: '该账号已存在', data: null });
    expect((await register(form({ phone: '13816620381', code }), 'en')).body.msg).toBe('The account already exists');
  });

  it('refuses a wrong or missing verification code', async () => {
    const code = await codeFor(gw, '13100002222', 'register');
    const wrong = code === '123456' ? '654321' : '123456';
    const { body } = await register(form({ phone: '13100002222', code: wrong }), 'en');
    expect(body).toEqual({ code: Code.INVALID, msg: 'Verification code error', data: null });
    expect((await register(form({ phone: '13100003333' }))).body.msg).toBe('验证码错误');
    // A code for another scene does not register.
    const login = await codeFor(gw, '13100004444', 'login');
    expect((await register(form({ phone: '13100004444', code: login }))).body.msg).toBe('验证码错误');
  });

  it('checks the password rules of section 5, the names and the phone, before using the code', async () => {
    const phone = '13100005555';
    const code = await codeFor(gw, phone, 'register');
    const msg = async (over: Partial<Record<string, string>>, lang: 'zh' | 'en' = 'zh') =>
      (await register(form({ phone, code, ...over }), lang)).body.msg;
    expect(await msg({ password: 'abcdefgh', confirmPassword: 'abcdefgh' }, 'en')).toBe(
      'Enter 8 to 30 characters, including uppercase and lowercase letters, special characters, and digits',
    );
    expect(await msg({ password: 'Abc123', confirmPassword: 'Abc123' })).toBe('请输入8至30位字符，包含大小写字母、特殊字符和数字');
    expect(await msg({ password: 'A'.repeat(28) + '123', confirmPassword: 'A'.repeat(28) + '123' })).toBe(
      '请输入8至30位字符，包含大小写字母、特殊字符和数字',
    );
    expect(await msg({ password: '密码Abc12345', confirmPassword: '密码Abc12345' })).toBe('密码不能含有中文');
    expect(await msg({ password: 'Abc 12345', confirmPassword: 'Abc 12345' })).toBe('密码不能含有空格');
    expect(await msg({ password: '' }, 'en')).toBe('Please enter a correct new password');
    expect(await msg({ confirmPassword: 'Yunfan@2027' })).toBe('重复密码与新密码不一致');
    expect(await msg({ confirmPassword: '' }, 'en')).toBe('Please enter the correct confirmation password');
    expect(await msg({ enterpriseName: '云' })).toBe('企业名称为 2 至 50 个字符');
    expect(await msg({ enterpriseName: '云'.repeat(51) }, 'en')).toBe('The company name must be 2 to 50 characters');
    expect(await msg({ userName: '林'.repeat(16) })).toBe('姓名不能超过 15 个字符');
    expect(await msg({ userName: '  ' }, 'en')).toBe('Please enter your name');
    expect(await msg({ phone: '1234' })).toBe('请输入正确的手机号');

    // None of that used the code up.
    const ok = await register(form({ phone, code, userName: '林'.repeat(15) }));
    expect(ok.body.code).toBe(Code.OK);
  });

  it('creates the company with its admin, signs in, and serves the new site by eid', async () => {
    const phone = '13100006666';
    const code = await codeFor(gw, phone, 'register');
    const { res, body } = await register(form({ phone, code, enterpriseName: ' 云帆咨询 ' }));
    expect(res.status).toBe(200);
    const { token, user } = body.data;
    expect(user).toMatchObject({
      empNo: 'A0001',
      userName: '林晓',
      phone,
      isAdmin: true,
      userType: 1,
      isInitPassword: 1,
      enterpriseName: '云帆咨询',
      departmentName: '云帆咨询',
    });
    const eid = user.eid;
    expect([eids.one, eids.two]).not.toContain(eid);

    const me = await gw.call<UserInfo>('currentUser', { token, eid });
    expect(me.body.data).toEqual(user);
    // The token is bound to the new company: the host's company does not accept it.
    expect((await gw.call('currentUser', { token })).body.code).toBe(Code.UNAUTHORIZED);

    const site = await gw.call<WebInfo>('websiteView', { token, eid });
    expect(site.body.data).toMatchObject({ eid, name: '云帆咨询', websiteTitle: '云帆咨询学堂' });
    expect(site.body.data.logo).toMatch(/^data:image\/svg\+xml;base64,/);
    expect(Buffer.from(site.body.data.logo.split(',')[1]!, 'base64').toString()).toContain('>云</text>');
    const publicSite = await gw.call<WebInfo>('websiteViewPublic', { eid, lang: 'en' });
    expect(publicSite.body.data).toMatchObject({ eid, websiteTitle: '云帆咨询 Academy' });

    const nav = await gw.call<NavItem[]>('navBarList', { token, eid });
    expect(nav.body.data.map((n) => n.navMenuType)).toEqual([1, 2, 3, 4, 5, 6, 7, 10]);
    const sex = await gw.call<unknown[]>('enumList', { eid, query: { enumName: 'sex' } });
    expect(sex.body.data).toHaveLength(2);
    const posts = await gw.call<TreeOption[]>('postList', { token, eid });
    expect(posts.body.data.map((p) => p.name)).toEqual(['管理员', '经理', '工程师', '专员']);

    const list = await gw.call<EnterpriseItem[]>('enterpriseList', { token, eid });
    expect(list.body.data).toEqual([{ eid, name: '云帆咨询', logo: site.body.data.logo, empNo: 'A0001', current: true }]);

    // The admin signs in again with the employee number on the new company's site.
    const again = await gw.call<LoginResult>('loginByEmpNo', { eid, body: { empNo: 'A0001', password: 'Yunfan@2026' } });
    expect(again.body.code).toBe(Code.OK);
    // The company has no domain: signing in with the phone on any of our hosts lands in it.
    const byPhone = await gw.call<LoginResult>('loginByPhonePassword', { body: { phone, password: 'Yunfan@2026' } });
    expect(byPhone.body.data.user).toMatchObject({ eid, empNo: 'A0001' });
    expect((await gw.call('currentUser', { token: byPhone.body.data.token, eid })).body.code).toBe(Code.OK);

    // The phone is taken now, and the code was spent.
    expect((await register(form({ phone, code }))).body.msg).toBe('该账号已存在');
  });
});

describe('add enterprise', () => {
  it('makes the signed-in person the admin of a new company, keeping the session', async () => {
    const token = await gw.login('E1001');
    const { body } = await gw.call<EnterpriseItem>('addEnterprise', { token, body: { enterpriseName: '星辰创新实验室' } });
    expect(body.code).toBe(Code.OK);
    expect(body.data).toMatchObject({ name: '星辰创新实验室', empNo: 'A0001', current: false });
    expect(body.data.logo).toMatch(/^data:image\/svg\+xml/);

    const list = await gw.call<EnterpriseItem[]>('enterpriseList', { token });
    expect(list.body.data.map((e) => [e.name, e.current])).toEqual([
      ['星辰科技', true],
      ['星辰创新实验室', false],
    ]);
    expect((await gw.call('currentUser', { token })).body.code).toBe(Code.OK);

    const chosen = await gw.call<LoginResult>('chooseEnterprise', { token, body: { eid: body.data.eid } });
    expect(chosen.body.data.user).toMatchObject({ empNo: 'A0001', userName: '张伟', isAdmin: true, eid: body.data.eid });
    // Same person, same password there.
    const login = await gw.call('loginByEmpNo', { eid: body.data.eid, body: { empNo: 'A0001', password: DEMO_PASSWORD } });
    expect(login.body.code).toBe(Code.OK);
  });

  it('checks the company name', async () => {
    const token = await gw.login('E1002');
    const { res, body } = await gw.call('addEnterprise', { token, lang: 'en', body: { enterpriseName: ' x ' } });
    expect(res.status).toBe(422);
    expect(body.msg).toBe('The company name must be 2 to 50 characters');
    expect((await gw.call('addEnterprise', { body: { enterpriseName: '无令牌公司' } })).body).toEqual(unauthorized);
  });

  it(`stops at ${MAX_MEMBERSHIPS} companies per person`, async () => {
    const token = await gw.login('E1006');
    for (let i = 1; i < MAX_MEMBERSHIPS; i++) {
      expect((await gw.call('addEnterprise', { token, body: { enterpriseName: `赵敏工作室 ${i}` } })).body.code).toBe(Code.OK);
    }
    const { res, body } = await gw.call('addEnterprise', { token, body: { enterpriseName: '再来一家' } });
    expect(res.status).toBe(403);
    expect(body.msg).toBe(`您加入的企业数量已达上限（${MAX_MEMBERSHIPS} 个）`);
  });
});

describe('tenant isolation of the enterprise calls', () => {
  it("refuses a token of the other company on every call", async () => {
    const two = await gw.login('B2001', DEMO_PASSWORD, { host: HOST_TWO });
    for (const name of ['enterpriseList', 'chooseEnterprise', 'addEnterprise'] as const) {
      const body = name === 'chooseEnterprise' ? { eid: eids.two } : name === 'addEnterprise' ? { enterpriseName: '越权公司' } : undefined;
      expect((await gw.call(name, { token: two, host: HOST_ONE, body })).body, name).toEqual(unauthorized);
      expect((await gw.call(name, { token: two, eid: eids.one, body })).body, name).toEqual(unauthorized);
    }
  });
});
