import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Code } from '@/api/codes';
import type { CourseItem, CourseUserRecord, ProjectItem } from '@/api/learning-types';
import type { PageResult } from '@/api/types';
import { COURSE_NOTE_MAX } from '@/lib/course-note';
import { courses } from '../../db/schema';
import { createTestApp, HOST_TWO, type TestGateway } from '../../testing';
import { projectId } from './test-support';

let gw: TestGateway;
let e1001: string;
let e1003: string;
let b2001: string;
let onboarding: string;
let communication: string;
let fireSafety: string;
let oldSafety: string;
let leanProduction: string;

async function courseIdOf(nameZh: string): Promise<string> {
  const [row] = await gw.database.db.select({ id: courses.id }).from(courses).where(eq(courses.nameZh, nameZh));
  if (!row) throw new Error(`no course ${nameZh}`);
  return row.id;
}

beforeAll(async () => {
  gw = await createTestApp();
  [e1001, e1003, b2001] = await Promise.all([
    gw.login('E1001'),
    gw.login('E1003'),
    gw.login('B2001', undefined, { host: HOST_TWO }),
  ]);
  [onboarding, communication, fireSafety, oldSafety, leanProduction] = await Promise.all(
    ['新员工入职培训', '高效沟通技巧', '消防安全知识', '旧版安全规范', '精益生产入门'].map(courseIdOf),
  );
});
afterAll(() => gw?.close());

const list = (token: string, query: Record<string, string>, host?: string) =>
  gw.call<CourseUserRecord[]>('courseUserRecordList', { token, query, host });

describe('course notes', () => {
  it('saves, lists newest first and edits the caller’s notes', async () => {
    const empty = await list(e1001, { courseId: communication });
    expect(empty.body.code).toBe(Code.OK);
    expect(empty.body.data).toEqual([]);

    const first = await gw.call<CourseUserRecord>('courseUserRecordSave', {
      token: e1001,
      body: { courseId: communication, content: ' 倾听比表达更重要 ' },
    });
    expect(first.body.data).toMatchObject({ courseId: communication, projectId: null, content: '倾听比表达更重要' });
    const second = await gw.call<CourseUserRecord>('courseUserRecordSave', {
      token: e1001,
      body: { courseId: communication, content: '<b>复述</b>对方的话' },
    });
    expect(second.body.code).toBe(Code.OK);

    const listed = await list(e1001, { courseId: communication });
    expect(listed.body.data.map((r) => r.content)).toEqual(['<b>复述</b>对方的话', '倾听比表达更重要']);
    expect(listed.body.data[1]).toEqual(first.body.data);

    const edited = await gw.call<CourseUserRecord>('courseUserRecordEdit', {
      token: e1001,
      body: { id: first.body.data.id, content: '倾听比表达更重要（补充：先确认再回应）' },
    });
    expect(edited.body.data).toMatchObject({ id: first.body.data.id, courseId: communication, content: '倾听比表达更重要（补充：先确认再回应）' });
    expect(Date.parse(edited.body.data.updatedAt)).toBeGreaterThanOrEqual(Date.parse(first.body.data.updatedAt));

    const after = await list(e1001, { courseId: communication });
    expect(after.body.data.map((r) => r.content)).toEqual(['<b>复述</b>对方的话', '倾听比表达更重要（补充：先确认再回应）']);
    // Another course's list holds none of them.
    expect((await list(e1001, { courseId: onboarding })).body.data.every((r) => r.courseId === onboarding)).toBe(true);
  });

  it('keeps notes of a project apart when the project is given', async () => {
    const bootCamp = await projectId(gw, e1001, '新员工训练营');
    const inProject = await gw.call<CourseUserRecord>('courseUserRecordSave', {
      token: e1001,
      body: { courseId: onboarding, projectId: bootCamp, content: '训练营第一阶段' },
    });
    expect(inProject.body.data.projectId).toBe(bootCamp);
    await gw.call('courseUserRecordSave', { token: e1001, body: { courseId: onboarding, content: '自学笔记' } });

    const ofProject = await list(e1001, { courseId: onboarding, projectId: bootCamp });
    expect(ofProject.body.data.map((r) => r.content)).toEqual(['训练营第一阶段']);
    const all = await list(e1001, { courseId: onboarding });
    expect(all.body.data.map((r) => r.content)).toEqual(['自学笔记', '训练营第一阶段']);
  });

  it('shows and edits only the caller’s own notes', async () => {
    const mine = await gw.call<CourseUserRecord>('courseUserRecordSave', {
      token: e1001,
      body: { courseId: fireSafety, content: '灭火器使用口诀' },
    });
    const id = mine.body.data.id;

    // Another member of the company: sees none of them and cannot edit one.
    expect((await list(e1003, { courseId: fireSafety })).body.data).toEqual([]);
    const other = await gw.call('courseUserRecordEdit', { token: e1003, body: { id, content: '改掉' } });
    expect(other.res.status).toBe(404);
    expect(other.body.msg).toBe('内容不存在或已删除');

    // Another company: the course is missing, the note is missing.
    const foreignList = await list(b2001, { courseId: fireSafety }, HOST_TWO);
    expect(foreignList.res.status).toBe(404);
    expect(foreignList.body.code).toBe(Code.NOT_FOUND);
    const foreignEdit = await gw.call('courseUserRecordEdit', { host: HOST_TWO, token: b2001, body: { id, content: '改掉' } });
    expect(foreignEdit.body.code).toBe(Code.NOT_FOUND);
    // Nor can a company-one member list a company-two course.
    expect((await list(e1001, { courseId: leanProduction })).body.code).toBe(Code.NOT_FOUND);

    expect((await list(e1001, { courseId: fireSafety })).body.data.map((r) => r.content)).toEqual(['灭火器使用口诀']);
  });

  it('refuses empty and over-long notes with the note’s messages in zh and en', async () => {
    const cases = [
      { content: '  \n ', zh: '笔记内容不能为空', en: 'The note cannot be empty' },
      {
        content: '记'.repeat(COURSE_NOTE_MAX + 1),
        zh: `笔记最多 ${COURSE_NOTE_MAX} 个字`,
        en: `A note can have at most ${COURSE_NOTE_MAX} characters`,
      },
      // Longer than any raw text bound: still the note's own limit.
      { content: '记'.repeat(20_000), zh: `笔记最多 ${COURSE_NOTE_MAX} 个字`, en: `A note can have at most ${COURSE_NOTE_MAX} characters` },
    ];
    const saved = await gw.call<CourseUserRecord>('courseUserRecordSave', {
      token: e1001,
      body: { courseId: oldSafety, content: '旧规范要点' },
    });
    expect(saved.body.code).toBe(Code.OK);
    for (const { content, zh, en } of cases) {
      for (const [lang, msg] of [['zh', zh], ['en', en]] as const) {
        const save = await gw.call('courseUserRecordSave', { token: e1001, lang, body: { courseId: oldSafety, content } });
        expect(save.res.status).toBe(422);
        expect(save.body).toMatchObject({ code: Code.INVALID, msg });
        const edit = await gw.call('courseUserRecordEdit', { token: e1001, lang, body: { id: saved.body.data.id, content } });
        expect(edit.body).toMatchObject({ code: Code.INVALID, msg });
      }
    }
    // The limit itself is accepted, and nothing refused was stored.
    const full = await gw.call('courseUserRecordEdit', {
      token: e1001,
      body: { id: saved.body.data.id, content: '记'.repeat(COURSE_NOTE_MAX) },
    });
    expect(full.body.code).toBe(Code.OK);
    const notes = (await list(e1001, { courseId: oldSafety })).body.data;
    expect(notes.map((r) => r.content.length)).toEqual([COURSE_NOTE_MAX]);
  });

  it('answers 422 for malformed ids, never 500', async () => {
    const calls = [
      list(e1001, { courseId: 'abc' }),
      gw.call('courseUserRecordList', { token: e1001 }),
      list(e1001, { courseId: onboarding, projectId: "' or 1=1 --" }),
      gw.call('courseUserRecordSave', { token: e1001, body: { courseId: '1', content: '笔记' } }),
      gw.call('courseUserRecordSave', { token: e1001, body: { courseId: onboarding, projectId: 'x', content: '笔记' } }),
      gw.call('courseUserRecordSave', { token: e1001, body: { courseId: onboarding, content: 42 } }),
      gw.call('courseUserRecordEdit', { token: e1001, body: { id: '../x', content: '笔记' } }),
    ];
    for (const { res, body } of await Promise.all(calls)) {
      expect(res.status).toBe(422);
      expect(body.code).toBe(Code.INVALID);
    }
  });

  it('needs a sign-in', async () => {
    const { body } = await gw.call('courseUserRecordList', { query: { courseId: onboarding } });
    expect(body.code).toBe(Code.UNAUTHORIZED);
  });
});

describe('relations of a course', () => {
  it('relates the published courses of the category and those under it, without the course itself', async () => {
    // 新员工入职培训 is in 通用能力, whose children are 沟通表达 and 办公效率.
    const { body } = await gw.call<PageResult<CourseItem>>('relationPage', {
      token: e1001,
      lang: 'zh',
      body: { courseId: onboarding, pageSize: 4 },
    });
    expect(body.code).toBe(Code.OK);
    expect(body.data.totalCount).toBe(4);
    expect(body.data.list.map((c) => c.name).sort()).toEqual(['Excel 高效办公', '时间管理', '职场写作规范', '高效沟通技巧'].sort());
    expect(body.data.list.map((c) => c.id)).not.toContain(onboarding);
  });

  it('leaves out removed courses', async () => {
    const { body } = await gw.call<PageResult<CourseItem>>('relationPage', { token: e1001, body: { courseId: fireSafety } });
    expect(body.data.list.map((c) => c.name)).toEqual(['用电安全']);
    expect(body.data.list.map((c) => c.id)).not.toContain(oldSafety);
    // The removed course itself still has its relations.
    const ofRemoved = await gw.call<PageResult<CourseItem>>('relationPage', { token: e1001, body: { courseId: oldSafety } });
    expect(ofRemoved.body.data.list.map((c) => c.name).sort()).toEqual(['消防安全知识', '用电安全'].sort());
  });

  it('lists the projects that hold the course', async () => {
    const { body } = await gw.call<PageResult<ProjectItem>>('relationProjectPage', {
      token: e1001,
      lang: 'en',
      body: { courseId: onboarding },
    });
    expect(body.code).toBe(Code.OK);
    expect(body.data.list.map((p) => p.name)).toContain('New-hire boot camp');
    const none = await gw.call<PageResult<ProjectItem>>('relationProjectPage', { token: e1001, body: { courseId: fireSafety } });
    expect(none.body.data.list.map((p) => p.name)).not.toContain('新员工训练营');
    const foreign = await gw.call('relationProjectPage', { host: HOST_TWO, token: b2001, body: { courseId: onboarding } });
    expect(foreign.body.code).toBe(Code.NOT_FOUND);
  });
});
