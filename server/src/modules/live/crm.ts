/**
 * The back office's live rooms (administrators): schedule a room (names, cover, lecturer, times,
 * the push and playback addresses, the hang-up gap), attach a library video as its recording,
 * delete it; see who attended and for how long, and export that to the download centre.
 *
 * Stream addresses can be typed in (whatever the company's streaming service gave), or made from
 * the gateway's configured domains: `LIVE_PUSH_DOMAIN` (RTMP ingest), `LIVE_PLAY_DOMAIN` (HLS and
 * FLV playback) and, when the service checks signed push URLs, `LIVE_PUSH_KEY` (the common
 * `auth_key=<expiry>-0-0-<md5(path-expiry-0-0-key)>` form, valid until a day after the room ends).
 */
import { createHash, randomBytes } from 'node:crypto';
import { Code } from '@/api/codes';
import type { CrmLiveAttendee, CrmLiveFilters, CrmLiveRoom, LiveStreamAddresses } from '@/api/crm-live-types';
import type { ExportStarted } from '@/api/learning-types';
import type { PageResult } from '@/api/types';
import type { LiveSaveBody } from '@/lib/schemas/live';
import { changesOf, recordAudit } from '../../audit';
import { scoped } from '../../db/access';
import type { LecturerRow, RoomRow } from '../../db/access/live';
import { containsPattern } from '../../db/access/rows';
import { ApiError } from '../../envelope';
import { exportTime, type ExportColumn } from '../../exports';
import { inLang } from '../../localized';
import { offsetOf, pageResult, type Paging } from '../../paging';
import type { AuthContext } from '../../routing';
import { startExport } from '../data/service';
import { checkedPicture } from '../site/service';
import { liveStatusAt } from './service';

const notFound = () => new ApiError(Code.NOT_FOUND, 'liveAdmin.notFound');
const ROOM_FIELDS = ['nameZh', 'nameEn', 'introZh', 'introEn', 'cover', 'lecturerId', 'startAt', 'endAt', 'ingestUrl', 'streamUrl', 'playbackResourceId', 'hangUpSeconds'] as const;
/** Video resources may be a room's recording. */
const VIDEO_RESOURCE_TYPE = 2;

function toCrmRoom(room: RoomRow, lecturer: LecturerRow | null, playbackName: string, attendeeCount: number, ctx: AuthContext): CrmLiveRoom {
  return {
    id: room.id,
    nameZh: room.nameZh,
    nameEn: room.nameEn,
    introZh: room.introZh,
    introEn: room.introEn,
    cover: room.cover,
    lecturerId: room.lecturerId,
    lecturerName: lecturer ? inLang(ctx.lang, lecturer.nameZh, lecturer.nameEn) : '',
    startAt: room.startAt.toISOString(),
    endAt: room.endAt.toISOString(),
    ingestUrl: room.ingestUrl,
    streamUrl: room.streamUrl,
    playbackResourceId: room.playbackResourceId,
    playbackName,
    hangUpSeconds: room.hangUpSeconds,
    liveStatus: liveStatusAt(room),
    attendeeCount,
  };
}

async function roomOf(ctx: AuthContext, id: string): Promise<CrmLiveRoom> {
  const s = ctx.scope.live;
  const found = await s.room(id);
  if (!found) throw notFound();
  const [playback, counts] = await Promise.all([
    found.room.playbackResourceId ? s.resource(found.room.playbackResourceId) : undefined,
    s.attendeeCounts([id]),
  ]);
  return toCrmRoom(found.room, found.lecturer, playback ? inLang(ctx.lang, playback.nameZh, playback.nameEn) : '', counts.get(id) ?? 0, ctx);
}

/** `crmLivePage`: the company's rooms as the learners' list orders them, with their attendance counts. */
export async function crmLivePage(ctx: AuthContext, body: Paging & CrmLiveFilters): Promise<PageResult<CrmLiveRoom>> {
  const s = ctx.scope.live;
  const keyword = body.keyword?.trim();
  const { rows, total } = await s.page({
    now: new Date(),
    liveStatus: body.liveStatus,
    pattern: keyword ? containsPattern(keyword) : undefined,
    limit: body.pageSize,
    offset: offsetOf(body),
  });
  const [counts, playbacks] = await Promise.all([
    s.attendeeCounts(rows.map((r) => r.room.id)),
    s.resources(rows.flatMap(({ room }) => (room.playbackResourceId ? [room.playbackResourceId] : []))),
  ]);
  const playbackName = new Map(playbacks.map((p) => [p.id, inLang(ctx.lang, p.nameZh, p.nameEn)]));
  return pageResult(
    rows.map(({ room, lecturer }) => toCrmRoom(room, lecturer, playbackName.get(room.playbackResourceId ?? '') ?? '', counts.get(room.id) ?? 0, ctx)),
    body,
    total,
  );
}

/** `crmLiveView?id`: one room as the form edits it. */
export function crmLiveView(ctx: AuthContext, id: string): Promise<CrmLiveRoom> {
  return roomOf(ctx, id);
}

/** `crmLiveSave`: schedules a room, or changes one; the lecturer and the recording must be the company's. */
export async function crmLiveSave(ctx: AuthContext, body: LiveSaveBody): Promise<CrmLiveRoom> {
  const eid = ctx.tenant.id;
  const id = await ctx.db.transaction(async (tx) => {
    const s = scoped(tx, eid);
    const before = body.id ? (await s.live.room(body.id))?.room : undefined;
    if (body.id && !before) throw notFound();
    if (body.lecturerId && !(await s.live.lecturer(body.lecturerId))) throw new ApiError(Code.INVALID, 'authoring.lecturersNotFound');
    if (body.playbackResourceId) {
      const video = await s.authoring.resource(body.playbackResourceId);
      if (!video || video.resourceType !== VIDEO_RESOURCE_TYPE) throw new ApiError(Code.INVALID, 'liveAdmin.playbackNotVideo');
    }
    const values = {
      nameZh: body.nameZh,
      nameEn: body.nameEn,
      introZh: body.introZh,
      introEn: body.introEn,
      cover: await checkedPicture(s, 'cover', body.cover, before?.cover ?? ''),
      lecturerId: body.lecturerId,
      startAt: new Date(body.startAt),
      endAt: new Date(body.endAt),
      ingestUrl: body.ingestUrl,
      streamUrl: body.streamUrl,
      playbackResourceId: body.playbackResourceId,
      hangUpSeconds: body.hangUpSeconds,
    };
    const row = before ? await s.live.updateRoom(before.id, values) : await s.live.insertRoom(values);
    if (!row) throw notFound();
    await recordAudit(s, ctx.member, [
      { action: before ? 'update' : 'create', objectType: 'live', objectId: row.id, objectLabel: row.nameZh, changes: changesOf(before, row, ROOM_FIELDS) },
    ]);
    return row.id;
  });
  return roomOf(ctx, id);
}

/** `crmLiveDelete`: deletes a room and its attendance. */
export async function crmLiveDelete(ctx: AuthContext, id: string): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    const s = scoped(tx, ctx.tenant.id);
    const row = await s.live.deleteRoom(id);
    if (!row) throw notFound();
    await recordAudit(s, ctx.member, [{ action: 'delete', objectType: 'live', objectId: id, objectLabel: row.nameZh, changes: changesOf(row, null, ROOM_FIELDS) }]);
  });
}

export interface StreamDomains {
  push: string;
  play: string;
  key: string;
}

/** The streaming domains of the environment, or undefined when push or play is not set. */
export function streamDomainsFrom(env: NodeJS.ProcessEnv = process.env): StreamDomains | undefined {
  const push = env.LIVE_PUSH_DOMAIN?.trim();
  const play = env.LIVE_PLAY_DOMAIN?.trim();
  return push && play ? { push, play, key: env.LIVE_PUSH_KEY?.trim() ?? '' } : undefined;
}

/**
 * Push and play addresses of a new stream named `name`: RTMP ingest on the push domain (signed
 * until `expires` when there is a key), HLS and FLV on the play domain.
 *
 * @example streamAddresses({ push: 'push.example.com', play: 'play.example.com', key: '' }, 'room-1a2b', new Date(0))
 *   → { ingestUrl: 'rtmp://push.example.com/live/room-1a2b', streamUrl: 'https://play.example.com/live/room-1a2b.m3u8', flvUrl: 'https://play.example.com/live/room-1a2b.flv' }
 */
export function streamAddresses(domains: StreamDomains, name: string, expires: Date): LiveStreamAddresses {
  const path = `/live/${name}`;
  let ingestUrl = `rtmp://${domains.push}${path}`;
  if (domains.key) {
    const exp = Math.floor(expires.getTime() / 1000);
    const hash = createHash('md5').update(`${path}-${exp}-0-0-${domains.key}`).digest('hex');
    ingestUrl += `?auth_key=${exp}-0-0-${hash}`;
  }
  return { ingestUrl, streamUrl: `https://${domains.play}${path}.m3u8`, flvUrl: `https://${domains.play}${path}.flv` };
}

/** `crmLiveStream`: new addresses for a room (or one being scheduled) from the configured domains. */
export async function crmLiveStream(ctx: AuthContext, body: { id?: string }, domains = streamDomainsFrom()): Promise<LiveStreamAddresses> {
  if (!domains) throw new ApiError(Code.INVALID, 'liveAdmin.streamNotConfigured');
  let endAt = new Date(Date.now() + 7 * 86_400_000);
  if (body.id) {
    const found = await ctx.scope.live.room(body.id);
    if (!found) throw notFound();
    endAt = found.room.endAt;
  }
  const name = `${ctx.tenant.id.slice(0, 8)}-${randomBytes(6).toString('hex')}`;
  return streamAddresses(domains, name, new Date(Math.max(endAt.getTime(), Date.now()) + 86_400_000));
}

type AttendanceRowOf = Awaited<ReturnType<AuthContext['scope']['live']['attendancePage']>>['rows'][number];

function toAttendee(row: AttendanceRowOf, ctx: AuthContext): CrmLiveAttendee {
  const a = row.attendance;
  return {
    memberId: a.enterpriseUserId,
    userName: row.userName,
    empNo: row.empNo,
    departmentName: row.departmentZh ? inLang(ctx.lang, row.departmentZh, row.departmentEn ?? '') : '',
    joinedAt: a.joinedAt.toISOString(),
    lastSeenAt: a.lastSeenAt.toISOString(),
    leftAt: a.leftAt?.toISOString() ?? null,
    signedAt: a.signedAt?.toISOString() ?? null,
    watchSeconds: a.watchSeconds,
    hangUps: a.hangUps,
  };
}

/** `crmLiveAttendance`: who attended a room, latest joined first, found by name or employee number. */
export async function crmLiveAttendance(ctx: AuthContext, body: Paging & { id: string; keyword?: string }): Promise<PageResult<CrmLiveAttendee>> {
  if (!(await ctx.scope.live.room(body.id))) throw notFound();
  const keyword = body.keyword?.trim();
  const { rows, total } = await ctx.scope.live.attendancePage(body.id, keyword ? containsPattern(keyword) : undefined, body.pageSize, offsetOf(body));
  return pageResult(
    rows.map((r) => toAttendee(r, ctx)),
    body,
    total,
  );
}


export const attendanceColumns: ExportColumn<CrmLiveAttendee>[] = [
  { header: { zh: '姓名', en: 'Name' }, width: 14, cell: (r) => r.userName },
  { header: { zh: '工号', en: 'Employee no.' }, width: 12, cell: (r) => r.empNo },
  { header: { zh: '部门', en: 'Department' }, width: 22, cell: (r) => r.departmentName },
  { header: { zh: '进入时间', en: 'Joined' }, width: 20, cell: (r) => exportTime(r.joinedAt) },
  { header: { zh: '最后在线', en: 'Last seen' }, width: 20, cell: (r) => exportTime(r.lastSeenAt) },
  { header: { zh: '离开时间', en: 'Left' }, width: 20, cell: (r) => exportTime(r.leftAt) },
  { header: { zh: '签到时间', en: 'Signed in' }, width: 20, cell: (r) => exportTime(r.signedAt) },
  { header: { zh: '观看时长（分钟）', en: 'Watched (minutes)' }, width: 16, cell: (r) => Math.round((r.watchSeconds / 60) * 10) / 10 },
  { header: { zh: '挂机次数', en: 'Hang-ups' }, width: 10, cell: (r) => r.hangUps },
];

/** `crmLiveAttendanceExport`: a room's whole attendance, built into the download centre. */
export async function crmLiveAttendanceExport(ctx: AuthContext, id: string): Promise<ExportStarted> {
  const found = await ctx.scope.live.room(id);
  if (!found) throw notFound();
  const name = found.room.nameZh;
  return startExport(ctx, {
    kind: 'liveAttendance',
    title: { zh: `${name} 考勤`.slice(0, 31), en: 'live-attendance' },
    columns: attendanceColumns,
    async *rows() {
      const pageSize = 500;
      for (let pageCurrent = 1; ; pageCurrent++) {
        const page = await crmLiveAttendance(ctx, { id, pageCurrent, pageSize });
        if (page.list.length) yield page.list;
        if (page.list.length < pageSize) return;
      }
    },
  });
}

