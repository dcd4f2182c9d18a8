import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { Code } from '@/api/codes';
import { endpoints } from '@/api/endpoints';
import type { MessageRecord, UnreadCount } from '@/api/home-types';
import { announcements, enterpriseUsers } from '../../db/schema';
import { createTestApp, HOST_TWO, type TestGateway } from '../../testing';
import { closeUnreadStreams, unreadNotifier } from '../../notify/unread';
import { sendMessage } from './records';
import { streamTiming } from './stream';
import { as, openStream, recordId, signIn, type StreamReader, type Who } from './test-support';

let gw: TestGateway;
const who: Record<string, Who> = {};
const open: StreamReader[] = [];
const defaults = { ...streamTiming };

beforeAll(async () => {
  gw = await createTestApp();
  for (const empNo of ['E1001', 'E1002', 'E1004', 'E1006', 'E1007']) who[empNo] = await signIn(gw, empNo);
  who.B2001 = await signIn(gw, 'B2001', HOST_TWO);
  streamTiming.spreadMs = 0;
});
afterEach(async () => {
  await Promise.all(open.splice(0).map((s) => s.close()));
  Object.assign(streamTiming, defaults, { spreadMs: 0 });
});
afterAll(async () => {
  closeUnreadStreams();
  await gw?.close();
});

async function stream(w: Who): Promise<StreamReader> {
  const s = await openStream(gw, w);
  open.push(s);
  return s;
}
async function unread(w: Who): Promise<UnreadCount> {
  return (await as<UnreadCount>(gw, w, 'unreadCount')).body.data;
}
const publish = (title: string) =>
  as<MessageRecord>(gw, who.E1004!, 'announcementSave', { body: { titleZh: title, titleEn: title, contentZh: '内容', contentEn: 'Text' } });
const eidOf = async (w: Who) =>
  (await gw.database.db.select({ eid: enterpriseUsers.enterpriseId }).from(enterpriseUsers).where(eq(enterpriseUsers.id, w.memberId)))[0]!.eid;

describe('the unread stream', () => {
  it('is a server-sent event stream that starts with the current count', async () => {
    const s = await stream(who.E1001!);
    expect(s.res.status).toBe(200);
    expect(s.res.headers.get('content-type')).toMatch(/^text\/event-stream/);
    expect(s.res.headers.get('cache-control')).toBe('no-cache');
    expect(s.res.headers.get('x-accel-buffering')).toBe('no');
    expect(await s.nextCount()).toEqual(await unread(who.E1001!));
  });

  it('tells the company of a new announcement, and only that company', async () => {
    const one = await stream(who.E1002!);
    const two = await stream(who.B2001!);
    const first = await one.nextCount();
    const theirs = await two.nextCount();
    expect((await publish('流测试公告')).body.code).toBe(Code.OK);
    expect(await one.nextCount()).toEqual({ ...first, total: first.total + 1, announcements: first.announcements + 1 });
    expect(await two.next(300)).toBeUndefined();
    expect(await unread(who.B2001!)).toEqual(theirs);
  });

  it('follows reads, likes and removals made through another connection, in every open stream of the member', async () => {
    const w = who.E1006!;
    // Three messages of their own to read, like and remove (the demo sends E1006 none).
    for (const n of [1, 2, 3]) {
      await sendMessage(gw.database.db, await eidOf(w), w.memberId, {
        titleZh: `流测试消息 ${n}`,
        titleEn: `Stream test message ${n}`,
        contentZh: '请查看。',
        contentEn: 'Please have a look.',
        linkUrl: '/account/exam',
      });
    }
    const tabs = [await stream(w), await stream(w)];
    const start = await tabs[0]!.nextCount();
    await tabs[1]!.nextCount();
    const id = await recordId(gw, 'Stream test message 1', w.memberId);
    await as(gw, w, 'messageView', { query: { id } });
    const lower = { ...start, total: start.total - 1, messages: start.messages - 1 };
    for (const tab of tabs) expect(await tab.nextCount()).toEqual(lower);

    const liked = (await as<{ list: MessageRecord[] }>(gw, w, 'messageRecordPage', { body: { read: false, kind: 1 } })).body.data.list[0]!;
    await as(gw, w, 'messageAdmire', { query: { id: liked.id } });
    expect((await tabs[0]!.nextCount()).total).toBe(lower.total - 1);

    const [removed] = (await as<{ list: MessageRecord[] }>(gw, w, 'messageRecordPage', { body: { read: false } })).body.data.list;
    await as(gw, w, 'messageBatchDelete', { body: { ids: [removed!.id] } });
    expect((await tabs[0]!.nextCount()).total).toBe(lower.total - 2);

    await as(gw, w, 'messageBatchRead', { body: { all: true } });
    for (const tab of tabs) {
      let count = await tab.nextCount();
      while (count.total !== 0) count = await tab.nextCount();
      expect(count).toEqual({ total: 0, announcements: 0, messages: 0 });
    }
  });

  it('tells a member of a message sent to them, and no one else', async () => {
    const mine = await stream(who.E1007!);
    const other = await stream(who.E1001!);
    const start = await mine.nextCount();
    await other.nextCount();
    await sendMessage(gw.database.db, await eidOf(who.E1007!), who.E1007!.memberId, {
      titleZh: '考试已阅卷',
      titleEn: 'Exam marked',
      contentZh: '请查看成绩。',
      contentEn: 'See your score.',
      linkUrl: '/account/exam',
    });
    expect(await mine.nextCount()).toEqual({ ...start, total: start.total + 1, messages: start.messages + 1 });
    expect(await other.next(300)).toBeUndefined();
  });

  it('re-counts on its own, so a change made behind its back still arrives', async () => {
    streamTiming.recheckMs = 200;
    const s = await stream(who.E1002!);
    const start = await s.nextCount();
    await gw.database.db.insert(announcements).values({
      enterpriseId: await eidOf(who.E1002!),
      kind: 2,
      recipientId: who.E1002!.memberId,
      titleZh: '直接写入',
      titleEn: 'Written directly',
    });
    expect(await s.nextCount(3_000)).toMatchObject({ total: start.total + 1 });
  });

  it('sends a heartbeat comment while nothing happens', async () => {
    streamTiming.heartbeatMs = 100;
    const s = await stream(who.E1002!);
    await s.nextCount();
    const beat = await s.next(2_000);
    expect(beat).toMatchObject({ event: '', comments: ['heartbeat'] });
  });

  it('lets go of a member who goes away', async () => {
    const before = unreadNotifier.size();
    const s = await stream(who.E1001!);
    await s.nextCount();
    expect(unreadNotifier.size()).toBe(before + 1);
    await s.close();
    await expect.poll(() => unreadNotifier.size()).toBe(before);
  });

  it('ends when the session ends', async () => {
    streamTiming.recheckMs = 100;
    const token = await gw.login('E1001');
    const w = { ...who.E1001!, token };
    const s = await stream(w);
    await s.nextCount();
    await as(gw, w, 'logout');
    expect(await s.ended(3_000)).toBe(true);
  });

  it('ends every open stream when the gateway closes them', async () => {
    const streams = [await stream(who.E1001!), await stream(who.B2001!)];
    for (const s of streams) await s.nextCount();
    closeUnreadStreams();
    for (const s of streams) expect(await s.ended(2_000)).toBe(true);
    expect(unreadNotifier.size()).toBe(0);
  });

  it('wants a signed-in member', async () => {
    const res = await gw.app.request(`http://localhost${gw.prefix}/${endpoints.unreadStream.path}`, { headers: { 'accept-language': 'en' } });
    expect(await res.json()).toMatchObject({ code: Code.UNAUTHORIZED, msg: 'Please login first!' });
  });
});
