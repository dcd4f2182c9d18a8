/**
 * A new employee's first course, end to end, on a gateway of this file's own (the course is
 * finished here, which other files' learners must not see): 张伟 (E1001) plays the welcome video
 * and the audio, reads the handbook page by page, opens the pictures, reads the one-page previews,
 * downloads the files the page cannot show, finds his onboarding exam passed and answers the
 * questionnaire; 李娜 (E1002), the course's lecturer, records the fire drill, the equipment practice
 * and the job evaluation for him in English; he then sees the course at 100%, 2026 新员工学习任务
 * completed and the course's certificate issued, in Chinese and in English.
 */
import { expect, test, type Browser, type Page } from '@playwright/test';
import { endpoints } from '../../src/api/endpoints';
import type { CourseItem } from '../../src/api/learning-types';
import type { PageResult } from '../../src/api/types';
import { playerEn, playerZh } from '../../src/i18n/sections/player';
import { PASSWORD, PORT } from './fixtures';
import { ownGateway } from './own-gateway';

const gw = ownGateway(PORT + 70);
const ONBOARDING = '新员工入职培训';
const TASK = '2026 新员工学习任务';
const CERTIFICATE = { zh: '新员工入职培训结业证书', en: 'New employee onboarding certificate' };

test.describe.configure({ mode: 'serial' });
test.beforeAll(async () => {
  test.setTimeout(180_000);
  await gw.start();
});
test.afterAll(async () => {
  await gw.stop();
});

async function signInHere(page: Page, empNo: string, locale: '' | '/en' = ''): Promise<void> {
  await page.goto(`${gw.origin}${locale}/login?t=login`);
  const zh = locale === '';
  await page.getByLabel(zh ? '工号' : 'Employee number').fill(empNo);
  await page.getByLabel(zh ? '密码' : 'Password', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: zh ? '登录' : 'Sign in', exact: true }).click();
  await page.waitForURL((url) => !url.pathname.includes('/login'));
  await page.waitForLoadState('load');
}

async function onboardingId(page: Page): Promise<string> {
  const token = (await page.context().cookies()).find((c) => c.name === 'ENT_WEB_TOKEN')?.value ?? '';
  const res = await page.request.post(`${gw.origin}/gateway/${endpoints.coursePage.path}`, {
    headers: { token },
    data: { pageCurrent: 1, pageSize: 8, keyword: ONBOARDING },
  });
  const body = (await res.json()) as { code: number; data: PageResult<CourseItem> };
  const course = body.data.list.find((c) => c.name === ONBOARDING);
  if (!course) throw new Error(`no course ${ONBOARDING}`);
  return course.id;
}

const periodLink = (page: Page, name: string, contents = '课程目录') =>
  page.getByRole('navigation', { name: contents }).getByRole('link', { name: new RegExp(name) });

async function open(page: Page, name: string): Promise<void> {
  await periodLink(page, name).click();
  await expect(page.getByRole('heading', { name, level: 1 })).toBeVisible();
}

/** The period's progress as the contents show it (its text runs into the duration's: 00:10 and 0%). */
async function done(page: Page, name: string, timeout = 15_000, contents = '课程目录'): Promise<void> {
  await expect(periodLink(page, name, contents)).toHaveAttribute('data-progress', '100', { timeout });
}

/** Starts the page's medium at double speed, muted (a headless browser plays sound only after a gesture). */
async function play(page: Page, selector: 'video' | 'audio'): Promise<void> {
  await page.locator(selector).evaluate(async (m: HTMLMediaElement) => {
    m.muted = true;
    m.playbackRate = 2;
    await m.play();
  });
}

/** 李娜, in English in a browser of her own, records a pass for 张伟 on each recorded period. */
async function lecturerRecords(browser: Browser, courseId: string): Promise<void> {
  const context = await browser.newContext({ locale: 'en-US' });
  const page = await context.newPage();
  try {
    await signInHere(page, 'E1002', '/en');
    await page.goto(`${gw.origin}/en/watch/course?courseId=${courseId}`);
    for (const [period, score] of [
      ['Fire drill', '95'],
      ['Equipment practice', '88'],
      ['Job evaluation', '90'],
    ] as const) {
      await periodLink(page, period, 'Contents').click();
      await expect(page.getByRole('heading', { name: period, level: 1 })).toBeVisible();
      const panel = page.getByRole('region', { name: "Record learners' results" });
      await expect(panel.getByRole('table')).toBeVisible();
      const search = panel.getByRole('searchbox', { name: 'Search by name, employee no. or department' });
      await search.fill('E1001');
      await search.press('Enter');
      const row = panel.getByRole('row').filter({ hasText: 'E1001' });
      await expect(panel.getByRole('row')).toHaveCount(2);
      await expect(row).toContainText('Not recorded');
      await row.getByRole('checkbox').check();
      await panel.getByRole('radio', { name: 'Passed', exact: true }).check();
      await panel.getByRole('spinbutton', { name: 'Score' }).fill(score);
      await panel.getByRole('button', { name: 'Record for 1 selected' }).click();
      await expect(panel.getByRole('status').filter({ hasText: 'Recorded 1 learners' })).toBeVisible();
      await expect(panel.getByRole('row').filter({ hasText: 'E1001' })).toContainText(`Passed · ${score}`);
    }
  } finally {
    await context.close();
  }
}

test('张伟 finishes 新员工入职培训: every period, the exam, the survey and the recorded periods; the task completes and the certificate is issued', async ({
  page,
  browser,
}) => {
  test.setTimeout(420_000);
  await signInHere(page, 'E1001');
  const courseId = await onboardingId(page);
  await page.goto(`${gw.origin}/watch/course?courseId=${courseId}`);

  // Media: played to the end (the gateway credits what was played).
  await open(page, '欢迎视频');
  await play(page, 'video');
  await done(page, '欢迎视频', 45_000);
  await open(page, '公司宣传音频');
  await play(page, 'audio');
  await done(page, '公司宣传音频', 45_000);

  // The handbook, page by page: each page counts after 3 s on screen.
  await open(page, '企业文化手册');
  await expect(page.getByText('第 1 / 3 页')).toBeVisible({ timeout: 45_000 });
  await expect(page.getByTestId('document-pages')).toHaveText('已读 1/3 页', { timeout: 15_000 });
  await expect(periodLink(page, '企业文化手册')).toHaveAttribute('data-progress', '33');
  for (const [next, read] of [
    ['第 2 / 3 页', '已读 2/3 页'],
    ['第 3 / 3 页', '已读 3/3 页'],
  ] as const) {
    await page.getByRole('button', { name: '下一页' }).click();
    await expect(page.getByText(next)).toBeVisible();
    await expect(page.getByTestId('document-pages')).toHaveText(read, { timeout: 15_000 });
  }
  await done(page, '企业文化手册');

  // Pictures count on opening; one-page previews after their 3 s.
  for (const name of ['办公区平面图', '报到流程图文', '考勤制度表', '报到须知']) {
    await open(page, name);
    await done(page, name);
  }

  // Files the page cannot show count once downloaded.
  for (const name of ['员工手册', '公司介绍演示', '入职资料包']) {
    await open(page, name);
    await expect(page.getByTestId('document-rule')).toHaveText('下载后计为完成');
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: '下载', exact: true }).click();
    await download;
    await done(page, name);
  }

  // The exam he passed shows as a pass, complete, with its result a click away.
  await open(page, '入职考试');
  await expect(page.getByTestId('exam-period-state')).toHaveText(playerZh['player.exam.passed']);
  await done(page, '入职考试');

  // The questionnaire, answered in the page.
  await open(page, '新员工调研');
  const form = page.getByRole('form', { name: '新员工调研' });
  await form.getByRole('radio', { name: 'C. 员工内推' }).check();
  await form.getByRole('checkbox', { name: 'A. 部门导师一对一带教' }).check();
  await form.getByRole('radio', { name: '正确' }).check();
  await form.getByRole('textbox', { name: '第 1 空' }).fill('李娜');
  await form.getByRole('textbox', { name: '第 2 空' }).fill('系统架构');
  await form.getByRole('textbox', { name: '对改进新员工入职流程，您有什么建议？' }).fill('第一周安排一次部门午餐。');
  await form.getByRole('button', { name: '提交问卷' }).click();
  await expect(form.getByRole('status')).toContainText('本节已完成');
  await done(page, '新员工调研');

  // Still waiting for the three recorded periods.
  await open(page, '线下消防演练');
  await expect(page.getByText('由 李娜 记录结果')).toBeVisible();
  await expect(page.getByTestId('record-state')).toContainText('尚未记录');
  await expect(page.getByRole('region', { name: '记录学员结果' })).toHaveCount(0);

  await lecturerRecords(browser, courseId);

  // The course is complete.
  await page.goto(`${gw.origin}/watch/course?courseId=${courseId}`);
  for (const name of ['线下消防演练', '设备实操', '岗位评估']) await done(page, name);
  await open(page, '岗位评估');
  await expect(page.getByTestId('record-state')).toContainText('已通过');
  await expect(page.getByTestId('record-state')).toContainText('90');
  await page.goto(`${gw.origin}/knowledge/course/${courseId}`);
  await expect(page.getByRole('main')).toContainText('进度 100%');
  await expect(page.getByRole('main')).toContainText('已完成');

  // The task it is required by is complete.
  await page.goto(`${gw.origin}/train?tab=tasks`);
  await page.getByRole('link', { name: TASK }).click();
  await expect(page.getByRole('heading', { level: 1, name: TASK })).toBeVisible();
  const taskUrl = new URL(page.url()).pathname;
  await expect(page.getByRole('main')).toContainText(/结束时间[\d-]+已完成100%/);

  // The course's certificate is issued to him, automatically.
  await page.goto(`${gw.origin}/certificate`);
  const certificate = page.getByRole('article', { name: CERTIFICATE.zh });
  await expect(certificate).toContainText('自动颁发');
  await expect(certificate.getByRole('link', { name: `课程：${ONBOARDING}` })).toHaveAttribute('href', `/knowledge/course/${courseId}`);

  // The same in English.
  await page.goto(`${gw.origin}/en/watch/course?courseId=${courseId}`);
  await periodLink(page, 'Onboarding exam', 'Contents').click();
  await expect(page.getByTestId('exam-period-state')).toHaveText(playerEn['player.exam.passed']);
  for (const name of ['Welcome video', 'Company audio', 'Culture handbook', 'New-hire survey', 'Job evaluation']) await done(page, name, 15_000, 'Contents');
  await page.goto(`${gw.origin}/en/knowledge/course/${courseId}`);
  await expect(page.getByRole('main')).toContainText('Progress 100%');
  await expect(page.getByRole('main')).toContainText('Completed');
  await page.goto(`${gw.origin}/en${taskUrl}`);
  await expect(page.getByRole('heading', { level: 1, name: '2026 new-hire learning task' })).toBeVisible();
  await expect(page.getByRole('main')).toContainText(/Ends[\d-]+Completed100%/);
  await page.goto(`${gw.origin}/en/certificate`);
  await expect(page.getByRole('article', { name: CERTIFICATE.en })).toContainText('Automatic');
});
