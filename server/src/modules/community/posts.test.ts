import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { and, count, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Code } from '@/api/codes';
import { POST_CONTENT_MAX, POST_IMAGES_MAX, POST_TITLE_MAX, type PostDetail, type PostItem } from '@/api/community-types';
import type { EndpointName } from '@/api/endpoints';
import type { PageResult } from '@/api/types';
import { collections, comments, communityAnswers, likes } from '../../db/schema';
import { localFileStore } from '../../files/store';
import { createTestApp, HOST_TWO, signedPathOf, type TestGateway } from '../../testing';
import { anon, as, dataOf, ok, postId, refusal, signIn, uploadPicture, type Who } from './test-support';

let gw: TestGateway;
let dir: string;
const who: Record<string, Who> = {};
const EXCEL = '用 Excel 数据透视表做月度销售分析（附步骤）';
const HABITS = '高效沟通的三个习惯：从每周一次 1-on-1 开始';
const NOTES = '新员工入职第一个月的学习笔记';
const REPLAY = '错过了季度业务复盘直播，回放在哪里看？';
const FIVE_S = '车间 5S 管理实践分享';

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'xt-community-'));
  gw = await createTestApp({ files: localFileStore(dir) });
  for (const empNo of ['E1001', 'E1002', 'E1004', 'E1007']) who[empNo] = await signIn(gw, empNo);
  who.B2001 = await signIn(gw, 'B2001', HOST_TWO);
});
afterAll(async () => {
  await gw?.close();
  await rm(dir, { recursive: true, force: true });
});

const page = (body: object, token?: string, host?: string) => dataOf<PageResult<PostItem>>(anon(gw, 'communityPostPage', { body, token, host }));
const view = (id: string, token?: string, host?: string) => anon<PostDetail>(gw, 'communityPostView', { query: { id }, token, host });
const save = (w: Who, body: object) => as<PostDetail>(gw, w, 'communityPostSave', { body });
const heat = (p: PostItem) => p.admireCount * 5 + (p.answerCount + p.commentCount) * 3 + p.viewCount;

describe('reading without a session', () => {
  it("lists the host's company's blogs and questions, ten a page, newest first, with no own state", async () => {
    const blogs = await page({ kind: 1 });
    expect(blogs).toMatchObject({ pageCurrent: 1, pageSize: 10, totalCount: 13, totalPage: 2 });
    expect(blogs.list.every((p) => p.kind === 1 && !p.mine && !p.admired && !p.collected)).toBe(true);
    const times = blogs.list.map((p) => p.createdAt);
    expect([...times].sort().reverse()).toEqual(times);
    expect((await page({ kind: 1, pageCurrent: 2 })).list).toHaveLength(3);
    const questions = await page({ kind: 2, pageSize: 100 });
    expect(questions.totalCount).toBe(13);
    expect(questions.list.find((p) => p.title === REPLAY)).toMatchObject({ solved: true, answerCount: 2, author: { userName: '张伟' } });
    expect((await page({})).totalCount).toBe(26);

    const two = await page({ pageSize: 100 }, undefined, HOST_TWO);
    expect(two.totalCount).toBe(6);
    expect(two.list.map((p) => p.title)).toContain(FIVE_S);
    expect(two.list.map((p) => p.title)).not.toContain(EXCEL);
  });

  it('sorts by activity, and finds posts by every word of a keyword in the title or the text, Chinese or English', async () => {
    const hottest = (await page({ sort: 'hottest', pageSize: 100 })).list;
    const heats = hottest.map(heat);
    expect([...heats].sort((a, b) => b - a)).toEqual(heats);

    const titles = async (keyword: string) => (await page({ keyword, pageSize: 100 })).list.map((p) => p.title);
    expect(await titles('透视表')).toEqual([EXCEL]);
    expect(await titles('pivot TABLE')).toEqual([EXCEL]);
    expect(await titles('Excel 切片器')).toEqual([EXCEL]);
    expect(await titles('Excel 不存在的词')).toEqual([]);
    expect(await titles('100%')).toEqual([]);
    expect((await page({ keyword: '5S' }, undefined, HOST_TWO)).list.map((p) => p.title)).toEqual([FIVE_S]);
    expect(await titles('5S')).toEqual([]);
  });

  it('opens a post whole and counts the view; another company’s host answers not found', async () => {
    const id = await postId(gw, NOTES);
    const first = await dataOf(view(id));
    expect(first).toMatchObject({ title: NOTES, kind: 1, mine: false, canDelete: false, admired: false, author: { userName: '张伟' } });
    // The demo's pictures go out signed for the company, as a period's files do.
    expect(first.images.map(signedPathOf)).toEqual(['/media/demo/guide-1.jpg', '/media/demo/guide-2.jpg']);
    expect(first.content).toContain('\n\n第一周');
    expect((await dataOf(view(id))).viewCount).toBe(first.viewCount + 1);

    expect(await refusal(view(id, undefined, HOST_TWO))).toEqual([Code.NOT_FOUND, 'The post does not exist or has been deleted']);
    expect(await refusal(view(id, who.B2001!.token, HOST_TWO))).toEqual([Code.NOT_FOUND, 'The post does not exist or has been deleted']);
    expect((await refusal(anon(gw, 'communityPostView', { query: { id: 'nope' } })))[0]).toBe(Code.INVALID);
  });

  it('asks for a session for one’s own posts and bookmarks', async () => {
    expect(await refusal(anon(gw, 'communityPostPage', { body: { mine: true } }))).toEqual([Code.UNAUTHORIZED, 'Please login first!']);
    expect(await refusal(anon(gw, 'communityPostPage', { body: { collected: true } }))).toEqual([Code.UNAUTHORIZED, 'Please login first!']);
  });

  it('refuses every write', async () => {
    const id = await postId(gw, HABITS);
    const writes: [EndpointName, object][] = [
      ['communityPostSave', { kind: 2, title: '无登录', content: '' }],
      ['communityPostDelete', { id }],
      ['communityAnswerSave', { postId: id, content: '答', images: [] }],
      ['communityAnswerDelete', { id }],
      ['communityAnswerAccept', { postId: id, answerId: null }],
      ['communityAdmire', { targetType: 'post', id }],
      ['communityCollectionSave', { postId: id }],
      ['communityCollectionDelete', { postId: id }],
      ['communityCommentSave', { postId: id, content: '评论' }],
      ['communityCommentDelete', { id }],
    ];
    for (const [name, body] of writes) {
      expect(await refusal(anon(gw, name, { body })), name).toEqual([Code.UNAUTHORIZED, 'Please login first!']);
      expect((await refusal(anon(gw, name, { body, token: 'not-a-token' })))[0], name).toBe(Code.UNAUTHORIZED);
    }
    expect((await view(id)).body.data.admireCount).toBe(5);
  });
});

describe('reading with a session', () => {
  it("adds the caller's own likes, bookmarks and posts; a token of another company or a bad one is ignored", async () => {
    const id = await postId(gw, HABITS);
    expect(await dataOf(view(id, who.E1001!.token))).toMatchObject({ admired: true, collected: true, mine: false, canDelete: false });
    expect(await dataOf(view(id, who.E1002!.token))).toMatchObject({ admired: false, collected: false, mine: true, canDelete: true });
    expect(await dataOf(view(id, who.E1004!.token))).toMatchObject({ admired: true, mine: false, canDelete: true });
    expect(await dataOf(view(id, who.B2001!.token))).toMatchObject({ admired: false, mine: false, canDelete: false });
    expect(await dataOf(view(id, 'x'.repeat(43)))).toMatchObject({ admired: false, collected: false });

    const mine = await page({ mine: true, pageSize: 100 }, who.E1001!.token);
    expect(mine.list.length).toBeGreaterThan(0);
    expect(mine.list.every((p) => p.mine && p.author.userName === '张伟')).toBe(true);
    const bookmarked = await page({ collected: true, pageSize: 100 }, who.E1001!.token);
    expect(bookmarked.list.map((p) => p.title)).toEqual(expect.arrayContaining([HABITS, EXCEL]));
    expect(bookmarked.list.every((p) => p.collected)).toBe(true);
    expect(await refusal(anon(gw, 'communityPostPage', { body: { mine: true }, token: 'x'.repeat(43) }))).toEqual([
      Code.UNAUTHORIZED,
      'Please login first!',
    ]);
  });
});

describe('writing posts', () => {
  it('creates blogs and questions as typed, markup included, and lists them first', async () => {
    const text = '第一行 <script>alert("x")</script>\n\n<b>第二段</b> & more';
    const blog = await dataOf(save(who.E1007!, { kind: 1, title: '  <img src=x onerror=alert(1)> 标题  ', content: text, images: [] }));
    expect(blog).toMatchObject({ kind: 1, title: '<img src=x onerror=alert(1)> 标题', content: text, mine: true, canDelete: true, viewCount: 0 });
    expect((await dataOf(view(blog.id))).content).toBe(text);
    expect((await page({ kind: 1 })).list[0]!.id).toBe(blog.id);

    const question = await dataOf(save(who.E1007!, { kind: 2, title: '只有标题的问题？', content: '' }));
    expect(question).toMatchObject({ kind: 2, content: '', images: [], solved: false, answerCount: 0 });
  });

  it('limits titles, texts and pictures with clear messages', async () => {
    const at = (body: object) => refusal(save(who.E1007!, { kind: 1, title: '标题', content: '正文', images: [], ...body }));
    expect(await at({ title: '  ' })).toEqual([Code.INVALID, 'The title cannot be empty']);
    expect(await at({ title: '题'.repeat(POST_TITLE_MAX + 1) })).toEqual([Code.INVALID, 'A title has at most 100 characters']);
    expect(await at({ content: ' \n ' })).toEqual([Code.INVALID, 'The content cannot be empty']);
    expect(await at({ content: '字'.repeat(POST_CONTENT_MAX + 1) })).toEqual([Code.INVALID, 'The content has at most 10000 characters']);
    expect((await dataOf(save(who.E1007!, { kind: 1, title: '题'.repeat(POST_TITLE_MAX), content: '字'.repeat(POST_CONTENT_MAX) }))).title).toHaveLength(100);
    expect((await at({ kind: 3 }))[0]).toBe(Code.INVALID);
    const zh = await gw.call('communityPostSave', { token: who.E1007!.token, body: { kind: 1, title: '', content: '正文' } });
    expect(zh.body.msg).toBe('标题不能为空');
  });

  it('takes only pictures this company’s upload issued, at most nine', async () => {
    const issued = await Promise.all(Array.from({ length: POST_IMAGES_MAX + 1 }, () => uploadPicture(gw, who.E1007!)));
    const nine = issued.slice(0, POST_IMAGES_MAX);
    const post = await dataOf(save(who.E1007!, { kind: 1, title: '九张图', content: '图文', images: nine }));
    expect(post.images).toEqual(nine);
    const at = (images: string[]) => refusal(save(who.E1007!, { kind: 1, title: '图', content: '图', images }));
    expect(await at(issued)).toEqual([Code.INVALID, 'At most 9 pictures']);
    expect(await at(['/media/demo/guide-1.jpg'])).toEqual([Code.INVALID, 'A picture is not valid. Please upload it again']);
    expect(await at(['https://example.com/a.png'])).toEqual([Code.INVALID, 'A picture is not valid. Please upload it again']);
    expect(await at([issued[0]!.replace(/\/[^/]+$/, '/forged.png')])).toEqual([Code.INVALID, 'A picture is not valid. Please upload it again']);
    const theirs = await uploadPicture(gw, who.B2001!);
    expect(await at([theirs])).toEqual([Code.INVALID, 'A picture is not valid. Please upload it again']);
    // The same picture twice counts once.
    expect((await dataOf(save(who.E1007!, { kind: 1, title: '重复', content: '图', images: [issued[9], issued[9]] }))).images).toEqual([issued[9]]);
  });

  it('edits only one’s own posts, keeping their pictures and kind', async () => {
    const id = await postId(gw, NOTES);
    const edited = await dataOf(
      save(who.E1001!, { id, kind: 1, title: `${NOTES}（更新）`, content: '更新后的正文', images: ['/media/demo/guide-2.jpg'] }),
    );
    expect(edited).toMatchObject({ id, title: `${NOTES}（更新）`, content: '更新后的正文' });
    expect(edited.images.map(signedPathOf)).toEqual(['/media/demo/guide-2.jpg']);
    expect(edited.updatedAt > edited.createdAt).toBe(true);
    expect((await refusal(save(who.E1001!, { id, kind: 2, title: '改类型', content: '' })))[0]).toBe(Code.INVALID);
    expect(await refusal(save(who.E1002!, { id, kind: 1, title: '别人的', content: '正文' }))).toEqual([
      Code.FORBIDDEN,
      'You can only change or delete what you posted yourself',
    ]);
    expect(await refusal(save(who.E1004!, { id, kind: 1, title: '管理员也不能改', content: '正文' }))).toEqual([
      Code.FORBIDDEN,
      'You can only change or delete what you posted yourself',
    ]);
    expect(await refusal(save(who.B2001!, { id, kind: 1, title: '别的公司', content: '正文' }))).toEqual([
      Code.NOT_FOUND,
      'The post does not exist or has been deleted',
    ]);
    expect((await dataOf(view(id))).title).toBe(`${NOTES}（更新）`);
  });

  it('deletes one’s own posts, and an administrator any of the company’s, with their answers and reactions', async () => {
    const replay = await postId(gw, REPLAY);
    const answerIds = (await gw.database.db.select({ id: communityAnswers.id }).from(communityAnswers).where(eq(communityAnswers.postId, replay))).map(
      (a) => a.id,
    );
    expect(answerIds).toHaveLength(2);
    expect(await refusal(as(gw, who.E1007!, 'communityPostDelete', { body: { id: replay } }))).toEqual([
      Code.FORBIDDEN,
      'You can only change or delete what you posted yourself',
    ]);
    expect(await refusal(as(gw, who.B2001!, 'communityPostDelete', { body: { id: replay } }))).toEqual([
      Code.NOT_FOUND,
      'The post does not exist or has been deleted',
    ]);
    await ok(gw, who.E1004!, 'communityPostDelete', { body: { id: replay } });
    expect((await refusal(view(replay)))[0]).toBe(Code.NOT_FOUND);
    const db = gw.database.db;
    const left = async (table: typeof likes | typeof collections | typeof comments, ids: string[]) =>
      (await db.select({ n: count() }).from(table).where(inArray(table.targetId, ids)))[0]!.n;
    expect(await left(likes, [replay, ...answerIds])).toBe(0);
    expect(await left(collections, [replay])).toBe(0);
    expect((await db.select({ n: count() }).from(communityAnswers).where(eq(communityAnswers.postId, replay)))[0]!.n).toBe(0);

    const own = await dataOf(save(who.E1002!, { kind: 2, title: '马上删除', content: '' }));
    await ok(gw, who.E1002!, 'communityPostDelete', { body: { id: own.id } });
    expect(await refusal(as(gw, who.E1002!, 'communityPostDelete', { body: { id: own.id } }))).toEqual([
      Code.NOT_FOUND,
      'The post does not exist or has been deleted',
    ]);
    expect(await db.select().from(likes).where(and(eq(likes.targetId, own.id)))).toEqual([]);
  });
});
