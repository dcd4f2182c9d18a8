import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Code } from '@/api/codes';
import type { SiteNavItem, SiteSettings } from '@/api/crm-site-types';
import type { NavItem, WebInfo } from '@/api/types';
import { localTransport } from '../../notify/transport';
import { tenantChanges } from '../../tenant';
import { createTestApp, HOST_ONE, HOST_TWO, type TestGateway } from '../../testing';
import { demoEids } from '../account/test-support';
import { adminOfCompanyTwo, auditOf, rowsOf, uploadPng } from './test-support';

let gw: TestGateway;
let admin: string;
let learner: string;
let adminTwo: string;
let eids: { one: string; two: string };

beforeAll(async () => {
  gw = await createTestApp();
  admin = await gw.login('E1004');
  learner = await gw.login('E1001');
  adminTwo = await adminOfCompanyTwo(gw);
  eids = await demoEids(gw);
}, 60_000);
afterAll(() => gw?.close());

const publicView = (lang: 'zh' | 'en' = 'zh', host = HOST_ONE) => gw.call<WebInfo>('websiteViewPublic', { host, lang });
const view = (token = admin, host?: string) => gw.call<SiteSettings>('siteView', { token, host });
const nav = async (lang: 'zh' | 'en' = 'zh') => (await gw.call<NavItem[]>('navBarList', { token: learner, lang })).body.data;
const adminNav = async () => (await gw.call<SiteNavItem[]>('siteNavList', { token: admin })).body.data;

function branding(s: SiteSettings) {
  const { domains: _domains, ...rest } = s;
  return rest;
}

describe('the back office refuses site settings to anyone but an administrator', () => {
  it('answers FORBIDDEN to a learner on every site row', async () => {
    for (const name of ['siteView', 'siteNavList', 'siteBannerList', 'siteZoneList', 'siteEnumList'] as const) {
      expect((await gw.call(name, { token: learner })).body.code, name).toBe(Code.FORBIDDEN);
    }
    const { body } = await gw.call('siteSave', { token: learner, body: {} });
    expect(body.code).toBe(Code.FORBIDDEN);
  });
});

describe('branding', () => {
  it('shows the company’s names, titles, pictures, colours and domains, the current one marked', async () => {
    const { body } = await view();
    expect(body.code).toBe(200);
    expect(body.data).toMatchObject({ nameZh: '星辰科技', nameEn: 'Xingchen Technology', titleZh: '星辰学堂', colorPrimary: '#1d4ed8' });
    expect(body.data.domains).toEqual([{ domain: HOST_ONE, current: true }]);
    const two = await view(adminTwo, HOST_TWO);
    expect(two.body.data.domains).toEqual([{ domain: HOST_TWO, current: true }]);
    expect(two.body.data.nameZh).not.toBe('星辰科技');
  });

  it('saves a new logo, favicon, names and colours; the learner site answers them at once, cached or not', async () => {
    const before = (await view()).body.data;
    // The enterprise is now cached by this gateway.
    expect((await publicView('en')).body.data.logo).toBe(before.logo);
    const logo = await uploadPng(gw, admin);
    const icon = await uploadPng(gw, admin);
    const saved = await gw.call<SiteSettings>('siteSave', {
      token: admin,
      body: { ...branding(before), logo, icon, nameEn: 'Xingchen Tech', titleEn: 'Xingchen Learning', colorPrimary: '#0F766E', colorAccent: '#ccfbf1' },
    });
    expect(saved.body.code).toBe(200);
    expect(saved.body.data).toMatchObject({ logo, icon, nameEn: 'Xingchen Tech', colorPrimary: '#0f766e', colorAccent: '#ccfbf1' });

    const web = (await publicView('en')).body.data;
    expect(web).toMatchObject({ logo, websiteIco: icon, name: 'Xingchen Tech', websiteTitle: 'Xingchen Learning' });
    expect(web.colors).toEqual({ primary: '#0f766e', primaryForeground: before.colorPrimaryForeground, accent: '#ccfbf1' });
    const signedIn = await gw.call<WebInfo>('websiteView', { token: learner, lang: 'en' });
    expect(signedIn.body.data.logo).toBe(logo);

    // Both uploads are claimed, so the sweeper keeps them.
    const claimed = await rowsOf<{ used: boolean }>(gw, sql`select used_at is not null as used from uploaded_files where key in (${logo.slice(7)}, ${icon.slice(7)})`);
    expect(claimed).toEqual([{ used: true }, { used: true }]);

    const [record] = await auditOf(gw, admin, 'site');
    expect(record).toMatchObject({ action: 'update', objectId: eids.one, actorName: '刘洋' });
    expect(record!.changes.map((c) => c.field).sort()).toEqual(['colorAccent', 'colorPrimary', 'icon', 'logo', 'nameEn', 'titleEn']);
    expect(record!.changes.find((c) => c.field === 'logo')).toEqual({ field: 'logo', before: before.logo, after: logo });

    // Saving the same values again records nothing and keeps the pictures.
    await gw.call('siteSave', { token: admin, body: branding(saved.body.data) });
    expect(await auditOf(gw, admin, 'site')).toHaveLength(1);
    // The seeded pictures ship with the site: the company may go back to them.
    const restored = await gw.call('siteSave', { token: admin, body: branding(before) });
    expect(restored.body.code).toBe(200);
    expect((await publicView('en')).body.data.logo).toBe(before.logo);
  });

  it('refuses colours that are not CSS hex colours and empty names, in the caller’s language', async () => {
    const base = branding((await view()).body.data);
    const zh = await gw.call('siteSave', { token: admin, body: { ...base, colorPrimary: 'blue' } });
    expect([zh.body.code, zh.body.msg]).toEqual([Code.INVALID, '参数 colorPrimary 的值无效']);
    const en = await gw.call('siteSave', { token: admin, lang: 'en', body: { ...base, colorAccent: '#12345' } });
    expect([en.body.code, en.body.msg]).toEqual([Code.INVALID, 'The field colorAccent has an invalid value']);
    const empty = await gw.call('siteSave', { token: admin, lang: 'en', body: { ...base, nameZh: '  ' } });
    expect([empty.body.code, empty.body.msg]).toEqual([Code.INVALID, 'The field nameZh must not be empty']);
    for (const ok of ['#abc', '#abcd', '#a1b2c3', '#A1B2C3D4']) {
      expect((await gw.call('siteSave', { token: admin, body: { ...base, colorAccent: ok } })).body.code, ok).toBe(200);
    }
    await gw.call('siteSave', { token: admin, body: base });
  });

  it('refuses a picture that is not an upload of the company', async () => {
    const base = branding((await view()).body.data);
    const theirs = await uploadPng(gw, adminTwo, HOST_TWO);
    for (const logo of ['/evil.png', 'https://evil.example/logo.png', '/tenants/../gateway/x.png', theirs, `/files/${eids.one}/missing.png`]) {
      const { body } = await gw.call('siteSave', { token: admin, body: { ...base, logo } });
      expect([body.code, body.msg], logo).toEqual([Code.INVALID, 'logo 不是本企业上传的图片，请重新上传']);
    }
    const en = await gw.call('siteSave', { token: admin, lang: 'en', body: { ...base, icon: '/evil.png' } });
    expect(en.body.msg).toBe('icon is not a picture uploaded by your company; please upload it again');
  });

  it('refuses a logo over the spec’s 5M with its message', async () => {
    const base = branding((await view()).body.data);
    const key = `${eids.one}/large-logo.png`;
    const member = await rowsOf<{ id: string }>(gw, sql`select id from enterprise_users where emp_no = 'E1004' and enterprise_id = ${eids.one}`);
    await gw.database.db.execute(sql`
      insert into uploaded_files (enterprise_id, enterprise_user_id, key, content_type, size)
      values (${eids.one}, ${member[0]!.id}, ${key}, 'image/png', ${5 * 1024 * 1024})`);
    const en = await gw.call('siteSave', { token: admin, lang: 'en', body: { ...base, logo: `/files/${key}` } });
    expect([en.body.code, en.body.msg]).toEqual([Code.INVALID, 'A logo may not exceed 5M.']);
    const zh = await gw.call('siteSave', { token: admin, body: { ...base, logo: `/files/${key}` } });
    expect(zh.body.msg).toBe('Logo 大小不能超过 5M');
    // The favicon has no such limit.
    expect((await gw.call('siteSave', { token: admin, body: { ...base, icon: `/files/${key}` } })).body.code).toBe(200);
    await gw.call('siteSave', { token: admin, body: base });
  });

  it('keeps each company to its own branding', async () => {
    const mine = (await view()).body.data;
    const theirs = branding((await view(adminTwo, HOST_TWO)).body.data);
    expect((await gw.call('siteSave', { token: adminTwo, host: HOST_TWO, body: { ...theirs, nameZh: '青禾新名' } })).body.code).toBe(200);
    expect((await view()).body.data).toEqual(mine);
    expect((await publicView('zh', HOST_TWO)).body.data.name).toBe('青禾新名');
    expect((await auditOf(gw, admin, 'site')).every((r) => r.objectId === eids.one)).toBe(true);
  });
});

describe('domains', () => {
  const add = (domain: string, o: { token?: string; host?: string; lang?: 'zh' | 'en' } = {}) =>
    gw.call<SiteSettings>('siteDomainAdd', { token: admin, ...o, body: { domain } });
  const remove = (domain: string, o: { token?: string; host?: string; lang?: 'zh' | 'en'; eid?: string } = {}) =>
    gw.call<SiteSettings>('siteDomainRemove', { token: admin, ...o, body: { domain } });

  it('adds a domain, which serves the company at once, and removes it, which serves none at once', async () => {
    // Looked up (and not found) before: hosts that match nothing are never kept.
    expect((await gw.call('websiteViewPublic', { host: 'learn.xingchen.example.com' })).body.code).toBe(Code.NOT_FOUND);
    const added = await add(' Learn.Xingchen.Example.com. ');
    expect(added.body.code).toBe(200);
    expect(added.body.data.domains).toEqual([
      { domain: 'learn.xingchen.example.com', current: false },
      { domain: HOST_ONE, current: true },
    ]);
    const found = await gw.call<WebInfo>('websiteViewPublic', { host: 'learn.xingchen.example.com' });
    expect(found.body.data.eid).toBe(eids.one);

    const removed = await remove('learn.xingchen.example.com');
    expect(removed.body.data.domains).toEqual([{ domain: HOST_ONE, current: true }]);
    // The host was cached a moment ago; the removal forgot it.
    expect((await gw.call('websiteViewPublic', { host: 'learn.xingchen.example.com' })).body.code).toBe(Code.NOT_FOUND);

    const records = await auditOf(gw, admin, 'domain');
    expect(records.map((r) => [r.action, r.objectId])).toEqual([
      ['delete', 'learn.xingchen.example.com'],
      ['create', 'learn.xingchen.example.com'],
    ]);
  });

  it('refuses a domain serving another company, one already listed and one that is not a host name', async () => {
    const taken = await add(HOST_TWO);
    expect([taken.body.code, taken.body.msg]).toEqual([Code.INVALID, '该域名已被其他企业使用']);
    expect((await add(HOST_TWO, { lang: 'en' })).body.msg).toBe('This domain already serves another company');
    expect((await add(HOST_ONE, { lang: 'en' })).body.msg).toBe('This domain is already in the list');
    for (const bad of ['https://x.example.com', 'x.example.com:8080', 'a b.com', '-x.com', '']) {
      expect((await add(bad, { lang: 'en' })).body.code, bad).toBe(Code.INVALID);
    }
    expect((await add('bad_host', { lang: 'en' })).body.msg).toBe('The field domain has an invalid value');
    expect((await gw.call<SiteSettings>('siteView', { token: adminTwo, host: HOST_TWO })).body.data.domains).toEqual([{ domain: HOST_TWO, current: true }]);
  });

  it('never removes the domain the request came in on, nor the last one', async () => {
    const current = await remove(HOST_ONE);
    expect([current.body.code, current.body.msg]).toEqual([Code.INVALID, '不能删除当前访问所用的域名']);
    expect((await remove(HOST_ONE, { lang: 'en' })).body.msg).toBe('The domain this page was opened on cannot be removed');
    // Reached on another host by the eid header, the only domain is still not removed.
    const last = await remove(HOST_ONE, { host: 'tools.internal', eid: eids.one, lang: 'en' });
    expect([last.body.code, last.body.msg]).toEqual([Code.INVALID, 'At least one domain must remain']);
  });

  it('lets no company remove or see another’s domain', async () => {
    const { body } = await remove(HOST_ONE, { token: adminTwo, host: HOST_TWO, lang: 'en' });
    expect([body.code, body.msg]).toEqual([Code.NOT_FOUND, 'This domain is not one of your company’s']);
    expect(JSON.stringify((await gw.call('siteView', { token: adminTwo, host: HOST_TWO })).body.data)).not.toContain(HOST_ONE);
    expect((await publicView()).body.data.eid).toBe(eids.one);
  });
});

describe('navigation', () => {
  it('lists every item in order with both titles, hidden ones too', async () => {
    const items = await adminNav();
    expect(items.map((i) => i.titleZh)).toEqual(['首页', '培训', '知识库', '考试', '讲师', '证书', '个人中心', '社区', '排行榜', '星辰官网']);
    expect(items.at(-1)).toMatchObject({ navMenuType: 10, linkUrl: 'https://www.example.com/', target: '_blank' });
    expect(items[0]).toMatchObject({ titleEn: 'Home', navMenuType: 1, isMenu: 1, target: '_self' });
  });

  it('creates a custom link last, edits, hides and deletes it; learners’ menu follows at once', async () => {
    expect((await nav()).length).toBe(10);
    const created = await gw.call<SiteNavItem>('siteNavSave', {
      token: admin,
      body: { titleZh: '帮助', titleEn: 'Help', navMenuType: 10, navUrl: '', linkUrl: 'https://help.example.com/x?y=1', target: '_blank' },
    });
    expect(created.body.code).toBe(200);
    const id = created.body.data.id;
    expect(created.body.data).toMatchObject({ navMenuType: 10, linkUrl: 'https://help.example.com/x?y=1', target: '_blank', isMenu: 1 });
    expect((await nav('en')).at(-1)).toMatchObject({ id, title: 'Help', linkUrl: 'https://help.example.com/x?y=1', target: '_blank' });

    const edited = await gw.call<SiteNavItem>('siteNavSave', {
      token: admin,
      body: { id, titleZh: '帮助中心', titleEn: 'Help centre', navMenuType: 10, navUrl: '/help', linkUrl: '', target: '_self' },
    });
    expect(edited.body.data).toMatchObject({ titleZh: '帮助中心', navUrl: '/help', linkUrl: '' });
    expect((await nav('zh')).at(-1)).toMatchObject({ title: '帮助中心', navUrl: '/help' });

    // A page type keeps no link of its own.
    const page = await gw.call<SiteNavItem>('siteNavSave', {
      token: admin,
      body: { id, titleZh: '考试二', titleEn: 'Exams 2', navMenuType: 4, navUrl: '/ignored', target: '_self' },
    });
    expect(page.body.data).toMatchObject({ navMenuType: 4, navUrl: '', linkUrl: '' });

    const hidden = await gw.call<SiteNavItem>('siteNavShow', { token: admin, body: { id, isMenu: 0 } });
    expect(hidden.body.data.isMenu).toBe(0);
    expect((await nav()).find((i) => i.id === id)?.isMenu).toBe(0);

    expect((await gw.call('siteNavDelete', { token: admin, body: { id } })).body.code).toBe(200);
    expect((await nav()).some((i) => i.id === id)).toBe(false);
    const again = await gw.call('siteNavDelete', { token: admin, lang: 'en', body: { id } });
    expect([again.body.code, again.body.msg]).toEqual([Code.NOT_FOUND, 'This menu item does not exist']);

    const records = (await auditOf(gw, admin, 'nav')).filter((r) => r.objectId === id);
    expect(records.map((r) => r.action)).toEqual(['delete', 'update', 'update', 'update', 'create']);
    expect(records[3]!.changes).toContainEqual({ field: 'titleZh', before: '帮助', after: '帮助中心' });
    expect(records[1]!.changes).toEqual([{ field: 'isMenu', before: 1, after: 0 }]);
  });

  it('refuses an unknown type, a custom link without an address and an address that is not a link', async () => {
    const save = (body: object, lang: 'zh' | 'en' = 'en') => gw.call('siteNavSave', { token: admin, lang, body: { titleZh: '链接', titleEn: 'Link', target: '_self', ...body } });
    expect((await save({ navMenuType: 8 })).body.msg).toBe('The field navMenuType has an invalid value');
    expect((await save({ navMenuType: 10, navUrl: '', linkUrl: '' })).body.msg).toBe('The field navUrl has an invalid value');
    expect((await save({ navMenuType: 10, navUrl: '', linkUrl: '' }, 'zh')).body.msg).toBe('参数 navUrl 的值无效');
    for (const navUrl of ['javascript:alert(1)', '//evil.example', 'ftp://x', 'data:text/html,x']) {
      expect((await save({ navMenuType: 10, navUrl })).body.code, navUrl).toBe(Code.INVALID);
    }
    expect((await save({ navMenuType: 1, titleZh: '' })).body.msg).toBe('The field titleZh must not be empty');
    expect((await save({ navMenuType: 1, target: '_top' })).body.msg).toBe('The field target has an invalid value');
    // A link to a file must be one the company uploaded.
    const theirs = await uploadPng(gw, adminTwo, HOST_TWO);
    expect((await save({ navMenuType: 10, navUrl: theirs })).body.msg).toBe('navUrl is not a file uploaded by your company');
    expect((await adminNav()).length).toBe(10);
  });

  it('reorders with one call of every id, and refuses an order that leaves one out', async () => {
    const items = await adminNav();
    const reversed = items.map((i) => i.id).reverse();
    const { body } = await gw.call<SiteNavItem[]>('siteNavReorder', { token: admin, body: { ids: reversed } });
    expect(body.data.map((i) => i.id)).toEqual(reversed);
    expect((await nav()).map((i) => i.id)).toEqual(reversed);
    const [record] = await auditOf(gw, admin, 'nav');
    expect(record!.changes[0]!.after).toEqual(items.map((i) => i.titleZh).reverse());

    const short = await gw.call('siteNavReorder', { token: admin, body: { ids: reversed.slice(1) } });
    expect([short.body.code, short.body.msg]).toEqual([Code.INVALID, '排序须包含全部 10 项且每项一次，请刷新后重试']);
    const twice = await gw.call('siteNavReorder', { token: admin, lang: 'en', body: { ids: [...reversed.slice(1), reversed[1]] } });
    expect(twice.body.code).toBe(Code.INVALID);
    await gw.call('siteNavReorder', { token: admin, body: { ids: items.map((i) => i.id) } });
    expect((await nav()).map((i) => i.id)).toEqual(items.map((i) => i.id));
  });

  it('lets no company touch another’s menu', async () => {
    const before = await adminNav();
    const id = before[0]!.id;
    for (const [name, body] of [
      ['siteNavSave', { id, titleZh: '越界', titleEn: 'x', navMenuType: 1 }],
      ['siteNavShow', { id, isMenu: 0 }],
      ['siteNavDelete', { id }],
    ] as const) {
      expect((await gw.call(name, { token: adminTwo, host: HOST_TWO, body })).body.code, name).toBe(Code.NOT_FOUND);
    }
    const reorder = await gw.call('siteNavReorder', { token: adminTwo, host: HOST_TWO, body: { ids: before.map((i) => i.id) } });
    expect(reorder.body.code).toBe(Code.INVALID);
    expect(await adminNav()).toEqual(before);
    const theirs = (await gw.call<SiteNavItem[]>('siteNavList', { token: adminTwo, host: HOST_TWO })).body.data;
    expect(theirs.some((i) => before.some((b) => b.id === i.id))).toBe(false);
  });
});

describe('the enterprise cache across gateway processes', () => {
  it('forgets a company’s web info and menu when another process says they changed', async () => {
    const remote = localTransport();
    await tenantChanges.useTransport(remote);
    try {
      const original = (await publicView('en')).body.data.websiteTitle;
      await nav();
      // Another process changed the rows (here: written behind this gateway's back).
      await gw.database.db.execute(sql`update enterprises set title_en = 'Changed elsewhere' where id = ${eids.one}`);
      await gw.database.db.execute(sql`update nav_items set title_en = 'Home elsewhere' where enterprise_id = ${eids.one} and nav_menu_type = 1`);
      expect((await publicView('en')).body.data.websiteTitle).toBe(original);
      await remote.publish({ enterpriseId: eids.one });
      expect((await publicView('en')).body.data.websiteTitle).toBe('Changed elsewhere');
      expect((await nav('en'))[0]!.title).toBe('Home elsewhere');
      await gw.database.db.execute(sql`update enterprises set title_en = ${original} where id = ${eids.one}`);
      await gw.database.db.execute(sql`update nav_items set title_en = 'Home' where enterprise_id = ${eids.one} and nav_menu_type = 1`);
    } finally {
      await tenantChanges.useTransport(localTransport());
    }
  });

  it('tells the other processes of a change made here', async () => {
    const heard: string[] = [];
    const remote = localTransport();
    remote.listen((change) => heard.push(change.enterpriseId));
    await tenantChanges.useTransport(remote);
    try {
      const [first] = await adminNav();
      await gw.call('siteNavShow', { token: admin, body: { id: first!.id, isMenu: 1 } });
      expect(heard).toEqual([eids.one]);
    } finally {
      await tenantChanges.useTransport(localTransport());
    }
  });
});
