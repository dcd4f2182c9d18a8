import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { Code } from '@/api/codes';
import type { CourseItem } from '@/api/learning-types';
import type { LecturerDetail, LecturerItem, LecturerRankEntry } from '@/api/lecturer-types';
import type { PageResult } from '@/api/types';
import { lecturers } from '../../db/schema';
import { HOST_TWO } from '../../testing';
import { lecturerId } from '../course/test-support';
import { dataOf, type Who } from '../home/test-support';
import { lecturerTestbed, measuresOf, study } from './test-support';

const bed = lecturerTestbed();

const page = (who: Who, body: object = {}, lang: 'zh' | 'en' = 'zh') =>
  dataOf<PageResult<LecturerItem>>(bed.gw, who, 'lecturerPage', { body, lang });
const names = (p: PageResult<LecturerItem>) => p.list.map((l) => l.name);
const view = (who: Who, id: string, lang: 'zh' | 'en' = 'zh') =>
  bed.gw.call<LecturerDetail>('lecturerView', { token: who.token, host: who.host, lang, query: { lecturerId: id } });

/** The fifteen lecturers of company one in the company's order. */
const COMPANY_ONE = ['李娜', '陈明', '王芳', '周健', '许文博', '曹琳', '张丽', '刘强', '赵刚', '黄梅', '孙莉', '郭阳', '马晓宇', '杨帆', '邓慧'];

describe('the directory', () => {
  it('pages the company’s lecturers by 10 in the company’s order', async () => {
    const first = await page(bed.e1001);
    expect(first).toMatchObject({ pageCurrent: 1, pageSize: 10, totalCount: 15, totalPage: 2 });
    expect(names(first)).toEqual(COMPANY_ONE.slice(0, 10));
    expect(names(await page(bed.e1001, { pageCurrent: 2 }))).toEqual(COMPANY_ONE.slice(10));
    const small = await page(bed.e1001, { pageCurrent: 3, pageSize: 4 });
    expect(small).toMatchObject({ pageSize: 4, totalPage: 4 });
    expect(names(small)).toEqual(COMPANY_ONE.slice(8, 12));
    // Past the end: no one, with the totals still there.
    expect(await page(bed.e1001, { pageCurrent: 3 })).toMatchObject({ list: [], totalCount: 15, totalPage: 2 });
  });

  it('fills each card in the caller’s language with what the lecturer teaches', async () => {
    const [liNa] = (await page(bed.e1001)).list;
    expect(liNa).toMatchObject({ name: '李娜', title: '高级架构师', level: 4, avatar: '', intro: expect.stringContaining('十年企业软件架构经验') });
    expect(liNa).toMatchObject(await measuresOf(bed.gw, liNa!.id).then(({ ratingCount: _, ...rest }) => rest));
    // Five published courses: the removed one never counts.
    expect(liNa!.courseCount).toBe(5);
    const en = (await page(bed.e1001, {}, 'en')).list[0]!;
    expect(en).toMatchObject({ id: liNa!.id, name: 'Li Na', title: 'Senior Architect', intro: expect.stringContaining('enterprise software') });
  });

  it('finds lecturers by name or title in either language, case aside', async () => {
    expect(names(await page(bed.e1001, { keyword: '周健' }))).toEqual(['周健']);
    expect(names(await page(bed.e1001, { keyword: '数据' }))).toEqual(['周健', '郭阳']);
    expect(names(await page(bed.e1001, { keyword: 'DATA' }, 'en'))).toEqual(['Zhou Jian', 'Guo Yang']);
    expect(names(await page(bed.e1001, { keyword: 'data analytics' }))).toEqual(['周健']);
    expect(names(await page(bed.e1001, { keyword: 'zhou' }, 'en'))).toEqual(['Zhou Jian']);
    expect(names(await page(bed.e1001, { keyword: '  安全  ' }))).toEqual(['王芳', '刘强']);
    // Spaces alone are no filter; pattern characters are taken literally.
    expect((await page(bed.e1001, { keyword: '   ' })).totalCount).toBe(15);
    expect((await page(bed.e1001, { keyword: '%' })).totalCount).toBe(0);
    expect((await page(bed.e1001, { keyword: '_' })).totalCount).toBe(0);
    const none = await page(bed.e1001, { keyword: '不存在的讲师' });
    expect(none).toMatchObject({ list: [], totalCount: 0, totalPage: 0 });
  });

  it('pages a search: the keyword holds on every page', async () => {
    const first = await page(bed.e1001, { keyword: 'er', pageSize: 3 }, 'en');
    const all = await page(bed.e1001, { keyword: 'er', pageSize: 100 }, 'en');
    expect(all.list.length).toBeGreaterThan(3);
    expect(first.totalCount).toBe(all.totalCount);
    const second = await page(bed.e1001, { keyword: 'er', pageSize: 3, pageCurrent: 2 }, 'en');
    expect([...names(first), ...names(second)]).toEqual(names(all).slice(0, 6));
    for (const l of all.list) expect(`${l.name} ${l.title}`.toLowerCase()).toContain('er');
  });

  it('refuses a keyword over 50 characters and malformed paging, naming the field', async () => {
    const long = await bed.gw.call('lecturerPage', { token: bed.e1001.token, body: { keyword: '讲'.repeat(51) } });
    expect(long.body).toMatchObject({ code: Code.INVALID, msg: expect.stringContaining('keyword') });
    expect((await bed.gw.call('lecturerPage', { token: bed.e1001.token, body: { keyword: '讲'.repeat(50) } })).body.code).toBe(Code.OK);
    for (const body of [{ pageSize: 0 }, { pageSize: 101 }, { pageCurrent: 0 }, { keyword: 7 }]) {
      expect((await bed.gw.call('lecturerPage', { token: bed.e1001.token, body })).body.code, JSON.stringify(body)).toBe(Code.INVALID);
    }
  });
});

describe('a lecturer’s page', () => {
  it('answers the profile with courses, learners and the average rating', async () => {
    const zhou = await lecturerId(bed.gw, '周健');
    const before = await view(bed.e1001, zhou);
    expect(before.body.code).toBe(Code.OK);
    expect(before.body.data).toMatchObject({
      id: zhou,
      name: '周健',
      title: '数据分析专家',
      level: 5,
      intro: expect.stringContaining('数据分析'),
      courseCount: 2,
      learnerCount: 0,
      rating: 0,
      ratingCount: 0,
    });
    // 数据可视化入门 and 数据分析进阶 are his; a member of both counts once, and every rating weighs the same.
    await study(bed.gw, '数据可视化入门', ['E1008', 'E1009', 'E1010'], [5, 4]);
    await study(bed.gw, '数据分析进阶', ['E1008', 'E1011'], [2]);
    const after = (await view(bed.e1001, zhou, 'en')).body.data;
    expect(after).toMatchObject({ name: 'Zhou Jian', title: 'Data Analytics Expert', courseCount: 2, learnerCount: 4, rating: 3.7, ratingCount: 3 });
    expect(after).toMatchObject(await measuresOf(bed.gw, zhou));
  });

  it('counts only published courses and their learners', async () => {
    // 杨帆's only course was removed, and E1001's progress in it counts for no one.
    const yang = (await view(bed.e1001, await lecturerId(bed.gw, '杨帆'))).body.data;
    expect(yang).toMatchObject({ courseCount: 0, learnerCount: 0 });
    const wang = (await view(bed.e1001, await lecturerId(bed.gw, '王芳'))).body.data;
    expect(wang).toMatchObject(await measuresOf(bed.gw, wang.id));
    expect(wang.courseCount).toBe(2);
  });

  it('lists the lecturer’s courses through the course list, as many as the profile counts', async () => {
    const cao = await lecturerId(bed.gw, '曹琳');
    const profile = (await view(bed.e1001, cao)).body.data;
    const courses = await dataOf<PageResult<CourseItem>>(bed.gw, bed.e1001, 'courseLecturerPage', { body: { lecturerId: cao } });
    expect(courses.totalCount).toBe(profile.courseCount);
    expect(courses.list.map((c) => c.name).sort()).toEqual(['团队管理基础', '目标与绩效'].sort());
    for (const c of courses.list) expect(c.lecturers.map((l) => l.id)).toContain(cao);
  });

  it('answers lecturer.notFound for an unknown or malformed id, and asks for a missing one', async () => {
    for (const id of [crypto.randomUUID(), '77', 'not-an-id']) {
      const { body } = await view(bed.e1001, id);
      expect(body, id).toMatchObject({ code: Code.NOT_FOUND, msg: '讲师不存在', data: null });
    }
    expect((await view(bed.e1001, crypto.randomUUID(), 'en')).body.msg).toBe('The lecturer does not exist');
    const missing = await bed.gw.call('lecturerView', { token: bed.e1001.token });
    expect(missing.body.code).toBe(Code.INVALID);
  });
});

describe('another company', () => {
  it('never lists, finds, ranks or shows another company’s lecturer', async () => {
    const [sunHao] = await bed.gw.database.db.select().from(lecturers).where(eq(lecturers.nameZh, '孙浩'));
    expect(sunHao?.enterpriseId).toBe(bed.b2001.enterpriseId);
    // Company one: not in the directory, not found by name, not ranked, not found by id.
    const all = await page(bed.e1001, { pageSize: 100 });
    expect(all.list.map((l) => l.id)).not.toContain(sunHao!.id);
    expect((await page(bed.e1001, { keyword: '孙浩' })).totalCount).toBe(0);
    const ranked = await dataOf<LecturerRankEntry[]>(bed.gw, bed.e1001, 'lecturerRankList');
    expect(ranked.map((l) => l.id)).not.toContain(sunHao!.id);
    expect((await view(bed.e1001, sunHao!.id)).body).toMatchObject({ code: Code.NOT_FOUND, data: null });
    expect((await bed.gw.call('courseLecturerPage', { token: bed.e1001.token, body: { lecturerId: sunHao!.id } })).body.code).toBe(Code.NOT_FOUND);

    // Company two sees only its own.
    const two = await page(bed.b2001);
    expect(two).toMatchObject({ totalCount: 1 });
    expect(two.list[0]).toMatchObject({ id: sunHao!.id, name: '孙浩', courseCount: 2 });
    expect((await dataOf<LecturerRankEntry[]>(bed.gw, bed.b2001, 'lecturerRankList')).map((l) => l.name)).toEqual(['孙浩']);
    const liNa = await lecturerId(bed.gw, '李娜');
    expect((await view(bed.b2001, liNa)).body).toMatchObject({ code: Code.NOT_FOUND, data: null });
  });

  it('refuses a token of one company at the other company’s host', async () => {
    const { body } = await bed.gw.call('lecturerPage', { token: bed.e1001.token, host: HOST_TWO });
    expect(body.code).toBe(Code.UNAUTHORIZED);
  });
});

describe('anonymous callers', () => {
  it('get the sign-in code from every lecturer call', async () => {
    const liNa = await lecturerId(bed.gw, '李娜');
    for (const [name, options] of [
      ['lecturerPage', { body: {} }],
      ['lecturerRankList', {}],
      ['lecturerView', { query: { lecturerId: liNa } }],
    ] as const) {
      const { res, body } = await bed.gw.call(name, options);
      expect(body, name).toMatchObject({ code: Code.UNAUTHORIZED, data: null });
      expect(res.status).toBe(401);
    }
  });
});
