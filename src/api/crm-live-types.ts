/** Shapes of the back office's live rooms (administrators): scheduling, streams, attendance. */
import type { LiveRoom } from '@/api/learning-types';

/** A live room as the back office edits and lists it. */
export interface CrmLiveRoom {
  id: string;
  nameZh: string;
  nameEn: string;
  introZh: string;
  introEn: string;
  cover: string;
  lecturerId: string | null;
  /** The lecturer's name in the caller's language; '' without one. */
  lecturerName: string;
  /** ISO 8601. */
  startAt: string;
  endAt: string;
  /** Where the lecturer's encoder pushes (RTMP); shown to administrators only. */
  ingestUrl: string;
  /** What viewers play (HLS `.m3u8` or FLV). */
  streamUrl: string;
  /** The recording replayed after the room ends: a video of the library. */
  playbackResourceId: string | null;
  playbackName: string;
  /** Seconds without a heartbeat after which a viewer counts as hung up. */
  hangUpSeconds: number;
  /** 1 not started, 2 live, 3 ended (as the learner's list). */
  liveStatus: LiveRoom['liveStatus'];
  /** Members who joined. */
  attendeeCount: number;
}

export interface CrmLiveFilters {
  keyword?: string;
  liveStatus?: LiveRoom['liveStatus'];
}

/** One member's attendance of a room. */
export interface CrmLiveAttendee {
  memberId: string;
  userName: string;
  empNo: string;
  departmentName: string;
  /** ISO 8601. */
  joinedAt: string;
  lastSeenAt: string;
  leftAt: string | null;
  signedAt: string | null;
  /** Seconds watched while the room was live. */
  watchSeconds: number;
  hangUps: number;
}

/** Stream addresses made from the company's configured push and play domains. */
export interface LiveStreamAddresses {
  ingestUrl: string;
  /** HLS. */
  streamUrl: string;
  flvUrl: string;
}
