/**
 * The back office's study tasks (administrators): make and change a task (names, type, cover,
 * start and end, the courses and exams in it, who must do it, the reminder), delete it, follow
 * each assigned member's progress (as their own task page counts it) with filters, export it to
 * the download centre, and remind those not done.
 *
 * Who must do it is kept as a rule (the whole company, or departments and posts with those under
 * them and chosen members) and worked out into assignments on every save: members the rule now
 * takes in are assigned (with an assigned exam task for each exam of the task) and told by a
 * message; members it no longer takes in lose the task unless they completed it. A task open to
 * those who join later is assigned to a member on joining the company or moving into a chosen
 * department or post (`assignJoiningMembers`). The reminder is a job due the chosen number of
 * days before the end; it messages every assigned member not done, once.
 */
import { Code } from '@/api/codes';
import type { CrmTaskDetail, CrmTaskFilters, CrmTaskProgressFilters, CrmTaskProgressPage, CrmTaskProgressRow, CrmTaskRow, CrmTaskSaved } from '@/api/crm-task-types';
import type { ExportStarted } from '@/api/learning-types';
import type { PageResult } from '@/api/types';
import { TASK_AUDIENCE, type TaskSaveBody } from '@/lib/schemas/task';
import { changesOf, recordAudit } from '../../audit';
import { scoped } from '../../db/access';
import { containsPattern } from '../../db/access/rows';
import type { TaskProgressRow, TaskRow } from '../../db/access/task-authoring';
import type { Db } from '../../db/client';
import { ApiError } from '../../envelope';
import { exportTime, learningStatusLabels, type ExportColumn } from '../../exports';
import { defineJob } from '../../jobs/queue';
import { inLang } from '../../localized';
import { offsetOf, pageResult, type Paging } from '../../paging';
import type { AuthContext } from '../../routing';
import { sendMessage, taskAssignedNotice, taskReminderNotice } from '../announcement/service';
import { startExport } from '../data/service';
import { checkedPicture } from '../site/service';

const notFound = () => new ApiError(Code.NOT_FOUND, 'taskAdmin.notFound');
const TASK_FIELDS = ['nameZh', 'nameEn', 'introZh', 'introEn', 'cover', 'taskType', 'startAt', 'endAt', 'audience', 'joinLater', 'remindDays'] as const;
/** Members messaged in one transaction of a notice job. */
const NOTICE_BATCH = 500;

/** Whether a task has not started (1), runs (2) or has ended (3). */
function taskState(task: Pick<TaskRow, 'startAt' | 'endAt'>, now = new Date()): 1 | 2 | 3 {
  if (now < task.startAt) return 1;
  if (task.endAt && task.endAt <= now) return 3;
  return 2;
}

function toRow(task: TaskRow, itemCount: number, memberCount: number): CrmTaskRow {
  return {
    id: task.id,
    nameZh: task.nameZh,
    nameEn: task.nameEn,
    taskType: task.taskType,
    startAt: task.startAt.toISOString(),
    endAt: task.endAt?.toISOString() ?? null,
    state: taskState(task),
    audience: task.audience === TASK_AUDIENCE.chosen ? 1 : 0,
    joinLater: task.joinLater,
    itemCount,
    memberCount,
  };
}

/** A task's items as the audit compares them: `course:<id>`, `exam:<id>`, with `?` after an elective one. */
const itemKeys = (items: { courseId: string | null; examId: string | null; required: boolean }[]) =>
  items.map((i) => `${i.courseId ? `course:${i.courseId}` : `exam:${i.examId}`}${i.required ? '' : '?'}`);

/** An audience as the audit compares it, sorted: `department:<id>`, `post:<id>`, `member:<id>`. */
function audienceKeys(a: { departmentId?: string | null; postId?: string | null; memberId?: string | null }[] | { departmentIds: string[]; postIds: string[]; memberIds: string[] }): string[] {
  type Named = { departmentId?: string | null; postId?: string | null; memberId?: string | null };
  const rows: Named[] = Array.isArray(a)
    ? a
    : [...a.departmentIds.map((departmentId) => ({ departmentId })), ...a.postIds.map((postId) => ({ postId })), ...a.memberIds.map((memberId) => ({ memberId }))];
  return rows.map((r) => (r.departmentId ? `department:${r.departmentId}` : r.postId ? `post:${r.postId}` : `member:${r.memberId}`)).sort();
}

/** When a task's reminder is due: its end less the days, if it has both. */
function remindAtOf(endAt: Date | null, days: number | null): Date | null {
  return endAt && days ? new Date(endAt.getTime() - days * 86_400_000) : null;
}

/** Messages the members about a task, in batches of one transaction each. */
const taskNotices = defineJob<{ taskId: string; memberIds: string[]; kind: 'assigned' | 'reminder' }>(
  'study.task-notices',
  async ({ taskId, memberIds, kind }, job) => {
    if (!job.enterpriseId) return;
    const eid = job.enterpriseId;
    const task = await scoped(job.db, eid).taskAuthoring.task(taskId);
    if (!task) return;
    const message = kind === 'assigned' ? taskAssignedNotice(task) : taskReminderNotice(task);
    for (let i = 0; i < memberIds.length; i += NOTICE_BATCH) {
      const batch = memberIds.slice(i, i + NOTICE_BATCH);
      await job.db.transaction(async (tx) => {
        const still = new Set((await scoped(tx, eid).taskAuthoring.assigned(taskId)).map((a) => a.memberId));
        for (const id of batch) if (still.has(id)) await sendMessage(tx, eid, id, message);
      });
      await job.progress(Math.round(((i + batch.length) / memberIds.length) * 100));
    }
  },
  { maxAttempts: 3 },
);

/**
 * A task's reminder at its time: once (the task's `reminded_at` is claimed in the same
 * transaction), and only if the task still wants it then (a changed end or lead enqueues anew).
 */
const taskReminder = defineJob<{ taskId: string; remindAt: string }>('study.task-reminder', async ({ taskId, remindAt }, job) => {
  if (!job.enterpriseId) return;
  const eid = job.enterpriseId;
  await job.db.transaction(async (tx) => {
    const task = await scoped(tx, eid).taskAuthoring.claimReminder(taskId, new Date(remindAt));
    if (!task) return;
    const members = await scoped(tx, eid).taskAuthoring.unfinished(taskId);
    if (members.length) await taskNotices.enqueue(tx, { taskId, memberIds: members, kind: 'reminder' }, { enterpriseId: eid });
  });
});

async function detailOf(ctx: AuthContext, id: string): Promise<CrmTaskDetail> {
  const s = ctx.scope.taskAuthoring;
  const task = await s.task(id);
  if (!task) throw notFound();
  const [items, audience, assigned] = await Promise.all([s.items(id), s.audience(id), s.assigned(id)]);
  const lang = ctx.lang;
  return {
    ...toRow(task, items.length, assigned.length),
    introZh: task.introZh,
    introEn: task.introEn,
    cover: task.cover,
    remindDays: task.remindDays,
    items: items.map((i) =>
      i.courseId
        ? { kind: 'course' as const, id: i.courseId, name: inLang(lang, i.courseZh ?? '', i.courseEn ?? ''), required: i.required }
        : { kind: 'exam' as const, id: i.examId!, name: inLang(lang, i.examZh ?? '', i.examEn ?? ''), required: i.required },
    ),
    departments: audience.flatMap((a) => (a.departmentId ? [{ id: a.departmentId, name: inLang(lang, a.departmentZh ?? a.departmentId, a.departmentEn ?? '') }] : [])),
    posts: audience.flatMap((a) => (a.postId ? [{ id: a.postId, name: inLang(lang, a.postZh ?? a.postId, a.postEn ?? '') }] : [])),
    members: audience.flatMap((a) =>
      a.memberId ? [{ id: a.memberId, userName: a.userName ?? '', empNo: a.empNo ?? '', departmentName: a.memberDepartment ?? '' }] : [],
    ),
  };
}

/** `crmTaskPage`: the company's tasks, latest start first, found by name and type. */
export async function crmTaskPage(ctx: AuthContext, body: Paging & CrmTaskFilters): Promise<PageResult<CrmTaskRow>> {
  const keyword = body.keyword?.trim();
  const { rows, total } = await ctx.scope.taskAuthoring.page({ pattern: keyword ? containsPattern(keyword) : undefined, taskType: body.taskType }, body.pageSize, offsetOf(body));
  return pageResult(
    rows.map((r) => toRow(r.task, r.itemCount, r.memberCount)),
    body,
    total,
  );
}

/** `crmTaskView?id`: one task as the form edits it. */
export function crmTaskView(ctx: AuthContext, id: string): Promise<CrmTaskDetail> {
  return detailOf(ctx, id);
}

/**
 * `crmTaskSave`: makes a task or changes one, and brings its assignments in line with who must
 * do it. Answers the task with how many members were assigned and unassigned.
 */
export async function crmTaskSave(ctx: AuthContext, body: TaskSaveBody): Promise<CrmTaskSaved> {
  const eid = ctx.tenant.id;
  const chosen = body.audience === TASK_AUDIENCE.chosen;
  const audience = chosen ? { departmentIds: body.departmentIds, postIds: body.postIds, memberIds: body.memberIds } : { departmentIds: [], postIds: [], memberIds: [] };
  const courseIds = body.items.filter((i) => i.kind === 'course').map((i) => i.id);
  const examIds = body.items.filter((i) => i.kind === 'exam').map((i) => i.id);
  const endAt = body.endAt ? new Date(body.endAt) : null;
  const remindAt = remindAtOf(endAt, body.remindDays);

  const outcome = await ctx.db.transaction(async (tx) => {
    const s = scoped(tx, eid);
    const t = s.taskAuthoring;
    const before = body.id ? await t.task(body.id) : undefined;
    if (body.id && !before) throw notFound();
    const [itemsBefore, audienceBefore] = before ? await Promise.all([t.items(before.id), t.audience(before.id)]) : [[], []];
    const own = await t.ownItems(courseIds, examIds);
    if (own.courses !== courseIds.length || own.exams !== examIds.length) throw new ApiError(Code.INVALID, 'taskAdmin.itemsNotFound');
    const found = await t.ownAudience(audience);
    if (found.departments !== audience.departmentIds.length || found.posts !== audience.postIds.length || found.members !== audience.memberIds.length) {
      throw new ApiError(Code.INVALID, 'taskAdmin.audienceNotFound');
    }
    const remindChanged = (remindAt?.getTime() ?? null) !== (before?.remindAt?.getTime() ?? null);
    if (remindAt && remindChanged && remindAt.getTime() <= Date.now()) throw new ApiError(Code.INVALID, 'taskAdmin.remindPast', null, { days: body.remindDays ?? 0 });

    const values = {
      nameZh: body.nameZh,
      nameEn: body.nameEn,
      introZh: body.introZh,
      introEn: body.introEn,
      cover: await checkedPicture(s, 'cover', body.cover, before?.cover ?? ''),
      taskType: body.taskType,
      startAt: new Date(body.startAt),
      endAt,
      audience: body.audience,
      joinLater: body.joinLater,
      remindDays: body.remindDays,
      remindAt,
    };
    const row = before ? await t.updateTask(before.id, values) : await t.insertTask(values);
    if (!row) throw notFound();
    await t.dropExamTasks(await t.setItems(row.id, body.items.map((i) => ({ courseId: i.kind === 'course' ? i.id : null, examId: i.kind === 'exam' ? i.id : null, required: i.required }))));
    await t.setAudience(row.id, audience);

    const target = new Set(await t.targetMembers(row));
    const current = await t.assigned(row.id);
    const held = new Set(current.map((c) => c.memberId));
    const assigned = await t.assign(row.id, [...target].filter((id) => !held.has(id)));
    const unassigned = await t.unassign(row.id, current.filter((c) => !target.has(c.memberId)).map((c) => c.memberId));
    await t.dropExamTasks(await t.examItemIds(row.id), unassigned);
    await t.ensureExamTasks(row.id);

    await recordAudit(s, ctx.member, [
      {
        action: before ? 'update' : 'create',
        objectType: 'task',
        objectId: row.id,
        objectLabel: row.nameZh,
        changes: [
          ...changesOf(before, row, TASK_FIELDS),
          ...(before
            ? changesOf(
                { itemIds: itemKeys(itemsBefore), audienceIds: audienceKeys(audienceBefore) },
                { itemIds: body.items.map((i) => `${i.kind}:${i.id}${i.required ? '' : '?'}`), audienceIds: audienceKeys(audience) },
                ['itemIds', 'audienceIds'],
              )
            : []),
        ],
      },
    ]);
    if (assigned.length) await taskNotices.enqueue(tx, { taskId: row.id, memberIds: assigned, kind: 'assigned' }, { enterpriseId: eid });
    if (remindAt && remindChanged) {
      await taskReminder.enqueue(tx, { taskId: row.id, remindAt: remindAt.toISOString() }, { enterpriseId: eid, delaySeconds: Math.max(0, Math.ceil((remindAt.getTime() - Date.now()) / 1000)) });
    }
    return { id: row.id, assigned: assigned.length, unassigned: unassigned.length };
  });
  return { task: await detailOf(ctx, outcome.id), assigned: outcome.assigned, unassigned: outcome.unassigned };
}

/** `crmTaskDelete`: deletes a task with its items, audience and assignments, and the exam tasks it gave that nobody began. */
export async function crmTaskDelete(ctx: AuthContext, id: string): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    const s = scoped(tx, ctx.tenant.id);
    await s.taskAuthoring.dropExamTasks(await s.taskAuthoring.examItemIds(id));
    const row = await s.taskAuthoring.deleteTask(id);
    if (!row) throw notFound();
    await recordAudit(s, ctx.member, [{ action: 'delete', objectType: 'task', objectId: id, objectLabel: row.nameZh, changes: changesOf(row, null, TASK_FIELDS) }]);
  });
}

function toProgress(r: TaskProgressRow, ctx: AuthContext): CrmTaskProgressRow {
  return {
    memberId: r.memberId,
    userName: r.userName,
    empNo: r.empNo,
    departmentName: r.departmentZh ? inLang(ctx.lang, r.departmentZh, r.departmentEn ?? '') : '',
    assignedAt: r.assignedAt.toISOString(),
    progress: r.progress,
    learningStatus: r.learningStatus,
    requiredCount: r.requiredCount,
    requiredCompleted: r.requiredCompleted,
    progressAt: r.progressAt?.toISOString() ?? null,
  };
}

/** `crmTaskProgress`: a page of the task's assigned members with their progress, most advanced first. */
export async function crmTaskProgress(ctx: AuthContext, body: Paging & CrmTaskProgressFilters & { id: string }): Promise<CrmTaskProgressPage> {
  if (!(await ctx.scope.taskAuthoring.task(body.id))) throw notFound();
  const keyword = body.keyword?.trim();
  const filter = { learningStatus: body.learningStatus, departmentId: body.departmentId, pattern: keyword ? containsPattern(keyword) : undefined };
  const { rows, byStatus } = await ctx.scope.taskAuthoring.progressPage(body.id, filter, body.pageSize, offsetOf(body));
  const n = (s: 0 | 1 | 2) => byStatus.get(s) ?? 0;
  const total = body.learningStatus === undefined ? n(0) + n(1) + n(2) : n(body.learningStatus);
  return {
    ...pageResult(
      rows.map((r) => toProgress(r, ctx)),
      body,
      total,
    ),
    counts: { total: n(0) + n(1) + n(2), notStarted: n(0), learning: n(1), completed: n(2) },
  };
}

const taskProgressColumns: ExportColumn<CrmTaskProgressRow>[] = [
  { header: { zh: '姓名', en: 'Name' }, width: 14, cell: (r) => r.userName },
  { header: { zh: '工号', en: 'Employee no.' }, width: 12, cell: (r) => r.empNo },
  { header: { zh: '部门', en: 'Department' }, width: 22, cell: (r) => r.departmentName },
  { header: { zh: '学习进度（%）', en: 'Progress (%)' }, width: 14, cell: (r) => r.progress },
  { header: { zh: '学习状态', en: 'Status' }, width: 12, cell: (r, lang) => learningStatusLabels[r.learningStatus]![lang] },
  { header: { zh: '必修项目', en: 'Required items' }, width: 12, cell: (r) => r.requiredCount },
  { header: { zh: '已完成必修', en: 'Required completed' }, width: 12, cell: (r) => r.requiredCompleted },
  { header: { zh: '指派时间', en: 'Assigned' }, width: 20, cell: (r) => exportTime(r.assignedAt) },
  { header: { zh: '最近学习时间', en: 'Last studied' }, width: 20, cell: (r) => exportTime(r.progressAt) },
];

/** `crmTaskProgressExport`: the progress the page's filters show, every page, built into the download centre. */
export async function crmTaskProgressExport(ctx: AuthContext, body: CrmTaskProgressFilters & { id: string }): Promise<ExportStarted> {
  const task = await ctx.scope.taskAuthoring.task(body.id);
  if (!task) throw notFound();
  return startExport(ctx, {
    kind: 'taskProgress',
    title: { zh: `${task.nameZh} 学习进度`.slice(0, 31), en: 'task-progress' },
    columns: taskProgressColumns,
    async *rows() {
      const pageSize = 500;
      for (let pageCurrent = 1; ; pageCurrent++) {
        const page = await crmTaskProgress(ctx, { ...body, pageCurrent, pageSize });
        if (page.list.length) yield page.list;
        if (page.list.length < pageSize) return;
      }
    },
  });
}

/** `crmTaskRemind`: messages every assigned member not done now; answers how many. */
export async function crmTaskRemind(ctx: AuthContext, id: string): Promise<{ reminded: number }> {
  const eid = ctx.tenant.id;
  return ctx.db.transaction(async (tx) => {
    const s = scoped(tx, eid);
    const task = await s.taskAuthoring.task(id);
    if (!task) throw notFound();
    const members = await s.taskAuthoring.unfinished(id);
    if (members.length === 0) throw new ApiError(Code.INVALID, 'taskAdmin.remindNobody');
    await taskNotices.enqueue(tx, { taskId: id, memberIds: members, kind: 'reminder' }, { enterpriseId: eid });
    await recordAudit(s, ctx.member, [{ action: 'remind', objectType: 'task', objectId: id, objectLabel: task.nameZh }]);
    return { reminded: members.length };
  });
}

/**
 * Assigns members who joined the company, or moved department or post, the running tasks open
 * to those who join later whose audience takes them in, with their exam tasks and a message.
 * Call it in the transaction that adds or moves them.
 */
export async function assignJoiningMembers(db: Db, eid: string, memberIds: string[]): Promise<void> {
  const t = scoped(db, eid).taskAuthoring;
  const added = await t.assignJoining(memberIds);
  for (const [taskId, members] of added) {
    await t.ensureExamTasks(taskId, members);
    await taskNotices.enqueue(db, { taskId, memberIds: members, kind: 'assigned' }, { enterpriseId: eid });
  }
}
