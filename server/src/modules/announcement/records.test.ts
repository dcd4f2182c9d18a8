import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Code } from '@/api/codes';
import type { EndpointName } from '@/api/endpoints';
import type { AdmireResult, BatchResult, MessageRecord, ReadCount, UnreadCount } from '@/api/home-types';
import type { PageResult } from '@/api/types';
import { announcements, enterpriseUsers } from '../../db/schema';
import { createTestApp, HOST_TWO, type TestGateway } from '../../testing';
import { closeUnreadStreams } from '../../notify/unread';
import { sendMessage } from './records';
import { as, recordId, signIn, statesOf, type Who } from './test-support';

let gw: TestGateway;
const who: Record<string, Who> = {};

beforeAll(async () => {
  gw = await createTestApp();
  for (const empNo of ['E1001', 'E1002', 'E1003', 'E1004', 'E1006', 'E1007']) who[empNo] = await signIn(gw, empNo);
  who.B2001 = await signIn(gw, 'B2001', HOST_TWO);
});
afterAll(async () => {
  closeUnreadStreams();
  await gw?.close();
});

async function ok<T>(w: Who, name: EndpointName, options: { body?: unknown; query?: Record<string, string> } = {}): Promise<T> {
  const { body } = await as<T>(gw, w, name, options);
  if (body.code !== Code.OK) throw new Error(`${name}: ${body.code} ${body.msg}`);
  return body.data;
}
const unread = (w: Who) => ok<UnreadCount>(w, 'unreadCount');
const list = (w: Who, body: object = {}) => ok<PageResult<MessageRecord>>(w, 'messageRecordPage', { body: { pageSize: 100, ...body } });
const enterpriseOf = async (w: Who) =>
  (await gw.database.db.select({ eid: enterpriseUsers.enterpriseId }).from(enterpriseUsers).where(eq(enterpriseUsers.id, w.memberId)))[0]!.eid;

describe('the home list', () => {
  it('shows the company announcements five a page, pinned first, then newest, in the caller language', async () => {
    const page = await ok<PageResult<MessageRecord>>(who.E1001!, 'announcementPage', { body: {} });
    expect(page).toMatchObject({ pageCurrent: 1, pageSize: 5, totalCount: 34, totalPage: 7 });
    expect(page.list.map((r) => r.pinned)).toEqual([true, true, false, false, false]);
    expect(page.list[2]!.title).toBe('New course: Data visualisation basics');
    const all = await ok<PageResult<MessageRecord>>(who.E1001!, 'announcementPage', { body: { pageSize: 100 } });
    const unpinned = all.list.filter((r) => !r.pinned).map((r) => r.publishedAt);
    expect(unpinned).toEqual([...unpinned].sort().reverse());
    expect(new Set(all.list.map((r) => r.kind))).toEqual(new Set([1]));
    expect(all.list.map((r) => r.title)).not.toContain('Planned system upgrade');
    for (const r of all.list) expect([...r.content].length).toBeLessThanOrEqual(120);
    expect(all.list.find((r) => r.title === 'Fire drill notice')).toMatchObject({ allowComment: false, authorName: '刘洋' });

    const zh = await gw.call<PageResult<MessageRecord>>('announcementPage', { token: who.E1001!.token, body: {} });
    expect(zh.body.data.list[0]!.title).toMatch(/[\u4e00-\u9fff]/);
    const past = await ok<PageResult<MessageRecord>>(who.E1001!, 'announcementPage', { body: { pageCurrent: 9 } });
    expect(past).toMatchObject({ list: [], totalCount: 34 });
  });
});

describe('the message centre', () => {
  it('lists the announcements and the caller’s own messages, by kind and read state, and counts them', async () => {
    const w = who.E1001!;
    const all = await list(w);
    const messages = all.list.filter((r) => r.kind === 2).map((r) => r.title);
    expect(messages).toContain('Your export is ready');
    expect(messages).not.toContain('System maintenance finished');
    expect((await list(w, { kind: 2 })).list.map((r) => r.title).sort()).toEqual([...messages].sort());
    expect((await list(w, { kind: 1 })).totalCount).toBe(34);

    const count = await unread(w);
    const unreadOnes = await list(w, { read: false });
    const readOnes = await list(w, { read: true });
    expect(unreadOnes.totalCount).toBe(count.total);
    expect(unreadOnes.list.filter((r) => r.kind === 2)).toHaveLength(count.messages);
    expect(unreadOnes.list.every((r) => !r.read && r.readAt === null)).toBe(true);
    expect(readOnes.list.every((r) => r.read && r.readAt !== null)).toBe(true);
    expect(count.total).toBeGreaterThan(0);
    expect(await ok<ReadCount>(w, 'messageReadCount')).toEqual({
      total: all.totalCount,
      read: readOnes.totalCount,
      unread: count.total,
      announcements: 34,
      messages: messages.length,
    });
    const page = await ok<PageResult<MessageRecord>>(w, 'messageRecordPage', { body: {} });
    expect(page).toMatchObject({ pageSize: 10, totalCount: all.totalCount });
    expect(page.list.map((r) => r.publishedAt)).toEqual(all.list.slice(0, 10).map((r) => r.publishedAt));
  });

  it('puts pinned announcements first, as the home list does, then the newest', async () => {
    const w = who.E1001!;
    const first = await ok<PageResult<MessageRecord>>(w, 'messageRecordPage', { body: { kind: 1 } });
    const home = await ok<PageResult<MessageRecord>>(w, 'announcementPage', { body: { pageSize: 10 } });
    expect(first.list.map((r) => r.pinned).slice(0, 3)).toEqual([true, true, false]);
    expect(first.list.map((r) => r.id)).toEqual(home.list.map((r) => r.id));
    const everything = await list(w);
    expect(everything.list.slice(0, 2).every((r) => r.pinned)).toBe(true);
    const rest = everything.list.filter((r) => !r.pinned).map((r) => r.publishedAt);
    expect(rest).toEqual([...rest].sort().reverse());
  });

  it('viewing a record answers its whole text and marks it read, once', async () => {
    const w = who.E1004!;
    const before = await unread(w);
    const id = await recordId(gw, 'Your export is ready', w.memberId);
    const view = await ok<MessageRecord>(w, 'messageView', { query: { id } });
    expect(view).toMatchObject({ id, kind: 2, read: true, linkUrl: '', allowComment: false });
    expect(view.content).toBe(
      'The course progress export you asked for is ready. Download it from the download centre at the top right; it is kept for 7 days.',
    );
    expect(await unread(w)).toEqual({ ...before, total: before.total - 1, messages: before.messages - 1 });
    await ok(w, 'messageView', { query: { id } });
    expect((await unread(w)).total).toBe(before.total - 1);

    const long = await recordId(gw, 'Learning points and credit-hour rules for 2026');
    const whole = await ok<MessageRecord>(w, 'messageView', { query: { id: long } });
    expect(whole.content.length).toBeGreaterThan(120);
    expect(whole.content).toContain('\n\n');
  });

  it('marks a batch read, or all of them, idempotently, answering the new count', async () => {
    const w = who.E1007!;
    const before = await unread(w);
    const ids = (await list(w, { read: false })).list.slice(0, 2).map((r) => r.id);
    expect(ids).toHaveLength(2);
    const first = await ok<BatchResult>(w, 'messageBatchRead', { body: { ids } });
    expect(first).toMatchObject({ changed: 2, unread: { total: before.total - 2 } });
    expect(await ok<BatchResult>(w, 'messageBatchRead', { body: { ids } })).toMatchObject({ changed: 0, unread: first.unread });
    const rest = await ok<BatchResult>(w, 'messageBatchRead', { body: { ids: [], all: true } });
    expect(rest).toEqual({ changed: before.total - 2, unread: { total: 0, announcements: 0, messages: 0 } });
    expect(await ok<BatchResult>(w, 'messageBatchRead', { body: { all: true } })).toMatchObject({ changed: 0 });
  });

  it('removes records from the caller’s list only, idempotently', async () => {
    const w = who.E1003!;
    const before = await unread(w);
    const totals = await ok<ReadCount>(w, 'messageReadCount');
    const [unreadOne] = (await list(w, { read: false, kind: 1 })).list;
    const [readOne] = (await list(w, { read: true, kind: 1 })).list;
    const ids = [unreadOne!.id, readOne!.id];
    const removed = await ok<BatchResult>(w, 'messageBatchDelete', { body: { ids } });
    expect(removed).toMatchObject({ changed: 2, unread: { total: before.total - 1 } });
    expect(await ok<BatchResult>(w, 'messageBatchDelete', { body: { ids } })).toMatchObject({ changed: 0 });
    expect((await ok<ReadCount>(w, 'messageReadCount')).total).toBe(totals.total - 2);
    expect((await list(w)).list.map((r) => r.id)).not.toContain(ids[0]);
    // Everyone else still has them.
    expect((await list(who.E1002!)).list.map((r) => r.id)).toEqual(expect.arrayContaining(ids));
  });

  it('likes and unlikes, counting everyone’s likes; a like marks the record read', async () => {
    const id = await recordId(gw, 'The new learning platform is live');
    const liked = (await list(who.E1001!)).list.find((r) => r.id === id)!;
    expect(liked).toMatchObject({ admired: true, admireCount: 3, commentCount: 6 });
    expect(await ok<AdmireResult>(who.E1001!, 'messageAdmire', { query: { id } })).toEqual({ admired: false, admireCount: 2 });
    expect(await ok<AdmireResult>(who.E1001!, 'messageAdmire', { body: { id } })).toEqual({ admired: true, admireCount: 3 });

    const fresh = await recordId(gw, 'New course: Data visualisation basics');
    const w = who.E1002!;
    const before = await unread(w);
    expect(await ok<AdmireResult>(w, 'messageAdmire', { query: { id: fresh } })).toEqual({ admired: true, admireCount: 1 });
    expect((await unread(w)).total).toBe(before.total - 1);
    const missing = await as(gw, w, 'messageAdmire', { body: {} });
    expect([missing.body.code, missing.body.msg]).toEqual([Code.INVALID, 'The field id is missing']);
  });
});

describe('publishing', () => {
  const body = { titleZh: '测试公告', titleEn: 'Test notice', contentZh: '内容', contentEn: 'Text' };

  it('is for administrators only', async () => {
    const { body: answer } = await as(gw, who.E1001!, 'announcementSave', { body });
    expect([answer.code, answer.msg]).toEqual([Code.FORBIDDEN, 'Only administrators can publish announcements']);
  });

  it('checks titles and texts, and keeps plain text as given', async () => {
    const refused = async (patch: object) => (await as(gw, who.E1004!, 'announcementSave', { body: { ...body, ...patch } })).body.msg;
    expect(await refused({ titleZh: ' ', titleEn: '' })).toBe('The title cannot be empty');
    expect(await refused({ titleEn: 'x'.repeat(101) })).toBe('A title has at most 100 characters');
    expect(await refused({ contentZh: '', contentEn: '\u0007' })).toBe('The content cannot be empty');
    expect(await refused({ contentEn: 'x'.repeat(10_001) })).toBe('The content has at most 10000 characters');
    expect(await refused({ pinned: 'yes' })).toBe('The field pinned must be a boolean');

    const saved = await ok<MessageRecord>(who.E1004!, 'announcementSave', {
      body: { titleZh: '  <b>通知</b>\n第二行 ', titleEn: '', contentZh: '<script>alert(1)</script>\r\n下一行\u0007', contentEn: '', pinned: true, allowComment: false },
    });
    expect(saved).toMatchObject({ kind: 1, title: '<b>通知</b> 第二行', pinned: true, allowComment: false, authorName: '刘洋', read: false });
    const [row] = await gw.database.db.select().from(announcements).where(eq(announcements.id, saved.id));
    expect(row).toMatchObject({ titleEn: '<b>通知</b> 第二行', contentZh: '<script>alert(1)</script>\n下一行', contentEn: '<script>alert(1)</script>\n下一行' });
  });
});

describe('sendMessage', () => {
  it('messages one member of the company and no one else', async () => {
    const eid = await enterpriseOf(who.E1006!);
    const before = await unread(who.E1006!);
    const others = await unread(who.E1001!);
    const id = await sendMessage(gw.database.db, eid, who.E1006!.memberId, {
      titleZh: '导出文件已生成',
      titleEn: 'Your export is ready (test)',
      contentZh: '请在下载中心下载。',
      contentEn: 'Download it from the download centre.',
      linkUrl: '/account',
    });
    expect((await unread(who.E1006!)).messages).toBe(before.messages + 1);
    expect(await ok<MessageRecord>(who.E1006!, 'messageView', { query: { id } })).toMatchObject({ title: 'Your export is ready (test)', linkUrl: '/account' });
    expect(await unread(who.E1001!)).toEqual(others);
    expect((await list(who.E1001!)).list.map((r) => r.id)).not.toContain(id);
    await expect(sendMessage(gw.database.db, eid, who.B2001!.memberId, { titleZh: 'x', titleEn: 'x', contentZh: 'x', contentEn: 'x' })).rejects.toThrow(/not a member/);
  });
});

describe('privacy', () => {
  /** Every call on one record, each answering not found; the record's state rows stay as they were. */
  async function refusedAll(w: Who, id: string) {
    const states = await statesOf(gw, id);
    const calls: [EndpointName, { body?: unknown; query?: Record<string, string> }][] = [
      ['messageView', { query: { id } }],
      ['messageAdmire', { query: { id } }],
      ['messageBatchRead', { body: { ids: [id] } }],
      ['messageBatchDelete', { body: { ids: [id] } }],
    ];
    for (const [name, options] of calls) {
      const { body } = await as(gw, w, name, options);
      expect([name, body.code, body.msg]).toEqual([name, Code.NOT_FOUND, 'The announcement or message does not exist']);
    }
    expect(await statesOf(gw, id)).toEqual(states);
  }

  it('another company can neither list, view, read, like nor remove a company’s records', async () => {
    const before = await unread(who.E1001!);
    const ids = (await list(who.E1001!)).list.map((r) => r.id);
    const theirs = await list(who.B2001!);
    expect(theirs.totalCount).toBeGreaterThan(0);
    expect(theirs.list.filter((r) => ids.includes(r.id))).toEqual([]);
    const home = await ok<PageResult<MessageRecord>>(who.B2001!, 'announcementPage', { body: { pageSize: 100 } });
    expect(home.list.filter((r) => ids.includes(r.id))).toEqual([]);
    await refusedAll(who.B2001!, await recordId(gw, 'Fire drill notice'));
    await refusedAll(who.B2001!, await recordId(gw, 'Your export is ready', who.E1001!.memberId));
    const all = await as<BatchResult>(gw, who.B2001!, 'messageBatchRead', { body: { all: true } });
    expect(all.body.data.unread.total).toBe(0);
    expect(await unread(who.E1001!)).toEqual(before);
  });

  it('another member can neither see nor touch a member’s messages', async () => {
    const before = await unread(who.E1001!);
    const id = await recordId(gw, 'Your export is ready', who.E1001!.memberId);
    expect((await list(who.E1002!)).list.map((r) => r.id)).not.toContain(id);
    await refusedAll(who.E1002!, id);
    // One record of someone else refuses the whole batch.
    const own = (await list(who.E1002!, { read: false })).list[0]!.id;
    const mixed = await as(gw, who.E1002!, 'messageBatchRead', { body: { ids: [own, id] } });
    expect(mixed.body.code).toBe(Code.NOT_FOUND);
    expect((await list(who.E1002!, { read: false })).list.map((r) => r.id)).toContain(own);
    expect(await unread(who.E1001!)).toEqual(before);
  });

  it('a scheduled announcement is nobody’s yet', async () => {
    const id = await recordId(gw, 'Planned system upgrade');
    await refusedAll(who.E1001!, id);
  });

  it('wants a signed-in member', async () => {
    const { body } = await gw.call('unreadCount', { lang: 'en' });
    expect([body.code, body.msg]).toEqual([Code.UNAUTHORIZED, 'Please login first!']);
  });
});
