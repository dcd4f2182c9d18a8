import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Code } from '@/api/codes';
import type { AttendanceResult, LiveWatchResult, LiveWatchUrl, PlaybackResult } from '@/api/learning-types';
import { enterpriseDomains, enterpriseUsers, liveAttendance, liveRooms, studyDynamics } from '../../db/schema';
import { createTestApp, HOST_ONE, HOST_TWO, signedPathOf, type TestGateway } from '../../testing';
import { liveSecondsBetween, liveStatusAt, playUrlsOf } from './service';

let gw: TestGateway;
let token: string;
/** Room ids of the demo rooms, by their Chinese name. */
const room: Record<string, string> = {};

/** The member id of an employee number of a company. */
async function memberId(empNo: string, host = HOST_ONE): Promise<string> {
  const [row] = await gw.database.db
    .select({ id: enterpriseUsers.id })
    .from(enterpriseUsers)
    .innerJoin(enterpriseDomains, eq(enterpriseDomains.enterpriseId, enterpriseUsers.enterpriseId))
    .where(and(eq(enterpriseDomains.domain, host), eq(enterpriseUsers.empNo, empNo)));
  return row!.id;
}

function attendanceOf(roomId: string, member: string) {
  return and(eq(liveAttendance.roomId, roomId), eq(liveAttendance.enterpriseUserId, member));
}

/** Pretends the member's last beat was `seconds` ago. */
async function lastSeenAgo(roomId: string, member: string, seconds: number): Promise<void> {
  await gw.database.db
    .update(liveAttendance)
    .set({ lastSeenAt: sql`now() - make_interval(secs => ${seconds})` })
    .where(attendanceOf(roomId, member));
}

beforeAll(async () => {
  gw = await createTestApp();
  token = await gw.login('E1001');
  for (const row of await gw.database.db.select({ id: liveRooms.id, name: liveRooms.nameZh }).from(liveRooms)) {
    room[row.name] = row.id;
  }
});
afterAll(async () => {
  await gw?.close();
});

const LIVE = '新员工见面会';
const ENDED = '季度业务复盘';
const UPCOMING = '产品发布会';
const OTHER_COMPANY = '车间安全直播';

describe('live room watch URL', () => {
  it('is public and gives the site and mobile pages of the room', async () => {
    const id = room[LIVE]!;
    const { res, body } = await gw.call<LiveWatchUrl>('liveRoomWatchUrl', { query: { id }, lang: 'en' });
    expect(res.status).toBe(200);
    expect(body.data).toMatchObject({
      roomId: id,
      watchUrl: `/live/watch/${id}`,
      h5Url: `/h5/#/pages/live/watch/watch?id=${id}`,
      room: { id, name: 'New-hire meet-up', liveStatus: 2, hasPlayback: false, lecturer: { name: 'Li Na' } },
    });
  });

  it("answers another company's room as not found, and it at its own host", async () => {
    const id = room[OTHER_COMPANY]!;
    const { body } = await gw.call('liveRoomWatchUrl', { query: { id } });
    expect(body.code).toBe(Code.NOT_FOUND);
    const own = await gw.call<LiveWatchUrl>('liveRoomWatchUrl', { query: { id }, host: HOST_TWO });
    expect(own.body.data.room.name).toBe(OTHER_COMPANY);
  });

  it('refuses a malformed id cleanly', async () => {
    const { body } = await gw.call('liveRoomWatchUrl', { query: { id: '12' } });
    expect(body.code).toBe(Code.INVALID);
  });
});

describe('watching', () => {
  it('joins a live room: the stream, one attendance row and one study dynamic however often', async () => {
    const id = room[LIVE]!;
    const first = await gw.call<LiveWatchResult>('liveWatch', { token, body: { roomId: id } });
    expect(first.body.code).toBe(Code.OK);
    expect(first.body.data.room.liveStatus).toBe(2);
    // Signed for the company (the raw files are refused; see files/media-access.test.ts).
    expect(first.body.data.playUrls.map((p) => ({ ...p, url: signedPathOf(p.url) }))).toEqual([{ url: '/media/demo/welcome/index.m3u8', type: 'hls' }]);
    expect(first.body.data.heartbeatSeconds).toBe(30);
    expect(JSON.parse(first.body.data.videoConfig)).toMatchObject({ live: true });
    await gw.call('liveWatch', { token, body: { roomId: id } });

    const me = await memberId('E1001');
    const rows = await gw.database.db.select().from(liveAttendance).where(attendanceOf(id, me));
    expect(rows).toHaveLength(1);
    const dynamics = await gw.database.db
      .select()
      .from(studyDynamics)
      .where(and(eq(studyDynamics.enterpriseUserId, me), eq(studyDynamics.kind, 5)));
    expect(dynamics).toHaveLength(1);
  });

  it('answers an upcoming room with its state and no stream, recording nothing', async () => {
    const id = room[UPCOMING]!;
    const { body } = await gw.call<LiveWatchResult>('liveWatch', { token, body: { roomId: id } });
    expect(body.data.room.liveStatus).toBe(1);
    expect(body.data.playUrls).toEqual([]);
    expect(new Date(body.data.room.startAt).getTime()).toBeGreaterThan(Date.now());
    const rows = await gw.database.db.select().from(liveAttendance).where(eq(liveAttendance.roomId, id));
    expect(rows).toHaveLength(0);
  });

  it('answers an ended room with its state, no stream and its playback flag', async () => {
    const { body } = await gw.call<LiveWatchResult>('liveWatch', { token, body: { roomId: room[ENDED]! } });
    expect(body.data.room).toMatchObject({ liveStatus: 3, hasPlayback: true, name: ENDED });
    expect(body.data.playUrls).toEqual([]);
  });

  it("cannot join another company's room", async () => {
    const { body } = await gw.call('liveWatch', { token, body: { roomId: room[OTHER_COMPANY]! } });
    expect(body.code).toBe(Code.NOT_FOUND);
  });

  it('needs a sign-in and a well-formed room id', async () => {
    expect((await gw.call('liveWatch', { body: { roomId: room[LIVE]! } })).body.code).toBe(Code.UNAUTHORIZED);
    expect((await gw.call('liveWatch', { token, body: { roomId: 'x' } })).body.code).toBe(Code.INVALID);
  });
});

describe('signing in', () => {
  it('signs only while live, and signing again keeps the first time', async () => {
    const t = await gw.login('E1004');
    const first = await gw.call<AttendanceResult>('attendanceSign', { token: t, body: { roomId: room[LIVE]! } });
    expect(first.body.code).toBe(Code.OK);
    expect(first.body.data.signedAt).not.toBeNull();
    const again = await gw.call<AttendanceResult>('attendanceSign', { token: t, body: { roomId: room[LIVE]! } });
    expect(again.body.data.signedAt).toBe(first.body.data.signedAt);
    const watch = await gw.call<LiveWatchResult>('liveWatch', { token: t, body: { roomId: room[LIVE]! } });
    expect(watch.body.data.signedAt).toBe(first.body.data.signedAt);
  });

  it('refuses to sign before the start and after the end', async () => {
    for (const name of [UPCOMING, ENDED]) {
      const { res, body } = await gw.call('attendanceSign', { token, body: { roomId: room[name]! } });
      expect(res.status).toBe(403);
      expect(body).toMatchObject({ code: Code.FORBIDDEN, msg: '直播尚未开始或已结束' });
    }
    const en = await gw.call('attendanceSign', { token, lang: 'en', body: { roomId: room[ENDED]! } });
    expect(en.body.msg).toBe('The live class has not started or has ended');
  });
});

describe('presence beats', () => {
  it('credits gaps within the hang-up window and counts longer ones as hang-ups', async () => {
    const t = await gw.login('E1002');
    const id = room[LIVE]!;
    const me = await memberId('E1002');
    await gw.call('liveWatch', { token: t, body: { roomId: id } });
    const beat = async () =>
      (await gw.call<AttendanceResult>('attendanceHangUp', { token: t, body: { roomId: id } })).body.data;

    await lastSeenAgo(id, me, 30);
    const credited = await beat();
    expect(credited.hungUp).toBe(false);
    expect(credited.hangUps).toBe(0);
    expect(credited.watchSeconds).toBeGreaterThanOrEqual(30);
    expect(credited.watchSeconds).toBeLessThan(35);

    await lastSeenAgo(id, me, 200); // more than the room's 90 s
    const hung = await beat();
    expect(hung).toMatchObject({ hungUp: true, hangUps: 1, watchSeconds: credited.watchSeconds });

    const next = await beat();
    expect(next.hungUp).toBe(false);
    expect(next.hangUps).toBe(1);
    expect(next.watchSeconds - credited.watchSeconds).toBeLessThan(5);
  });

  it('credits the time up to leaving, and nothing while away', async () => {
    const t = await gw.login('E1007');
    const id = room[LIVE]!;
    const me = await memberId('E1007');
    await gw.call('liveWatch', { token: t, body: { roomId: id } });
    await lastSeenAgo(id, me, 40);
    const left = await gw.call<AttendanceResult>('liveLeave', { token: t, body: { roomId: id } });
    expect(left.body.data.watchSeconds).toBeGreaterThanOrEqual(40);
    const [row] = await gw.database.db.select().from(liveAttendance).where(attendanceOf(id, me));
    expect(row!.leftAt).not.toBeNull();

    await lastSeenAgo(id, me, 60);
    const back = await gw.call<AttendanceResult>('attendanceHangUp', { token: t, body: { roomId: id } });
    expect(back.body.data.watchSeconds).toBe(left.body.data.watchSeconds);
    expect(back.body.data.hangUps).toBe(0);
  });

  it('refuses beats for a room that is not live when the caller never joined', async () => {
    const { body } = await gw.call('attendanceHangUp', { token, body: { roomId: room[UPCOMING]! } });
    expect(body.code).toBe(Code.FORBIDDEN);
  });
});

describe('playback', () => {
  it("gives an ended room's recording", async () => {
    const { body } = await gw.call<PlaybackResult>('playBackWatch', { token, query: { id: room[ENDED]! } });
    expect(body.code).toBe(Code.OK);
    expect(body.data.playUrls.map((p) => ({ ...p, url: signedPathOf(p.url) }))).toEqual([{ url: '/media/demo/clip.mp4', type: 'mp4' }]);
    expect(JSON.parse(body.data.videoConfig)).toMatchObject({ poster: '/media/demo/covers/clip.jpg' });
    expect(body.data.totalDuration).toBeGreaterThan(0);
    expect(body.data.room.liveStatus).toBe(3);
  });

  it('says so when a room has no recording', async () => {
    const { body } = await gw.call('playBackWatch', { token, lang: 'en', query: { id: room[LIVE]! } });
    expect(body).toMatchObject({ code: Code.FORBIDDEN, msg: 'This live class has no playback' });
  });

  it("cannot reach another company's room", async () => {
    const { body } = await gw.call('playBackWatch', { token, query: { id: room[OTHER_COMPANY]! } });
    expect(body.code).toBe(Code.NOT_FOUND);
  });
});

describe('clock rules', () => {
  const room = { startAt: new Date('2026-01-01T10:00:00Z'), endAt: new Date('2026-01-01T11:00:00Z') };
  const at = (time: string) => new Date(`2026-01-01T${time}Z`);

  it('tells upcoming, live and ended apart', () => {
    expect(liveStatusAt(room, at('09:59:59'))).toBe(1);
    expect(liveStatusAt(room, at('10:00:00'))).toBe(2);
    expect(liveStatusAt(room, at('11:00:00'))).toBe(3);
  });

  it('credits only the part of a gap while the room is live', () => {
    expect(liveSecondsBetween(at('10:10:00'), at('10:10:30'), room)).toBe(30);
    expect(liveSecondsBetween(at('10:59:30'), at('11:00:30'), room)).toBe(30);
    expect(liveSecondsBetween(at('09:59:50'), at('10:00:20'), room)).toBe(20);
    expect(liveSecondsBetween(at('11:01:00'), at('11:02:00'), room)).toBe(0);
  });

  it('takes a recording from its play URLs, else its video file', () => {
    expect(playUrlsOf({ resourceType: 2, url: '/a.mp4', playUrls: [{ url: '/a/index.m3u8', type: 'hls' }] })).toEqual([
      { url: '/a/index.m3u8', type: 'hls' },
    ]);
    expect(playUrlsOf({ resourceType: 2, url: '/a.mp4', playUrls: [] })).toEqual([{ url: '/a.mp4', type: 'mp4' }]);
    expect(playUrlsOf({ resourceType: 4, url: '/a.pdf', playUrls: [] })).toEqual([]);
  });
});
