/**
 * Study tasks in the back office (administrators): made with courses and an exam for departments
 * (with those under them), a post and a member; assigned with an exam task each and a message;
 * seen by those members only, as a seeded task is; followed member by member with filters and
 * exported; reminded now and at the chosen lead before the end, once; narrowed (members no longer
 * named lose it, with their untaken exam tasks); given to a member who joins later; deleted.
 * Every change is audited; refusals are in the caller's language.
 */
import ExcelJS from 'exceljs';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Code } from '@/api/codes';
import type { CrmMember } from '@/api/crm-people-types';
import type { CrmTaskDetail, CrmTaskProgressPage, CrmTaskRow, CrmTaskSaved } from '@/api/crm-task-types';
import type { DownloadUrl, ExportRecord, ExportStarted, StudyTaskDetail, StudyTaskItem } from '@/api/learning-types';
import type { PageResult } from '@/api/types';
import { createTestApp, type TestGateway } from '../../testing';
import { settledExports } from '../data/exports';
import { auditOf, rowsOf } from '../site/test-support';

let gw: TestGateway;
let admin: string;
/** 张伟 (研发中心 · 前端开发部), 王磊 (人力资源部), 陈静 (市场部). */
let zhang: string;
let wang: string;
let eid: string;
const ids: Record<string, string> = {};

async function ok<T>(name: Parameters<TestGateway['call']>[0], token: string, options: { body?: unknown; query?: Record<string, string> } = {}): Promise<T> {
  const { body } = await gw.call<T>(name, { token, ...options });
  if (body.code !== Code.OK) throw new Error(`${name}: ${body.code} ${body.msg}`);
  return body.data;
}
const one = async (query: ReturnType<typeof sql>) => (await rowsOf<{ v: string }>(gw, query))[0]!.v;
const days = (n: number) => new Date(Date.now() + n * 86_400_000).toISOString();
const messagesOf = (memberId: string, like: string) =>
  rowsOf<{ title: string }>(gw, sql`select title_zh as title from announcements where kind = 2 and recipient_id = ${memberId} and title_zh like ${like}`);

beforeAll(async () => {
  gw = await createTestApp();
  admin = await gw.login('E1004');
  zhang = await gw.login('E1001');
  wang = await gw.login('E1003');
  eid = await one(sql`select enterprise_id as v from enterprise_users where emp_no = 'E1004' limit 1`);
  for (const empNo of ['E1001', 'E1003', 'E1004', 'E1005']) ids[empNo] = await one(sql`select id as v from enterprise_users where enterprise_id = ${eid} and emp_no = ${empNo}`);
  ids.course = await one(sql`select id as v from courses where enterprise_id = ${eid} and status = 1 and audience = 0 order by name_zh limit 1`);
  ids.course2 = await one(sql`select id as v from courses where enterprise_id = ${eid} and status = 1 and audience = 0 order by name_zh desc limit 1`);
  ids.exam = await one(sql`select id as v from exams where enterprise_id = ${eid} order by name_zh limit 1`);
});
afterAll(async () => {
  await gw?.close();
});

const task = (overrides: Record<string, unknown> = {}) => ({
  nameZh: '研发中心季度学习任务',
  nameEn: 'R&D quarterly study task',
  introZh: '本季度必修内容',
  taskType: 1,
  startAt: days(-1),
  endAt: days(10),
  items: [
    { kind: 'course', id: ids.course, required: true },
    { kind: 'course', id: ids.course2, required: false },
    { kind: 'exam', id: ids.exam, required: true },
  ],
  audience: 1,
  departmentIds: ['D100'],
  postIds: ['P411'],
  memberIds: [ids.E1005],
  joinLater: true,
  remindDays: 2,
  ...overrides,
});

/** Enabled members of 研发中心 (D100 and the departments under it), 系统管理员 (P411) or 陈静. */
const expectedMembers = () =>
  rowsOf<{ id: string }>(
    gw,
    sql`select id from enterprise_users where enterprise_id = ${eid} and status = 1
      and (department_id in (select id from departments where enterprise_id = ${eid} and (id = 'D100' or parent_id = 'D100')) or post_id = 'P411' or emp_no = 'E1005')`,
  );

describe('a study task made in the back office', () => {
  let saved: CrmTaskSaved;

  it('refuses bad input in the caller’s language, and non-administrators', async () => {
    const empty = await gw.call('crmTaskSave', { token: admin, lang: 'en', body: task({ items: [] }) });
    expect([empty.body.code, empty.body.msg]).toEqual([Code.INVALID, 'The field items must be at least 1']);
    const backwards = await gw.call('crmTaskSave', { token: admin, body: task({ startAt: days(3), endAt: days(1) }) });
    expect(backwards.body.code).toBe(Code.INVALID);
    const nobody = await gw.call('crmTaskSave', { token: admin, body: task({ departmentIds: [], postIds: [], memberIds: [] }) });
    expect(nobody.body.code).toBe(Code.INVALID);
    const past = await gw.call('crmTaskSave', { token: admin, lang: 'en', body: task({ endAt: days(1), remindDays: 3 }) });
    expect([past.body.code, past.body.msg]).toEqual([Code.INVALID, expect.stringContaining('in the past')]);
    const theirs = await one(sql`select id as v from courses where enterprise_id <> ${eid} limit 1`);
    const foreign = await gw.call('crmTaskSave', { token: admin, body: task({ items: [{ kind: 'course', id: theirs, required: true }] }) });
    expect([foreign.body.code, foreign.body.msg]).toEqual([Code.INVALID, '所选课程或考试中有不属于本企业的']);
    const elsewhere = await gw.call('crmTaskSave', { token: admin, body: task({ departmentIds: ['Q210'] }) });
    expect(elsewhere.body.code).toBe(Code.INVALID);
    expect((await gw.call('crmTaskPage', { token: zhang, body: {} })).body.code).toBe(Code.FORBIDDEN);
    expect((await gw.call('crmTaskSave', { token: zhang, body: task() })).body.code).toBe(Code.FORBIDDEN);
  });

  it('is assigned to the members of the chosen departments, post and member, each with the exam and a message', async () => {
    saved = await ok<CrmTaskSaved>('crmTaskSave', admin, { body: task() });
    const expected = await expectedMembers();
    expect(expected.map((m) => m.id)).toEqual(expect.arrayContaining([ids.E1001, ids.E1004, ids.E1005]));
    expect(expected.map((m) => m.id)).not.toContain(ids.E1003);
    expect(saved.assigned).toBe(expected.length);
    expect(saved.task).toMatchObject({
      nameZh: '研发中心季度学习任务',
      state: 2,
      audience: 1,
      joinLater: true,
      remindDays: 2,
      itemCount: 3,
      memberCount: expected.length,
      departments: [{ id: 'D100', name: '研发中心' }],
      posts: [{ id: 'P411', name: '系统管理员' }],
      members: [{ id: ids.E1005, userName: '陈静' }],
    });
    expect(saved.task.items.map((i) => [i.kind, i.id, i.required])).toEqual([
      ['course', ids.course, true],
      ['course', ids.course2, false],
      ['exam', ids.exam, true],
    ]);
    const examTasks = await rowsOf<{ n: number }>(gw, sql`select count(*)::int as n from exam_tasks t join study_task_items i on i.id = t.item_id where i.task_id = ${saved.task.id}`);
    expect(examTasks[0]!.n).toBe(expected.length);

    // The learners in it see it as a seeded task; the others do not.
    const list = await ok<PageResult<StudyTaskItem>>('studyTaskPage', zhang, { body: { keyword: '研发中心季度' } });
    expect(list.list.map((t) => t.id)).toEqual([saved.task.id]);
    const view = await ok<StudyTaskDetail>('studyTaskView', zhang, { query: { id: saved.task.id } });
    expect(view.courses.map((c) => c.id)).toEqual([ids.course, ids.course2]);
    expect(view.exams).toEqual([expect.objectContaining({ examId: ids.exam, taskId: expect.any(String), status: 0 })]);
    expect((await gw.call('studyTaskView', { token: wang, query: { id: saved.task.id } })).body.code).not.toBe(Code.OK);

    // The message comes from a job.
    expect(await messagesOf(ids.E1001!, '您有新的学习任务%')).toEqual([]);
    await gw.jobs.runDue();
    expect(await messagesOf(ids.E1001!, '您有新的学习任务《研发中心季度学习任务》')).toHaveLength(1);
    expect(await messagesOf(ids.E1003!, '您有新的学习任务%')).toEqual([]);

    const page = await ok<PageResult<CrmTaskRow>>('crmTaskPage', admin, { body: { keyword: '研发中心季度' } });
    expect(page.list).toEqual([expect.objectContaining({ id: saved.task.id, memberCount: expected.length, itemCount: 3 })]);
    expect((await auditOf(gw, admin, 'task'))[0]).toMatchObject({ action: 'create', objectId: saved.task.id });
  });

  it('shows each assigned member’s progress with filters, and exports it', async () => {
    const all = await ok<CrmTaskProgressPage>('crmTaskProgress', admin, { body: { id: saved.task.id, pageSize: 100 } });
    expect(all.counts.total).toBe(saved.assigned);
    expect(all.counts.notStarted + all.counts.learning + all.counts.completed).toBe(saved.assigned);
    expect(all.list).toHaveLength(saved.assigned);
    // 张伟's numbers are those of his own task page.
    const mine = await ok<StudyTaskDetail>('studyTaskView', zhang, { query: { id: saved.task.id } });
    const his = all.list.find((r) => r.memberId === ids.E1001)!;
    expect([his.progress, his.learningStatus]).toEqual([mine.studyProgress, mine.learningStatus]);
    expect(his.requiredCount).toBe(2);

    const found = await ok<CrmTaskProgressPage>('crmTaskProgress', admin, { body: { id: saved.task.id, keyword: '张伟' } });
    expect(found.list.map((r) => r.userName)).toEqual(['张伟']);
    const front = await ok<CrmTaskProgressPage>('crmTaskProgress', admin, { body: { id: saved.task.id, departmentId: 'D110', pageSize: 100 } });
    expect(front.list.length).toBeGreaterThan(0);
    expect(new Set(front.list.map((r) => r.departmentName))).toEqual(new Set(['前端开发部']));
    const status = his.learningStatus;
    const same = await ok<CrmTaskProgressPage>('crmTaskProgress', admin, { body: { id: saved.task.id, learningStatus: status, pageSize: 100 } });
    expect(same.list.every((r) => r.learningStatus === status)).toBe(true);
    expect(same.totalCount).toBe([all.counts.notStarted, all.counts.learning, all.counts.completed][status]);

    const started = await ok<ExportStarted>('crmTaskProgressExport', admin, { body: { id: saved.task.id, departmentId: 'D110' } });
    await settledExports();
    const records = await ok<PageResult<ExportRecord>>('exportRecordPage', admin, { body: {} });
    expect(records.list.find((r) => r.id === started.id)).toMatchObject({ exportStatus: 2 });
    const { url } = await ok<DownloadUrl>('exportRecordDownloadUrl', admin, { query: { id: started.id } });
    const file = await gw.app.request(`http://localhost${url}`);
    expect(file.status).toBe(200);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(await file.arrayBuffer());
    const sheet = book.worksheets[0]!;
    expect(sheet.getRow(1).getCell(1).value).toBe('姓名');
    expect(sheet.rowCount - 1).toBe(front.list.length);
  });

  it('reminds the members not done now, and once at the lead before the end', async () => {
    const { reminded } = await ok<{ reminded: number }>('crmTaskRemind', admin, { body: { id: saved.task.id } });
    const all = await ok<CrmTaskProgressPage>('crmTaskProgress', admin, { body: { id: saved.task.id, pageSize: 100 } });
    expect(reminded).toBe(all.counts.notStarted + all.counts.learning);
    await gw.jobs.runDue();
    expect(await messagesOf(ids.E1001!, '学习任务《研发中心季度学习任务》尚未完成')).toHaveLength(1);

    // The scheduled reminder: made due now, it runs once even when its job is run twice.
    const remindAt = await one(sql`select remind_at::text as v from study_tasks where id = ${saved.task.id}`);
    expect(new Date(remindAt).getTime()).toBeCloseTo(Date.parse(saved.task.endAt!) - 2 * 86_400_000, -3);
    await gw.database.db.execute(sql`update jobs set run_at = now() where kind = 'study.task-reminder' and status = 'queued'`);
    const payload = await one(sql`select payload::text as v from jobs where kind = 'study.task-reminder' order by created_at desc limit 1`);
    await gw.database.db.execute(sql`insert into jobs (kind, payload, enterprise_id, max_attempts) values ('study.task-reminder', ${payload}::jsonb, ${eid}, 1)`);
    await gw.jobs.runDue();
    await gw.jobs.runDue();
    expect(await messagesOf(ids.E1001!, '学习任务《研发中心季度学习任务》尚未完成')).toHaveLength(2);
    expect(await one(sql`select (reminded_at is not null)::text as v from study_tasks where id = ${saved.task.id}`)).toBe('true');
  });

  it('is given to a member who joins a chosen department later', async () => {
    const member = await ok<CrmMember>('crmMemberCreate', admin, {
      body: { userName: '新同事', empNo: 'N3001', phone: '13600003001', email: '', idCard: '', sex: '1', joiningTime: '2026-11-01', departmentId: 'D120', postId: 'P112', postLevel: '', userType: 1, isAdmin: false, dataSource: 0 },
    });
    const held = await rowsOf<{ n: number }>(gw, sql`select count(*)::int as n from study_task_members where task_id = ${saved.task.id} and enterprise_user_id = ${member.id}`);
    expect(held[0]!.n).toBe(1);
    const exam = await rowsOf<{ n: number }>(gw, sql`select count(*)::int as n from exam_tasks where enterprise_user_id = ${member.id} and exam_id = ${ids.exam}`);
    expect(exam[0]!.n).toBe(1);
    // Someone joining elsewhere is not.
    const other = await ok<CrmMember>('crmMemberCreate', admin, {
      body: { userName: '新销售', empNo: 'N3002', phone: '13600003002', email: '', idCard: '', sex: '1', joiningTime: '2026-11-01', departmentId: 'D520', postId: 'P521', postLevel: '', userType: 1, isAdmin: false, dataSource: 0 },
    });
    const none = await rowsOf<{ n: number }>(gw, sql`select count(*)::int as n from study_task_members where task_id = ${saved.task.id} and enterprise_user_id = ${other.id}`);
    expect(none[0]!.n).toBe(0);
  });

  it('when narrowed, is taken from members no longer named, with their untaken exam tasks', async () => {
    const narrowed = await ok<CrmTaskSaved>('crmTaskSave', admin, {
      body: task({ id: saved.task.id, startAt: saved.task.startAt, endAt: saved.task.endAt, departmentIds: [], postIds: [], memberIds: [ids.E1005], items: [{ kind: 'course', id: ids.course, required: true }] }),
    });
    expect(narrowed.task.memberCount).toBe(1);
    expect(narrowed.unassigned).toBeGreaterThan(0);
    expect(narrowed.task.items).toHaveLength(1);
    expect((await gw.call('studyTaskView', { token: zhang, query: { id: saved.task.id } })).body.code).not.toBe(Code.OK);
    const left = await rowsOf<{ n: number }>(gw, sql`select count(*)::int as n from exam_tasks where exam_id = ${ids.exam} and item_id is not null and item_id not in (select id from study_task_items)`);
    expect(left[0]!.n).toBe(0);
    const audit = (await auditOf(gw, admin, 'task')).find((a) => a.action === 'update')!;
    expect(audit.changes.map((c) => c.field).sort()).toEqual(['audienceIds', 'itemIds']);
  });

  it('is deleted with its assignments', async () => {
    expect((await gw.call('crmTaskDelete', { token: zhang, body: { id: saved.task.id } })).body.code).toBe(Code.FORBIDDEN);
    await ok('crmTaskDelete', admin, { body: { id: saved.task.id } });
    expect((await gw.call('crmTaskView', { token: admin, query: { id: saved.task.id } })).body.code).toBe(Code.NOT_FOUND);
    const held = await rowsOf<{ n: number }>(gw, sql`select count(*)::int as n from study_task_members where task_id = ${saved.task.id}`);
    expect(held[0]!.n).toBe(0);
    expect((await auditOf(gw, admin, 'task'))[0]).toMatchObject({ action: 'delete', objectLabel: '研发中心季度学习任务' });
  });

  it('keeps the members of a seeded task when it is opened and saved unchanged', async () => {
    const seeded = await one(sql`select id as v from study_tasks where enterprise_id = ${eid} order by created_at limit 1`);
    const before = (await rowsOf<{ id: string }>(gw, sql`select enterprise_user_id as id from study_task_members where task_id = ${seeded} order by 1`)).map((r) => r.id);
    const view = await ok<CrmTaskDetail>('crmTaskView', admin, { query: { id: seeded } });
    expect(view.audience).toBe(1);
    const again = await ok<CrmTaskSaved>('crmTaskSave', admin, {
      body: {
        id: seeded,
        nameZh: view.nameZh,
        nameEn: view.nameEn,
        introZh: view.introZh,
        introEn: view.introEn,
        cover: view.cover,
        taskType: view.taskType,
        startAt: view.startAt,
        endAt: view.endAt,
        items: view.items.map((i) => ({ kind: i.kind, id: i.id, required: i.required })),
        audience: view.audience,
        departmentIds: view.departments.map((d) => d.id),
        postIds: view.posts.map((p) => p.id),
        memberIds: view.members.map((m) => m.id),
        joinLater: view.joinLater,
        remindDays: view.remindDays,
      },
    });
    expect([again.assigned, again.unassigned]).toEqual([0, 0]);
    const after = (await rowsOf<{ id: string }>(gw, sql`select enterprise_user_id as id from study_task_members where task_id = ${seeded} order by 1`)).map((r) => r.id);
    expect(after).toEqual(before);
  });
});
