/** Handlers of the study rows of the call table. Study dynamics, study tasks and study projects. */
import { z } from 'zod';
import { authRoute, type RouteTable } from '../../routing';
import { studyDynamicPage } from './dynamics';
import { pagingFields } from '../../paging';
import {
  projectAdmire,
  projectApply,
  projectApprove,
  projectCount,
  projectLecturerPage,
  projectMemberPage,
  projectPage,
  projectPhaseContent,
  projectStudyCourse,
  projectView,
  relationPage,
  relationProjectPage,
  trainingProgressPage,
} from './projects';
import {
  collectionSet,
  commentDelete,
  commentPage,
  commentSave,
  courseUserRecordEdit,
  courseUserRecordList,
  courseUserRecordSave,
} from './social';
import { studyTaskCount, studyTaskMarkSave, studyTaskPage, studyTaskView } from './tasks';

const id = z.uuid();
const keyword = z.string().trim().max(100).optional();
const learningStatus = z.union([z.literal(0), z.literal(1), z.literal(2)]);
const targetType = z.enum(['course', 'task', 'project']);
const studyTarget = z.enum(['task', 'project']);
/** Raw text bounds; trimmed lengths are checked, with their messages, in the services. */
const text = z.string().max(10_000);
const byId = z.object({ id });
/** A note of any length: the service refuses an over-long one with the note's own limit (the body limit bounds it). */
const noteText = z.string();

export const studyRoutes = {
  studyTaskPage: authRoute({
    input: z.object({
      ...pagingFields('studyTaskPage'),
      learningStatus: learningStatus.optional(),
      taskType: z.number().int().min(1).max(99).optional(),
      keyword,
    }),
    handle: (ctx, body) => studyTaskPage(ctx, body),
  }),
  studyDynamicPage: authRoute({
    input: z.object({
      ...pagingFields('studyDynamicPage'),
      courseId: id.optional(),
      kind: z.union([z.literal(1), z.literal(2), z.literal(3), z.literal(4), z.literal(5)]).optional(),
      scope: z.enum(['own', 'company']).default('own'),
    }),
    handle: (ctx, body) => studyDynamicPage(ctx, body),
  }),
  studyTaskCount: authRoute({ handle: (ctx) => studyTaskCount(ctx) }),
  studyTaskView: authRoute({ input: byId, handle: (ctx, q) => studyTaskView(ctx, q.id) }),
  studyTaskMarkSave: authRoute({
    input: z.object({ targetId: id, score: z.number() }),
    handle: (ctx, body) => studyTaskMarkSave(ctx, body),
  }),
  studyTaskCommentPage: authRoute({
    input: z.object({ ...pagingFields('studyTaskCommentPage'), targetId: id, targetType: targetType.optional() }),
    handle: (ctx, body) => commentPage(ctx, body),
  }),
  studyTaskCommentSave: authRoute({
    input: z.object({ targetId: id, targetType: targetType.optional(), content: text }),
    handle: (ctx, body) => commentSave(ctx, body),
  }),
  studyTaskCommentDelete: authRoute({ input: byId, handle: (ctx, body) => commentDelete(ctx, body.id) }),
  studyCollectionSave: authRoute({
    input: z.object({ targetType: studyTarget, targetId: id }),
    handle: (ctx, body) => collectionSet(ctx, body, true),
  }),
  studyCollectionDelete: authRoute({
    input: z.object({ targetType: studyTarget, targetId: id }),
    handle: (ctx, body) => collectionSet(ctx, body, false),
  }),
  projectApply: authRoute({
    input: z.object({ projectId: id }),
    handle: (ctx, body) => projectApply(ctx, body.projectId),
  }),
  projectCount: authRoute({ handle: (ctx) => projectCount(ctx) }),
  projectPage: authRoute({
    input: z.object({
      ...pagingFields('projectPage'),
      keyword,
      isFree: z.boolean().optional(),
      joined: z.boolean().optional(),
    }),
    handle: (ctx, body) => projectPage(ctx, body),
  }),
  projectView: authRoute({ input: byId, handle: (ctx, q) => projectView(ctx, q.id) }),
  projectStudyCourse: authRoute({
    input: z.object({ id, phaseId: id.optional() }),
    handle: (ctx, q) => projectStudyCourse(ctx, { ...q, required: true }),
  }),
  projectStudyElectiveCourse: authRoute({
    input: byId,
    handle: (ctx, q) => projectStudyCourse(ctx, { id: q.id, required: false }),
  }),
  projectAdmire: authRoute({
    // The project as `projectId`, or `targetId`/`id` as the other like calls send it.
    input: z
      .object({ projectId: id.optional(), targetId: id.optional(), id: id.optional() })
      .refine((b) => Boolean(b.projectId ?? b.targetId ?? b.id), { path: ['projectId'] }),
    handle: (ctx, body) => projectAdmire(ctx, (body.projectId ?? body.targetId ?? body.id)!),
  }),
  projectLecturerPage: authRoute({
    input: z.object({ ...pagingFields('projectLecturerPage'), projectId: id }),
    handle: (ctx, body) => projectLecturerPage(ctx, body),
  }),
  projectMemberPage: authRoute({
    input: z.object({ ...pagingFields('projectMemberPage'), projectId: id, status: learningStatus.optional() }),
    handle: (ctx, body) => projectMemberPage(ctx, body),
  }),
  projectApprove: authRoute({
    input: z.object({ projectId: id, userId: id, approve: z.boolean() }),
    handle: (ctx, body) => projectApprove(ctx, body),
  }),
  projectPhaseContent: authRoute({ input: byId, handle: (ctx, q) => projectPhaseContent(ctx, q.id) }),
  relationPage: authRoute({
    input: z
      .object({ ...pagingFields('relationPage'), courseId: id.optional(), projectId: id.optional() })
      .refine((b) => Boolean(b.courseId ?? b.projectId), { path: ['courseId'] }),
    handle: (ctx, body) => relationPage(ctx, body),
  }),
  relationProjectPage: authRoute({
    input: z.object({ ...pagingFields('relationProjectPage'), courseId: id }),
    handle: (ctx, body) => relationProjectPage(ctx, body),
  }),
  trainingProgressPage: authRoute({
    input: z.object({ ...pagingFields('trainingProgressPage') }),
    handle: (ctx, body) => trainingProgressPage(ctx, body),
  }),
  courseUserRecordList: authRoute({
    input: z.object({ courseId: id, projectId: id.optional() }),
    handle: (ctx, q) => courseUserRecordList(ctx, q),
  }),
  courseUserRecordSave: authRoute({
    input: z.object({ courseId: id, projectId: id.optional(), content: noteText }),
    handle: (ctx, body) => courseUserRecordSave(ctx, body),
  }),
  courseUserRecordEdit: authRoute({
    input: z.object({ id, content: noteText }),
    handle: (ctx, body) => courseUserRecordEdit(ctx, body),
  }),
} satisfies Partial<RouteTable>;
