/** The live calls (spec section 7): watch URL, live watch and leave, playback, attendance. */
import { call, type CallOptions } from '@/api/client';
import type {
  AttendanceResult,
  LiveRoom,
  LiveRoomPageBody,
  LiveWatchResult,
  LiveWatchUrl,
  PlaybackResult,
} from '@/api/learning-types';
import type { PageResult } from '@/api/types';

type Extra = Pick<CallOptions, 'isShowErrTip' | 'signal'>;

/** The company's live rooms, 10 a page: live first, then upcoming, then ended (`liveStatus` filters). */
export function getLiveRoomPage(body: LiveRoomPageBody = {}, opts?: Extra): Promise<PageResult<LiveRoom>> {
  return call<PageResult<LiveRoom>>('liveRoomPage', { ...opts, body: { ...body } });
}

/** Where to watch a room, with the room itself (no token needed). */
export function getLiveWatchUrl(id: string, opts?: Extra): Promise<LiveWatchUrl> {
  return call<LiveWatchUrl>('liveRoomWatchUrl', { ...opts, query: { id } });
}

/** Joins a room: the live stream while live, and the caller's attendance. */
export function watchLive(roomId: string, opts?: Extra): Promise<LiveWatchResult> {
  return call<LiveWatchResult>('liveWatch', { ...opts, body: { roomId } });
}

/** Leaves a room. */
export function leaveLive(roomId: string, opts?: Extra): Promise<unknown> {
  return call('liveLeave', { ...opts, body: { roomId } });
}

/**
 * Leaves a room while the page goes away: a keepalive request outlives the page, which a
 * normal call would not.
 */
export function leaveLiveOnExit(roomId: string): void {
  void call('liveLeave', { body: { roomId }, keepalive: true, isShowErrTip: false }).catch(() => undefined);
}

/** A room's recording. */
export function watchPlayback(id: string, opts?: Extra): Promise<PlaybackResult> {
  return call<PlaybackResult>('playBackWatch', { ...opts, query: { id } });
}

/** Signs the caller's attendance in a live room. */
export function signAttendance(roomId: string, opts?: Extra): Promise<AttendanceResult> {
  return call<AttendanceResult>('attendanceSign', { ...opts, body: { roomId } });
}

/** A presence beat while watching live. */
export function beatAttendance(roomId: string, opts?: Extra): Promise<AttendanceResult> {
  return call<AttendanceResult>('attendanceHangUp', { ...opts, body: { roomId } });
}
