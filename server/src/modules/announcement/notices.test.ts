/**
 * Decisions about a learner reach them as messages that raise their unread count: a project
 * registration approved or refused, a paper marked by a marker; worded in both languages.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MarkResultOfAnswer, PaperReview } from '@/api/exam-types';
import type { MessageRecord, UnreadCount } from '@/api/home-types';
import type { PageResult } from '@/api/types';
import { examPapers } from '../../db/schema';
import { createTestApp, type TestGateway } from '../../testing';
import { as, signIn, taskOf, type Who } from '../exam/test-support';
import { projectId } from '../study/test-support';

let gw: TestGateway;
let zhangWei: Who;
let liNa: Who;
let wangLei: Who;
let liuYang: Who;
let bootCamp: string;
beforeAll(async () => {
  gw = await createTestApp();
  [zhangWei, liNa, wangLei, liuYang] = await Promise.all(['E1001', 'E1002', 'E1003', 'E1004'].map((n) => signIn(gw, n)));
  bootCamp = await projectId(gw, zhangWei.token, '新员工训练营');
});
afterAll(() => gw?.close());

const unread = async (who: Who) => (await as<UnreadCount>(gw, who, 'unreadCount')).body.data;

/** The caller's newest message, in a language. */
async function newest(who: Who, lang: 'zh' | 'en'): Promise<MessageRecord> {
  const { body } = await gw.call<PageResult<MessageRecord>>('messageRecordPage', {
    token: who.token,
    host: who.host,
    lang,
    body: { kind: 2, pageSize: 50 },
  });
  return [...body.data.list].sort((a, b) => b.publishedAt.localeCompare(a.publishedAt))[0]!;
}

describe('a registration decided', () => {
  it('an approval sends the member a message, in both languages', async () => {
    await as(gw, zhangWei, 'projectApply', { body: { projectId: bootCamp } });
    const before = await unread(zhangWei);
    const decided = await as(gw, liuYang, 'projectApprove', { body: { projectId: bootCamp, userId: zhangWei.memberId, approve: true } });
    expect(decided.body.code).toBe(200);
    expect(await unread(zhangWei)).toEqual({ ...before, total: before.total + 1, messages: before.messages + 1 });
    expect(await newest(zhangWei, 'zh')).toMatchObject({
      title: '项目《新员工训练营》报名已通过',
      content: '您现在可以学习项目《新员工训练营》了。',
      linkUrl: `/knowledge/project/${bootCamp}`,
      read: false,
    });
    expect(await newest(zhangWei, 'en')).toMatchObject({
      title: 'Your registration for “New-hire boot camp” was approved',
      content: 'You can now study “New-hire boot camp”.',
    });
    // Approving again changes nothing and sends nothing.
    await as(gw, liuYang, 'projectApprove', { body: { projectId: bootCamp, userId: zhangWei.memberId, approve: true } });
    expect((await unread(zhangWei)).total).toBe(before.total + 1);
  });

  it('a refusal by a lecturer of the project sends the member a message, in both languages', async () => {
    await as(gw, wangLei, 'projectApply', { body: { projectId: bootCamp } });
    const before = await unread(wangLei);
    const decided = await as(gw, liNa, 'projectApprove', { body: { projectId: bootCamp, userId: wangLei.memberId, approve: false } });
    expect(decided.body.code).toBe(200);
    expect((await unread(wangLei)).messages).toBe(before.messages + 1);
    expect(await newest(wangLei, 'zh')).toMatchObject({ title: '项目《新员工训练营》报名未通过', content: '如有疑问，请联系项目负责人。' });
    expect(await newest(wangLei, 'en')).toMatchObject({
      title: 'Your registration for “New-hire boot camp” was not approved',
      content: "Please contact the project's organiser with any questions.",
    });
  });
});

describe('a paper marked', () => {
  it('the candidate hears when the marker finishes the paper, with the score and the outcome', async () => {
    const conduct = await taskOf(gw, zhangWei, 'Professional conduct assessment');
    const [paper] = await gw.database.db.select().from(examPapers).where(eq(examPapers.taskId, conduct.taskId));
    const review = await as<PaperReview>(gw, zhangWei, 'examPaperView', { query: { id: paper!.id } });
    const shorts = review.body.data.questions.filter((q) => q.questionType === 5 && q.answerId);
    expect(shorts.length).toBeGreaterThan(0);
    const before = await unread(zhangWei);
    let last: MarkResultOfAnswer | undefined;
    for (const [i, q] of shorts.entries()) {
      if (i === shorts.length - 1) expect(await unread(zhangWei)).toEqual(before);
      const marked = await as<MarkResultOfAnswer>(gw, liNa, 'examMarkAnswer', { query: { id: q.answerId!, mark: String(q.score) } });
      expect(marked.body.code, marked.body.msg).toBe(200);
      last = marked.body.data;
    }
    const { score, passed } = last!.paper;
    expect(await unread(zhangWei)).toEqual({ ...before, total: before.total + 1, messages: before.messages + 1 });
    expect(await newest(zhangWei, 'zh')).toMatchObject({
      title: '考试《职业素养测评》已阅卷',
      content: `成绩 ${score} 分，${passed ? '已通过' : '未通过'}。`,
      linkUrl: `/account/exam/${conduct.taskId}`,
    });
    expect(await newest(zhangWei, 'en')).toMatchObject({
      title: 'Your “Professional conduct assessment” has been marked',
      content: `Score ${score}: ${passed ? 'passed' : 'not passed'}.`,
    });
    // Marking an answer of the marked paper again sends no second message.
    await as(gw, liNa, 'examMarkAnswer', { query: { id: shorts[0]!.answerId!, mark: '0' } });
    expect((await unread(zhangWei)).messages).toBe(before.messages + 1);
  });
});
