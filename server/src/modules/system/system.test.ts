import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Code } from '@/api/codes';
import type { EnumOption, NavItem, WebInfo } from '@/api/types';
import { createTestApp, HOST_ONE, HOST_TWO, type TestGateway } from '../../testing';

let gw: TestGateway;
beforeAll(async () => {
  gw = await createTestApp();
});
afterAll(() => gw?.close());

const webInfo = async (query: Record<string, string>, o: { host?: string; lang?: 'zh' | 'en'; eid?: string } = {}) =>
  gw.call<WebInfo>('websiteViewPublic', { ...o, query });

describe('website view', () => {
  it('gives the branding of the company that owns a domain, without a token', async () => {
    const { res, body } = await webInfo({ domain: HOST_ONE });
    expect(res.status).toBe(200);
    expect(body.data).toEqual({
      eid: expect.stringMatching(/^[0-9a-f-]{36}$/),
      name: '星辰科技',
      websiteTitle: '星辰学堂',
      logo: '/tenants/localhost/logo.svg',
      websiteIco: '/tenants/localhost/icon.svg',
      colors: { primary: '#1d4ed8', primaryForeground: '#ffffff', accent: '#dbeafe' },
      names: { zh: '星辰科技', en: 'Xingchen Technology' },
      titles: { zh: '星辰学堂', en: 'Xingchen Academy' },
    });
    const two = await webInfo({ domain: `${HOST_TWO}:4321` }, { lang: 'en' });
    expect(two.body.data).toMatchObject({
      name: 'Qinghe Manufacturing',
      websiteTitle: 'Qinghe Academy',
      colors: { primary: '#15803d' },
    });
    expect(two.body.data.eid).not.toBe(body.data.eid);
  });

  it('never sends the initial password or its hash', async () => {
    const { body } = await webInfo({ domain: HOST_ONE });
    expect(JSON.stringify(body)).not.toMatch(/argon2|Init@2026|initPassword/i);
  });

  it('takes the domain from the host, or the company from the eid header, when no domain is given', async () => {
    const byHost = await webInfo({}, { host: HOST_TWO });
    expect(byHost.body.data.name).toBe('青禾制造');
    const byEid = await webInfo({}, { host: HOST_TWO, eid: (await webInfo({ domain: HOST_ONE })).body.data.eid });
    expect(byEid.body.data.name).toBe('星辰科技');
  });

  it('answers an unknown domain with 404 in the caller language', async () => {
    const zh = await webInfo({ domain: 'elsewhere.example.com' });
    expect(zh.res.status).toBe(404);
    expect(zh.body).toEqual({ code: Code.NOT_FOUND, msg: '未找到该域名的企业', data: null });
    const en = await webInfo({}, { host: 'elsewhere.example.com', lang: 'en' });
    expect(en.body.msg).toBe('No company is configured for this domain');
  });

  it("gives the signed-in user's company on the auth call", async () => {
    const token = await gw.login('B2001', undefined, { host: HOST_TWO });
    const { body } = await gw.call<WebInfo>('websiteView', { token, host: HOST_TWO, query: { domain: HOST_TWO } });
    expect(body.data.names.zh).toBe('青禾制造');
    expect((await gw.call('websiteView', { host: HOST_TWO })).body.code).toBe(Code.UNAUTHORIZED);
  });
});

describe('navigation menu', () => {
  it("lists the company's menu in order, titles in the caller language", async () => {
    const token = await gw.login('E1001');
    const zh = (await gw.call<NavItem[]>('navBarList', { token })).body.data;
    const en = (await gw.call<NavItem[]>('navBarList', { token, lang: 'en' })).body.data;
    expect(zh.length).toBeGreaterThanOrEqual(9);
    expect(zh.slice(0, 4).map((n) => n.title)).toEqual(['首页', '培训', '知识库', '考试']);
    expect(zh.map((n) => n.title)).toEqual(expect.arrayContaining(['个人中心', '讲师']));
    expect(en.map((n) => n.title)).toEqual(expect.arrayContaining(['Personal Centre', 'Lecturer', 'Home']));
    expect(en.map((n) => n.id)).toEqual(zh.map((n) => n.id));
    expect(new Set(zh.map((n) => n.navMenuType))).toEqual(new Set([1, 2, 3, 4, 5, 6, 7, 10]));
    expect(zh.find((n) => n.linkUrl)).toMatchObject({ navMenuType: 10, target: '_blank', isMenu: 1 });
  });
});

describe('enum lists', () => {
  const list = async (enumName: string, o: { lang?: 'zh' | 'en'; host?: string } = {}) =>
    gw.call<EnumOption[]>('enumList', { ...o, query: { enumName } });

  it('lists sex and user type in the caller language, without a token', async () => {
    expect((await list('sex')).body.data).toEqual([
      { label: '男', value: '1' },
      { label: '女', value: '2' },
    ]);
    expect((await list('sex', { lang: 'en' })).body.data.map((o) => o.label)).toEqual(['Male', 'Female']);
    expect((await list('userType')).body.data.map((o) => o.value)).toEqual(['1', '2', '3']);
  });

  it('lists the post levels in four groups of 15, 23, 23 and 15', async () => {
    const options = (await list('postLevel')).body.data;
    const sizes = Object.values(Object.groupBy(options, (o) => o.group!)).map((g) => g!.length);
    expect(sizes).toEqual([15, 23, 23, 15]);
    expect(options[0]).toEqual({ label: '1岗-01', value: '1_01', group: '1岗' });
    expect(options.at(-1)).toEqual({ label: '4岗-15', value: '4_15', group: '4岗' });
    expect((await list('postLevel', { lang: 'en' })).body.data[15]).toEqual({
      label: 'Post 2-01',
      value: '2_01',
      group: 'Post 2',
    });
  });

  it('gives the global list on a host with no company, and nothing for an unknown enum', async () => {
    expect((await list('sex', { host: 'elsewhere.example.com' })).body.data).toHaveLength(2);
    expect((await list('noSuchEnum')).body).toMatchObject({ code: Code.OK, data: [] });
  });
});
