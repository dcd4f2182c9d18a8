/**
 * Live rooms: where to watch, joining and leaving, the recording, signing in and presence beats.
 * A room's status follows the clock (before its start upcoming, between live, after its end
 * ended); attendance time is credited only from beats that arrive within the room's hang-up
 * window, and only for the part of a gap while the room was live.
 */
import { Code } from '@/api/codes';
import type {
  AttendanceResult,
  LiveRoom,
  LiveRoomPageBody,
  LiveWatchResult,
  LiveWatchUrl,
  PlaybackResult,
  PlayUrl,
} from '@/api/learning-types';
import type { PageResult } from '@/api/types';
import type { Locale } from '@/i18n/routes';
import { ApiError } from '../../envelope';
import { MEDIA_URL_SECONDS, playSeconds, signedUrl } from '../../files/signed-media';
import type { AuthContext, PublicContext } from '../../routing';
import { offsetOf, pageResult, type Paging } from '../../paging';
import { type AttendanceRow, type LecturerRow, type ResourceRow, type RoomRow } from '../../db/access/live';
import { scoped, type Scoped } from '../../db/access';

/** Seconds between the player's presence beats (`attendanceHangUp`). */
export const HEARTBEAT_SECONDS = 30;

/** Live status: 1 upcoming, 2 live, 3 ended. */
export type LiveStatus = LiveRoom['liveStatus'];

/**
 * A room's status at `now`.
 *
 * @example liveStatusAt({ startAt: 10:00, endAt: 11:00 }, 10:30) → 2
 */
export function liveStatusAt(room: Pick<RoomRow, 'startAt' | 'endAt'>, now: Date = new Date()): LiveStatus {
  if (now < room.startAt) return 1;
  if (now < room.endAt) return 2;
  return 3;
}

/** Whole seconds from `a` to `b` (0 when `b` is earlier). */
function secondsBetween(a: Date, b: Date): number {
  return Math.max(0, Math.floor((b.getTime() - a.getTime()) / 1000));
}

/**
 * Seconds of the span from `from` to `to` that fall while the room is live.
 *
 * @example liveSecondsBetween(10:59:30, 11:00:30, { startAt: 10:00, endAt: 11:00 }) → 30
 */
export function liveSecondsBetween(from: Date, to: Date, room: Pick<RoomRow, 'startAt' | 'endAt'>): number {
  const start = Math.max(from.getTime(), room.startAt.getTime());
  const end = Math.min(to.getTime(), room.endAt.getTime());
  return end > start ? Math.floor((end - start) / 1000) : 0;
}

/** A source's kind by its declared type or its extension. */
function sourceType(url: string, declared?: string): PlayUrl['type'] {
  if (declared === 'hls' || declared === 'mp4') return declared;
  return /\.m3u8($|\?)/i.test(url) ? 'hls' : 'mp4';
}

/** The sources of a recording: its play URLs, else its file when it is a video. */
export function playUrlsOf(resource: Pick<ResourceRow, 'playUrls' | 'url' | 'resourceType'>): PlayUrl[] {
  const listed = resource.playUrls
    .filter((p) => p.url)
    .map((p): PlayUrl => ({ url: p.url, type: sourceType(p.url, p.type), ...(p.definition ? { definition: p.definition } : {}) }));
  if (listed.length > 0) return listed;
  return resource.url && resource.resourceType === 2 ? [{ url: resource.url, type: sourceType(resource.url) }] : [];
}

function toLiveRoom(room: RoomRow, lecturer: LecturerRow | null, lang: Locale, now: Date): LiveRoom {
  const en = lang === 'en';
  return {
    id: room.id,
    name: en ? room.nameEn : room.nameZh,
    intro: en ? room.introEn : room.introZh,
    cover: room.cover,
    lecturer: lecturer
      ? {
          id: lecturer.id,
          name: en ? lecturer.nameEn : lecturer.nameZh,
          title: en ? lecturer.titleEn : lecturer.titleZh,
          avatar: lecturer.avatar,
        }
      : null,
    startAt: room.startAt.toISOString(),
    endAt: room.endAt.toISOString(),
    liveStatus: liveStatusAt(room, now),
    hasPlayback: room.playbackResourceId !== null,
  };
}

function toAttendanceResult(row: AttendanceRow | undefined, hungUp = false): AttendanceResult {
  return {
    signedAt: row?.signedAt?.toISOString() ?? null,
    watchSeconds: row?.watchSeconds ?? 0,
    hangUps: row?.hangUps ?? 0,
    hungUp,
  };
}

const notFound = () => new ApiError(Code.NOT_FOUND, 'learning.notFound');
const notLive = () => new ApiError(Code.FORBIDDEN, 'learning.notLive');

async function findRoom(scope: Scoped['live'], id: string) {
  const found = await scope.room(id);
  if (!found) throw notFound();
  return found;
}

/** `%keyword%` for ILIKE, with the keyword's pattern characters taken literally. */
function containsPattern(keyword: string): string {
  return `%${keyword.replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`;
}

/**
 * `liveRoomPage`: the rooms of the caller's company, live first, then upcoming by start, then
 * ended newest first; `liveStatus` filters by the status at the time of the call.
 */
export async function liveRoomPage(
  ctx: AuthContext,
  input: Paging & Omit<LiveRoomPageBody, 'pageCurrent' | 'pageSize'>,
): Promise<PageResult<LiveRoom>> {
  const now = new Date();
  const keyword = input.keyword?.trim();
  const { rows, total } = await scoped(ctx.db, ctx.tenant.id).live.page({
    now,
    liveStatus: input.liveStatus,
    pattern: keyword ? containsPattern(keyword) : undefined,
    limit: input.pageSize,
    offset: offsetOf(input),
  });
  const paging = { pageCurrent: input.pageCurrent, pageSize: input.pageSize };
  return pageResult(
    rows.map(({ room, lecturer }) => toLiveRoom(room, lecturer, ctx.lang, now)),
    paging,
    total,
  );
}

/** `liveRoomWatchUrl`: the site and mobile pages of a room of the request's company. */
export async function liveRoomWatchUrl(ctx: PublicContext, id: string): Promise<LiveWatchUrl> {
  const tenant = await ctx.requireTenant();
  const { room, lecturer } = await findRoom(scoped(ctx.db, tenant.id).live, id);
  return {
    roomId: room.id,
    watchUrl: `/live/watch/${room.id}`,
    h5Url: `/h5/#/pages/live/watch/watch?id=${room.id}`,
    room: toLiveRoom(room, lecturer, ctx.lang, new Date()),
  };
}

/**
 * `liveWatch`: joins a live room and answers its stream. A room that is not live answers its
 * state with no stream (the page shows when it starts, or that it ended), and records nothing.
 */
export async function liveWatch(ctx: AuthContext, roomId: string): Promise<LiveWatchResult> {
  const scope = scoped(ctx.db, ctx.tenant.id).live;
  const { room, lecturer } = await findRoom(scope, roomId);
  const now = new Date();
  const status = liveStatusAt(room, now);
  const attendance =
    status === 2
      ? await scope.join(room.id, ctx.member.id, room.courseId)
      : await scope.attendance(room.id, ctx.member.id);
  // The stream is signed for the caller's company until the room ends (and a while after).
  const untilEnd = (room.endAt.getTime() - now.getTime()) / 1000 + MEDIA_URL_SECONDS;
  const playUrls: PlayUrl[] =
    status === 2 && room.streamUrl
      ? [{ url: await signedUrl(ctx.db, ctx.tenant.id, room.streamUrl, untilEnd), type: sourceType(room.streamUrl) }]
      : [];
  return {
    room: toLiveRoom(room, lecturer, ctx.lang, now),
    playUrls,
    videoConfig: JSON.stringify({ poster: room.cover, autoplay: status === 2, live: true }),
    signedAt: attendance?.signedAt?.toISOString() ?? null,
    heartbeatSeconds: HEARTBEAT_SECONDS,
  };
}

/**
 * What a beat (or a leave) does to attendance at the database's `now`: a gap longer than the
 * room's hang-up window counts as a hang-up and earns nothing; a shorter one earns its live part.
 */
function presencePatch(attendance: AttendanceRow, room: RoomRow, now: Date) {
  if (attendance.leftAt) return { patch: { lastSeenAt: now, leftAt: null }, hungUp: false };
  if (secondsBetween(attendance.lastSeenAt, now) > room.hangUpSeconds) {
    return { patch: { lastSeenAt: now, hangUps: attendance.hangUps + 1 }, hungUp: true };
  }
  const credit = liveSecondsBetween(attendance.lastSeenAt, now, room);
  return { patch: { lastSeenAt: now, watchSeconds: attendance.watchSeconds + credit }, hungUp: false };
}

/** `liveLeave`: ends the caller's attendance, crediting the time since the last beat. */
export async function liveLeave(ctx: AuthContext, roomId: string): Promise<AttendanceResult> {
  const scope = scoped(ctx.db, ctx.tenant.id).live;
  const { room } = await findRoom(scope, roomId);
  let hungUp = false;
  const updated = await scope.updateAttendance(room.id, ctx.member.id, ({ attendance, now }) => {
    if (attendance.leftAt) return {};
    const next = presencePatch(attendance, room, now);
    hungUp = next.hungUp;
    return { ...next.patch, leftAt: now };
  });
  return toAttendanceResult(updated?.after, hungUp);
}

/** `attendanceHangUp`: a presence beat; joins first when the caller had not joined a live room. */
export async function attendanceHangUp(ctx: AuthContext, roomId: string): Promise<AttendanceResult> {
  const scope = scoped(ctx.db, ctx.tenant.id).live;
  const { room } = await findRoom(scope, roomId);
  let hungUp = false;
  const updated = await scope.updateAttendance(room.id, ctx.member.id, ({ attendance, now }) => {
    const next = presencePatch(attendance, room, now);
    hungUp = next.hungUp;
    return next.patch;
  });
  if (updated) return toAttendanceResult(updated.after, hungUp);
  if (liveStatusAt(room) !== 2) throw notLive();
  return toAttendanceResult(await scope.join(room.id, ctx.member.id, room.courseId));
}

/** `attendanceSign`: signs the caller in, only while the room is live; signing again keeps the first time. */
export async function attendanceSign(ctx: AuthContext, roomId: string): Promise<AttendanceResult> {
  const scope = scoped(ctx.db, ctx.tenant.id).live;
  const { room } = await findRoom(scope, roomId);
  if (liveStatusAt(room) !== 2) throw notLive();
  if (!(await scope.attendance(room.id, ctx.member.id))) await scope.join(room.id, ctx.member.id, room.courseId);
  return toAttendanceResult(await scope.sign(room.id, ctx.member.id));
}

/** `playBackWatch`: the room's recording; 'This live class has no playback' when there is none. */
export async function playBackWatch(ctx: AuthContext, id: string): Promise<PlaybackResult> {
  const scope = scoped(ctx.db, ctx.tenant.id).live;
  const { room, lecturer } = await findRoom(scope, id);
  const resource = room.playbackResourceId ? await scope.resource(room.playbackResourceId) : undefined;
  const sources = resource ? playUrlsOf(resource) : [];
  if (!resource || sources.length === 0) throw new ApiError(Code.FORBIDDEN, 'learning.noPlayback');
  const sign = (url: string) => signedUrl(ctx.db, ctx.tenant.id, url, playSeconds(resource.duration));
  const playUrls = await Promise.all(sources.map(async (p) => ({ ...p, url: await sign(p.url) })));
  const poster = resource.videoConfig.poster;
  return {
    room: toLiveRoom(room, lecturer, ctx.lang, new Date()),
    playUrls,
    videoConfig: JSON.stringify({
      poster: room.cover,
      ...resource.videoConfig,
      ...(typeof poster === 'string' ? { poster: await signedUrl(ctx.db, ctx.tenant.id, poster) } : {}),
    }),
    totalDuration: resource.duration,
  };
}
