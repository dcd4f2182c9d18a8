import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Code } from '@/api/codes';
import type { EndpointName } from '@/api/endpoints';
import type { Banner, Zone, ZoneCourse, ZoneLecturer, ZoneLogo } from '@/api/home-types';
import { courses, homeZoneCourses, homeZones } from '../../db/schema';
import { createTestApp, HOST_TWO, type TestGateway } from '../../testing';
import { dataOf, signIn, type Who } from './test-support';

let gw: TestGateway;
let e1001: Who;
let e1002: Who;
let b2001: Who;
beforeAll(async () => {
  gw = await createTestApp();
  [e1001, e1002, b2001] = await Promise.all([signIn(gw, 'E1001'), signIn(gw, 'E1002'), signIn(gw, 'B2001', HOST_TWO)]);
});
afterAll(() => gw?.close());

const db = () => gw.database.db;
const names = (cards: { name: string }[]) => cards.map((c) => c.name);
const zoneCourses = (who: Who, relationType: number | string, lang: 'zh' | 'en' = 'zh', zoneId?: string) =>
  dataOf<ZoneCourse[]>(gw, who, 'zoneCourseList', { lang, query: { relationType: String(relationType), ...(zoneId ? { zoneId } : {}) } });
const courseNamed = async (nameZh: string) => (await db().select().from(courses).where(eq(courses.nameZh, nameZh)))[0]!;

describe('banners, zones and the zone picture', () => {
  it('lists the banners in order, in the caller’s language', async () => {
    const zh = await dataOf<Banner[]>(gw, e1001, 'bannerList');
    expect(zh.map((b) => [b.title, b.image, b.linkUrl, b.target])).toEqual([
      ['星辰学堂 2026 学习季', '/media/demo/home/xingchen-banner-1.svg', '/knowledge', '_self'],
      ['数据分析训练营开放报名', '/media/demo/home/xingchen-banner-2.svg', '/train', '_self'],
      ['安全生产月：消防与用电安全', '/media/demo/home/xingchen-banner-3.svg', '/exam', '_self'],
      ['领导力提升计划', '/media/demo/home/xingchen-banner-4.svg', 'https://xingchen.example.com/leadership', '_blank'],
    ]);
    const en = await dataOf<Banner[]>(gw, e1001, 'bannerList', { lang: 'en' });
    expect(en.map((b) => b.title)).toEqual([
      'Xingchen Academy 2026 learning season',
      'Data analysis boot camp now open',
      'Safety month: fire and electrical safety',
      'Leadership programme',
    ]);
    expect(en.map((b) => b.id)).toEqual(zh.map((b) => b.id));
  });

  it('lists the zones in order with their kind and relation type', async () => {
    const summary = (zones: Zone[]) => zones.map((z) => [z.kind, z.relationType, z.title]);
    expect(summary(await dataOf<Zone[]>(gw, e1001, 'zoneList'))).toEqual([
      [1, 1, '精选推荐'],
      [1, 2, '最新课程'],
      [1, 3, '热门课程'],
      [2, 1, '明星讲师'],
    ]);
    expect(summary(await dataOf<Zone[]>(gw, e1001, 'zoneList', { lang: 'en' }))).toEqual([
      [1, 1, "Editor's picks"],
      [1, 2, 'Newest courses'],
      [1, 3, 'Most studied'],
      [2, 1, 'Featured lecturers'],
    ]);
  });

  it('answers the zone picture and slogan', async () => {
    expect(await dataOf<ZoneLogo>(gw, e1001, 'zoneLogo')).toEqual({
      image: '/media/demo/home/xingchen-zone.svg',
      linkUrl: '/knowledge',
      slogan: '学无止境，星辰相伴',
    });
    expect((await dataOf<ZoneLogo>(gw, e1001, 'zoneLogo', { lang: 'en' })).slogan).toBe('Keep learning, with Xingchen by your side');
  });
});

describe('zone courses', () => {
  it('lists the recommended picks in order as course cards', async () => {
    const zh = await zoneCourses(e1001, 1);
    expect(names(zh)).toEqual(['新员工入职培训', '高效沟通技巧', '数据可视化入门', 'Excel 高效办公', '团队管理基础', '消防安全知识']);
    const en = await zoneCourses(e1001, 1, 'en');
    expect(names(en)).toEqual(['New employee onboarding', 'Effective communication', 'Data visualisation basics', 'Excel for the office', 'Team management basics', 'Fire safety basics']);
    // E1001's demo pass of the onboarding exam started the course.
    expect(en[0]).toMatchObject({ creditHours: 4, lecturers: [expect.objectContaining({ name: 'Li Na' })], learningStatus: 1 });
  });

  it('lists the newest published courses, at most 8', async () => {
    const newest = await zoneCourses(e1001, 2);
    // Seeded at one moment: newest first, then catalogue order; the removed course never shows.
    expect(names(newest)).toEqual(['新员工入职培训', '高效沟通技巧', '数据分析进阶', '职场写作规范', 'Excel 高效办公', '时间管理', '消防安全知识', '用电安全']);
    const later = await courseNamed('目标与绩效');
    await db().update(courses).set({ createdAt: new Date(Date.now() + 1000) }).where(eq(courses.id, later.id));
    expect(names(await zoneCourses(e1001, 2)).slice(0, 2)).toEqual(['目标与绩效', '新员工入职培训']);
  });

  it('lists the most studied courses with the caller’s own progress', async () => {
    const hot = await zoneCourses(e1001, 3);
    expect(hot).toHaveLength(8);
    // Most learners first; the removed 旧版安全规范 that E1001 also studied is left out.
    const counts = hot.map((c) => c.learnerCount);
    expect(counts).toEqual([...counts].sort((a, b) => b - a));
    expect(counts[0]).toBeGreaterThan(1);
    expect(names(hot)).not.toContain('旧版安全规范');
    // The caller's own progress on each card: E1001 completed one and is learning the other.
    const card = (list: typeof hot, name: string) => list.find((c) => c.name === name)!;
    expect(card(hot, '职场写作规范')).toMatchObject({ studyProgress: 100, learningStatus: 2 });
    expect(card(hot, '时间管理').learningStatus).toBe(1);
    const theirs = await zoneCourses(e1002, 3);
    expect(names(theirs)).toEqual(names(hot));
    expect(card(theirs, '职场写作规范')).toMatchObject({ learnerCount: card(hot, '职场写作规范').learnerCount, studyProgress: 0, learningStatus: 0 });
  });

  it('leaves out removed and foreign picks, keeps at most 8, and answers one zone by id', async () => {
    const [zone] = await db()
      .select()
      .from(homeZones)
      .where(and(eq(homeZones.enterpriseId, e1001.enterpriseId), eq(homeZones.relationType, 1), eq(homeZones.kind, 1)));
    const removed = await courseNamed('旧版安全规范');
    const foreign = await courseNamed('精益生产入门');
    const more = await Promise.all(['数据分析进阶', '职场写作规范', '时间管理', '用电安全'].map(courseNamed));
    await db()
      .insert(homeZoneCourses)
      .values([
        { enterpriseId: e1001.enterpriseId, zoneId: zone!.id, courseId: removed.id, sort: 0 },
        { enterpriseId: e1001.enterpriseId, zoneId: zone!.id, courseId: foreign.id, sort: 1 },
        ...more.map((c, i) => ({ enterpriseId: e1001.enterpriseId, zoneId: zone!.id, courseId: c.id, sort: 10 + i })),
      ]);
    const picks = names(await zoneCourses(e1001, 1, 'zh', zone!.id));
    expect(picks).toHaveLength(8);
    expect(picks).not.toContain('旧版安全规范');
    expect(picks).not.toContain('精益生产入门');
    expect(picks.slice(6)).toEqual(['数据分析进阶', '职场写作规范']);
    // Company two's zone id at company one: nothing.
    const [theirZone] = await db().select().from(homeZones).where(and(eq(homeZones.enterpriseId, b2001.enterpriseId), eq(homeZones.relationType, 1)));
    expect(await zoneCourses(e1001, 1, 'zh', theirZone!.id)).toEqual([]);
  });

  it('refuses a missing or unknown relation type', async () => {
    const queries: Record<string, string>[] = [{}, { relationType: '4' }, { relationType: 'x' }, { relationType: '1', zoneId: 'nope' }];
    for (const query of queries) {
      const { res, body } = await gw.call('zoneCourseList', { token: e1001.token, query });
      expect(res.status, JSON.stringify(query)).toBe(422);
      expect(body.code).toBe(Code.INVALID);
    }
    const { body } = await gw.call('zoneCourseList', { token: e1001.token, lang: 'en', query: {} });
    expect(body.msg).toContain('relationType');
  });
});

describe('featured lecturers', () => {
  it('lists them in order with their published courses counted', async () => {
    const zh = await dataOf<ZoneLecturer[]>(gw, e1001, 'zoneLecturerList');
    expect(zh.map((l) => [l.name, l.title, l.courseCount])).toEqual([
      ['李娜', '高级架构师', 5],
      ['陈明', '培训讲师', 5],
      // 旧版安全规范 is removed.
      ['王芳', '安全工程师', 2],
    ]);
    const en = await dataOf<ZoneLecturer[]>(gw, e1001, 'zoneLecturerList', { lang: 'en' });
    expect(en[0]).toMatchObject({ name: 'Li Na', title: 'Senior Architect', intro: expect.stringContaining('enterprise software'), id: zh[0]!.id });
  });
});

describe('the other company and anonymous callers', () => {
  it('gives company two only its own banners, zones, picture, courses and lecturers', async () => {
    const theirBanners = await dataOf<Banner[]>(gw, b2001, 'bannerList');
    expect(theirBanners.map((b) => b.title)).toEqual(['精益生产月', '质量体系内审培训', '绿色工厂 安全先行']);
    expect(theirBanners[2]).toMatchObject({ linkUrl: '', image: '/media/demo/home/qinghe-banner-3.svg' });
    const ours = await dataOf<Banner[]>(gw, e1001, 'bannerList');
    expect(ours.some((b) => theirBanners.some((t) => t.id === b.id))).toBe(false);

    expect((await dataOf<Zone[]>(gw, b2001, 'zoneList', { lang: 'en' })).map((z) => z.title)).toEqual(['Recommended courses', 'Newest courses', 'Our lecturers']);
    expect((await dataOf<ZoneLogo>(gw, b2001, 'zoneLogo')).slogan).toBe('匠心制造，从学习开始');
    expect(names(await zoneCourses(b2001, 1))).toEqual(['质量体系概论', '精益生产入门']);
    for (const type of [2, 3]) expect(names(await zoneCourses(b2001, type)).sort()).toEqual(['精益生产入门', '质量体系概论'].sort());
    const lecturers = await dataOf<ZoneLecturer[]>(gw, b2001, 'zoneLecturerList');
    expect(lecturers.map((l) => [l.name, l.courseCount])).toEqual([['孙浩', 2]]);
  });

  it('answers the sign-in code to anonymous callers and to a token of the other company', async () => {
    const rows: [EndpointName, Record<string, string>?][] = [
      ['bannerList'],
      ['zoneList'],
      ['zoneLogo'],
      ['zoneCourseList', { relationType: '1' }],
      ['zoneLecturerList'],
    ];
    for (const [name, query] of rows) {
      const anonymous = await gw.call(name, { query, lang: 'en' });
      expect(anonymous.body.code, name).toBe(Code.UNAUTHORIZED);
      expect(anonymous.body.msg).toBe('Please login first!');
      const crossed = await gw.call(name, { query, token: e1001.token, host: HOST_TWO });
      expect(crossed.body.code, name).toBe(Code.UNAUTHORIZED);
    }
  });
});
