import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Code } from '@/api/codes';
import type { EndpointName } from '@/api/endpoints';
import { COMMENT_MAX_LENGTH, type AnnouncementComment, type AnnouncementReply } from '@/api/home-types';
import type { PageResult } from '@/api/types';
import { createTestApp, HOST_TWO, type TestGateway } from '../../testing';
import { as, commentRows, recordId, signIn, type Who } from './test-support';

let gw: TestGateway;
const who: Record<string, Who> = {};
let ids: { rules: string; platform: string; fireDrill: string; visualisation: string; scheduled: string; message: string };

beforeAll(async () => {
  gw = await createTestApp();
  for (const empNo of ['E1001', 'E1002', 'E1006', 'E1007']) who[empNo] = await signIn(gw, empNo);
  who.B2001 = await signIn(gw, 'B2001', HOST_TWO);
  ids = {
    rules: await recordId(gw, 'Learning points and credit-hour rules for 2026'),
    platform: await recordId(gw, 'The new learning platform is live'),
    fireDrill: await recordId(gw, 'Fire drill notice'),
    visualisation: await recordId(gw, 'New course: Data visualisation basics'),
    scheduled: await recordId(gw, 'Planned system upgrade'),
    message: await recordId(gw, 'Your export is ready', who.E1001!.memberId),
  };
});
afterAll(() => gw?.close());

type Options = { body?: unknown; query?: Record<string, string> };
async function ok<T>(w: Who, name: EndpointName, options: Options): Promise<T> {
  const { body } = await as<T>(gw, w, name, options);
  if (body.code !== Code.OK) throw new Error(`${name}: ${body.code} ${body.msg}`);
  return body.data;
}
async function refused(w: Who, name: EndpointName, options: Options): Promise<[number, string]> {
  const { body } = await as(gw, w, name, options);
  return [body.code, body.msg];
}
const page = (w: Who, announcementId: string, more: object = {}) =>
  ok<PageResult<AnnouncementComment>>(w, 'announcementCommentPage', { body: { announcementId, ...more } });
const comment = (w: Who, announcementId: string, content: string) =>
  ok<AnnouncementComment>(w, 'announcementCommentSave', { body: { announcementId, content } });
const reply = (w: Who, commentId: string, content: string, replyId?: string) =>
  ok<AnnouncementReply>(w, 'announcementReplySave', { body: { commentId, content, replyId } });

describe('announcement comments', () => {
  it('come newest first, ten a page, each with its replies oldest first, naming whom a reply answers', async () => {
    const { list, totalCount, pageSize } = await page(who.E1001!, ids.rules);
    expect([totalCount, pageSize]).toEqual([3, 10]);
    expect(list.map((c) => c.content)).toEqual([
      'Does the 40-hour requirement apply to people who joined mid-year?',
      '积分商城什么时候上新？期待新的礼品。',
      '请问直播回放观看也算学时吗？',
    ]);
    const first = list[2]!;
    expect(first).toMatchObject({ userName: '张伟', mine: true, enterpriseUserId: who.E1001!.memberId });
    expect(first.replies.map((r) => [r.userName, r.replyToName, r.mine, r.commentId])).toEqual([
      ['王磊', '', false, first.id],
      ['张伟', '王磊', true, first.id],
    ]);
    expect(first.replies[0]!.createdAt < first.replies[1]!.createdAt).toBe(true);
    expect(list[0]!.mine).toBe(false);

    for (let i = 0; i < 11; i++) await comment(who.E1007!, ids.visualisation, `第 ${i + 1} 条`);
    const second = await page(who.E1001!, ids.visualisation, { pageCurrent: 2 });
    expect(second).toMatchObject({ totalCount: 12, totalPage: 2 });
    expect(second.list.map((c) => c.content)).toEqual(['第 1 条', '终于等到了！产品部的周报正需要。']);
  });

  it('are trimmed, kept verbatim (markup included), and limited in length', async () => {
    const saved = await comment(who.E1006!, ids.platform, '  <script>alert(1)</script> & <b>粗体</b>  ');
    expect(saved).toMatchObject({ content: '<script>alert(1)</script> & <b>粗体</b>', mine: true, userName: '赵敏', replies: [] });
    expect((await page(who.E1001!, ids.platform)).list[0]).toMatchObject({ id: saved.id, content: saved.content, mine: false });

    const at = (content: string) => refused(who.E1006!, 'announcementCommentSave', { body: { announcementId: ids.platform, content } });
    expect(await at(' \n ')).toEqual([Code.INVALID, 'The comment cannot be empty']);
    expect(await at('好'.repeat(COMMENT_MAX_LENGTH + 1))).toEqual([Code.INVALID, 'A comment has at most 500 characters']);
    expect((await comment(who.E1006!, ids.platform, '👍'.repeat(COMMENT_MAX_LENGTH))).content).toHaveLength(COMMENT_MAX_LENGTH * 2);
    const zh = await gw.call('announcementCommentSave', { token: who.E1006!.token, body: { announcementId: ids.platform, content: '' } });
    expect(zh.body.msg).toBe('评论内容不能为空');
    expect(await refused(who.E1006!, 'announcementReplySave', { body: { commentId: saved.id, content: '' } })).toEqual([
      Code.INVALID,
      'The comment cannot be empty',
    ]);
  });

  it('are refused where comments are closed, and on what the caller cannot see', async () => {
    const before = await commentRows(gw, ids.fireDrill);
    expect(await refused(who.E1001!, 'announcementCommentSave', { body: { announcementId: ids.fireDrill, content: '收到' } })).toEqual([
      Code.FORBIDDEN,
      'Comments are closed for this announcement',
    ]);
    expect(await refused(who.E1001!, 'announcementCommentSave', { body: { announcementId: ids.message, content: '收到' } })).toEqual([
      Code.FORBIDDEN,
      'Comments are closed for this announcement',
    ]);
    expect(await commentRows(gw, ids.fireDrill)).toBe(before);
    for (const [w, id] of [[who.E1002!, ids.message], [who.E1001!, ids.scheduled]] as const) {
      expect(await refused(w, 'announcementCommentSave', { body: { announcementId: id, content: '你好' } })).toEqual([Code.NOT_FOUND, 'Comment on failure!']);
      expect(await refused(w, 'announcementCommentPage', { body: { announcementId: id } })).toEqual([
        Code.NOT_FOUND,
        'The announcement or message does not exist',
      ]);
    }
    expect(await refused(who.E1001!, 'announcementReplySave', { body: { commentId: ids.platform, content: '你好' } })).toEqual([
      Code.NOT_FOUND,
      'Comment on failure!',
    ]);
  });

  it('take replies to a comment or to a reply of it', async () => {
    const top = await comment(who.E1001!, ids.visualisation, '有配套练习吗？');
    const first = await reply(who.E1002!, top.id, '每章都有练习数据。');
    expect(first).toMatchObject({ commentId: top.id, replyToName: '', userName: '李娜', mine: true });
    const second = await reply(who.E1001!, top.id, '太好了，谢谢！', first.id);
    expect(second.replyToName).toBe('李娜');
    const shown = (await page(who.E1002!, ids.visualisation)).list.find((c) => c.id === top.id)!;
    expect(shown.replies.map((r) => [r.content, r.replyToName, r.mine])).toEqual([
      ['每章都有练习数据。', '', true],
      ['太好了，谢谢！', '李娜', false],
    ]);
    // A reply is answered under its own comment only; a reply is not a comment to reply to.
    const other = await comment(who.E1007!, ids.visualisation, '另一条');
    expect(await refused(who.E1001!, 'announcementReplySave', { body: { commentId: other.id, content: 'x', replyId: first.id } })).toEqual([
      Code.NOT_FOUND,
      'Comment on failure!',
    ]);
    expect(await refused(who.E1001!, 'announcementReplySave', { body: { commentId: first.id, content: 'x' } })).toEqual([
      Code.NOT_FOUND,
      'Comment on failure!',
    ]);
  });

  it('may be deleted by their writer only; a comment takes its replies along', async () => {
    const top = await comment(who.E1001!, ids.visualisation, '待删除的评论');
    const theirs = await reply(who.E1002!, top.id, '一条回复');
    const mine = await reply(who.E1001!, top.id, '我的回复');
    const before = await commentRows(gw, ids.visualisation);

    expect(await refused(who.E1002!, 'announcementCommentDelete', { query: { id: top.id } })).toEqual([Code.FORBIDDEN, 'Delete failed!']);
    expect(await refused(who.E1001!, 'announcementReplyDelete', { query: { id: theirs.id } })).toEqual([Code.FORBIDDEN, 'Delete failed!']);
    // A comment is not deleted as a reply, nor a reply as a comment.
    expect(await refused(who.E1001!, 'announcementReplyDelete', { query: { id: top.id } })).toEqual([Code.NOT_FOUND, 'Delete failed!']);
    expect(await refused(who.E1001!, 'announcementCommentDelete', { body: { id: mine.id } })).toEqual([Code.NOT_FOUND, 'Delete failed!']);
    expect(await commentRows(gw, ids.visualisation)).toBe(before);

    await ok(who.E1001!, 'announcementReplyDelete', { query: { id: mine.id } });
    expect(await commentRows(gw, ids.visualisation)).toBe(before - 1);
    await ok(who.E1001!, 'announcementCommentDelete', { body: { id: top.id } });
    expect(await commentRows(gw, ids.visualisation)).toBe(before - 3);
    expect(await refused(who.E1001!, 'announcementCommentDelete', { query: { id: top.id } })).toEqual([Code.NOT_FOUND, 'Delete failed!']);
    expect((await page(who.E1001!, ids.visualisation, { pageSize: 100 })).list.map((c) => c.id)).not.toContain(top.id);
  });

  it('of one company are out of another’s reach', async () => {
    const w = who.B2001!;
    const [target] = (await page(who.E1001!, ids.rules)).list;
    const replyId = target!.replies[0]?.id ?? target!.id;
    const before = await commentRows(gw, ids.rules);
    expect(await refused(w, 'announcementCommentPage', { body: { announcementId: ids.rules } })).toEqual([
      Code.NOT_FOUND,
      'The announcement or message does not exist',
    ]);
    expect(await refused(w, 'announcementCommentSave', { body: { announcementId: ids.rules, content: '你好' } })).toEqual([Code.NOT_FOUND, 'Comment on failure!']);
    expect(await refused(w, 'announcementReplySave', { body: { commentId: target!.id, content: '你好' } })).toEqual([Code.NOT_FOUND, 'Comment on failure!']);
    expect(await refused(w, 'announcementCommentDelete', { query: { id: target!.id } })).toEqual([Code.NOT_FOUND, 'Delete failed!']);
    expect(await refused(w, 'announcementReplyDelete', { query: { id: replyId } })).toEqual([Code.NOT_FOUND, 'Delete failed!']);
    expect(await commentRows(gw, ids.rules)).toBe(before);
  });

  it('want a signed-in member', async () => {
    const calls: [EndpointName, unknown][] = [
      ['announcementCommentPage', { announcementId: ids.rules }],
      ['announcementCommentSave', { announcementId: ids.rules, content: '你好' }],
      ['announcementReplySave', { commentId: ids.rules, content: '你好' }],
      ['announcementReplyDelete', { id: ids.rules }],
      ['announcementCommentDelete', { id: ids.rules }],
    ];
    for (const [name, body] of calls) {
      const answer = await gw.call(name, { lang: 'en', body });
      expect([name, answer.body.code, answer.body.msg]).toEqual([name, Code.UNAUTHORIZED, 'Please login first!']);
    }
  });
});
