/**
 * Course authoring (administrators): the category tree (create, rename, move, reorder, delete
 * only when empty, no loops), and courses from draft to published, back to a draft, removed
 * and copied, as the learner's catalogue, detail and search see them; each change audited;
 * every refusal in the caller's language.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Code } from '@/api/codes';
import type { CrmCategory, CrmChapter, CrmCourse, CrmCourseItem, CrmCourseware, CrmOption, CrmResource } from '@/api/crm-course-types';
import type { CourseItem } from '@/api/learning-types';
import type { PageResult } from '@/api/types';
import { createTestApp, HOST_TWO, type TestGateway } from '../../testing';
import { adminOfCompanyTwo, auditOf, rowsOf, uploadPng } from '../site/test-support';

let gw: TestGateway;
let admin: string;
let learner: string;

beforeAll(async () => {
  gw = await createTestApp();
  admin = await gw.login('E1004');
  learner = await gw.login('E1001');
});
afterAll(async () => {
  await gw?.close();
});

async function ok<T>(name: Parameters<TestGateway['call']>[0], token: string, options: { body?: unknown; query?: Record<string, string>; lang?: 'zh' | 'en'; host?: string } = {}): Promise<T> {
  const { body } = await gw.call<T>(name, { token, ...options });
  if (body.code !== Code.OK) throw new Error(`${name}: ${body.code} ${body.msg}`);
  return body.data;
}

const flat = (tree: CrmCategory[]): CrmCategory[] => tree.flatMap((c) => [c, ...flat(c.children)]);
const course = (overrides: Record<string, unknown> = {}) => ({
  nameZh: '安全生产新规解读',
  nameEn: '',
  introZh: '新规要点与案例',
  cover: '',
  categoryId: null,
  lecturerIds: [],
  creditHours: 2,
  isFree: true,
  priceFen: null,
  watermark: true,
  antiSkip: false,
  ...overrides,
});

describe('categories', () => {
  it('lists the seeded tree with course counts, and grows, renames, moves and reorders it', async () => {
    const tree = await ok<CrmCategory[]>('crmCategoryTree', admin);
    const all = flat(tree);
    const seeded = await rowsOf<{ id: string; n: number }>(
      gw,
      sql`select c.id, (select count(*) from courses x where x.category_id = c.id)::int as n from categories c
          where c.enterprise_id = (select enterprise_id from enterprise_users where emp_no = 'E1004' limit 1)`,
    );
    expect(all.map((c) => c.id).sort()).toEqual(seeded.map((c) => c.id).sort());
    for (const c of all) expect(c.courseCount, c.nameZh).toBe(seeded.find((s) => s.id === c.id)!.n);

    const top = await ok<string>('crmCategorySave', admin, { body: { nameZh: '安全生产', nameEn: 'Safety' } });
    const child = await ok<string>('crmCategorySave', admin, { body: { parentId: top, nameZh: '消防' } });
    const second = await ok<string>('crmCategorySave', admin, { body: { parentId: top, nameZh: '用电' } });
    let grown = flat(await ok<CrmCategory[]>('crmCategoryTree', admin));
    expect(grown.find((c) => c.id === top)!.children.map((c) => c.nameZh)).toEqual(['消防', '用电']);
    expect(grown.find((c) => c.id === child)).toMatchObject({ parentId: top, nameEn: '' });

    await ok('crmCategoryReorder', admin, { body: { parentId: top, ids: [second, child] } });
    grown = flat(await ok<CrmCategory[]>('crmCategoryTree', admin));
    expect(grown.find((c) => c.id === top)!.children.map((c) => c.nameZh)).toEqual(['用电', '消防']);

    // A reorder must name every sibling once.
    const short = await gw.call('crmCategoryReorder', { token: admin, body: { parentId: top, ids: [second] }, lang: 'en' });
    expect(short.body).toMatchObject({ code: Code.INVALID, msg: 'The order must list each of the 2 categories of that level once; reload and try again' });

    // A category cannot move under itself or under one below it.
    const loop = await gw.call('crmCategorySave', { token: admin, body: { id: top, parentId: child, nameZh: '安全生产' } });
    expect(loop.body).toMatchObject({ code: Code.INVALID, msg: '不能把分类移到它自己或它的下级分类之下' });

    // Rename and move to the top: last there.
    await ok('crmCategorySave', admin, { body: { id: child, parentId: null, nameZh: '消防安全', nameEn: 'Fire safety' } });
    const roots = await ok<CrmCategory[]>('crmCategoryTree', admin);
    expect(roots.at(-1)).toMatchObject({ id: child, nameZh: '消防安全', parentId: null });

    const audit = await auditOf(gw, admin, 'category');
    expect(audit.map((a) => a.action)).toEqual(expect.arrayContaining(['create', 'reorder', 'move']));
    expect(audit.find((a) => a.action === 'move' && a.objectId === child)?.changes).toEqual(
      expect.arrayContaining([{ field: 'parentId', before: top, after: null }, { field: 'nameZh', before: '消防', after: '消防安全' }]),
    );
  });

  it('deletes a category only when nothing stands in it', async () => {
    const parent = await ok<string>('crmCategorySave', admin, { body: { nameZh: '待删除' } });
    const child = await ok<string>('crmCategorySave', admin, { body: { parentId: parent, nameZh: '子分类' } });
    const held = await ok<CrmCourse>('crmCourseSave', admin, { body: course({ nameZh: '分类中的课程', categoryId: child }) });
    const refused = await gw.call('crmCategoryDelete', { token: admin, body: { id: parent }, lang: 'en' });
    expect(refused.body).toMatchObject({ code: Code.FORBIDDEN, msg: 'The category still holds 1 categories and 0 courses and cannot be deleted' });
    expect((await gw.call('crmCategoryDelete', { token: admin, body: { id: child } })).body.msg).toBe('该分类下还有 0 个子分类、1 门课程，不能删除');
    await ok('crmCourseSave', admin, { body: course({ ...held, id: held.id, categoryId: null }) });
    await ok('crmCategoryDelete', admin, { body: { id: child } });
    await ok('crmCategoryDelete', admin, { body: { id: parent } });
    const left = flat(await ok<CrmCategory[]>('crmCategoryTree', admin)).map((c) => c.id);
    expect(left).not.toContain(parent);
    expect((await gw.call('crmCategoryDelete', { token: admin, body: { id: parent } })).body.code).toBe(Code.NOT_FOUND);
  });
});

describe('courses', () => {
  const catalogue = async (keyword: string, lang: 'zh' | 'en' = 'zh') =>
    (await ok<PageResult<CourseItem>>('coursePage', learner, { body: { keyword }, lang })).list;

  it('takes a course from draft to published, back, and removed, as learners see it', async () => {
    const cover = await uploadPng(gw, admin);
    const lecturers = await rowsOf<{ id: string }>(gw, sql`select l.id from lecturers l join enterprise_users u on u.enterprise_id = l.enterprise_id where u.emp_no = 'E1004' order by l.sort limit 2`);
    const categories = flat(await ok<CrmCategory[]>('crmCategoryTree', admin));
    const made = await ok<CrmCourse>('crmCourseSave', admin, {
      body: course({ cover, categoryId: categories[0]!.id, lecturerIds: lecturers.map((l) => l.id).reverse(), isFree: false, priceFen: 19900 }),
    });
    expect(made).toMatchObject({ status: 2, cover, priceFen: 19900, isFree: false, lecturerIds: lecturers.map((l) => l.id).reverse() });
    expect(await ok<CrmCourse>('crmCourseView', admin, { query: { id: made.id } })).toEqual(made);

    // A draft: not in the catalogue, not found by its address.
    expect(await catalogue('安全生产新规')).toEqual([]);
    expect((await gw.call('courseView', { token: learner, query: { courseId: made.id } })).body.code).toBe(Code.NOT_FOUND);

    await ok('crmCourseStatus', admin, { body: { id: made.id, status: 1 } });
    const listed = await catalogue('安全生产新规');
    expect(listed.map((c) => c.id)).toEqual([made.id]);
    // No English name: the English catalogue shows the Chinese.
    expect((await catalogue('安全生产新规', 'en'))[0]?.name).toBe('安全生产新规解读');
    const detail = (await gw.call<{ name: string }>('courseView', { token: learner, query: { courseId: made.id } })).body;
    expect(detail).toMatchObject({ code: Code.OK, data: { name: '安全生产新规解读' } });

    await ok('crmCourseStatus', admin, { body: { id: made.id, status: 2 } });
    expect(await catalogue('安全生产新规')).toEqual([]);

    await ok('crmCourseStatus', admin, { body: { id: made.id, status: 0 } });
    const removed = await gw.call('courseView', { token: learner, query: { courseId: made.id }, lang: 'en' });
    expect(removed.body).toMatchObject({ code: Code.FORBIDDEN, msg: 'The course has been removed' });

    const audit = (await auditOf(gw, admin, 'course')).filter((a) => a.objectId === made.id).map((a) => a.action);
    expect(audit).toEqual(['remove', 'unpublish', 'publish', 'create']);
  });

  it('edits a course with its lecturers and shows English where it is given', async () => {
    const made = await ok<CrmCourse>('crmCourseSave', admin, { body: course({ nameZh: '沟通进阶' }) });
    const edited = await ok<CrmCourse>('crmCourseSave', admin, {
      body: course({ id: made.id, nameZh: '沟通进阶', nameEn: 'Advanced communication', creditHours: 4, watermark: false }),
    });
    expect(edited).toMatchObject({ nameEn: 'Advanced communication', creditHours: 4, watermark: false, status: 2 });
    await ok('crmCourseStatus', admin, { body: { id: made.id, status: 1 } });
    expect((await catalogue('Advanced communication', 'en'))[0]?.name).toBe('Advanced communication');
    const audit = (await auditOf(gw, admin, 'course')).find((a) => a.objectId === made.id && a.action === 'update');
    expect(audit?.changes).toEqual(
      expect.arrayContaining([
        { field: 'nameEn', before: '', after: 'Advanced communication' },
        { field: 'creditHours', before: 2, after: 4 },
        { field: 'watermark', before: true, after: false },
      ]),
    );
  });

  it('copies a course as a draft with its lecturers, chapters, periods and coursewares', async () => {
    const [seeded] = await rowsOf<{ id: string; name_zh: string }>(
      gw,
      sql`select c.id, c.name_zh from courses c where c.name_zh = '新员工入职培训' limit 1`,
    );
    const copy = await ok<CrmCourse>('crmCourseCopy', admin, { body: { id: seeded!.id } });
    expect(copy).toMatchObject({ nameZh: '新员工入职培训（副本）', status: 2 });
    const count = async (table: string, id: string) =>
      (await rowsOf<{ n: number }>(gw, sql`select count(*)::int as n from ${sql.raw(table)} where course_id = ${id}`))[0]!.n;
    for (const table of ['course_items', 'course_lecturers', 'coursewares']) {
      expect(await count(table, copy.id), table).toBe(await count(table, seeded!.id));
    }
    // Each copied period hangs under a copied chapter, never the original's.
    const orphans = await rowsOf<{ n: number }>(
      gw,
      sql`select count(*)::int as n from course_items p where p.course_id = ${copy.id} and p.parent_id is not null
          and not exists (select 1 from course_items c where c.id = p.parent_id and c.course_id = ${copy.id})`,
    );
    expect(orphans[0]!.n).toBe(0);
    const page = await ok<PageResult<CrmCourseItem>>('crmCoursePage', admin, { body: { keyword: '新员工入职培训', status: 2 } });
    expect(page.list.map((c) => c.id)).toEqual([copy.id]);
    expect(page.list[0]!.periods).toBeGreaterThan(0);
  });

  it('filters the list by keyword, category and status', async () => {
    const all = await ok<PageResult<CrmCourseItem>>('crmCoursePage', admin, { body: { pageSize: 100 } });
    const published = await ok<PageResult<CrmCourseItem>>('crmCoursePage', admin, { body: { pageSize: 100, status: 1 } });
    expect(published.list.every((c) => c.status === 1)).toBe(true);
    expect(published.totalCount).toBeLessThan(all.totalCount);
    const withCategory = all.list.find((c) => c.categoryId)!;
    const inCategory = await ok<PageResult<CrmCourseItem>>('crmCoursePage', admin, { body: { pageSize: 100, categoryId: withCategory.categoryId } });
    expect(inCategory.list.every((c) => c.categoryId === withCategory.categoryId)).toBe(true);
    expect(inCategory.list.map((c) => c.id)).toContain(withCategory.id);
    expect((await ok<PageResult<CrmCourseItem>>('crmCoursePage', admin, { body: { keyword: '%' } })).list).toEqual([]);
  });

  it('refuses bad input, unknown objects and other companies’ objects with messages', async () => {
    const cases: [object, string][] = [
      [course({ nameZh: '' }), 'The field nameZh must not be empty'],
      [course({ nameZh: 'x'.repeat(61) }), 'The field nameZh must be at most 60 characters'],
      [course({ creditHours: -1 }), 'The field creditHours must be at least 0'],
      [course({ priceFen: 0 }), 'The field priceFen must be at least 1'],
    ];
    for (const [body, msg] of cases) {
      const { res, body: envelope } = await gw.call('crmCourseSave', { token: admin, body, lang: 'en' });
      expect(res.status, msg).toBe(422);
      expect(envelope.msg).toBe(msg);
    }
    const bogusLecturer = await gw.call('crmCourseSave', { token: admin, body: course({ lecturerIds: [crypto.randomUUID()] }), lang: 'en' });
    expect(bogusLecturer.body).toMatchObject({ code: Code.INVALID, msg: 'Some chosen lecturers are not this company’s' });
    const strangeCover = await gw.call('crmCourseSave', { token: admin, body: course({ cover: '/files/x/y.png' }) });
    expect(strangeCover.body.code).toBe(Code.INVALID);

    // Company two's administrator cannot reach company one's course or category.
    const two = await adminOfCompanyTwo(gw);
    const [one] = await rowsOf<{ id: string }>(gw, sql`select id from courses where name_zh = '新员工入职培训' limit 1`);
    for (const [name, body] of [
      ['crmCourseStatus', { id: one!.id, status: 0 }],
      ['crmCourseCopy', { id: one!.id }],
      ['crmCourseSave', course({ id: one!.id })],
    ] as const) {
      expect((await gw.call(name, { token: two, host: HOST_TWO, body })).body.code, name).toBe(Code.NOT_FOUND);
    }
    expect((await gw.call('crmCourseView', { token: two, host: HOST_TWO, query: { id: one!.id } })).body.code).toBe(Code.NOT_FOUND);
    const [status] = await rowsOf<{ status: number }>(gw, sql`select status from courses where id = ${one!.id}`);
    expect(status!.status).toBe(1);

    // A learner is refused every authoring row.
    const refused = await gw.call('crmCoursePage', { token: learner, body: {}, lang: 'en' });
    expect(refused.body).toMatchObject({ code: Code.FORBIDDEN, msg: 'You do not have permission to use this part of the back office' });
  });
});

describe('chapters and periods', () => {
  it('builds an outline from the library that the learner’s course tree and player follow', async () => {
    const made = await ok<CrmCourse>('crmCourseSave', admin, { body: course({ nameZh: '仓库叉车实操' }) });
    const videos = await ok<CrmOption[]>('crmResourceOptions', admin, { query: { keyword: '消防安全', resourceType: '2' } });
    expect(videos.length).toBeGreaterThan(0);
    expect(videos.every((v) => v.resourceType === 2)).toBe(true);
    const [video] = videos;
    const pictures = await ok<CrmOption[]>('crmResourceOptions', admin, { query: { resourceType: '5' } });
    const exams = await ok<CrmOption[]>('crmExamOptions', admin, { query: {} });

    let outline = await ok<CrmChapter[]>('crmCourseItemSave', admin, { body: { courseId: made.id, nameZh: '第一章 认识叉车' } });
    const chapter = outline[0]!.id;
    outline = await ok<CrmChapter[]>('crmCourseItemSave', admin, { body: { courseId: made.id, parentId: chapter, nameZh: '安全须知视频', contentType: 2, resourceId: video!.id } });
    outline = await ok<CrmChapter[]>('crmCourseItemSave', admin, { body: { courseId: made.id, parentId: chapter, nameZh: '车辆结构图', contentType: 4, resourceId: pictures[0]!.id } });
    outline = await ok<CrmChapter[]>('crmCourseItemSave', admin, { body: { courseId: made.id, parentId: chapter, nameZh: '章节测验', contentType: 3, examId: exams[0]!.id } });
    outline = await ok<CrmChapter[]>('crmCourseItemSave', admin, { body: { courseId: made.id, parentId: chapter, nameZh: '现场实操', contentType: 7 } });
    expect(outline).toHaveLength(1);
    expect(outline[0]!.periods.map((p) => [p.nameZh, p.contentType])).toEqual([
      ['安全须知视频', 2],
      ['车辆结构图', 4],
      ['章节测验', 3],
      ['现场实操', 7],
    ]);
    expect(outline[0]!.periods[0]).toMatchObject({ resourceId: video!.id, resourceName: video!.name, resourceType: 2 });
    expect(outline[0]!.periods[2]).toMatchObject({ examId: exams[0]!.id, examName: exams[0]!.name });

    // Reorder the periods; the learner's tree follows once the course is published.
    const ids = outline[0]!.periods.map((p) => p.id);
    outline = await ok<CrmChapter[]>('crmCourseItemReorder', admin, { body: { courseId: made.id, parentId: chapter, ids: [ids[3], ids[0], ids[1], ids[2]] } });
    expect(outline[0]!.periods.map((p) => p.nameZh)).toEqual(['现场实操', '安全须知视频', '车辆结构图', '章节测验']);
    await ok('crmCourseStatus', admin, { body: { id: made.id, status: 1 } });
    const tree = await ok<{ id: string; name: string; children?: { id: string; name: string }[] }[]>('chapterPeriodList', learner, { query: { courseId: made.id } });
    expect(JSON.stringify(tree)).toContain('安全须知视频');
    const names = JSON.stringify(tree).match(/现场实操|安全须知视频|车辆结构图|章节测验/g);
    expect(names).toEqual(['现场实操', '安全须知视频', '车辆结构图', '章节测验']);

    // A chapter with periods is not deleted; a period is.
    const refused = await gw.call('crmCourseItemDelete', { token: admin, body: { id: chapter }, lang: 'en' });
    expect(refused.body).toMatchObject({ code: Code.FORBIDDEN, msg: 'The chapter still holds 4 periods; delete or move them first' });
    outline = await ok<CrmChapter[]>('crmCourseItemDelete', admin, { body: { id: ids[3] } });
    expect(outline[0]!.periods.map((p) => p.nameZh)).not.toContain('现场实操');
    const audit = (await auditOf(gw, admin, 'period')).map((a) => a.action);
    expect(audit).toEqual(expect.arrayContaining(['create', 'reorder', 'delete']));
  });

  it('refuses a period without the content its type needs, or with another company’s', async () => {
    const made = await ok<CrmCourse>('crmCourseSave', admin, { body: course({ nameZh: '课时校验' }) });
    const [chapter] = await ok<CrmChapter[]>('crmCourseItemSave', admin, { body: { courseId: made.id, nameZh: '第一章' } });
    const period = (body: object) => gw.call('crmCourseItemSave', { token: admin, body: { courseId: made.id, parentId: chapter!.id, nameZh: '课时', ...body }, lang: 'en' });
    expect((await period({ contentType: 2 })).body.msg).toBe('Choose a video, audio or document from the library for this period');
    expect((await period({ contentType: 3 })).body.msg).toBe('Choose an exam for this exam period');
    const [picture] = await ok<CrmOption[]>('crmResourceOptions', admin, { query: { resourceType: '5' } });
    expect((await period({ contentType: 2, resourceId: picture!.id })).body.msg).toBe('Choose a video, audio or document from the library for this period');
    expect((await period({ contentType: 5 })).res.status).toBe(422);
    const [theirs] = await rowsOf<{ id: string }>(gw, sql`select r.id from resources r join enterprise_domains d on d.enterprise_id = r.enterprise_id where d.domain = ${HOST_TWO} and r.resource_type = 2 limit 1`);
    if (theirs) expect((await period({ contentType: 2, resourceId: theirs.id })).body.msg).toBe('The chosen resource is not this company’s');
    // A period under a chapter of another course.
    const other = await ok<CrmCourse>('crmCourseSave', admin, { body: course({ nameZh: '另一门课' }) });
    const wrong = await gw.call('crmCourseItemSave', { token: admin, body: { courseId: other.id, parentId: chapter!.id, nameZh: '课时', contentType: 7 }, lang: 'en' });
    expect(wrong.body.msg).toBe('The chosen chapter is not one of this course');
  });
});

describe('coursewares', () => {
  it('offers library files with a course for download, once each, never a video', async () => {
    const made = await ok<CrmCourse>('crmCourseSave', admin, { body: course({ nameZh: '课件测试' }) });
    const documents = await ok<CrmOption[]>('crmResourceOptions', admin, { query: { resourceType: '4' } });
    const [video] = await ok<CrmOption[]>('crmResourceOptions', admin, { query: { resourceType: '2' } });
    let list = await ok<CrmCourseware[]>('crmCoursewareAdd', admin, { body: { courseId: made.id, resourceId: documents[0]!.id } });
    list = await ok<CrmCourseware[]>('crmCoursewareAdd', admin, { body: { courseId: made.id, resourceId: documents[1]!.id } });
    expect(list.map((c) => c.resourceId)).toEqual([documents[0]!.id, documents[1]!.id]);
    expect(list[0]).toMatchObject({ name: documents[0]!.name, resourceType: 4 });
    const twice = await gw.call('crmCoursewareAdd', { token: admin, body: { courseId: made.id, resourceId: documents[0]!.id }, lang: 'en' });
    expect(twice.body.msg).toBe('The file is already one of this course’s coursewares');
    const notVideo = await gw.call('crmCoursewareAdd', { token: admin, body: { courseId: made.id, resourceId: video!.id }, lang: 'en' });
    expect(notVideo.body.msg).toBe('Courseware must be an audio, document, picture or archive from the library');

    // The learner's course offers them once the course is published.
    await ok('crmCourseStatus', admin, { body: { id: made.id, status: 1 } });
    const offered = await ok<unknown>('coursewareList', learner, { query: { courseId: made.id } });
    expect(JSON.stringify(offered)).toContain(documents[1]!.id);

    list = await ok<CrmCourseware[]>('crmCoursewareRemove', admin, { body: { id: list[0]!.id } });
    expect(list.map((c) => c.resourceId)).toEqual([documents[1]!.id]);
    const audit = (await auditOf(gw, admin, 'courseware')).map((a) => a.action);
    expect(audit).toEqual(['delete', 'create', 'create']);
  });
});

describe('the resource library', () => {
  it('lists every file once with where it is used, found by name and type', async () => {
    const all = await ok<PageResult<CrmResource>>('crmResourcePage', admin, { body: { pageSize: 100 } });
    const [{ n }] = await rowsOf<{ n: number }>(
      gw,
      sql`select count(*)::int as n from resources r join enterprise_domains d on d.enterprise_id = r.enterprise_id where d.domain = 'localhost'`,
    );
    expect(all.totalCount).toBe(n);
    expect(new Set(all.list.map((r) => r.id)).size).toBe(all.list.length);
    const fire = all.list.find((r) => r.name === '消防安全知识精讲')!;
    expect(fire.usedCount).toBeGreaterThan(0);
    expect(fire.usedIn).toContain('消防安全知识');
    const videos = await ok<PageResult<CrmResource>>('crmResourcePage', admin, { body: { resourceType: 2, pageSize: 100 } });
    expect(videos.list.every((r) => r.resourceType === 2)).toBe(true);
    expect(videos.totalCount).toBe(all.list.filter((r) => r.resourceType === 2).length);
    const found = await ok<PageResult<CrmResource>>('crmResourcePage', admin, { body: { keyword: '消防' } });
    expect(found.list.map((r) => r.name)).toContain('消防安全知识精讲');
    const en = await ok<PageResult<CrmResource>>('crmResourcePage', admin, { body: { keyword: '消防' }, lang: 'en' });
    expect(en.list.find((r) => r.id === fire.id)?.usedIn.length).toBeGreaterThan(0);
  });
});
