/**
 * Live rooms in the back office (administrators): scheduled with checked times, lecturer,
 * recording and addresses; listed with their status and attendance; push and play addresses made
 * from the configured domains (signed when there is a key); who attended and for how long,
 * found by name and exported to the download centre; deleted. Learners see the room in their
 * list, never its push address. Every change is audited; refusals are in the caller's language.
 */
import ExcelJS from 'exceljs';
import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { Code } from '@/api/codes';
import type { CrmLiveAttendee, CrmLiveRoom, LiveStreamAddresses } from '@/api/crm-live-types';
import type { CrmOption } from '@/api/crm-course-types';
import type { DownloadUrl, ExportRecord, ExportStarted, LiveRoom } from '@/api/learning-types';
import type { PageResult } from '@/api/types';
import { createTestApp, type TestGateway } from '../../testing';
import { settledExports } from '../data/exports';
import { auditOf, rowsOf } from '../site/test-support';
import { streamAddresses } from './crm';

let gw: TestGateway;
let admin: string;
let learner: string;

beforeAll(async () => {
  gw = await createTestApp();
  admin = await gw.login('E1004');
  learner = await gw.login('E1001');
});
afterAll(async () => {
  await gw?.close();
});
afterEach(() => {
  delete process.env.LIVE_PUSH_DOMAIN;
  delete process.env.LIVE_PLAY_DOMAIN;
  delete process.env.LIVE_PUSH_KEY;
});

async function ok<T>(name: Parameters<TestGateway['call']>[0], token: string, options: { body?: unknown; query?: Record<string, string> } = {}): Promise<T> {
  const { body } = await gw.call<T>(name, { token, ...options });
  if (body.code !== Code.OK) throw new Error(`${name}: ${body.code} ${body.msg}`);
  return body.data;
}

const minutes = (n: number) => new Date(Date.now() + n * 60_000).toISOString();
const room = (overrides: Record<string, unknown> = {}) => ({
  nameZh: '安全生产月直播讲座',
  nameEn: '',
  introZh: '车间安全要点',
  cover: '',
  lecturerId: null,
  startAt: minutes(60),
  endAt: minutes(120),
  ingestUrl: 'rtmp://push.example.com/live/safety',
  streamUrl: 'https://play.example.com/live/safety.m3u8',
  playbackResourceId: null,
  hangUpSeconds: 90,
  ...overrides,
});

describe('stream addresses', () => {
  it('are made on the push and play domains, the push one signed until its expiry when there is a key', () => {
    const plain = streamAddresses({ push: 'push.example.com', play: 'play.example.com', key: '' }, 'room-1a2b', new Date(0));
    expect(plain).toEqual({
      ingestUrl: 'rtmp://push.example.com/live/room-1a2b',
      streamUrl: 'https://play.example.com/live/room-1a2b.m3u8',
      flvUrl: 'https://play.example.com/live/room-1a2b.flv',
    });
    const signed = streamAddresses({ push: 'push.example.com', play: 'play.example.com', key: 'k' }, 'room-1a2b', new Date(1_800_000_000_000));
    expect(signed.ingestUrl).toMatch(/^rtmp:\/\/push\.example\.com\/live\/room-1a2b\?auth_key=1800000000-0-0-[0-9a-f]{32}$/);
  });
});

describe('a scheduled live room', () => {
  it('is checked, listed, seen by learners without its push address, attended, exported and deleted', async () => {
    // Refusals: the end before the start, another company's lecturer, a recording that is not a video.
    const backwards = await gw.call('crmLiveSave', { token: admin, body: room({ startAt: minutes(60), endAt: minutes(30) }), lang: 'en' });
    expect(backwards.body.code).toBe(Code.INVALID);
    const [theirs] = await rowsOf<{ id: string }>(gw, sql`select l.id from lecturers l where l.enterprise_id <> (select enterprise_id from enterprise_users where emp_no = 'E1004' limit 1) limit 1`);
    if (theirs) expect((await gw.call('crmLiveSave', { token: admin, body: room({ lecturerId: theirs.id }) })).body.code).toBe(Code.INVALID);
    const [picture] = await ok<CrmOption[]>('crmResourceOptions', admin, { query: { resourceType: '5' } });
    const notVideo = await gw.call('crmLiveSave', { token: admin, body: room({ playbackResourceId: picture!.id }), lang: 'en' });
    expect(notVideo.body).toMatchObject({ code: Code.INVALID, msg: 'The recording must be a video of the library' });

    // Scheduled for the next hour: not started, nobody yet; learners list it without its push address.
    const made = await ok<CrmLiveRoom>('crmLiveSave', admin, { body: room() });
    expect(made).toMatchObject({ nameZh: '安全生产月直播讲座', liveStatus: 1, attendeeCount: 0, ingestUrl: 'rtmp://push.example.com/live/safety' });
    const listed = await ok<PageResult<CrmLiveRoom>>('crmLivePage', admin, { body: { keyword: '安全生产月' } });
    expect(listed.list.map((r) => r.id)).toContain(made.id);
    const seen = await gw.call<PageResult<LiveRoom>>('liveRoomPage', { token: learner, body: { keyword: '安全生产月' } });
    expect(seen.body.data.list.map((r) => r.id)).toContain(made.id);
    expect(JSON.stringify(seen.body)).not.toContain('push.example.com');

    // Moved to now, with a recording: 张伟 joins, and the attendance shows him.
    const [video] = await ok<CrmOption[]>('crmResourceOptions', admin, { query: { resourceType: '2' } });
    const live = await ok<CrmLiveRoom>('crmLiveSave', admin, { body: room({ id: made.id, startAt: minutes(-10), endAt: minutes(50), playbackResourceId: video!.id }) });
    expect(live).toMatchObject({ liveStatus: 2, playbackResourceId: video!.id, playbackName: video!.name });
    expect((await gw.call('liveWatch', { token: learner, body: { roomId: made.id } })).body.code).toBe(Code.OK);
    const attendance = await ok<PageResult<CrmLiveAttendee>>('crmLiveAttendance', admin, { body: { id: made.id } });
    expect(attendance.list).toEqual([expect.objectContaining({ userName: '张伟', empNo: 'E1001', leftAt: null, hangUps: 0 })]);
    expect((await ok<PageResult<CrmLiveAttendee>>('crmLiveAttendance', admin, { body: { id: made.id, keyword: 'E1002' } })).list).toEqual([]);
    expect((await ok<CrmLiveRoom>('crmLiveView', admin, { query: { id: made.id } })).attendeeCount).toBe(1);

    // The export: one row per member, in the download centre.
    const started = await ok<ExportStarted>('crmLiveAttendanceExport', admin, { body: { id: made.id } });
    await settledExports();
    const records = await ok<PageResult<ExportRecord>>('exportRecordPage', admin, { body: {} });
    expect(records.list.find((r) => r.id === started.id)).toMatchObject({ exportStatus: 2 });
    const { url } = await ok<DownloadUrl>('exportRecordDownloadUrl', admin, { query: { id: started.id } });
    const file = await gw.app.request(`http://localhost${url}`);
    expect(file.status).toBe(200);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(await file.arrayBuffer());
    const sheet = workbook.worksheets[0]!;
    expect(sheet.getRow(1).getCell(1).value).toBe('姓名');
    expect([sheet.getRow(2).getCell(1).value, sheet.getRow(2).getCell(2).value]).toEqual(['张伟', 'E1001']);

    // Deleted: gone for everyone, and audited.
    await ok('crmLiveDelete', admin, { body: { id: made.id } });
    expect((await gw.call('crmLiveView', { token: admin, query: { id: made.id }, lang: 'en' })).body).toMatchObject({ code: Code.NOT_FOUND, msg: 'The live room does not exist' });
    const after = await gw.call<PageResult<LiveRoom>>('liveRoomPage', { token: learner, body: { keyword: '安全生产月' } });
    expect(after.body.data.list.map((r) => r.id)).not.toContain(made.id);
    const actions = (await auditOf(gw, admin, 'live')).filter((a) => a.objectId === made.id).map((a) => a.action);
    expect(actions).toEqual(expect.arrayContaining(['create', 'update', 'delete']));
  });

  it('makes stream addresses only where the domains are configured', async () => {
    const none = await gw.call('crmLiveStream', { token: admin, body: {}, lang: 'en' });
    expect(none.body.code).toBe(Code.INVALID);
    expect(none.body.msg).toContain('LIVE_PUSH_DOMAIN');
    process.env.LIVE_PUSH_DOMAIN = 'push.example.com';
    process.env.LIVE_PLAY_DOMAIN = 'play.example.com';
    process.env.LIVE_PUSH_KEY = 'secret';
    const made = await ok<LiveStreamAddresses>('crmLiveStream', admin, { body: {} });
    expect(made.ingestUrl).toMatch(/^rtmp:\/\/push\.example\.com\/live\/[0-9a-f-]+\?auth_key=\d+-0-0-[0-9a-f]{32}$/);
    expect(made.streamUrl).toMatch(/^https:\/\/play\.example\.com\/live\/[0-9a-f-]+\.m3u8$/);
    // The addresses are accepted by the form's rules.
    const saved = await ok<CrmLiveRoom>('crmLiveSave', admin, { body: room({ ingestUrl: made.ingestUrl, streamUrl: made.flvUrl }) });
    expect(saved.streamUrl).toBe(made.flvUrl);
    // Learners cannot make them.
    expect((await gw.call('crmLiveStream', { token: learner, body: {} })).body.code).toBe(Code.FORBIDDEN);
  });
});
