import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Code } from '@/api/codes';
import type { Category, CourseCount, CourseDetail, CourseItem, CourseResourceItem } from '@/api/learning-types';
import type { PageResult } from '@/api/types';
import { enterpriseUsers } from '../../db/schema';
import { createTestApp, type TestGateway } from '../../testing';
import { courseCards } from '../../db/access/course-cards';
import { courseId, lecturerId, resourceOf } from './test-support';

let gw: TestGateway;
let token: string;
beforeAll(async () => {
  gw = await createTestApp();
  token = await gw.login('E1001');
});
afterAll(() => gw?.close());

const page = async (body: Record<string, unknown> = {}, lang: 'zh' | 'en' = 'zh') => {
  const { body: env } = await gw.call<PageResult<CourseItem>>('coursePage', { token, body, lang });
  expect(env.code).toBe(Code.OK);
  return env.data;
};
const names = (p: PageResult<CourseItem>) => p.list.map((c) => c.name);
const allNames = async (body: Record<string, unknown> = {}) => names(await page({ ...body, pageSize: 100 }));
const tree = async (lang: 'zh' | 'en' = 'zh') => (await gw.call<Category[]>('categoryList', { token, body: {}, lang })).body.data;
const counts = async (body: Record<string, unknown> = {}) =>
  (await gw.call<CourseCount>('courseCount', { token, body })).body.data;

describe('course list', () => {
  it('gives 8 courses a page by default: two pages of the 11 published courses', async () => {
    const first = await page();
    expect(first).toMatchObject({ pageCurrent: 1, pageSize: 8, totalCount: 11, totalPage: 2 });
    expect(first.list).toHaveLength(8);
    const second = await page({ pageCurrent: 2 });
    expect(second).toMatchObject({ pageCurrent: 2, pageSize: 8, totalCount: 11, totalPage: 2 });
    expect(second.list).toHaveLength(3);
    const ids = [...first.list, ...second.list].map((c) => c.id);
    expect(new Set(ids).size).toBe(11);
    expect(await allNames()).not.toContain('旧版安全规范');
    expect((await page({ pageCurrent: 3 })).list).toEqual([]);
  });

  it('fills the card of a course: category, lecturers, periods, duration, in the caller\'s language', async () => {
    const zh = (await page({ keyword: '新员工入职培训' })).list[0]!;
    expect(zh).toMatchObject({
      name: '新员工入职培训',
      categoryName: '通用能力',
      isFree: true,
      courseType: 1,
      periodCount: 15,
      lecturers: [expect.objectContaining({ name: '李娜' })],
    });
    // The welcome video (~12 s) and the company audio (~10 s); documents and images add nothing.
    expect(zh.totalDuration).toBeGreaterThanOrEqual(20);
    expect(zh.totalDuration).toBeLessThanOrEqual(30);
    const en = (await page({ keyword: '新员工入职培训' }, 'en')).list[0]!;
    expect(en).toMatchObject({ id: zh.id, name: 'New employee onboarding', categoryName: 'General skills' });
    expect(en.lecturers[0]!.name).toBe('Li Na');
  });

  it('carries the caller\'s progress and status and counts learners', async () => {
    const writing = (await page({ keyword: '职场写作规范' })).list[0]!;
    expect(writing).toMatchObject({ studyProgress: 100, learningStatus: 2 });
    expect(writing.learnerCount).toBeGreaterThanOrEqual(1);
    const time = (await page({ keyword: '时间管理' })).list[0]!;
    expect(time.learningStatus).toBe(1);
    expect(time.studyProgress).toBeGreaterThan(0);
    expect(time.studyProgress).toBeLessThan(100);
    // Another member sees their own status.
    const other = await gw.login('E1003');
    const seen = (await gw.call<PageResult<CourseItem>>('coursePage', { token: other, body: { keyword: '职场写作规范' } })).body.data;
    expect(seen.list[0]).toMatchObject({ studyProgress: 0, learningStatus: 0 });
  });

  it('filters by a category with its children', async () => {
    const roots = await tree();
    const general = roots.find((c) => c.name === '通用能力')!;
    const communication = general.children.find((c) => c.name === '沟通表达')!;
    const all = await page({ categoryId: general.id, pageSize: 100 });
    expect(all.totalCount).toBe(general.courseCount);
    expect(names(all)).toEqual(expect.arrayContaining(['新员工入职培训', '高效沟通技巧', '职场写作规范', 'Excel 高效办公', '时间管理']));
    const child = await page({ categoryId: communication.id, pageSize: 100 });
    expect(names(child).sort()).toEqual(['职场写作规范', '高效沟通技巧'].sort());
    expect(child.totalCount).toBe(communication.courseCount);
    // An unknown category has no courses.
    expect((await page({ categoryId: crypto.randomUUID() })).totalCount).toBe(0);
  });

  it('finds by keyword in names and intros of both languages, ignoring case, literally', async () => {
    expect(await allNames({ keyword: '沟通' })).toContain('高效沟通技巧');
    expect(await allNames({ keyword: '周报' })).toEqual(['职场写作规范']);
    expect(await allNames({ keyword: 'ONBOARDING' })).toEqual(['新员工入职培训']);
    expect(await allNames({ keyword: 'pivot tables' })).toEqual(['Excel 高效办公']);
    expect(await allNames({ keyword: '  time management ' })).toContain('时间管理');
    expect(await allNames({ keyword: '%' })).toEqual([]);
    expect(await allNames({ keyword: '_' })).toEqual([]);
    expect(await allNames({ keyword: '旧版安全规范' })).toEqual([]);
  });

  it('filters by the caller\'s learning status, and the counts agree', async () => {
    const count = await counts();
    const completed = await allNames({ learningStatus: 2 });
    const learning = await allNames({ learningStatus: 1 });
    const notStarted = await allNames({ learningStatus: 0 });
    expect(completed).toContain('职场写作规范');
    expect(learning).toContain('时间管理');
    expect(notStarted).toContain('高效沟通技巧');
    expect(count).toMatchObject({
      total: 11,
      completed: completed.length,
      learning: learning.length,
      notStarted: notStarted.length,
    });
    expect(completed.length + learning.length + notStarted.length).toBe(11);
  });

  it('sorts by learners and by rating', async () => {
    const hot = await page({ sort: 'hot', pageSize: 100 });
    const learners = hot.list.map((c) => c.learnerCount);
    expect(learners).toEqual([...learners].sort((a, b) => b - a));
    // 目标与绩效 has no rating in the demo: one 5 puts it first.
    const goals = await courseId(gw, '目标与绩效');
    expect((await gw.call('courseMarkSave', { token, body: { targetId: goals, score: 5 } })).body.code).toBe(Code.OK);
    const rated = await page({ sort: 'rating' });
    expect(rated.list[0]).toMatchObject({ id: goals, rating: 5 });
    const ratings = rated.list.map((c) => c.rating);
    expect(ratings).toEqual([...ratings].sort((a, b) => b - a));
  });

  it('lists a lecturer\'s published courses', async () => {
    const wang = await lecturerId(gw, '王芳');
    const { body } = await gw.call<PageResult<CourseItem>>('courseLecturerPage', { token, body: { lecturerId: wang } });
    expect(body.code).toBe(Code.OK);
    expect(body.data.pageSize).toBe(8);
    expect(body.data.list.map((c) => c.name).sort()).toEqual(['消防安全知识', '用电安全'].sort());
    const missing = await gw.call('courseLecturerPage', { token, body: { lecturerId: crypto.randomUUID() } });
    expect(missing.body.code).toBe(Code.NOT_FOUND);
  });

  it('refuses malformed filters', async () => {
    for (const body of [{ categoryId: 'x' }, { pageSize: 0 }, { learningStatus: 3 }, { sort: 'best' }, { courseType: 3 }]) {
      expect((await gw.call('coursePage', { token, body })).body.code).toBe(Code.INVALID);
    }
    expect((await gw.call('courseLecturerPage', { token, body: { lecturerId: '1' } })).body.code).toBe(Code.INVALID);
  });
});

describe('cards', () => {
  it('keeps the order of the ids asked for and leaves out unknown ones', async () => {
    const [a, b] = (await page()).list;
    const { db } = gw.database;
    const [me] = await db
      .select({ id: enterpriseUsers.id, eid: enterpriseUsers.enterpriseId })
      .from(enterpriseUsers)
      .where(eq(enterpriseUsers.empNo, 'E1001'));
    const { eid, id: member } = me!;
    const cards = await courseCards(db, eid, member, 'en', [b!.id, crypto.randomUUID(), a!.id]);
    expect(cards.map((c) => c.id)).toEqual([b!.id, a!.id]);
    expect(await courseCards(db, eid, member, 'zh', [])).toEqual([]);
  });
});

describe('categories', () => {
  it('is a tree with published course counts including children', async () => {
    const roots = await tree();
    expect(roots.map((c) => c.name)).toEqual(['通用能力', '专业技术', '管理领导力']);
    const [general, professional, leadership] = roots;
    expect(general!.children.map((c) => c.name)).toEqual(['沟通表达', '办公效率']);
    expect(professional!.children.map((c) => c.name)).toEqual(['安全生产', '数据分析']);
    expect(leadership!.children).toEqual([]);
    for (const root of roots) {
      expect(root.parentId).toBeNull();
      const own = (await page({ categoryId: root.id, pageSize: 100 })).totalCount;
      expect(root.courseCount).toBe(own);
      for (const child of root.children) expect(child.parentId).toBe(root.id);
    }
    // The removed safety course is not counted.
    const safety = professional!.children.find((c) => c.name === '安全生产')!;
    expect(safety.courseCount).toBe(2);
    expect(roots.reduce((sum, c) => sum + c.courseCount, 0)).toBe(11);
    expect((await tree('en')).map((c) => c.name)).toEqual(['General skills', 'Professional skills', 'Leadership']);
  });
});

describe('course detail', () => {
  it('shows a course with the caller\'s state', async () => {
    const id = await courseId(gw, '高效沟通技巧');
    const { body } = await gw.call<CourseDetail>('courseView', { token, query: { courseId: id } });
    expect(body.code).toBe(Code.OK);
    expect(body.data).toMatchObject({
      id,
      name: '高效沟通技巧',
      status: 1,
      purchased: true,
      watermark: true,
      antiSkip: true,
      admired: false,
      collected: false,
      myRating: 0,
    });
    expect(body.data.lecturers.map((l) => l.name)).toEqual(['陈明', '李娜']);
    expect(Date.parse(body.data.createdAt)).not.toBeNaN();
  });

  it('says a removed course has been removed, in the caller\'s language', async () => {
    const id = await courseId(gw, '旧版安全规范');
    const zh = await gw.call('courseView', { token, query: { courseId: id } });
    expect(zh.res.status).toBe(403);
    expect(zh.body).toMatchObject({ code: Code.FORBIDDEN, msg: '课程已下架' });
    const en = await gw.call('courseView', { token, query: { courseId: id }, lang: 'en' });
    expect(en.body).toMatchObject({ code: Code.FORBIDDEN, msg: 'The course has been removed' });
    const tree = await gw.call('chapterPeriodList', { token, query: { courseId: id }, lang: 'en' });
    expect(tree.body).toMatchObject({ code: Code.FORBIDDEN, msg: 'The course has been removed' });
  });

  it('shows a paid course as not purchased, and refuses its files until bought', async () => {
    const id = await courseId(gw, '数据分析进阶');
    const { body } = await gw.call<CourseDetail>('courseView', { token, query: { courseId: id } });
    expect(body.data).toMatchObject({ isFree: false, purchased: false });
    const [period] = (await gw.call<CourseResourceItem[]>('chapterPeriodList', { token, query: { courseId: id } })).body.data[0]!
      .subTrainingProgress;
    for (const lang of ['zh', 'en'] as const) {
      const refused = await gw.call('resourceLibraryDownload', { token, lang, query: { id: period!.resourceId! } });
      expect(refused.body).toMatchObject({
        code: Code.FORBIDDEN,
        msg: lang === 'zh' ? '购买后才能观看' : 'You can only watch it after purchase',
      });
      const preview = await gw.call('coursewarePreview', { token, lang, query: { resourceId: period!.resourceId! } });
      expect(preview.body.code).toBe(Code.FORBIDDEN);
    }
  });

  it('answers not found for an unknown course and 422 for a malformed id', async () => {
    expect((await gw.call('courseView', { token, query: { courseId: crypto.randomUUID() } })).body.code).toBe(Code.NOT_FOUND);
    expect((await gw.call('courseView', { token, query: { courseId: 'abc' } })).body.code).toBe(Code.INVALID);
    expect((await gw.call('courseView', { token })).body.code).toBe(Code.INVALID);
    expect((await gw.call('chapterPeriodList', { token, query: { courseId: '1 or 1=1' } })).body.code).toBe(Code.INVALID);
  });
});

describe('chapters and periods', () => {
  it('is a tree of chapters with periods of every content and resource type', async () => {
    const id = await courseId(gw, '新员工入职培训');
    const { body } = await gw.call<CourseResourceItem[]>('chapterPeriodList', { token, query: { courseId: id } });
    expect(body.code).toBe(Code.OK);
    const chapters = body.data;
    expect(chapters.map((c) => c.subResourceName)).toEqual(['第一章 认识公司', '第二章 制度与流程', '第三章 考核与实践']);
    for (const chapter of chapters) expect(chapter).toMatchObject({ resourceType: 0, resourceId: null, examId: null });

    const [one, two, three] = chapters.map((c) => c.subTrainingProgress);
    expect(one!.map((p) => [p.subResourceName, p.contentType, p.resourceType])).toEqual([
      ['欢迎视频', 2, 2],
      ['企业文化手册', 2, 4],
      ['公司宣传音频', 2, 3],
      ['办公区平面图', 2, 5],
    ]);
    expect(one![0]!.totalDuration).toBeGreaterThan(0);
    expect(one![1]).toMatchObject({ fileName: '企业文化手册.pdf', totalDuration: 0 });
    expect(one![2]!.totalDuration).toBeGreaterThan(0);
    expect(two!.map((p) => p.fileName)).toEqual(
      expect.arrayContaining(['考勤制度.xlsx', '员工手册.docx', '公司介绍.pptx', '报到须知.txt', '入职资料包.zip']),
    );
    expect(two!.find((p) => p.fileName === '入职资料包.zip')!.resourceType).toBe(6);
    expect(two![0]!.contentType).toBe(4);
    expect(three!.map((p) => p.contentType)).toEqual([3, 5, 6, 7, 8]);
    expect(three![0]!.examId).toEqual(expect.any(String));
    expect(three!.slice(1).every((p) => p.resourceType === 0 && p.resourceId === null && p.examId === null)).toBe(true);
    for (const period of [...one!, ...two!, ...three!]) expect(period.subTrainingProgress).toEqual([]);

    const en = (await gw.call<CourseResourceItem[]>('chapterPeriodList', { token, lang: 'en', query: { courseId: id } })).body.data;
    expect(en[0]!.subResourceName).toBe('Chapter 1 About the company');
    expect(en[0]!.subTrainingProgress[0]!.subResourceName).toBe('Welcome video');
  });

  it('carries the caller\'s progress per period, and a chapter\'s as the mean of its periods', async () => {
    const done = (await gw.call<CourseResourceItem[]>('chapterPeriodList', { token, query: { courseId: await courseId(gw, '职场写作规范') } })).body.data;
    expect(done[0]!.studyProgress).toBe(100);
    expect(done[0]!.subTrainingProgress[0]!.studyProgress).toBe(100);
    const part = (await gw.call<CourseResourceItem[]>('chapterPeriodList', { token, query: { courseId: await courseId(gw, '时间管理') } })).body.data;
    const period = part[0]!.subTrainingProgress[0]!.studyProgress;
    expect(period).toBeGreaterThan(0);
    expect(period).toBeLessThan(100);
    expect(part[0]!.studyProgress).toBe(period);
    const onboarding = (await gw.call<CourseResourceItem[]>('chapterPeriodList', { token, query: { courseId: await courseId(gw, '新员工入职培训') } })).body.data;
    for (const chapter of onboarding) {
      const mean = Math.round(chapter.subTrainingProgress.reduce((s, p) => s + p.studyProgress, 0) / chapter.subTrainingProgress.length);
      expect(chapter.studyProgress).toBe(mean);
    }
  });

  it('gives each period its resource id', async () => {
    const id = await courseId(gw, '新员工入职培训');
    const tree = (await gw.call<CourseResourceItem[]>('chapterPeriodList', { token, query: { courseId: id } })).body.data;
    const handbook = tree[0]!.subTrainingProgress[1]!;
    const rows = await resourceOf(gw, '企业文化手册.pdf');
    expect(rows.map((r) => r.id)).toContain(handbook.resourceId);
  });
});
