/**
 * The back office's study task form, shared by the gateway (input checks) and the page (the
 * form's resolver): names, type, times, the courses and exams in it, who must do it and the
 * reminder.
 */
import { z } from 'zod';
import { AUTHORING_ERRORS } from '@/lib/authoring-rules';

import { MAX_REMIND_DAYS, MAX_TASK_AUDIENCE, MAX_TASK_ITEMS, TASK_AUDIENCE, TASK_ERRORS, TASK_TYPES } from '@/lib/task-rules';

export { MAX_REMIND_DAYS, MAX_TASK_AUDIENCE, MAX_TASK_ITEMS, TASK_AUDIENCE, TASK_ERRORS, TASK_TYPES };

const required = (max: number) => z.string().trim().min(1, AUTHORING_ERRORS.required).max(max, AUTHORING_ERRORS.tooLong);
const optional = (max: number) => z.string().trim().max(max, AUTHORING_ERRORS.tooLong).default('');
const instant = z.iso.datetime({ offset: true, message: TASK_ERRORS.time });
const ids = <T extends z.ZodType<string>>(inner: T) => z.array(inner).max(MAX_TASK_AUDIENCE, AUTHORING_ERRORS.tooMany).default([]);

export const taskItemSchema = z.object({
  kind: z.enum(['course', 'exam']),
  id: z.uuid(),
  required: z.boolean().default(true),
});

export const taskSaveFields = z.object({
  id: z.uuid().optional(),
  nameZh: required(60),
  nameEn: optional(120),
  introZh: optional(2000),
  introEn: optional(4000),
  /** '' (none), the path an upload answered, or the one saved before. */
  cover: z.string().trim().max(4000, AUTHORING_ERRORS.tooLong).default(''),
  taskType: z.union(TASK_TYPES.map((t) => z.literal(t))).default(1),
  startAt: instant,
  /** null: no end. */
  endAt: instant.nullable().default(null),
  items: z.array(taskItemSchema).min(1, TASK_ERRORS.items).max(MAX_TASK_ITEMS, AUTHORING_ERRORS.tooMany),
  audience: z.union([z.literal(TASK_AUDIENCE.everyone), z.literal(TASK_AUDIENCE.chosen)]).default(TASK_AUDIENCE.everyone),
  departmentIds: ids(z.string().trim().min(1).max(40)),
  postIds: ids(z.string().trim().min(1).max(40)),
  memberIds: ids(z.uuid()),
  /** Members who join later, or move into a chosen department or post, are assigned too. */
  joinLater: z.boolean().default(false),
  /** Remind unfinished members this many days before the end; null: no reminder. */
  remindDays: z.number(TASK_ERRORS.remind).int(TASK_ERRORS.remind).min(1, TASK_ERRORS.remind).max(MAX_REMIND_DAYS, TASK_ERRORS.remind).nullable().default(null),
});

/** The end, when there is one, after the start. */
export const taskTimesInOrder = (v: { startAt?: string; endAt?: string | null }) => !v.startAt || !v.endAt || Date.parse(v.endAt) > Date.parse(v.startAt);
/** Each course and exam once. */
export const taskItemsOnce = (v: { items?: readonly { kind: string; id: string }[] }) => new Set((v.items ?? []).map((i) => `${i.kind}:${i.id}`)).size === (v.items ?? []).length;
/** A chosen audience names someone. */
export const taskAudienceNamed = (v: { audience?: number; departmentIds?: readonly string[]; postIds?: readonly string[]; memberIds?: readonly string[] }) =>
  v.audience !== TASK_AUDIENCE.chosen || (v.departmentIds?.length ?? 0) + (v.postIds?.length ?? 0) + (v.memberIds?.length ?? 0) > 0;
/** A reminder needs an end to count back from. */
export const taskRemindHasEnd = (v: { remindDays?: number | null; endAt?: string | null }) => v.remindDays == null || !!v.endAt;

export const taskSaveSchema = taskSaveFields
  .refine(taskTimesInOrder, { message: TASK_ERRORS.order, path: ['endAt'] })
  .refine(taskItemsOnce, { message: TASK_ERRORS.duplicate, path: ['items'] })
  .refine(taskAudienceNamed, { message: TASK_ERRORS.audience, path: ['audience'] })
  .refine(taskRemindHasEnd, { message: TASK_ERRORS.remindNoEnd, path: ['remindDays'] });
export type TaskSaveBody = z.output<typeof taskSaveSchema>;

export const taskFilterSchema = z.object({
  keyword: z.string().trim().max(50).optional(),
  taskType: z.union(TASK_TYPES.map((t) => z.literal(t))).optional(),
});

export const taskProgressFilterSchema = z.object({
  keyword: z.string().trim().max(50).optional(),
  learningStatus: z.union([z.literal(0), z.literal(1), z.literal(2)]).optional(),
  departmentId: z.string().trim().min(1).max(40).optional(),
});
