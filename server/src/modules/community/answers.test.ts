import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Code } from '@/api/codes';
import type { AnswerAcceptResult, AnswerItem, PostDetail } from '@/api/community-types';
import type { PageResult } from '@/api/types';
import { createTestApp, HOST_TWO, type TestGateway } from '../../testing';
import { anon, as, dataOf, ok, postId, postRow, refusal, signIn, type Who } from './test-support';

let gw: TestGateway;
const who: Record<string, Who> = {};
const REPLAY = '错过了季度业务复盘直播，回放在哪里看？';
const SQL_BOOKS = '大家推荐哪些 SQL 入门资料？';
const ENGLISH_EXAM = 'Is there an English version of the safety exam?';
const HABITS = '高效沟通的三个习惯：从每周一次 1-on-1 开始';

beforeAll(async () => {
  gw = await createTestApp();
  for (const empNo of ['E1001', 'E1002', 'E1003', 'E1007']) who[empNo] = await signIn(gw, empNo);
  who.B2001 = await signIn(gw, 'B2001', HOST_TWO);
});
afterAll(() => gw?.close());

const answers = (postId: string, token?: string) =>
  dataOf<PageResult<AnswerItem>>(anon(gw, 'communityAnswerPage', { body: { postId }, token }));
const answer = (w: Who, body: object) => as<AnswerItem>(gw, w, 'communityAnswerSave', { body: { images: [], ...body } });
const accept = (w: Who, postId: string, answerId: string | null) =>
  as<AnswerAcceptResult>(gw, w, 'communityAnswerAccept', { body: { postId, answerId } });
const NOT_YOURS = 'You can only change or delete what you posted yourself';

describe('answers', () => {
  it('are read by anyone: the accepted one first and marked, then the most liked', async () => {
    const id = await postId(gw, SQL_BOOKS);
    const { list, totalCount } = await answers(id);
    expect(totalCount).toBe(3);
    expect(list.map((a) => [a.author.userName, a.accepted, a.admireCount])).toEqual([
      ['郑凯', true, 2],
      ['孙浩', false, 1],
      ['林晓彤', false, 0],
    ]);
    expect(list.every((a) => !a.admired && !a.mine)).toBe(true);
    const asSun = await answers(id, who.E1007!.token);
    expect(asSun.list.map((a) => a.mine)).toEqual([false, true, false]);
    expect((await refusal(anon(gw, 'communityAnswerPage', { body: { postId: id }, host: HOST_TWO })))[0]).toBe(Code.NOT_FOUND);
  });

  it('are written by members, as typed, to questions only, within the limits', async () => {
    const id = await postId(gw, ENGLISH_EXAM);
    const saved = await dataOf(answer(who.E1002!, { postId: id, content: '  Yes <script>alert(1)</script>\nsee the exam centre  ' }));
    expect(saved).toMatchObject({ postId: id, content: 'Yes <script>alert(1)</script>\nsee the exam centre', mine: true, accepted: false, admireCount: 0 });
    expect((await answers(id)).list.map((a) => a.content)).toEqual([saved.content]);
    expect((await dataOf(anon<PostDetail>(gw, 'communityPostView', { query: { id } }))).answerCount).toBe(1);

    expect(await refusal(answer(who.E1002!, { postId: id, content: ' ' }))).toEqual([Code.INVALID, 'The content cannot be empty']);
    expect(await refusal(answer(who.E1002!, { postId: id, content: '字'.repeat(10_001) }))).toEqual([
      Code.INVALID,
      'The content has at most 10000 characters',
    ]);
    expect(await refusal(answer(who.E1002!, { postId: id, content: '图', images: ['/media/demo/guide-1.jpg'] }))).toEqual([
      Code.INVALID,
      'A picture is not valid. Please upload it again',
    ]);
    expect(await refusal(answer(who.E1002!, { postId: await postId(gw, HABITS), content: '博客不能回答' }))).toEqual([
      Code.INVALID,
      'Only questions take answers',
    ]);
    expect(await refusal(answer(who.B2001!, { postId: id, content: '别的公司' }))).toEqual([
      Code.NOT_FOUND,
      'The post does not exist or has been deleted',
    ]);
  });

  it('are edited and deleted by their authors only', async () => {
    const id = await postId(gw, ENGLISH_EXAM);
    const mine = await dataOf(answer(who.E1007!, { postId: id, content: '第一版' }));
    expect((await dataOf(answer(who.E1007!, { id: mine.id, postId: id, content: '第二版' }))).content).toBe('第二版');
    expect(await refusal(answer(who.E1002!, { id: mine.id, postId: id, content: '改别人的' }))).toEqual([Code.FORBIDDEN, NOT_YOURS]);
    expect(await refusal(answer(who.E1007!, { id: mine.id, postId: await postId(gw, SQL_BOOKS), content: '换问题' }))).toEqual([
      Code.NOT_FOUND,
      'The answer does not exist or has been deleted',
    ]);
    expect(await refusal(as(gw, who.E1002!, 'communityAnswerDelete', { body: { id: mine.id } }))).toEqual([Code.FORBIDDEN, NOT_YOURS]);
    expect(await refusal(as(gw, who.B2001!, 'communityAnswerDelete', { body: { id: mine.id } }))).toEqual([
      Code.NOT_FOUND,
      'The answer does not exist or has been deleted',
    ]);
    await ok(gw, who.E1007!, 'communityAnswerDelete', { body: { id: mine.id } });
    expect((await answers(id)).list.map((a) => a.id)).not.toContain(mine.id);
  });
});

describe('accepting an answer', () => {
  it("is the question's author's alone: one answer, moved first and marked, or none", async () => {
    const id = await postId(gw, REPLAY);
    const [accepted, other] = (await answers(id)).list;
    expect(accepted).toMatchObject({ accepted: true, author: { userName: '王磊' } });
    expect(await refusal(accept(who.E1007!, id, other!.id))).toEqual([Code.FORBIDDEN, 'Only the person who asked can accept an answer']);
    expect(await refusal(accept(who.B2001!, id, other!.id))).toEqual([Code.NOT_FOUND, 'The post does not exist or has been deleted']);

    expect(await dataOf(accept(who.E1001!, id, other!.id))).toEqual({ acceptedAnswerId: other!.id });
    expect((await answers(id)).list.map((a) => [a.id, a.accepted])).toEqual([
      [other!.id, true],
      [accepted!.id, false],
    ]);
    expect((await postRow(gw, id))!.acceptedAnswerId).toBe(other!.id);

    expect(await dataOf(accept(who.E1001!, id, null))).toEqual({ acceptedAnswerId: null });
    const view = await dataOf(anon<PostDetail>(gw, 'communityPostView', { query: { id } }));
    expect(view).toMatchObject({ solved: false, acceptedAnswerId: null });
    expect((await answers(id)).list.every((a) => !a.accepted)).toBe(true);

    const elsewhere = (await answers(await postId(gw, SQL_BOOKS))).list[0]!;
    expect(await refusal(accept(who.E1001!, id, elsewhere.id))).toEqual([Code.NOT_FOUND, 'The answer does not exist or has been deleted']);
  });

  it('goes when the accepted answer is deleted', async () => {
    const question = await dataOf(as<PostDetail>(gw, who.E1003!, 'communityPostSave', { body: { kind: 2, title: '采纳后删除？', content: '' } }));
    const reply = await dataOf(answer(who.E1002!, { postId: question.id, content: '会被删除的回答' }));
    await dataOf(accept(who.E1003!, question.id, reply.id));
    expect((await dataOf(anon<PostDetail>(gw, 'communityPostView', { query: { id: question.id } }))).solved).toBe(true);
    await ok(gw, who.E1002!, 'communityAnswerDelete', { body: { id: reply.id } });
    expect((await postRow(gw, question.id))!.acceptedAnswerId).toBeNull();
    expect(await refusal(accept(who.E1003!, question.id, reply.id))).toEqual([Code.NOT_FOUND, 'The answer does not exist or has been deleted']);
  });
});
