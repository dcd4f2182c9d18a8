import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Code } from '@/api/codes';
import type { CourseProgressInfo } from '@/api/learning-types';
import type { PeriodLearnerPage, PeriodRecordSaveResult, PeriodRecordView, ResearchView } from '@/api/period-types';
import { courses } from '../../db/schema';
import { createTestApp, HOST_TWO, type TestGateway } from '../../testing';
import { fetchRow } from '../course/test-support';
import { idOf, periodOf, storedProgress, viewer, type Viewer } from '../player/test-support';
import { SURVEY_ANSWERS, submitSurvey } from './test-support';

/**
 * What one more completed period adds to 新员工入职培训's progress: its 15 periods all count, and
 * the course shows the floor of their mean, so 6 or 7 points.
 */
const oneMorePeriod = [Math.floor(100 / 15), Math.ceil(100 / 15)];

let gw: TestGateway;
let onboarding: string;
let survey: string;
let drill: string;
let practice: string;

beforeAll(async () => {
  gw = await createTestApp();
  onboarding = await idOf(gw, courses, 'New employee onboarding');
  survey = await periodOf(gw, onboarding, 'New-hire survey');
  drill = await periodOf(gw, onboarding, 'Fire drill');
  practice = await periodOf(gw, onboarding, 'Equipment practice');
});
afterAll(() => gw?.close());

const progressOf = async (who: Viewer) =>
  (await gw.call<CourseProgressInfo>('progressGet', { token: who.token, query: { courseId: onboarding } })).body.data;

const record = (who: Viewer, body: Record<string, unknown>, lang: 'zh' | 'en' = 'zh') =>
  gw.call<PeriodRecordSaveResult>('periodRecordSave', {
    token: who.token,
    lang,
    body: { courseId: onboarding, itemId: drill, passed: true, recordedOn: '2026-01-05', ...body },
  });

describe('research periods', () => {
  it('shows the questionnaire in the caller\'s language, of the exam\'s question types', async () => {
    const who = await viewer(gw, 'E1003');
    const zh = await gw.call<ResearchView>('periodResearchView', { token: who.token, query: { courseId: onboarding, itemId: survey } });
    expect(zh.body.data.questions.map((q) => q.questionType)).toEqual([1, 2, 3, 4, 5]);
    expect(zh.body.data.questions[0]!.stem).toContain('星辰科技');
    expect(zh.body.data.questions[2]!.options).toEqual([
      { key: 'true', text: '正确' },
      { key: 'false', text: '错误' },
    ]);
    expect(zh.body.data.questions[3]!.blanks).toBe(2);
    expect(zh.body.data).toMatchObject({ answers: null, submittedAt: null, canExport: false });
    const en = await gw.call<ResearchView>('periodResearchView', { token: who.token, lang: 'en', query: { courseId: onboarding, itemId: survey } });
    expect(en.body.data.questions[1]!.options[0]!.text).toBe('One-to-one time with a mentor');
  });

  it('refuses incomplete or invalid answers with the question number, in the user\'s language', async () => {
    const who = await viewer(gw, 'E1003');
    const send = (answers: Record<string, string[]>, lang: 'zh' | 'en' = 'zh') =>
      gw.call('periodResearchSubmit', { token: who.token, lang, body: { courseId: onboarding, itemId: survey, answers } });
    const missing = await send({ ...SURVEY_ANSWERS, mentor: ['李娜'] });
    expect(missing.body).toMatchObject({ code: Code.INVALID, msg: '请回答第 4 题' });
    const twoForSingle = await send({ ...SURVEY_ANSWERS, channel: ['A', 'B'] }, 'en');
    expect(twoForSingle.body).toMatchObject({ code: Code.INVALID, msg: 'The answer to question 1 is not one of its options' });
    expect((await send({ ...SURVEY_ANSWERS, helpful: ['Z'] })).body.code).toBe(Code.INVALID);
    expect((await send({ ...SURVEY_ANSWERS, suggestion: ['  '] })).body.msg).toBe('请回答第 5 题');
    // Nothing was kept and the period is not done.
    expect((await progressOf(who)).periods.find((p) => p.itemId === survey)?.studyProgress ?? 0).toBe(0);
  });

  it('a submission completes the period, is kept, and is final', async () => {
    const who = await viewer(gw, 'E1001');
    const before = await progressOf(who);
    const view = await submitSurvey(gw, who, onboarding);
    expect(view.answers).toEqual(SURVEY_ANSWERS);
    expect(view.submittedAt).toEqual(expect.any(String));
    expect((await storedProgress(gw, who.memberId, survey))?.progress).toBe(100);
    const after = await progressOf(who);
    expect(after.periods.find((p) => p.itemId === survey)?.studyProgress).toBe(100);
    // One of the fourteen counted periods.
    expect(after.studyProgress - before.studyProgress).toBeOneOf(oneMorePeriod);

    const again = await gw.call('periodResearchSubmit', {
      token: who.token,
      body: { courseId: onboarding, itemId: survey, answers: { ...SURVEY_ANSWERS, channel: ['A'] } },
    });
    expect(again.body).toMatchObject({ code: Code.FORBIDDEN, msg: '问卷已提交，提交后不能修改' });
    const kept = await gw.call<ResearchView>('periodResearchView', { token: who.token, query: { courseId: onboarding, itemId: survey } });
    expect(kept.body.data.answers?.channel).toEqual(['C']);
  });

  it('exports the answers as CSV for the course\'s lecturer and refuses a learner', async () => {
    const lecturer = await viewer(gw, 'E1002');
    const learner = await viewer(gw, 'E1001');
    await submitSurvey(gw, await viewer(gw, 'E1004'), onboarding);
    const view = await gw.call<ResearchView>('periodResearchView', { token: lecturer.token, query: { courseId: onboarding, itemId: survey } });
    expect(view.body.data.canExport).toBe(true);

    const res = await fetchRow(gw, 'periodResearchExport', { token: lecturer.token, query: { courseId: onboarding, itemId: survey } });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/csv/);
    const text = await res.text();
    const lines = text.replace(/^\uFEFF/, '').trim().split('\r\n');
    expect(lines[0]).toMatch(/^"工号","姓名","部门","提交时间","1\. 您是通过什么渠道/);
    const zhang = lines.find((l) => l.startsWith('"E1001"'));
    expect(zhang).toContain('"C. 员工内推"');
    expect(zhang).toContain('"A. 部门导师一对一带教; D. 新员工见面会"');
    expect(zhang).toContain('"正确"');
    expect(zhang).toContain('"李娜; 系统架构"');
    expect(zhang).toContain('""入职清单""');
    expect(lines.some((l) => l.startsWith('"E1004"'))).toBe(true);

    const refused = await gw.call('periodResearchExport', { token: learner.token, lang: 'en', query: { courseId: onboarding, itemId: survey } });
    expect(refused.body).toMatchObject({
      code: Code.FORBIDDEN,
      msg: "Only the course's lecturers or an administrator can export the answers",
    });
    // An administrator may export too.
    const admin = await viewer(gw, 'E1004');
    expect((await fetchRow(gw, 'periodResearchExport', { token: admin.token, query: { courseId: onboarding, itemId: survey } })).status).toBe(200);
  });
});

describe('recorded periods', () => {
  it('shows the learner who records the period and that it is not recorded yet', async () => {
    const who = await viewer(gw, 'E1007');
    const { body } = await gw.call<PeriodRecordView>('periodRecordView', { token: who.token, query: { courseId: onboarding, itemId: drill } });
    expect(body.data).toMatchObject({ contentType: 6, recorders: ['李娜'], record: null, canRecord: false, name: '线下消防演练' });
    const lecturer = await viewer(gw, 'E1002');
    const mine = await gw.call<PeriodRecordView>('periodRecordView', { token: lecturer.token, query: { courseId: onboarding, itemId: drill } });
    expect(mine.body.data.canRecord).toBe(true);
  });

  it('a lecturer of the course records a pass: the period completes and the course is recomputed', async () => {
    const learner = await viewer(gw, 'E1007');
    const lecturer = await viewer(gw, 'E1002');
    const before = await progressOf(learner);
    const saved = await record(lecturer, { memberIds: [learner.memberId], score: 92, note: ' 动作规范 ' });
    expect(saved.body).toMatchObject({ code: 200, data: { recorded: 1, completed: 1 } });
    const after = await progressOf(learner);
    expect(after.periods.find((p) => p.itemId === drill)?.studyProgress).toBe(100);
    expect(after.studyProgress - before.studyProgress).toBeOneOf(oneMorePeriod);
    const { body } = await gw.call<PeriodRecordView>('periodRecordView', { token: learner.token, query: { courseId: onboarding, itemId: drill } });
    expect(body.data.record).toEqual({ passed: true, score: 92, note: '动作规范', recordedOn: '2026-01-05', recordedBy: '李娜' });
  });

  it('a fail is kept and shown but does not complete the period; a pass is not turned into a fail', async () => {
    const lecturer = await viewer(gw, 'E1002');
    const learner = await viewer(gw, 'E1003');
    const failed = await record(lecturer, { itemId: practice, memberIds: [learner.memberId], passed: false, score: 40, note: '需重新操作' });
    expect(failed.body).toMatchObject({ code: 200, data: { recorded: 1, completed: 0 } });
    expect((await storedProgress(gw, learner.memberId, practice))?.progress ?? 0).toBe(0);
    const view = await gw.call<PeriodRecordView>('periodRecordView', { token: learner.token, query: { courseId: onboarding, itemId: practice } });
    expect(view.body.data.record).toMatchObject({ passed: false, score: 40 });

    expect((await record(lecturer, { itemId: practice, memberIds: [learner.memberId], score: 85 })).body.data.completed).toBe(1);
    const back = await record(lecturer, { itemId: practice, memberIds: [learner.memberId], passed: false }, 'en');
    expect(back.body).toMatchObject({ code: Code.FORBIDDEN, msg: 'A passed record cannot be changed to not passed' });
  });

  it('records several learners at once, and an administrator may record', async () => {
    const admin = await viewer(gw, 'E1004');
    const page = await gw.call<PeriodLearnerPage>('periodLearnerPage', {
      token: admin.token,
      body: { courseId: onboarding, itemId: practice },
    });
    expect(page.body.code).toBe(200);
    const ids = page.body.data.list.map((l) => l.memberId);
    // The onboarding task's members are its learners.
    expect(page.body.data.list.map((l) => l.empNo)).toEqual(expect.arrayContaining(['E1001', 'E1003', 'E1004', 'E1007']));
    const fresh = page.body.data.list.filter((l) => !l.record?.passed).map((l) => l.memberId);
    const saved = await record(admin, { itemId: practice, memberIds: fresh, score: 88 });
    expect(saved.body.data).toEqual({ recorded: fresh.length, completed: fresh.length });
    const again = await gw.call<PeriodLearnerPage>('periodLearnerPage', { token: admin.token, body: { courseId: onboarding, itemId: practice } });
    expect(again.body.data.list.every((l) => l.record?.passed)).toBe(true);
    expect(again.body.data.list.map((l) => l.memberId)).toEqual(ids);

    const searched = await gw.call<PeriodLearnerPage>('periodLearnerPage', {
      token: admin.token,
      body: { courseId: onboarding, itemId: practice, keyword: '张伟' },
    });
    expect(searched.body.data.list.map((l) => l.empNo)).toEqual(['E1001']);
  });

  it('refuses a plain learner, with a clear message in the user\'s language', async () => {
    const learner = await viewer(gw, 'E1001');
    const other = await viewer(gw, 'E1007');
    const zh = await record(learner, { memberIds: [other.memberId] });
    expect(zh.body).toMatchObject({ code: Code.FORBIDDEN, msg: '只有本课程的讲师或企业管理员可以记录该课时' });
    const self = await record(learner, { memberIds: [learner.memberId] }, 'en');
    expect(self.body.msg).toBe("Only the course's lecturers or an administrator can record this period");
    const list = await gw.call('periodLearnerPage', { token: learner.token, body: { courseId: onboarding, itemId: drill } });
    expect(list.body.code).toBe(Code.FORBIDDEN);
    expect((await storedProgress(gw, learner.memberId, drill))?.progress ?? 0).toBe(0);
  });

  it('records only members of the same company; another company\'s member and course are refused', async () => {
    const lecturer = await viewer(gw, 'E1002');
    const foreign = await viewer(gw, 'B2001', HOST_TWO);
    const target = await viewer(gw, 'E1006');
    const mixed = await record(lecturer, { memberIds: [target.memberId, foreign.memberId] });
    expect(mixed.body).toMatchObject({ code: Code.FORBIDDEN, msg: '只能为本企业的学员记录' });
    // Nothing recorded for anyone of the batch.
    expect((await storedProgress(gw, target.memberId, drill))?.progress ?? 0).toBe(0);
    expect(await storedProgress(gw, foreign.memberId, drill)).toBeUndefined();

    // Company two's lecturer (B2007) cannot reach company one's course.
    const b2007 = await viewer(gw, 'B2007', HOST_TWO);
    const across = await gw.call('periodRecordSave', {
      host: HOST_TWO,
      token: b2007.token,
      body: { courseId: onboarding, itemId: drill, memberIds: [target.memberId], passed: true, recordedOn: '2026-01-05' },
    });
    expect(across.body.code).toBe(Code.NOT_FOUND);
    expect((await storedProgress(gw, target.memberId, drill))?.progress ?? 0).toBe(0);
  });

  it('refuses a date that is not a real day or lies in the future, and research periods are not recorded', async () => {
    const lecturer = await viewer(gw, 'E1002');
    const target = await viewer(gw, 'E1006');
    expect((await record(lecturer, { memberIds: [target.memberId], recordedOn: '2026-02-30' })).body.code).toBe(Code.INVALID);
    expect((await record(lecturer, { memberIds: [target.memberId], recordedOn: '2999-01-01' })).body).toMatchObject({
      code: Code.INVALID,
      msg: '记录日期不能晚于今天',
    });
    expect((await record(lecturer, { itemId: survey, memberIds: [target.memberId] })).body.code).toBe(Code.NOT_FOUND);
  });
});
