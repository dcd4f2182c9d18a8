import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Code } from '@/api/codes';
import type { CourseDetail, CourseItem, CoursePurchaseRequest, CoursePurchaseState } from '@/api/learning-types';
import type { MessageRecord } from '@/api/home-types';
import type { PageResult } from '@/api/types';
import { createTestApp, HOST_TWO, type TestGateway } from '../../testing';
import { courseId } from './test-support';

let gw: TestGateway;
let learner: string;
let admin: string;
let other: string;
let paid: string;
let free: string;
beforeAll(async () => {
  gw = await createTestApp();
  [learner, admin, other] = await Promise.all([gw.login('E1003'), gw.login('E1004'), gw.login('E1007')]);
  paid = await courseId(gw, '数据分析进阶');
  free = await courseId(gw, '高效沟通技巧');
});
afterAll(() => gw?.close());

const state = async (token: string, id = paid) =>
  (await gw.call<CoursePurchaseState>('coursePurchaseState', { token, query: { courseId: id } })).body;
const apply = (token: string, body: Record<string, unknown>, lang: 'zh' | 'en' = 'zh') =>
  gw.call<CoursePurchaseRequest>('coursePurchaseApply', { token, body, lang });
const decide = (token: string, body: Record<string, unknown>, lang: 'zh' | 'en' = 'zh') =>
  gw.call<CoursePurchaseRequest>('coursePurchaseDecide', { token, body, lang });
const requests = (token: string, body: Record<string, unknown> = {}) =>
  gw.call<PageResult<CoursePurchaseRequest>>('coursePurchaseRequestPage', { token, body: { courseId: paid, ...body } });
const detail = async (token: string) => (await gw.call<CourseDetail>('courseView', { token, query: { courseId: paid } })).body.data;
const messages = async (token: string) =>
  (await gw.call<PageResult<MessageRecord>>('messageRecordPage', { token, body: { kind: 2, pageSize: 50 } })).body.data.list;

describe('authorised purchase of a paid course', () => {
  it('shows the price of the paid course, in the list and the detail', async () => {
    const page = await gw.call<PageResult<CourseItem>>('coursePage', { token: learner, body: { pageSize: 50 } });
    const card = page.body.data.list.find((c) => c.id === paid)!;
    expect(card).toMatchObject({ isFree: false, price: 199 });
    expect(page.body.data.list.find((c) => c.id === free)).toMatchObject({ isFree: true, price: null });
    expect(await detail(learner)).toMatchObject({ price: 199, purchased: false });
  });

  it('takes a request with a note, once at a time, and refuses it for a free course', async () => {
    expect(await state(learner)).toEqual({ code: Code.OK, msg: '操作成功', data: { request: null } });
    const made = await apply(learner, { courseId: paid, note: '  部门培训计划需要  ' });
    expect(made.body.code).toBe(Code.OK);
    expect(made.body.data).toMatchObject({ courseId: paid, courseName: '数据分析进阶', status: 0, note: '部门培训计划需要', reason: '', userName: '王磊', empNo: 'E1003' });
    expect((await state(learner)).data.request).toMatchObject({ id: made.body.data.id, status: 0 });

    const again = await apply(learner, { courseId: paid }, 'en');
    expect(again.body).toEqual({ code: Code.INVALID, msg: 'Your authorised purchase request is being reviewed', data: null });
    expect((await apply(learner, { courseId: free })).body).toMatchObject({ code: Code.INVALID, msg: '该课程免费，无需购买' });
    expect((await apply(learner, { courseId: paid, note: 'x'.repeat(201) })).body.code).toBe(Code.INVALID);
    // Still no way in until it is decided.
    expect((await detail(learner)).purchased).toBe(false);
  });

  it('lets only administrators list and decide, and nobody decide their own', async () => {
    const [waiting] = (await requests(admin, { status: 0 })).body.data.list;
    expect(waiting).toMatchObject({ userName: '王磊', status: 0 });
    for (const token of [learner, other]) {
      expect((await requests(token)).body).toMatchObject({ code: Code.FORBIDDEN, msg: '只有企业管理员可以审批授权购买' });
      expect((await decide(token, { id: waiting!.id, approve: true })).body.code).toBe(Code.FORBIDDEN);
    }
    // An administrator's own request goes to another administrator.
    const own = await apply(admin, { courseId: paid });
    expect((await decide(admin, { id: own.body.data.id, approve: true }, 'en')).body).toEqual({
      code: Code.FORBIDDEN,
      msg: 'You cannot decide your own request',
      data: null,
    });
    // Another company's administrator does not find it.
    const theirs = await gw.login('B2007', undefined, { host: HOST_TWO });
    expect((await gw.call('coursePurchaseDecide', { token: theirs, host: HOST_TWO, body: { id: waiting!.id, approve: true } })).body.code).not.toBe(Code.OK);
    expect((await detail(learner)).purchased).toBe(false);
  });

  it('refuses with a reason, which the learner reads in a message; the learner may ask again', async () => {
    const [waiting] = (await requests(admin, { status: 0 })).body.data.list.filter((r) => r.empNo === 'E1003');
    expect((await decide(admin, { id: waiting!.id, approve: false })).body).toMatchObject({ code: Code.INVALID, msg: '请填写拒绝原因' });
    const refused = await decide(admin, { id: waiting!.id, approve: false, reason: '本季度培训预算已用完' });
    expect(refused.body.data).toMatchObject({ status: 2, reason: '本季度培训预算已用完' });
    expect(refused.body.data.decidedAt).not.toBeNull();
    expect((await decide(admin, { id: waiting!.id, approve: true })).body).toMatchObject({ code: Code.INVALID, msg: '该申请已处理' });
    expect((await state(learner)).data.request).toMatchObject({ status: 2, reason: '本季度培训预算已用完' });
    expect((await detail(learner)).purchased).toBe(false);
    const [message] = await messages(learner);
    expect(message).toMatchObject({ title: '课程《数据分析进阶》授权购买申请未通过', content: '原因：本季度培训预算已用完', linkUrl: `/knowledge/course/${paid}` });
  });

  it('approves: the learner holds the course and can watch it, and is told so', async () => {
    const made = await apply(learner, { courseId: paid, note: '再次申请' });
    expect(made.body.code).toBe(Code.OK);
    const approved = await decide(admin, { id: made.body.data.id, approve: true, reason: 'ignored' });
    expect(approved.body.data).toMatchObject({ status: 1, reason: '' });
    expect(await detail(learner)).toMatchObject({ purchased: true });
    expect((await apply(learner, { courseId: paid })).body).toMatchObject({ code: Code.INVALID, msg: '您已获得该课程的学习权限' });
    const [message] = await messages(learner);
    expect(message).toMatchObject({ title: '课程《数据分析进阶》授权购买申请已通过' });
    // Only the asker got it.
    expect((await detail(other)).purchased).toBe(false);
  });
});
