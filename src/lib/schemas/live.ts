/**
 * The back office's live room form, shared by the gateway (input checks) and the page (the
 * form's resolver): names, times, stream addresses, the recording and the hang-up gap.
 */
import { z } from 'zod';
import { AUTHORING_ERRORS } from '@/lib/authoring-rules';

/** Shortest and longest hang-up gap, seconds. */
export const MIN_HANG_UP_SECONDS = 30;
export const MAX_HANG_UP_SECONDS = 3600;
/** Longest a live room may run: 24 hours. */
export const MAX_LIVE_HOURS = 24;
export const LIVE_ERRORS = {
  time: 'crmLive.error.time',
  order: 'crmLive.error.order',
  tooLong: 'crmLive.error.tooLong',
  ingest: 'crmLive.error.ingest',
  stream: 'crmLive.error.stream',
  hangUp: 'crmLive.error.hangUp',
} as const;

const required = (max: number) => z.string().trim().min(1, AUTHORING_ERRORS.required).max(max, AUTHORING_ERRORS.tooLong);
const optional = (max: number) => z.string().trim().max(max, AUTHORING_ERRORS.tooLong).default('');
const instant = z.iso.datetime({ offset: true, message: LIVE_ERRORS.time });

export const liveSaveFields = z.object({
  id: z.uuid().optional(),
  nameZh: required(60),
  nameEn: optional(120),
  introZh: optional(2000),
  introEn: optional(4000),
  /** '' (none), the path an upload answered, or the one saved before. */
  cover: z.string().trim().max(4000, AUTHORING_ERRORS.tooLong).default(''),
  lecturerId: z.uuid().nullable().default(null),
  startAt: instant,
  endAt: instant,
  ingestUrl: z
    .string()
    .trim()
    .max(500, AUTHORING_ERRORS.tooLong)
    .refine((v) => v === '' || /^rtmps?:\/\/[^\s/]+\/\S+$/i.test(v), LIVE_ERRORS.ingest)
    .default(''),
  streamUrl: z
    .string()
    .trim()
    .max(500, AUTHORING_ERRORS.tooLong)
    .refine((v) => v === '' || /^(https?:\/\/[^\s/]+)?\/\S+\.(m3u8|flv)(\?\S*)?$/i.test(v), LIVE_ERRORS.stream)
    .default(''),
  playbackResourceId: z.uuid().nullable().default(null),
  hangUpSeconds: z.number(LIVE_ERRORS.hangUp).int(LIVE_ERRORS.hangUp).min(MIN_HANG_UP_SECONDS, LIVE_ERRORS.hangUp).max(MAX_HANG_UP_SECONDS, LIVE_ERRORS.hangUp),
});

/** The end after the start, and at most {@link MAX_LIVE_HOURS} later. */
export const liveTimesInOrder = (v: { startAt?: string; endAt?: string }) => !v.startAt || !v.endAt || Date.parse(v.endAt) > Date.parse(v.startAt);
export const liveNotTooLong = (v: { startAt?: string; endAt?: string }) =>
  !v.startAt || !v.endAt || Date.parse(v.endAt) - Date.parse(v.startAt) <= MAX_LIVE_HOURS * 3600_000;

export const liveSaveSchema = liveSaveFields
  .refine(liveTimesInOrder, { message: LIVE_ERRORS.order, path: ['endAt'] })
  .refine(liveNotTooLong, { message: LIVE_ERRORS.tooLong, path: ['endAt'] });
export type LiveSaveBody = z.output<typeof liveSaveSchema>;

export const liveFilterSchema = z.object({
  keyword: z.string().trim().max(50).optional(),
  liveStatus: z.union([z.literal(1), z.literal(2), z.literal(3)]).optional(),
});
