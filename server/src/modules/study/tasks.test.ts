import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Code } from '@/api/codes';
import type {
  Comment,
  CourseUserRecord,
  MarkResult,
  ProjectCourse,
  StudyTaskCount,
  StudyTaskDetail,
  StudyTaskItem,
} from '@/api/learning-types';
import type { PageResult } from '@/api/types';
import { eq } from 'drizzle-orm';
import { enterpriseUsers, studyTaskItems, studyTaskMembers, studyTasks } from '../../db/schema';
import { createTestApp, type TestGateway } from '../../testing';
import { taskAccess } from './access';
import { taskId } from './test-support';

let gw: TestGateway;
let e1001: string;
let newHireTask: string;
beforeAll(async () => {
  gw = await createTestApp();
  e1001 = await gw.login('E1001');
  newHireTask = await taskId(gw, e1001, '2026 新员工学习任务');
});
afterAll(() => gw?.close());

describe('study tasks', () => {
  it('lists only the caller’s tasks, with filters and counts', async () => {
    const { body } = await gw.call<PageResult<StudyTaskItem>>('studyTaskPage', { token: e1001, lang: 'en' });
    expect(body.data).toMatchObject({ pageCurrent: 1, pageSize: 10, totalCount: 2, totalPage: 1 });
    expect(body.data.list.map((t) => [t.name, t.taskType, t.expired])).toEqual([
      ['Quarterly safety exam task', 2, false],
      ['2026 new-hire learning task', 1, false],
    ]);
    const learning = await gw.call<PageResult<StudyTaskItem>>('studyTaskPage', { token: e1001, body: { taskType: 1 } });
    expect(learning.body.data.list.map((t) => t.id)).toEqual([newHireTask]);
    const keyword = await gw.call<PageResult<StudyTaskItem>>('studyTaskPage', { token: e1001, body: { keyword: '考试' } });
    expect(keyword.body.data.totalCount).toBe(1);
    const paged = await gw.call<PageResult<StudyTaskItem>>('studyTaskPage', { token: e1001, body: { pageSize: 1, pageCurrent: 2 } });
    expect(paged.body.data).toMatchObject({ totalCount: 2, totalPage: 2 });
    expect(paged.body.data.list.map((t) => t.id)).toEqual([newHireTask]);

    const count = await gw.call<StudyTaskCount>('studyTaskCount', { token: e1001 });
    const c = count.body.data;
    expect(c.total).toBe(2);
    expect(c.notStarted + c.learning + c.completed).toBe(2);
    for (const status of [0, 1, 2] as const) {
      const page = await gw.call<PageResult<StudyTaskItem>>('studyTaskPage', { token: e1001, body: { learningStatus: status } });
      expect(page.body.data.totalCount).toBe([c.notStarted, c.learning, c.completed][status]);
      expect(page.body.data.list.every((t) => t.learningStatus === status)).toBe(true);
    }

    const e1002 = await gw.login('E1002');
    const none = await gw.call<PageResult<StudyTaskItem>>('studyTaskPage', { token: e1002 });
    expect(none.body.data).toMatchObject({ list: [], totalCount: 0, totalPage: 0 });
  });

  it('shows a task with its required and elective courses and its exam', async () => {
    const { body } = await gw.call<StudyTaskDetail>('studyTaskView', { token: e1001, lang: 'en', query: { id: newHireTask } });
    expect(body.code).toBe(Code.OK);
    expect(body.data.courses.map((c) => [c.name, c.required])).toEqual([
      ['New employee onboarding', true],
      ['Effective communication', false],
    ]);
    expect(body.data.courseCount).toBe(2);
    expect(body.data).toMatchObject({ rating: 0, myRating: 0, collected: false, exams: [] });

    const exam = await taskId(gw, e1001, '季度安全考试任务');
    const examView = await gw.call<StudyTaskDetail>('studyTaskView', { token: e1001, lang: 'en', query: { id: exam } });
    // The member's exam task of that exam (E1001 passed the onboarding exam in the demo data).
    const [onboarding] = examView.body.data.exams;
    expect(onboarding).toMatchObject({ name: 'Onboarding exam', status: 1 });
    expect(onboarding!.taskId).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('keeps a task private to its members', async () => {
    const e1002 = await gw.login('E1002');
    const view = await gw.call('studyTaskView', { token: e1002, query: { id: newHireTask } });
    expect(view.res.status).toBe(404);
    expect(view.body.code).toBe(Code.NOT_FOUND);
    const comments = await gw.call('studyTaskCommentPage', { token: e1002, body: { targetId: newHireTask } });
    expect(comments.body.code).toBe(Code.NOT_FOUND);
    const mark = await gw.call('studyTaskMarkSave', { token: e1002, body: { targetId: newHireTask, score: 5 } });
    expect(mark.body.code).toBe(Code.NOT_FOUND);
    const collect = await gw.call('studyCollectionSave', { token: e1002, body: { targetType: 'task', targetId: newHireTask } });
    expect(collect.body.code).toBe(Code.NOT_FOUND);
  });

  it('rates a task from 1 to 5 and collects it', async () => {
    const saved = await gw.call<MarkResult>('studyTaskMarkSave', { token: e1001, body: { targetId: newHireTask, score: 4 } });
    expect(saved.body.data).toEqual({ rating: 4, ratingCount: 1, myRating: 4 });
    const e1003 = await gw.login('E1003');
    const other = await gw.call<MarkResult>('studyTaskMarkSave', { token: e1003, body: { targetId: newHireTask, score: 5 } });
    expect(other.body.data).toEqual({ rating: 4.5, ratingCount: 2, myRating: 5 });
    const again = await gw.call<MarkResult>('studyTaskMarkSave', { token: e1001, body: { targetId: newHireTask, score: 1 } });
    expect(again.body.data).toEqual({ rating: 3, ratingCount: 2, myRating: 1 });
    for (const score of [0, 6, 2.5]) {
      const bad = await gw.call('studyTaskMarkSave', { token: e1001, lang: 'en', body: { targetId: newHireTask, score } });
      expect(bad.body.code).toBe(Code.INVALID);
      expect(bad.body.msg).toBe('A course rating must be from 1 to 5');
    }

    await gw.call('studyCollectionSave', { token: e1001, body: { targetType: 'task', targetId: newHireTask } });
    await gw.call('studyCollectionSave', { token: e1001, body: { targetType: 'task', targetId: newHireTask } });
    let view = await gw.call<StudyTaskDetail>('studyTaskView', { token: e1001, query: { id: newHireTask } });
    expect(view.body.data.collected).toBe(true);
    await gw.call('studyCollectionDelete', { token: e1001, body: { targetType: 'task', targetId: newHireTask } });
    view = await gw.call<StudyTaskDetail>('studyTaskView', { token: e1001, query: { id: newHireTask } });
    expect(view.body.data.collected).toBe(false);
  });
});

describe('task access', () => {
  it('refuses a task past its end that the member has not completed', async () => {
    const db = gw.database.db;
    const [member] = await db.select().from(enterpriseUsers).where(eq(enterpriseUsers.empNo, 'E1001'));
    const { body } = await gw.call<StudyTaskDetail>('studyTaskView', { token: e1001, query: { id: newHireTask } });
    const [task] = await db
      .insert(studyTasks)
      .values({
        enterpriseId: member!.enterpriseId,
        nameZh: '过期任务',
        nameEn: 'Expired task',
        startAt: new Date(Date.now() - 20 * 86_400_000),
        endAt: new Date(Date.now() - 86_400_000),
      })
      .returning();
    await db.insert(studyTaskItems).values({ enterpriseId: member!.enterpriseId, taskId: task!.id, courseId: body.data.courses[0]!.id });
    await db.insert(studyTaskMembers).values({ enterpriseId: member!.enterpriseId, taskId: task!.id, enterpriseUserId: member!.id });

    const access = await taskAccess(db, member!.enterpriseId, member!.id, task!.id);
    expect(access).toMatchObject({ canStudy: false, messageKey: 'learning.timeExpired' });
    const page = await gw.call<PageResult<StudyTaskItem>>('studyTaskPage', { token: e1001, body: { keyword: '过期' } });
    expect(page.body.data.list.map((t) => t.expired)).toEqual([true]);
    expect((await taskAccess(db, member!.enterpriseId, member!.id, newHireTask)).canStudy).toBe(true);
    await db.delete(studyTasks).where(eq(studyTasks.id, task!.id));
  });
});

describe('comments on tasks and projects', () => {
  it('pages comments, trims them and lets only the author delete one', async () => {
    const e1003 = await gw.login('E1003');
    const saved = await gw.call<Comment>('studyTaskCommentSave', {
      token: e1001,
      body: { targetId: newHireTask, content: '  很有帮助  ' },
    });
    expect(saved.body.data).toMatchObject({ content: '很有帮助', userName: '张伟', mine: true });

    const seen = await gw.call<PageResult<Comment>>('studyTaskCommentPage', { token: e1003, body: { targetId: newHireTask } });
    expect(seen.body.data.totalCount).toBe(1);
    expect(seen.body.data.list[0]).toMatchObject({ id: saved.body.data.id, mine: false });

    const notMine = await gw.call('studyTaskCommentDelete', { token: e1003, body: { id: saved.body.data.id } });
    expect(notMine.body.code).toBe(Code.FORBIDDEN);
    const mine = await gw.call('studyTaskCommentDelete', { token: e1001, body: { id: saved.body.data.id } });
    expect(mine.body.code).toBe(Code.OK);
    const gone = await gw.call('studyTaskCommentDelete', { token: e1001, body: { id: saved.body.data.id } });
    expect(gone.body.code).toBe(Code.NOT_FOUND);

    const empty = await gw.call('studyTaskCommentSave', { token: e1001, lang: 'en', body: { targetId: newHireTask, content: '   ' } });
    expect(empty.body).toMatchObject({ code: Code.INVALID, msg: 'The comment cannot be empty' });
    const long = await gw.call('studyTaskCommentSave', { token: e1001, body: { targetId: newHireTask, content: 'a'.repeat(501) } });
    expect(long.body.code).toBe(Code.INVALID);
    const max = await gw.call('studyTaskCommentSave', { token: e1001, body: { targetId: newHireTask, content: 'a'.repeat(500) } });
    expect(max.body.code).toBe(Code.OK);
  });

  it('comments on a project with targetType project, paged newest first', async () => {
    const project = (await gw.call<PageResult<{ id: string }>>('projectPage', { token: e1001 })).body.data.list[0]!.id;
    for (const content of ['一', '二', '三']) {
      const { body } = await gw.call('studyTaskCommentSave', { token: e1001, body: { targetId: project, targetType: 'project', content } });
      expect(body.code).toBe(Code.OK);
    }
    const e1006 = await gw.login('E1006');
    const page = await gw.call<PageResult<Comment>>('studyTaskCommentPage', {
      token: e1006,
      body: { targetId: project, targetType: 'project', pageSize: 2 },
    });
    expect(page.body.data).toMatchObject({ totalCount: 3, totalPage: 2 });
    expect(page.body.data.list.map((c) => c.content)).toEqual(['三', '二']);
    // The task's comments are not the project's.
    const ofTask = await gw.call<PageResult<Comment>>('studyTaskCommentPage', { token: e1001, body: { targetId: newHireTask } });
    expect(ofTask.body.data.list.map((c) => c.content)).toEqual(['a'.repeat(500)]);
  });
});

describe('course user records', () => {
  it('saves a note and lets only its author edit it', async () => {
    const { body: detail } = await gw.call<StudyTaskDetail>('studyTaskView', { token: e1001, query: { id: newHireTask } });
    const courseId = detail.data.courses[0]!.id;
    const saved = await gw.call<CourseUserRecord>('courseUserRecordSave', { token: e1001, body: { courseId, content: ' 第一章要点 ' } });
    expect(saved.body.data).toMatchObject({ courseId, projectId: null, content: '第一章要点' });
    const edited = await gw.call<CourseUserRecord>('courseUserRecordEdit', {
      token: e1001,
      body: { id: saved.body.data.id, content: '第一章要点（补充）' },
    });
    expect(edited.body.data).toMatchObject({ id: saved.body.data.id, content: '第一章要点（补充）' });

    const e1003 = await gw.login('E1003');
    const other = await gw.call('courseUserRecordEdit', { token: e1003, body: { id: saved.body.data.id, content: 'x' } });
    expect(other.body.code).toBe(Code.NOT_FOUND);
    const empty = await gw.call('courseUserRecordSave', { token: e1001, body: { courseId, content: ' ' } });
    expect(empty.body.code).toBe(Code.INVALID);
    const missing = await gw.call('courseUserRecordSave', {
      token: e1001,
      body: { courseId: '00000000-0000-4000-8000-000000000000', content: 'x' },
    });
    expect(missing.body.code).toBe(Code.NOT_FOUND);
  });

  it('answers 422 for malformed ids', async () => {
    const calls = [
      gw.call('studyTaskView', { token: e1001, query: { id: 'abc' } }),
      gw.call('studyTaskMarkSave', { token: e1001, body: { targetId: 'abc', score: 3 } }),
      gw.call('studyTaskCommentPage', { token: e1001, body: { targetId: '1' } }),
      gw.call('studyTaskCommentDelete', { token: e1001, body: { id: 'x' } }),
      gw.call('studyCollectionSave', { token: e1001, body: { targetType: 'task', targetId: 'x' } }),
      gw.call('studyCollectionSave', { token: e1001, body: { targetType: 'lesson', targetId: newHireTask } }),
      gw.call('courseUserRecordSave', { token: e1001, body: { courseId: 'x', content: 'a' } }),
      gw.call('studyTaskPage', { token: e1001, body: { learningStatus: 7 } }),
    ];
    for (const { res, body } of await Promise.all(calls)) {
      expect(res.status).toBe(422);
      expect(body.code).toBe(Code.INVALID);
    }
  });
});

describe('tenant isolation', () => {
  it('answers not found to a company-two member for every company-one task, project, phase, comment and record', async () => {
    const host = '127.0.0.1';
    const b2001 = await gw.login('B2001', undefined, { host });
    const bootCamp = (
      await gw.call<PageResult<{ id: string; name: string }>>('projectPage', { token: e1001, body: { pageSize: 100 } })
    ).body.data.list.find((p) => p.name === '新员工训练营')!.id;
    const view = (await gw.call<{ phases: { id: string }[] }>('projectView', { token: e1001, query: { id: bootCamp } })).body.data;
    const phase = view.phases[0]!.id;
    const course = (await gw.call<ProjectCourse[]>('projectStudyCourse', { token: e1001, query: { id: bootCamp } })).body.data[0]!.id;
    const comment = (
      await gw.call<Comment>('studyTaskCommentSave', { token: e1001, body: { targetId: bootCamp, targetType: 'project', content: '好' } })
    ).body.data.id;
    const record = (
      await gw.call<CourseUserRecord>('courseUserRecordSave', { token: e1001, body: { courseId: course, content: '笔记' } })
    ).body.data.id;

    const calls = {
      studyTaskView: gw.call('studyTaskView', { host, token: b2001, query: { id: newHireTask } }),
      studyTaskMarkSave: gw.call('studyTaskMarkSave', { host, token: b2001, body: { targetId: newHireTask, score: 5 } }),
      taskComments: gw.call('studyTaskCommentPage', { host, token: b2001, body: { targetId: newHireTask } }),
      taskComment: gw.call('studyTaskCommentSave', { host, token: b2001, body: { targetId: newHireTask, content: 'x' } }),
      projectComments: gw.call('studyTaskCommentPage', { host, token: b2001, body: { targetId: bootCamp, targetType: 'project' } }),
      projectComment: gw.call('studyTaskCommentSave', {
        host,
        token: b2001,
        body: { targetId: bootCamp, targetType: 'project', content: 'x' },
      }),
      commentDelete: gw.call('studyTaskCommentDelete', { host, token: b2001, body: { id: comment } }),
      collectTask: gw.call('studyCollectionSave', { host, token: b2001, body: { targetType: 'task', targetId: newHireTask } }),
      collectProject: gw.call('studyCollectionSave', { host, token: b2001, body: { targetType: 'project', targetId: bootCamp } }),
      projectView: gw.call('projectView', { host, token: b2001, query: { id: bootCamp } }),
      projectApply: gw.call('projectApply', { host, token: b2001, body: { projectId: bootCamp } }),
      projectStudyCourse: gw.call('projectStudyCourse', { host, token: b2001, query: { id: bootCamp } }),
      projectStudyElectiveCourse: gw.call('projectStudyElectiveCourse', { host, token: b2001, query: { id: bootCamp } }),
      projectAdmire: gw.call('projectAdmire', { host, token: b2001, body: { projectId: bootCamp } }),
      projectLecturerPage: gw.call('projectLecturerPage', { host, token: b2001, body: { projectId: bootCamp } }),
      projectMemberPage: gw.call('projectMemberPage', { host, token: b2001, body: { projectId: bootCamp } }),
      projectApprove: gw.call('projectApprove', {
        host,
        token: b2001,
        body: { projectId: bootCamp, userId: '00000000-0000-4000-8000-000000000000', approve: true },
      }),
      projectPhaseContent: gw.call('projectPhaseContent', { host, token: b2001, query: { id: phase } }),
      relationByCourse: gw.call('relationPage', { host, token: b2001, body: { courseId: course } }),
      relationByProject: gw.call('relationPage', { host, token: b2001, body: { projectId: bootCamp } }),
      relationProjectPage: gw.call('relationProjectPage', { host, token: b2001, body: { courseId: course } }),
      recordSave: gw.call('courseUserRecordSave', { host, token: b2001, body: { courseId: course, content: 'x' } }),
      recordEdit: gw.call('courseUserRecordEdit', { host, token: b2001, body: { id: record, content: 'x' } }),
    };
    for (const [name, call] of Object.entries(calls)) {
      const { res, body } = await call;
      expect(res.status, name).toBe(404);
      expect(body.msg, name).toBe('内容不存在或已删除');
    }

    // Company two's own lists hold nothing of company one.
    const tasks = await gw.call<PageResult<StudyTaskItem>>('studyTaskPage', { host, token: b2001 });
    expect(tasks.body.data.totalCount).toBe(0);
    const projects = await gw.call<PageResult<{ name: string }>>('projectPage', { host, token: b2001 });
    expect(projects.body.data.list.map((p) => p.name)).toEqual(['班组长培训']);
    const comments = await gw.call<PageResult<Comment>>('studyTaskCommentPage', {
      token: e1001,
      body: { targetId: bootCamp, targetType: 'project' },
    });
    expect(comments.body.data.list[0]!.content).toBe('好');
    expect(comments.body.data.list.every((c) => c.mine)).toBe(true);
  });

  it('answers not found to a company-one member for company-two projects and courses', async () => {
    const host = '127.0.0.1';
    const b2001 = await gw.login('B2001', undefined, { host });
    const teamLeader = (await gw.call<PageResult<{ id: string }>>('projectPage', { host, token: b2001 })).body.data.list[0]!.id;
    const course = (await gw.call<ProjectCourse[]>('projectStudyCourse', { host, token: b2001, query: { id: teamLeader } })).body
      .data[0]!.id;
    const comment = (
      await gw.call<Comment>('studyTaskCommentSave', {
        host,
        token: b2001,
        body: { targetId: teamLeader, targetType: 'project', content: '好' },
      })
    ).body.data.id;
    const record = (
      await gw.call<CourseUserRecord>('courseUserRecordSave', { host, token: b2001, body: { courseId: course, content: '笔记' } })
    ).body.data.id;

    const calls = {
      projectView: gw.call('projectView', { token: e1001, query: { id: teamLeader } }),
      projectApply: gw.call('projectApply', { token: e1001, body: { projectId: teamLeader } }),
      projectComments: gw.call('studyTaskCommentPage', { token: e1001, body: { targetId: teamLeader, targetType: 'project' } }),
      commentDelete: gw.call('studyTaskCommentDelete', { token: e1001, body: { id: comment } }),
      collect: gw.call('studyCollectionSave', { token: e1001, body: { targetType: 'project', targetId: teamLeader } }),
      relation: gw.call('relationPage', { token: e1001, body: { courseId: course } }),
      relationProjectPage: gw.call('relationProjectPage', { token: e1001, body: { courseId: course } }),
      recordSave: gw.call('courseUserRecordSave', { token: e1001, body: { courseId: course, content: 'x' } }),
      recordWithProject: gw.call('courseUserRecordSave', {
        token: e1001,
        body: { courseId: (await gw.call<StudyTaskDetail>('studyTaskView', { token: e1001, query: { id: newHireTask } })).body.data.courses[0]!.id, projectId: teamLeader, content: 'x' },
      }),
      recordEdit: gw.call('courseUserRecordEdit', { token: e1001, body: { id: record, content: 'x' } }),
      memberPage: gw.call('projectMemberPage', { token: await gw.login('E1004'), body: { projectId: teamLeader } }),
    };
    for (const [name, call] of Object.entries(calls)) {
      const { res } = await call;
      expect(res.status, name).toBe(404);
    }
  });
});
