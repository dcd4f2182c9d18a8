import { and, count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Code } from '@/api/codes';
import type {
  AnswerItem,
  CommunityAdmireResult,
  CommunityCollectionResult,
  CommunityComment,
  CommunityReply,
  PostDetail,
} from '@/api/community-types';
import { COMMENT_MAX_LENGTH } from '@/api/home-types';
import type { PageResult } from '@/api/types';
import { collections, likes } from '../../db/schema';
import { createTestApp, HOST_TWO, type TestGateway } from '../../testing';
import { anon, as, dataOf, ok, postId, refusal, signIn, type Who } from './test-support';

let gw: TestGateway;
const who: Record<string, Who> = {};
const HABITS = '高效沟通的三个习惯：从每周一次 1-on-1 开始';
const SQL_BOOKS = '大家推荐哪些 SQL 入门资料？';
const FIVE_S = '车间 5S 管理实践分享';

beforeAll(async () => {
  gw = await createTestApp();
  for (const empNo of ['E1001', 'E1002', 'E1003', 'E1006', 'E1007']) who[empNo] = await signIn(gw, empNo);
  who.B2001 = await signIn(gw, 'B2001', HOST_TWO);
});
afterAll(() => gw?.close());

const admire = (w: Who, targetType: 'post' | 'answer', id: string) => as<CommunityAdmireResult>(gw, w, 'communityAdmire', { body: { targetType, id } });
const collect = (w: Who, postId: string, on: boolean) =>
  as<CommunityCollectionResult>(gw, w, on ? 'communityCollectionSave' : 'communityCollectionDelete', { body: { postId } });
const view = (id: string, token?: string) => dataOf(anon<PostDetail>(gw, 'communityPostView', { query: { id }, token }));
const rows = async (table: typeof likes | typeof collections, id: string) =>
  (await gw.database.db.select({ n: count() }).from(table).where(eq(table.targetId, id)))[0]!.n;

describe('likes', () => {
  it('toggle on a post, one per member, with the count answered and shown', async () => {
    const id = await postId(gw, HABITS);
    expect((await view(id)).admireCount).toBe(5);
    expect(await dataOf(admire(who.E1006!, 'post', id))).toEqual({ admired: true, admireCount: 6 });
    expect(await dataOf(admire(who.E1002!, 'post', id))).toEqual({ admired: true, admireCount: 7 });
    expect(await view(id, who.E1006!.token)).toMatchObject({ admired: true, admireCount: 7 });
    expect(await dataOf(admire(who.E1006!, 'post', id))).toEqual({ admired: false, admireCount: 6 });
    expect(await view(id, who.E1006!.token)).toMatchObject({ admired: false, admireCount: 6 });
    // Two at once end liked once, never twice.
    const [a, b] = await Promise.all([admire(who.E1003!, 'post', id), admire(who.E1003!, 'post', id)]);
    expect([a.body.code, b.body.code]).toEqual([Code.OK, Code.OK]);
    const liked = await gw.database.db
      .select({ n: count() })
      .from(likes)
      .where(and(eq(likes.targetId, id), eq(likes.enterpriseUserId, who.E1003!.memberId)));
    expect(liked[0]!.n).toBeLessThanOrEqual(1);
    expect(await rows(likes, id)).toBe((await view(id)).admireCount);
  });

  it('toggle on an answer', async () => {
    const answers = await dataOf(anon<PageResult<AnswerItem>>(gw, 'communityAnswerPage', { body: { postId: await postId(gw, SQL_BOOKS) } }));
    const last = answers.list.at(-1)!;
    expect(await dataOf(admire(who.E1001!, 'answer', last.id))).toEqual({ admired: true, admireCount: last.admireCount + 1 });
    const again = await dataOf(anon<PageResult<AnswerItem>>(gw, 'communityAnswerPage', { body: { postId: last.postId }, token: who.E1001!.token }));
    expect(again.list.find((a) => a.id === last.id)).toMatchObject({ admired: true, admireCount: last.admireCount + 1 });
    expect(await dataOf(admire(who.E1001!, 'answer', last.id))).toEqual({ admired: false, admireCount: last.admireCount });
    // A post id is not an answer.
    expect(await refusal(admire(who.E1001!, 'answer', last.postId))).toEqual([Code.NOT_FOUND, 'The answer does not exist or has been deleted']);
  });

  it("never reach another company's posts", async () => {
    const theirs = await postId(gw, FIVE_S);
    const before = await rows(likes, theirs);
    expect(await refusal(admire(who.E1001!, 'post', theirs))).toEqual([Code.NOT_FOUND, 'The post does not exist or has been deleted']);
    expect(await refusal(collect(who.E1001!, theirs, true))).toEqual([Code.NOT_FOUND, 'The post does not exist or has been deleted']);
    expect(await rows(likes, theirs)).toBe(before);
  });
});

describe('bookmarks', () => {
  it('are set and taken back, twice the same changing nothing, and list in the caller’s bookmarks', async () => {
    const id = await postId(gw, SQL_BOOKS);
    const start = (await view(id)).collectCount;
    expect(await dataOf(collect(who.E1003!, id, true))).toEqual({ collected: true, collectCount: start + 1 });
    expect(await dataOf(collect(who.E1003!, id, true))).toEqual({ collected: true, collectCount: start + 1 });
    expect(await rows(collections, id)).toBe(start + 1);
    const mine = await dataOf(anon<PageResult<PostDetail>>(gw, 'communityPostPage', { body: { collected: true }, token: who.E1003!.token }));
    expect(mine.list.map((p) => p.id)).toContain(id);
    expect(await dataOf(collect(who.E1003!, id, false))).toEqual({ collected: false, collectCount: start });
    expect(await dataOf(collect(who.E1003!, id, false))).toEqual({ collected: false, collectCount: start });
    expect(await view(id, who.E1003!.token)).toMatchObject({ collected: false, collectCount: start });
  });
});

describe('comments', () => {
  const page = (postId: string, token?: string, host?: string) =>
    anon<PageResult<CommunityComment>>(gw, 'communityCommentPage', { body: { postId }, token, host });
  const comment = (w: Who, body: object) => as<CommunityComment | CommunityReply>(gw, w, 'communityCommentSave', { body });

  it('are read by anyone, newest first with replies oldest first; the caller’s are marked', async () => {
    const id = await postId(gw, HABITS);
    const { list, totalCount } = await dataOf(page(id));
    expect(totalCount).toBe(3);
    expect(list.map((c) => c.userName)).toEqual(['孙浩', '郑凯', '张伟']);
    expect(list[2]!.replies.map((r) => [r.userName, r.replyToName])).toEqual([
      ['李娜', ''],
      ['张伟', '李娜'],
    ]);
    expect(list.every((c) => !c.mine)).toBe(true);
    const asZhang = (await dataOf(page(id, who.E1001!.token))).list;
    expect([asZhang[2]!.mine, asZhang[2]!.replies.map((r) => r.mine)]).toEqual([true, [false, true]]);
    expect(await refusal(page(id, undefined, HOST_TWO))).toEqual([Code.NOT_FOUND, 'The post does not exist or has been deleted']);
  });

  it('are written as typed and limited in length; replies name whom they answer', async () => {
    const id = await postId(gw, HABITS);
    const saved = (await dataOf(comment(who.E1006!, { postId: id, content: '  <script>alert(1)</script> 好文  ' }))) as CommunityComment;
    expect(saved).toMatchObject({ content: '<script>alert(1)</script> 好文', mine: true, userName: '赵敏', replies: [] });
    expect((await dataOf(page(id))).list[0]).toMatchObject({ id: saved.id, content: saved.content });
    expect((await view(id)).commentCount).toBe(6 + 1);

    const at = (content: string) => refusal(comment(who.E1006!, { postId: id, content }));
    expect(await at(' \n ')).toEqual([Code.INVALID, 'The comment cannot be empty']);
    expect(await at('好'.repeat(COMMENT_MAX_LENGTH + 1))).toEqual([Code.INVALID, `A comment has at most ${COMMENT_MAX_LENGTH} characters`]);

    const reply = (await dataOf(comment(who.E1002!, { postId: id, content: '谢谢支持', commentId: saved.id }))) as CommunityReply;
    expect(reply).toMatchObject({ commentId: saved.id, replyToName: '', mine: true });
    const back = (await dataOf(comment(who.E1006!, { postId: id, content: '不客气', commentId: saved.id, replyId: reply.id }))) as CommunityReply;
    expect(back.replyToName).toBe('李娜');
    expect((await dataOf(page(id))).list[0]!.replies.map((r) => r.content)).toEqual(['谢谢支持', '不客气']);
    const other = await postId(gw, SQL_BOOKS);
    expect(await refusal(comment(who.E1002!, { postId: other, content: '错位的回复', commentId: saved.id }))).toEqual([
      Code.NOT_FOUND,
      'Comment on failure!',
    ]);
    expect(await refusal(comment(who.B2001!, { postId: id, content: '别的公司' }))).toEqual([Code.NOT_FOUND, 'Comment on failure!']);
  });

  it('are deleted by their authors only, a comment with its replies', async () => {
    const id = await postId(gw, SQL_BOOKS);
    const saved = (await dataOf(comment(who.E1007!, { postId: id, content: '待删除' }))) as CommunityComment;
    await dataOf(comment(who.E1001!, { postId: id, content: '回复', commentId: saved.id }));
    expect(await refusal(as(gw, who.E1001!, 'communityCommentDelete', { body: { id: saved.id } }))).toEqual([Code.FORBIDDEN, 'Delete failed!']);
    expect(await refusal(as(gw, who.B2001!, 'communityCommentDelete', { body: { id: saved.id } }))).toEqual([Code.NOT_FOUND, 'Delete failed!']);
    await ok(gw, who.E1007!, 'communityCommentDelete', { body: { id: saved.id } });
    expect((await dataOf(page(id))).totalCount).toBe(0);
    expect((await view(id)).commentCount).toBe(0);
  });
});
