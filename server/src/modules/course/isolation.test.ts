import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Code } from '@/api/codes';
import type { EndpointName } from '@/api/endpoints';
import type { Category, Comment, CourseItem, CourseResourceItem, Courseware } from '@/api/learning-types';
import type { PageResult } from '@/api/types';
import { createTestApp, HOST_TWO, type CallOptions, type TestGateway } from '../../testing';
import { courseId, coursewareOf, lecturerId, projectId, studyTaskId } from './test-support';

let gw: TestGateway;
let one: string;
let two: string;
let ids: {
  course: string;
  removed: string;
  comment: string;
  courseware: string;
  pdfCourseware: string;
  resource: string;
  lecturer: string;
  task: string;
  project: string;
};
beforeAll(async () => {
  gw = await createTestApp();
  one = await gw.login('E1001');
  two = await gw.login('B2001', undefined, { host: HOST_TWO });
  const course = await courseId(gw, '新员工入职培训');
  const comment = await gw.call<Comment>('courseCommentSave', { token: one, body: { targetId: course, content: '公司一的评论' } });
  const tree = await gw.call<CourseResourceItem[]>('chapterPeriodList', { token: one, query: { courseId: course } });
  ids = {
    course,
    removed: await courseId(gw, '旧版安全规范'),
    comment: comment.body.data.id,
    courseware: (await coursewareOf(gw, course, '报到须知.txt')).id,
    pdfCourseware: (await coursewareOf(gw, course, '企业文化手册.pdf')).id,
    resource: tree.body.data[0]!.subTrainingProgress[0]!.resourceId!,
    lecturer: await lecturerId(gw, '李娜'),
    task: await studyTaskId(gw, '2026 新员工学习任务'),
    project: await projectId(gw, '新员工训练营'),
  };
});
afterAll(() => gw?.close());

const asTwo = (name: EndpointName, o: CallOptions = {}) => gw.call(name, { token: two, host: HOST_TWO, ...o });

describe('another company', () => {
  it('sees only its own catalogue', async () => {
    const tree = await gw.call<Category[]>('categoryList', { token: two, host: HOST_TWO, body: {} });
    expect(tree.body.data.map((c) => c.name).sort()).toEqual(['生产管理', '质量管理'].sort());
    const page = await gw.call<PageResult<CourseItem>>('coursePage', { token: two, host: HOST_TWO, body: { pageSize: 100 } });
    expect(page.body.data.list.map((c) => c.name).sort()).toEqual(['精益生产入门', '质量体系概论'].sort());
    expect(page.body.data.list.map((c) => c.id)).not.toContain(ids.course);
    const search = await gw.call<PageResult<CourseItem>>('coursePage', { token: two, host: HOST_TWO, body: { keyword: '入职' } });
    expect(search.body.data.totalCount).toBe(0);
    const ofOne = await gw.call<Category[]>('categoryList', { token: one, body: {} });
    const general = ofOne.body.data[0]!.id;
    const filtered = await gw.call<PageResult<CourseItem>>('coursePage', { token: two, host: HOST_TWO, body: { categoryId: general } });
    expect(filtered.body.data.totalCount).toBe(0);
  });

  it('gets not found for every course, comment, courseware and resource of company one', async () => {
    const reads: [EndpointName, CallOptions][] = [
      ['courseView', { query: { courseId: ids.course } }],
      ['courseView', { query: { courseId: ids.removed } }],
      ['chapterPeriodList', { query: { courseId: ids.course } }],
      ['coursewareList', { query: { courseId: ids.course } }],
      ['courseCommentPage', { body: { targetId: ids.course } }],
      ['courseLecturerPage', { body: { lecturerId: ids.lecturer } }],
      ['coursewareDownload', { query: { id: ids.courseware } }],
      ['coursewareWatermarkDownload', { query: { id: ids.pdfCourseware } }],
      ['coursewarePreview', { query: { id: ids.courseware } }],
      ['coursewarePreview', { query: { resourceId: ids.resource } }],
      ['resourceLibraryDownload', { query: { id: ids.resource } }],
    ];
    for (const [name, o] of reads) {
      const { body } = await asTwo(name, o);
      expect([name, body.code, body.msg]).toEqual([name, Code.NOT_FOUND, '内容不存在或已删除']);
    }
  });

  it('cannot comment on, delete comments of, rate, like or collect company one\'s content', async () => {
    const writes: [EndpointName, unknown][] = [
      ['courseCommentSave', { targetId: ids.course, content: '越权评论' }],
      ['courseCommentDelete', { id: ids.comment }],
      ['courseMarkSave', { targetId: ids.course, score: 1 }],
      ['courseAdmire', { courseId: ids.course }],
      ['collectionSave', { targetType: 'course', targetId: ids.course }],
      ['collectionSave', { targetType: 'task', targetId: ids.task }],
      ['collectionSave', { targetType: 'project', targetId: ids.project }],
      ['collectionDelete', { targetType: 'course', targetId: ids.course }],
    ];
    for (const [name, body] of writes) {
      const { body: env } = await asTwo(name, { body });
      expect([name, env.code]).toEqual([name, Code.NOT_FOUND]);
    }
    // Nothing changed for company one.
    const view = await gw.call<{ admireCount: number; ratingCount: number; commentCount: number }>('courseView', {
      token: one,
      query: { courseId: ids.course },
    });
    expect(view.body.data).toMatchObject({ admireCount: 0, ratingCount: 0, commentCount: 1 });
    const comments = await gw.call<PageResult<Comment>>('courseCommentPage', { token: one, body: { targetId: ids.course } });
    expect(comments.body.data.list.map((c) => c.id)).toEqual([ids.comment]);
  });

  it('cannot use its token at company one\'s host', async () => {
    const { body } = await gw.call('courseView', { token: two, query: { courseId: ids.course } });
    expect(body.code).toBe(Code.UNAUTHORIZED);
  });

  it('reads its own courses', async () => {
    const own = await courseId(gw, '精益生产入门');
    const view = await asTwo('courseView', { query: { courseId: own } });
    expect(view.body.code).toBe(Code.OK);
    const files = await gw.call<Courseware[]>('coursewareList', { token: two, host: HOST_TWO, query: { courseId: own } });
    expect(files.body.code).toBe(Code.OK);
    // …which company one cannot.
    expect((await gw.call('courseView', { token: one, query: { courseId: own } })).body.code).toBe(Code.NOT_FOUND);
  });
});

describe('malformed ids', () => {
  it('give 422 on every call that takes one', async () => {
    const calls: [EndpointName, CallOptions][] = [
      ['courseView', { query: { courseId: 'abc' } }],
      ['chapterPeriodList', { query: { courseId: "'; drop table courses; --" } }],
      ['coursewareList', { query: { courseId: '123' } }],
      ['courseCommentPage', { body: { targetId: 'x' } }],
      ['courseCommentSave', { body: { targetId: 'x', content: '好' } }],
      ['courseCommentDelete', { body: { id: 'x' } }],
      ['courseAdmire', { body: { courseId: 'x' } }],
      ['courseMarkSave', { body: { targetId: 'x', score: 3 } }],
      ['collectionSave', { body: { targetType: 'course', targetId: 'x' } }],
      ['collectionDelete', { body: { targetType: 'course', targetId: 'x' } }],
      ['coursewareDownload', { query: { id: 'x' } }],
      ['coursewareWatermarkDownload', { query: { id: 'x' } }],
      ['coursewarePreview', { query: { resourceId: 'x' } }],
      ['resourceLibraryDownload', { query: { id: 'x' } }],
      ['courseLecturerPage', { body: { lecturerId: 'x' } }],
      ['coursePage', { body: { categoryId: 'x' } }],
    ];
    for (const [name, o] of calls) {
      const { res, body } = await gw.call(name, { token: one, ...o });
      expect([name, body.code, res.status]).toEqual([name, Code.INVALID, 422]);
    }
  });
});
