import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Code } from '@/api/codes';
import type { AdmireResult, Comment, CourseCount, CourseDetail, CourseItem, MarkResult } from '@/api/learning-types';
import type { PageResult } from '@/api/types';
import { createTestApp, type TestGateway } from '../../testing';
import { courseId, projectId, studyTaskId } from './test-support';

let gw: TestGateway;
let token: string;
let other: string;
let course: string;
beforeAll(async () => {
  gw = await createTestApp();
  token = await gw.login('E1001');
  other = await gw.login('E1003');
  course = await courseId(gw, '目标与绩效');
});
afterAll(() => gw?.close());

const comments = async (as: string, body: Record<string, unknown> = {}) => {
  const { body: env } = await gw.call<PageResult<Comment>>('courseCommentPage', { token: as, body: { targetId: course, ...body } });
  expect(env.code).toBe(Code.OK);
  return env.data;
};
const view = async (as = token) => (await gw.call<CourseDetail>('courseView', { token: as, query: { courseId: course } })).body.data;

describe('comments', () => {
  it('saves a trimmed comment and lists it first, newest first, 10 a page', async () => {
    const saved = await gw.call<Comment>('courseCommentSave', { token, body: { targetId: course, content: '  讲得很清楚  ' } });
    expect(saved.body.code).toBe(Code.OK);
    expect(saved.body.data).toMatchObject({ content: '讲得很清楚', userName: '张伟', mine: true });
    await gw.call('courseCommentSave', { token: other, body: { targetId: course, targetType: 'course', content: '受益匪浅' } });
    const page = await comments(token);
    expect(page).toMatchObject({ pageCurrent: 1, pageSize: 10, totalCount: 2, totalPage: 1 });
    expect(page.list.map((c) => [c.content, c.mine])).toEqual([
      ['受益匪浅', false],
      ['讲得很清楚', true],
    ]);
    expect(page.list[0]!.userName).toBe('王磊');
    expect((await comments(other)).list.map((c) => c.mine)).toEqual([true, false]);
    expect((await view()).commentCount).toBe(2);
  });

  it('refuses an empty or too long comment', async () => {
    for (const content of ['', '   \n ']) {
      const zh = await gw.call('courseCommentSave', { token, body: { targetId: course, content } });
      expect(zh.body).toMatchObject({ code: Code.INVALID, msg: '评论内容不能为空' });
    }
    const en = await gw.call('courseCommentSave', { token, lang: 'en', body: { targetId: course, content: ' ' } });
    expect(en.body).toMatchObject({ code: Code.INVALID, msg: 'The comment cannot be empty' });
    const long = await gw.call('courseCommentSave', { token, body: { targetId: course, content: '长'.repeat(501) } });
    expect(long.body.code).toBe(Code.INVALID);
    const limit = await gw.call<Comment>('courseCommentSave', { token, body: { targetId: course, content: ` ${'长'.repeat(500)} ` } });
    expect(limit.body.code).toBe(Code.OK);
    expect(limit.body.data.content).toHaveLength(500);
    expect((await gw.call('courseCommentSave', { token, body: { targetId: course } })).body.code).toBe(Code.INVALID);
    expect((await gw.call('courseCommentSave', { token, body: { targetId: course, content: 'x', targetType: 'task' } })).body.code).toBe(
      Code.INVALID,
    );
  });

  it('deletes only the caller\'s own comments', async () => {
    const mine = await gw.call<Comment>('courseCommentSave', { token, body: { targetId: course, content: '要删掉的评论' } });
    const id = mine.body.data.id;
    const refused = await gw.call('courseCommentDelete', { token: other, body: { id } });
    expect(refused.body).toMatchObject({ code: Code.FORBIDDEN, msg: '删除失败！' });
    expect((await gw.call('courseCommentDelete', { token: other, lang: 'en', body: { id } })).body.msg).toBe('Delete failed!');
    expect((await comments(token)).list.map((c) => c.id)).toContain(id);
    expect((await gw.call('courseCommentDelete', { token, body: { id } })).body.code).toBe(Code.OK);
    expect((await comments(token)).list.map((c) => c.id)).not.toContain(id);
    expect((await gw.call('courseCommentDelete', { token, body: { id } })).body.code).toBe(Code.NOT_FOUND);
  });

  it('takes the id of a delete from the query too, as the spec writes delete?id', async () => {
    const id = (await gw.call<Comment>('courseCommentSave', { token, body: { targetId: course, content: '查询参数删除' } })).body.data.id;
    expect((await gw.call('courseCommentDelete', { token, query: { id } })).body.code).toBe(Code.OK);
    expect((await gw.call('courseCommentDelete', { token, query: { id: 'nope' } })).body.code).toBe(Code.INVALID);
    expect((await gw.call('courseCommentDelete', { token })).body.code).toBe(Code.INVALID);
    expect((await gw.call('courseCommentDelete', { token, body: { id: 42 } })).body.code).toBe(Code.INVALID);
  });

  it('pages comments', async () => {
    const fresh = await courseId(gw, '时间管理');
    for (let i = 1; i <= 12; i++) {
      await gw.call('courseCommentSave', { token, body: { targetId: fresh, content: `评论 ${i}` } });
    }
    const { body } = await gw.call<PageResult<Comment>>('courseCommentPage', { token, body: { targetId: fresh, pageCurrent: 2 } });
    expect(body.data).toMatchObject({ pageCurrent: 2, pageSize: 10, totalCount: 12, totalPage: 2 });
    expect(body.data.list.map((c) => c.content)).toEqual(['评论 2', '评论 1']);
  });

  it('answers not found for comments of an unknown course, and cannot comment on a removed one', async () => {
    expect((await gw.call('courseCommentPage', { token, body: { targetId: crypto.randomUUID() } })).body.code).toBe(Code.NOT_FOUND);
    const removed = await courseId(gw, '旧版安全规范');
    const saved = await gw.call('courseCommentSave', { token, body: { targetId: removed, content: '还在吗' } });
    expect(saved.body).toMatchObject({ code: Code.FORBIDDEN, msg: '课程已下架' });
  });
});

describe('ratings', () => {
  it('accepts whole scores from 1 to 5 only', async () => {
    for (const score of [0, 6, 3.5, -1, 100]) {
      const { body } = await gw.call('courseMarkSave', { token, body: { targetId: course, score } });
      expect(body).toMatchObject({ code: Code.INVALID, msg: '课程评分须为 1 到 5' });
    }
    const en = await gw.call('courseMarkSave', { token, lang: 'en', body: { targetId: course, score: 9 } });
    expect(en.body.msg).toBe('A course rating must be from 1 to 5');
    expect((await gw.call('courseMarkSave', { token, body: { targetId: course, score: '5' } })).body.code).toBe(Code.INVALID);
    expect((await view()).ratingCount).toBe(0);
  });

  it('keeps one rating per member and averages them to one decimal', async () => {
    const first = await gw.call<MarkResult>('courseMarkSave', { token, body: { targetId: course, score: 4 } });
    expect(first.body.data).toEqual({ rating: 4, ratingCount: 1, myRating: 4 });
    const second = await gw.call<MarkResult>('courseMarkSave', { token: other, body: { targetId: course, score: 5 } });
    expect(second.body.data).toEqual({ rating: 4.5, ratingCount: 2, myRating: 5 });
    const changed = await gw.call<MarkResult>('courseMarkSave', { token, body: { targetId: course, score: 2 } });
    expect(changed.body.data).toEqual({ rating: 3.5, ratingCount: 2, myRating: 2 });
    const third = await gw.login('E1004');
    const last = await gw.call<MarkResult>('courseMarkSave', { token: third, body: { targetId: course, score: 5 } });
    expect(last.body.data).toEqual({ rating: 4, ratingCount: 3, myRating: 5 });
    expect(await view()).toMatchObject({ rating: 4, ratingCount: 3, myRating: 2 });
    expect((await view(other)).myRating).toBe(5);
  });
});

describe('likes', () => {
  it('toggles the caller\'s like', async () => {
    const on = await gw.call<AdmireResult>('courseAdmire', { token, body: { courseId: course } });
    expect(on.body.data).toEqual({ admired: true, admireCount: 1 });
    const theirs = await gw.call<AdmireResult>('courseAdmire', { token: other, body: { courseId: course } });
    expect(theirs.body.data).toEqual({ admired: true, admireCount: 2 });
    expect(await view()).toMatchObject({ admired: true, admireCount: 2 });
    const off = await gw.call<AdmireResult>('courseAdmire', { token, body: { courseId: course } });
    expect(off.body.data).toEqual({ admired: false, admireCount: 1 });
    expect(await view()).toMatchObject({ admired: false, admireCount: 1 });
    expect((await gw.call('courseAdmire', { token, body: { courseId: crypto.randomUUID() } })).body.code).toBe(Code.NOT_FOUND);
    expect((await gw.call('courseAdmire', { token, body: {} })).body.code).toBe(Code.INVALID);
  });
});

describe('collections', () => {
  it('collects and uncollects a course, idempotently', async () => {
    const body = { targetType: 'course', targetId: course };
    for (let i = 0; i < 2; i++) {
      const { body: env } = await gw.call('collectionSave', { token, body });
      expect(env).toMatchObject({ code: Code.OK, data: { collected: true } });
    }
    expect((await view()).collected).toBe(true);
    expect((await gw.call<CourseCount>('courseCount', { token, body: {} })).body.data.collected).toBe(1);
    const listed = await gw.call<PageResult<CourseItem>>('coursePage', { token, body: { collected: true } });
    expect(listed.body.data.list.map((c) => c.id)).toEqual([course]);
    expect((await view(other)).collected).toBe(false);
    for (let i = 0; i < 2; i++) {
      const { body: env } = await gw.call('collectionDelete', { token, body });
      expect(env).toMatchObject({ code: Code.OK, data: { collected: false } });
    }
    expect((await view()).collected).toBe(false);
    expect((await gw.call<CourseCount>('courseCount', { token, body: {} })).body.data.collected).toBe(0);
  });

  it('collects study tasks and projects that exist in the company', async () => {
    const task = await studyTaskId(gw, '2026 新员工学习任务');
    const project = await projectId(gw, '新员工训练营');
    expect((await gw.call('collectionSave', { token, body: { targetType: 'task', targetId: task } })).body.code).toBe(Code.OK);
    expect((await gw.call('collectionSave', { token, body: { targetType: 'project', targetId: project } })).body.code).toBe(Code.OK);
    // The id of a course is not a task.
    expect((await gw.call('collectionSave', { token, body: { targetType: 'task', targetId: course } })).body.code).toBe(Code.NOT_FOUND);
    expect((await gw.call('collectionSave', { token, body: { targetType: 'course', targetId: crypto.randomUUID() } })).body.code).toBe(
      Code.NOT_FOUND,
    );
    expect((await gw.call('collectionSave', { token, body: { targetType: 'lesson', targetId: course } })).body.code).toBe(Code.INVALID);
    expect((await gw.call('collectionDelete', { token, body: { targetType: 'course', targetId: 'x' } })).body.code).toBe(Code.INVALID);
  });
});
