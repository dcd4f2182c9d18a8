/**
 * Courses shown to chosen departments and members: 刘洋 (E1004, administrator) publishes a
 * course to 研发中心 (D100); 张伟 (E1001, in 前端开发部 D110 under it) finds it in the course
 * centre, on the home page's newest courses, by search, opens and plays it; 王磊 (E1003, 培训中心
 * D310) finds it nowhere and is told it does not exist, until he is named himself. A chosen
 * audience must name someone of the company.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Code } from '@/api/codes';
import type { CrmChapter, CrmCourse, CrmOption } from '@/api/crm-course-types';
import type { CourseItem } from '@/api/learning-types';
import type { PageResult } from '@/api/types';
import { createTestApp, type TestGateway } from '../../testing';
import { rowsOf } from '../site/test-support';
import { visibleLimited } from './audience';

describe('visibleLimited', () => {
  const parents = new Map([
    ['D110', 'D100'],
    ['D100', ''],
    ['D310', 'D300'],
  ]);
  const rows = [
    { courseId: 'c-dept', departmentId: 'D100', memberId: null },
    { courseId: 'c-member', departmentId: null, memberId: 'm-3' },
    { courseId: 'c-sub', departmentId: 'D110', memberId: null },
  ];
  it('shows a department’s courses to the members of the departments under it, and a member’s to that member', () => {
    expect(visibleLimited(rows, parents, { id: 'm-1', departmentId: 'D110' })).toEqual(['c-dept', 'c-sub']);
    expect(visibleLimited(rows, parents, { id: 'm-2', departmentId: 'D100' })).toEqual(['c-dept']);
    expect(visibleLimited(rows, parents, { id: 'm-3', departmentId: 'D310' })).toEqual(['c-member']);
    expect(visibleLimited(rows, parents, { id: 'm-4', departmentId: '' })).toEqual([]);
  });
  it('stops at a loop in the department tree', () => {
    const loop = new Map([
      ['A', 'B'],
      ['B', 'A'],
    ]);
    expect(visibleLimited([{ courseId: 'c', departmentId: 'B', memberId: null }], loop, { id: 'm', departmentId: 'A' })).toEqual(['c']);
  });
});

let gw: TestGateway;
let admin: string;
let zhang: string;
let wang: string;

beforeAll(async () => {
  gw = await createTestApp();
  admin = await gw.login('E1004');
  zhang = await gw.login('E1001');
  wang = await gw.login('E1003');
});
afterAll(async () => {
  await gw?.close();
});

async function ok<T>(name: Parameters<TestGateway['call']>[0], token: string, options: { body?: unknown; query?: Record<string, string>; lang?: 'zh' | 'en' } = {}): Promise<T> {
  const { body } = await gw.call<T>(name, { token, ...options });
  if (body.code !== Code.OK) throw new Error(`${name}: ${body.code} ${body.msg}`);
  return body.data;
}

const NAME = '研发中心代码评审规范';
const course = (overrides: Record<string, unknown> = {}) => ({
  nameZh: NAME,
  nameEn: '',
  introZh: '只给研发看的课程',
  cover: '',
  categoryId: null,
  lecturerIds: [],
  creditHours: 1,
  isFree: true,
  priceFen: null,
  watermark: false,
  antiSkip: false,
  ...overrides,
});

const listed = async (token: string) => (await ok<PageResult<CourseItem>>('coursePage', token, { body: { keyword: '代码评审规范', pageSize: 20 } })).list.map((c) => c.id);
const found = async (token: string) => {
  const { body } = await gw.call<{ list: { id: string }[] }>('searchPage', { token, body: { keyword: '代码评审规范', type: 1, pageCurrent: 1, pageSize: 10 } });
  return (body.data?.list ?? []).map((r) => r.id);
};
const newest = async (token: string) => (await ok<{ id: string }[]>('zoneCourseList', token, { query: { relationType: '2' } })).map((c) => c.id);

describe('a course shown to one department', () => {
  it('is found, opened and played by that department’s members only, and by the members it names', async () => {
    const refused = await gw.call('crmCourseSave', { token: admin, body: course({ audience: 1 }), lang: 'en' });
    expect(refused.body.code).toBe(Code.INVALID);
    const strangers = await gw.call('crmCourseSave', { token: admin, body: course({ audience: 1, audienceDepartments: ['NOPE'] }), lang: 'en' });
    expect(strangers.body).toMatchObject({ code: Code.INVALID, msg: 'Some chosen departments or members are not this company’s' });

    const category = await ok<string>('crmCategorySave', admin, { body: { nameZh: '研发规范' } });
    const made = await ok<CrmCourse>('crmCourseSave', admin, { body: course({ categoryId: category, audience: 1, audienceDepartments: ['D100'] }) });
    expect(made).toMatchObject({ audience: 1, audienceDepartments: ['D100'], audienceMembers: [] });
    const videos = await ok<CrmOption[]>('crmResourceOptions', admin, { query: { resourceType: '2' } });
    const [chapter] = await ok<CrmChapter[]>('crmCourseItemSave', admin, { body: { courseId: made.id, nameZh: '第一章' } });
    const outline = await ok<CrmChapter[]>('crmCourseItemSave', admin, { body: { courseId: made.id, parentId: chapter!.id, nameZh: '评审示范', contentType: 2, resourceId: videos[0]!.id } });
    await ok('crmCourseStatus', admin, { body: { id: made.id, status: 1 } });
    const period = outline[0]!.periods[0]!.id;

    // 张伟, in a department under 研发中心.
    expect(await listed(zhang)).toContain(made.id);
    expect(await found(zhang)).toContain(made.id);
    expect(await newest(zhang)).toContain(made.id);
    expect((await gw.call('courseView', { token: zhang, query: { courseId: made.id } })).body.code).toBe(Code.OK);
    expect((await gw.call('resourceWatch', { token: zhang, body: { courseId: made.id, itemId: period } })).body.code).toBe(Code.OK);

    // The course centre's category counts count it for him only.
    const countIn = async (token: string) => {
      const find = (nodes: { id: string; courseCount: number; children: unknown[] }[]): number | undefined => {
        for (const n of nodes) {
          if (n.id === category) return n.courseCount;
          const inner = find(n.children as never);
          if (inner !== undefined) return inner;
        }
        return undefined;
      };
      return find(await ok<never>('categoryList', token));
    };
    expect(await countIn(zhang)).toBe(1);
    expect(await countIn(wang)).toBe(0);

    // 王磊, in 培训中心: nowhere, and not found when asked by id.
    expect(await listed(wang)).not.toContain(made.id);
    expect(await found(wang)).not.toContain(made.id);
    expect(await newest(wang)).not.toContain(made.id);
    expect((await gw.call('courseView', { token: wang, query: { courseId: made.id } })).body.code).toBe(Code.NOT_FOUND);
    expect((await gw.call('resourceWatch', { token: wang, body: { courseId: made.id, itemId: period } })).body.code).toBe(Code.NOT_FOUND);

    // Removed: its audience is told so; to anyone else it still does not exist.
    await ok('crmCourseStatus', admin, { body: { id: made.id, status: 0 } });
    expect((await gw.call('courseView', { token: zhang, query: { courseId: made.id }, lang: 'en' })).body).toMatchObject({ code: Code.FORBIDDEN, msg: 'The course has been removed' });
    expect((await gw.call('courseView', { token: wang, query: { courseId: made.id } })).body.code).toBe(Code.NOT_FOUND);
    await ok('crmCourseStatus', admin, { body: { id: made.id, status: 1 } });

    // Named himself, he sees it too; the form shows him with his name.
    const [wangId] = await rowsOf<{ id: string }>(gw, sql`select id from enterprise_users where emp_no = 'E1003' and enterprise_id = (select enterprise_id from courses where id = ${made.id})`);
    const edited = await ok<CrmCourse>('crmCourseSave', admin, { body: course({ id: made.id, categoryId: category, audience: 1, audienceDepartments: ['D100'], audienceMembers: [wangId!.id] }) });
    expect(edited.audienceMembers).toEqual([expect.objectContaining({ id: wangId!.id, userName: '王磊', empNo: 'E1003' })]);
    expect(await listed(wang)).toContain(made.id);
    expect((await gw.call('courseView', { token: wang, query: { courseId: made.id } })).body.code).toBe(Code.OK);

    // Back to the whole company: everyone's again, and the audience is forgotten.
    const open = await ok<CrmCourse>('crmCourseSave', admin, { body: course({ id: made.id, categoryId: category, audience: 0, audienceDepartments: ['D100'] }) });
    expect(open).toMatchObject({ audience: 0, audienceDepartments: [], audienceMembers: [] });
    const left = await rowsOf(gw, sql`select 1 from course_audience where course_id = ${made.id}`);
    expect(left).toEqual([]);
  });
});
