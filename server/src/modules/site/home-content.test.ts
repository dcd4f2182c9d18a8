import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Code } from '@/api/codes';
import type { SiteBanner, SiteEnumSummary, SiteEnumView, SitePick, SiteZones } from '@/api/crm-site-types';
import type { Banner, Zone, ZoneCourse, ZoneLecturer } from '@/api/home-types';
import type { EnumOption, PostGradeInfo, UserInfo } from '@/api/types';
import { createTestApp, HOST_TWO, type TestGateway } from '../../testing';
import { rawCall } from '../account/test-support';
import { adminOfCompanyTwo, auditOf, rowsOf, uploadPng } from './test-support';

let gw: TestGateway;
let admin: string;
let learner: string;
let adminTwo: string;

beforeAll(async () => {
  gw = await createTestApp();
  admin = await gw.login('E1004');
  learner = await gw.login('E1001');
  adminTwo = await adminOfCompanyTwo(gw);
}, 60_000);
afterAll(() => gw?.close());

const banners = async () => (await gw.call<SiteBanner[]>('siteBannerList', { token: admin })).body.data;
const learnerBanners = async (lang: 'zh' | 'en' = 'zh') => (await gw.call<Banner[]>('bannerList', { token: learner, lang })).body.data;
const zones = async (token = admin, host?: string) => (await gw.call<SiteZones>('siteZoneList', { token, host })).body.data;
const hour = 3_600_000;
const at = (offset: number) => new Date(Date.now() + offset).toISOString();

describe('banners', () => {
  it('lists every banner in order, each marked as shown now or not', async () => {
    const list = await banners();
    expect(list.map((b) => b.titleZh)).toEqual(['星辰学堂 2026 学习季', '数据分析训练营开放报名', '安全生产月：消防与用电安全', '领导力提升计划']);
    expect(list.every((b) => b.active && b.activeFrom === null && b.activeUntil === null)).toBe(true);
  });

  it('creates a banner with an uploaded picture; learners see it only inside its window', async () => {
    const image = await uploadPng(gw, admin);
    const created = await gw.call<SiteBanner>('siteBannerSave', {
      token: admin,
      body: { titleZh: '夏季活动', titleEn: 'Summer event', image, linkUrl: '/train', target: '_blank', activeFrom: at(hour), activeUntil: at(48 * hour) },
    });
    expect(created.body.code).toBe(200);
    const banner = created.body.data;
    expect(banner).toMatchObject({ titleEn: 'Summer event', image, target: '_blank', active: false });
    expect((await banners()).at(-1)!.id).toBe(banner.id);
    expect((await learnerBanners()).some((b) => b.id === banner.id)).toBe(false);

    const started = await gw.call<SiteBanner>('siteBannerSave', {
      token: admin,
      body: { ...banner, activeFrom: at(-hour) },
    });
    expect(started.body.data.active).toBe(true);
    expect((await learnerBanners('en')).at(-1)).toEqual({ id: banner.id, title: 'Summer event', image, linkUrl: '/train', target: '_blank' });

    const ended = await gw.call<SiteBanner>('siteBannerSave', { token: admin, body: { ...banner, activeFrom: null, activeUntil: at(-1000) } });
    expect(ended.body.data.active).toBe(false);
    expect((await learnerBanners()).some((b) => b.id === banner.id)).toBe(false);

    const claimed = await rowsOf<{ used: boolean }>(gw, sql`select used_at is not null as used from uploaded_files where key = ${image.slice(7)}`);
    expect(claimed).toEqual([{ used: true }]);
    const records = (await auditOf(gw, admin, 'banner')).filter((r) => r.objectId === banner.id);
    expect(records.map((r) => r.action)).toEqual(['update', 'update', 'create']);
    expect(records[0]!.changes.map((c) => c.field)).toEqual(['activeFrom', 'activeUntil']);
  });

  it('refuses a window that ends before it starts, a picture not uploaded and a link that is not one', async () => {
    const image = (await banners())[0]!.image;
    const save = (body: object, lang: 'zh' | 'en' = 'en') =>
      gw.call('siteBannerSave', { token: admin, lang, body: { titleZh: '标题', titleEn: 'Title', image, ...body } });
    const order = await save({ activeFrom: at(2 * hour), activeUntil: at(hour) });
    expect([order.body.code, order.body.msg]).toEqual([Code.INVALID, 'The field activeUntil has an invalid value']);
    expect((await save({ activeFrom: at(2 * hour), activeUntil: at(hour) }, 'zh')).body.msg).toBe('参数 activeUntil 的值无效');
    expect((await save({ activeFrom: '2026-13-01' })).body.msg).toBe('The field activeFrom has an invalid value');
    // A banner shows a picture the company uploaded, or one that ships with the site.
    expect((await save({ image: '/evil.png' })).body.msg).toBe('image is not a picture uploaded by your company; please upload it again');
    expect((await save({ image: 'https://evil.example/x.png' })).body.code).toBe(Code.INVALID);
    expect((await save({ image: '' })).body.msg).toBe('The field image must not be empty');
    expect((await save({ linkUrl: 'javascript:alert(1)' })).body.msg).toBe('The field linkUrl has an invalid value');
  });

  it('reorders and deletes banners; learners’ carousel follows', async () => {
    const list = await banners();
    const ids = list.map((b) => b.id);
    const moved = [ids[1]!, ids[0]!, ...ids.slice(2)];
    const { body } = await gw.call<SiteBanner[]>('siteBannerReorder', { token: admin, body: { ids: moved } });
    expect(body.data.map((b) => b.id)).toEqual(moved);
    expect((await learnerBanners()).map((b) => b.id).slice(0, 2)).toEqual(moved.slice(0, 2));
    expect((await gw.call('siteBannerReorder', { token: admin, body: { ids: moved.slice(1) } })).body.code).toBe(Code.INVALID);

    const last = list.at(-1)!;
    expect((await gw.call('siteBannerDelete', { token: admin, body: { id: last.id } })).body.code).toBe(200);
    expect((await banners()).some((b) => b.id === last.id)).toBe(false);
    const again = await gw.call('siteBannerDelete', { token: admin, lang: 'en', body: { id: last.id } });
    expect([again.body.code, again.body.msg]).toEqual([Code.NOT_FOUND, 'This banner does not exist']);
    const [deleted] = await auditOf(gw, admin, 'banner');
    expect(deleted).toMatchObject({ action: 'delete', objectId: last.id, objectLabel: last.titleZh });
  });

  it('lets no company see or change another’s banners', async () => {
    const mine = await banners();
    const theirs = (await gw.call<SiteBanner[]>('siteBannerList', { token: adminTwo, host: HOST_TWO })).body.data;
    expect(theirs.some((b) => mine.some((m) => m.id === b.id))).toBe(false);
    const id = mine[0]!.id;
    const edit = await gw.call('siteBannerSave', { token: adminTwo, host: HOST_TWO, body: { ...mine[0], titleZh: '越界' } });
    expect(edit.body.code).toBe(Code.NOT_FOUND);
    expect((await gw.call('siteBannerDelete', { token: adminTwo, host: HOST_TWO, body: { id } })).body.code).toBe(Code.NOT_FOUND);
    expect((await gw.call('siteBannerReorder', { token: adminTwo, host: HOST_TWO, body: { ids: mine.map((b) => b.id) } })).body.code).toBe(Code.INVALID);
    expect(await banners()).toEqual(mine);
  });
});

describe('home zones', () => {
  it('lists the zones in order with the recommended zone’s picks, and the featured lecturers', async () => {
    const data = await zones();
    expect(data.zones.map((z) => [z.kind, z.relationType, z.titleZh])).toEqual([
      [1, 1, '精选推荐'],
      [1, 2, '最新课程'],
      [1, 3, '热门课程'],
      [2, expect.any(Number), '明星讲师'],
    ]);
    expect(data.zones[0]!.courses.length).toBe(6);
    expect(data.zones[0]!.courses[0]).toMatchObject({ nameZh: '新员工入职培训', published: true });
    expect(data.lecturers.map((l) => l.nameZh)).toEqual(['李娜', '陈明', '王芳']);
  });

  it('edits a zone’s titles and list type, and reorders the zones; learners see both', async () => {
    const [picks, newest] = (await zones()).zones;
    const { body } = await gw.call<SiteZones>('siteZoneSave', { token: admin, body: { id: newest!.id, titleZh: '新课上架', titleEn: 'Just in', relationType: 3 } });
    expect(body.data.zones[1]).toMatchObject({ titleZh: '新课上架', titleEn: 'Just in', relationType: 3 });
    const seen = (await gw.call<Zone[]>('zoneList', { token: learner, lang: 'en' })).body.data;
    expect(seen[1]).toMatchObject({ id: newest!.id, title: 'Just in', relationType: 3 });

    const ids = (await zones()).zones.map((z) => z.id);
    const reordered = [ids[1]!, ids[0]!, ids[2]!, ids[3]!];
    expect((await gw.call<SiteZones>('siteZoneReorder', { token: admin, body: { ids: reordered } })).body.data.zones.map((z) => z.id)).toEqual(reordered);
    expect((await gw.call<Zone[]>('zoneList', { token: learner })).body.data.map((z) => z.id)).toEqual(reordered);
    await gw.call('siteZoneReorder', { token: admin, body: { ids } });
    await gw.call('siteZoneSave', { token: admin, body: { id: newest!.id, titleZh: newest!.titleZh, titleEn: newest!.titleEn, relationType: 2 } });

    // The lecturer zone keeps its own list type.
    const lecturerZone = (await zones()).zones[3]!;
    await gw.call('siteZoneSave', { token: admin, body: { id: lecturerZone.id, titleZh: '讲师风采', titleEn: 'Our lecturers', relationType: 1 } });
    expect((await zones()).zones[3]).toMatchObject({ titleZh: '讲师风采', relationType: lecturerZone.relationType });

    const records = await auditOf(gw, admin, 'zone');
    expect(records.some((r) => r.objectId === picks!.id)).toBe(false);
    expect(records.find((r) => r.objectId === newest!.id && r.changes.some((c) => c.field === 'relationType' && c.after === 3))).toBeTruthy();
  });

  it('picks and orders the courses of a recommended zone; learners get them in that order', async () => {
    const zone = (await zones()).zones[0]!;
    const options = (await gw.call<SitePick[]>('siteCourseOptions', { token: admin, query: { keyword: '安全' } })).body.data;
    expect(options.length).toBeGreaterThan(1);
    expect(options.every((o) => o.nameZh.includes('安全') || o.nameEn.toLowerCase().includes('safety'))).toBe(true);
    const chosen = [options[1]!.id, zone.courses[0]!.id, options[0]!.id];
    const { body } = await gw.call<SiteZones>('siteZoneCoursesSave', { token: admin, body: { zoneId: zone.id, courseIds: chosen } });
    expect(body.data.zones[0]!.courses.map((c) => c.id)).toEqual(chosen);
    const cards = (await gw.call<ZoneCourse[]>('zoneCourseList', { token: learner, query: { relationType: '1', zoneId: zone.id } })).body.data;
    const published = new Set(body.data.zones[0]!.courses.filter((c) => c.published).map((c) => c.id));
    expect(cards.map((c) => c.id)).toEqual(chosen.filter((id) => published.has(id)));
    const [record] = await auditOf(gw, admin, 'zone');
    expect(record).toMatchObject({ objectId: zone.id, changes: [{ field: 'courses', after: body.data.zones[0]!.courses.map((c) => c.nameZh) }] });

    const tooMany = await gw.call('siteZoneCoursesSave', { token: admin, lang: 'en', body: { zoneId: zone.id, courseIds: Array.from({ length: 9 }, () => crypto.randomUUID()) } });
    expect([tooMany.body.code, tooMany.body.msg]).toEqual([Code.INVALID, 'The field courseIds must be at most 8']);
    const twice = await gw.call('siteZoneCoursesSave', { token: admin, body: { zoneId: zone.id, courseIds: [chosen[0], chosen[0]] } });
    expect(twice.body.code).toBe(Code.INVALID);
    const lecturerZone = (await zones()).zones[3]!;
    const wrongKind = await gw.call('siteZoneCoursesSave', { token: admin, lang: 'en', body: { zoneId: lecturerZone.id, courseIds: [chosen[0]] } });
    expect([wrongKind.body.code, wrongKind.body.msg]).toEqual([Code.INVALID, 'The lecturer zone cannot pick courses']);
  });

  it('refuses courses and lecturers of another company', async () => {
    const [course] = (await gw.call<SitePick[]>('siteCourseOptions', { token: adminTwo, host: HOST_TWO })).body.data;
    const [lecturer] = (await gw.call<SitePick[]>('siteLecturerOptions', { token: adminTwo, host: HOST_TWO })).body.data;
    const zone = (await zones()).zones[0]!;
    const before = await zones();
    const courses = await gw.call('siteZoneCoursesSave', { token: admin, body: { zoneId: zone.id, courseIds: [course!.id] } });
    expect([courses.body.code, courses.body.msg]).toEqual([Code.INVALID, '所选课程中有不属于本企业的课程']);
    const lecturers = await gw.call('siteZoneLecturersSave', { token: admin, lang: 'en', body: { lecturerIds: [lecturer!.id] } });
    expect([lecturers.body.code, lecturers.body.msg]).toEqual([Code.INVALID, 'Some of the lecturers picked are not your company’s']);
    // Company two's administrator cannot reach company one's zone.
    const theirs = await gw.call('siteZoneCoursesSave', { token: adminTwo, host: HOST_TWO, body: { zoneId: zone.id, courseIds: [course!.id] } });
    expect(theirs.body.code).toBe(Code.NOT_FOUND);
    const edit = await gw.call('siteZoneSave', { token: adminTwo, host: HOST_TWO, body: { id: zone.id, titleZh: '越界', titleEn: 'x', relationType: 1 } });
    expect(edit.body.code).toBe(Code.NOT_FOUND);
    expect(await zones()).toEqual(before);
    const twoZones = await zones(adminTwo, HOST_TWO);
    expect(twoZones.zones.some((z) => before.zones.some((b) => b.id === z.id))).toBe(false);
  });

  it('features lecturers in the order given', async () => {
    const options = (await gw.call<SitePick[]>('siteLecturerOptions', { token: admin })).body.data;
    expect(options.length).toBeGreaterThan(3);
    const chosen = [options[3]!.id, options[0]!.id];
    const { body } = await gw.call<SiteZones>('siteZoneLecturersSave', { token: admin, body: { lecturerIds: chosen } });
    expect(body.data.lecturers.map((l) => l.id)).toEqual(chosen);
    const seen = (await gw.call<ZoneLecturer[]>('zoneLecturerList', { token: learner })).body.data;
    expect(seen.map((l) => l.id)).toEqual(chosen);
    const [record] = await auditOf(gw, admin, 'zone');
    expect(record!.changes).toEqual([{ field: 'lecturers', before: ['李娜', '陈明', '王芳'], after: [options[3]!.nameZh, options[0]!.nameZh] }]);
  });
});

describe('enum lists', () => {
  const enumList = async (enumName: string, host?: string, lang: 'zh' | 'en' = 'zh') =>
    (await gw.call<EnumOption[]>('enumList', { host, lang, query: { enumName } })).body.data;

  it('lists the enums learners are served; only post levels are the company’s to change', async () => {
    const { body } = await gw.call<SiteEnumSummary[]>('siteEnumList', { token: admin });
    expect(body.data).toEqual([
      { enumName: 'postLevel', editable: true, own: false, count: 76 },
      { enumName: 'sex', editable: false, own: false, count: 2 },
      { enumName: 'userType', editable: false, own: false, count: 3 },
    ]);
    const sex = (await gw.call<SiteEnumView>('siteEnumView', { token: admin, query: { enumName: 'sex' } })).body.data;
    expect(sex).toMatchObject({ editable: false, own: false, options: [] });
    expect(sex.global[0]).toEqual({ value: '1', labelZh: '男', labelEn: 'Male', groupZh: '', groupEn: '' });
    const unknown = await gw.call('siteEnumView', { token: admin, lang: 'en', query: { enumName: 'colour' } });
    expect([unknown.body.code, unknown.body.msg]).toEqual([Code.NOT_FOUND, 'There is no enum named colour']);
  });

  it('refuses to change a platform enum', async () => {
    const body = { enumName: 'sex', options: [{ value: '1', labelZh: '男', labelEn: 'Man' }] };
    const zh = await gw.call('siteEnumSave', { token: admin, body });
    expect([zh.body.code, zh.body.msg]).toEqual([Code.FORBIDDEN, 'sex 由平台统一定义，企业不能修改']);
    const en = await gw.call('siteEnumReset', { token: admin, lang: 'en', body: { enumName: 'userType' } });
    expect(en.body.msg).toBe('userType is defined by the platform and cannot be changed by a company');
  });

  it('saves the company’s own post levels, which replace the global list for it alone, and resets them', async () => {
    const held = await rowsOf<{ v: string }>(
      gw,
      sql`select distinct post_level as v from enterprise_users u join enterprise_domains d on d.enterprise_id = u.enterprise_id
          where d.domain = 'localhost' and post_level <> '' order by 1`,
    );
    const values = held.map((h) => h.v);
    const own = [
      ...values.map((value) => ({ value, labelZh: `级别 ${value}`, labelEn: `Level ${value}`, groupZh: `${value.split('_')[0]}岗`, groupEn: `Post ${value.split('_')[0]}` })),
      { value: 'M_01', labelZh: '经理一级', labelEn: 'Manager 1', groupZh: '管理岗', groupEn: 'Managers' },
    ];
    const saved = await gw.call<SiteEnumView>('siteEnumSave', { token: admin, body: { enumName: 'postLevel', options: own } });
    expect(saved.body.code).toBe(200);
    expect(saved.body.data).toMatchObject({ own: true, editable: true });
    expect(saved.body.data.options.map((o) => o.value)).toEqual(own.map((o) => o.value));

    expect((await enumList('postLevel', undefined, 'en')).at(-1)).toEqual({ label: 'Manager 1', value: 'M_01', group: 'Managers' });
    expect((await enumList('postLevel', HOST_TWO)).length).toBe(76);
    // The profile's post grade groups the company's own levels.
    const me = (await gw.call<UserInfo>('currentUser', { token: learner })).body.data;
    const grade = (await rawCall<PostGradeInfo>(gw, 'getPostGrade', { token: learner, lang: 'en', params: { userNo: me.userNo } })).body.data;
    expect(grade.groups.at(-1)).toMatchObject({ label: 'Managers', value: 'M', children: [{ label: 'Manager 1', value: 'M_01', group: 'Managers' }] });

    const [record] = await auditOf(gw, admin, 'enum');
    expect(record).toMatchObject({ action: 'update', objectId: 'postLevel' });
    expect(record!.changes[0]).toEqual({ field: 'own', before: false, after: true });

    // A level members hold cannot be left out.
    const dropped = await gw.call('siteEnumSave', { token: admin, lang: 'en', body: { enumName: 'postLevel', options: own.filter((o) => o.value !== '2_08') } });
    expect([dropped.body.code, dropped.body.msg]).toEqual([Code.INVALID, 'These options are still held by members and cannot be removed: 2_08']);

    const reset = await gw.call<SiteEnumView>('siteEnumReset', { token: admin, body: { enumName: 'postLevel' } });
    expect(reset.body.data).toMatchObject({ own: false, options: [] });
    expect((await enumList('postLevel')).length).toBe(76);
    expect((await auditOf(gw, admin, 'enum'))[0]).toMatchObject({ action: 'delete', objectId: 'postLevel', changes: [{ field: 'own', before: true, after: false }, expect.anything()] });
  });

  it('refuses options that break the enum’s rules', async () => {
    const save = (options: object[]) => gw.call('siteEnumSave', { token: admin, lang: 'en', body: { enumName: 'postLevel', options } });
    const level = { value: '1_01', labelZh: '一', labelEn: 'One', groupZh: '1岗', groupEn: 'Post 1' };
    expect((await save([])).body.msg).toBe('The field options must be at least 1');
    expect((await save([{ ...level, value: 'level one' }])).body.msg).toBe('The field options.0.value has an invalid value');
    expect((await save([level, level])).body.msg).toBe('The field options.1.value has an invalid value');
    expect((await save([{ ...level, groupEn: '' }])).body.msg).toBe('The field options.0.groupEn has an invalid value');
    expect((await save([{ ...level, labelZh: '' }])).body.msg).toBe('The field options.0.labelZh must not be empty');
    expect((await gw.call<SiteEnumView>('siteEnumView', { token: admin, query: { enumName: 'postLevel' } })).body.data.own).toBe(false);
  });

  it('keeps each company’s own options to itself', async () => {
    const level = { value: '1_01', labelZh: '青禾一级', labelEn: 'Qinghe 1', groupZh: '一岗', groupEn: 'Post 1' };
    const held = await rowsOf<{ v: string }>(
      gw,
      sql`select distinct post_level as v from enterprise_users u join enterprise_domains d on d.enterprise_id = u.enterprise_id
          where d.domain = ${HOST_TWO} and post_level <> ''`,
    );
    const options = [level, ...held.filter((h) => h.v !== '1_01').map((h) => ({ ...level, value: h.v, labelZh: h.v }))];
    const saved = await gw.call<SiteEnumView>('siteEnumSave', { token: adminTwo, host: HOST_TWO, body: { enumName: 'postLevel', options } });
    expect(saved.body.code).toBe(200);
    expect((await enumList('postLevel', HOST_TWO))[0]!.label).toBe('青禾一级');
    expect((await enumList('postLevel')).length).toBe(76);
    expect((await gw.call<SiteEnumView>('siteEnumView', { token: admin, query: { enumName: 'postLevel' } })).body.data.own).toBe(false);
    expect((await auditOf(gw, admin, 'enum')).every((r) => r.action !== 'update' || r.changes.every((c) => !JSON.stringify(c).includes('青禾')))).toBe(true);
  });
});
