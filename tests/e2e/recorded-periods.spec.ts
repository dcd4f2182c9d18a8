/**
 * Periods a learner finishes outside the player's media: 张伟 (E1001) answers the questionnaire of
 * 新员工调研 in the page and the period is done; 李娜 (E1002), the course's lecturer, records the
 * fire drill for him from the record panel; he then sees it passed, with who recorded it (in English).
 */
import { expect, test, type Page } from '@playwright/test';
import { courseId, signIn } from './fixtures';

const ONBOARDING = '新员工入职培训';

test.beforeEach(async ({ context }) => {
  await context.clearCookies();
});

function periodLink(page: Page, name: string, contents = '课程目录') {
  return page.getByRole('navigation', { name: contents }).getByRole('link', { name: new RegExp(name) });
}

test('a learner answers the questionnaire in the page and the period is done', async ({ page }) => {
  test.setTimeout(90_000);
  await signIn(page, 'E1001');
  const id = await courseId(page, ONBOARDING);
  await page.goto(`/watch/course?courseId=${id}`);
  await periodLink(page, '新员工调研').click();
  await expect(page.getByRole('heading', { name: '新员工调研', level: 1 })).toBeVisible();
  const form = page.getByRole('form', { name: '新员工调研' });
  await expect(form).toContainText('问卷不计分，提交后不能修改');

  // Handing in nothing says which question to answer first.
  await form.getByRole('button', { name: '提交问卷' }).click();
  await expect(form.getByRole('alert')).toHaveText('请回答第 1 题');

  await form.getByRole('radio', { name: 'C. 员工内推' }).check();
  await form.getByRole('checkbox', { name: 'A. 部门导师一对一带教' }).check();
  await form.getByRole('checkbox', { name: 'D. 新员工见面会' }).check();
  await form.getByRole('radio', { name: '正确' }).check();
  await form.getByRole('textbox', { name: '第 1 空' }).fill('李娜');
  await form.getByRole('textbox', { name: '第 2 空' }).fill('系统架构');
  await form.getByRole('textbox', { name: '对改进新员工入职流程，您有什么建议？' }).fill('希望第一天就能领到门禁卡。');
  await form.getByRole('button', { name: '提交问卷' }).press('Enter');

  await expect(form.getByRole('status')).toContainText('提交问卷，本节已完成');
  await expect(form.getByRole('button', { name: '提交问卷' })).toHaveCount(0);
  await expect(form.getByRole('radio', { name: 'C. 员工内推' })).toBeChecked();
  await expect(form.getByRole('radio', { name: 'C. 员工内推' })).toBeDisabled();
  await expect(periodLink(page, '新员工调研')).toContainText('100%');

  // Kept: after a reload the answers are there and the period stays done.
  await page.reload();
  await expect(page.getByRole('form', { name: '新员工调研' }).getByRole('textbox', { name: '第 2 空' })).toHaveValue('系统架构');
  await expect(periodLink(page, '新员工调研')).toContainText('100%');
});

test('the lecturer records the fire drill for a learner, who then sees it passed', async ({ page }) => {
  test.setTimeout(120_000);
  await signIn(page, 'E1002');
  const id = await courseId(page, ONBOARDING);
  await page.goto(`/watch/course?courseId=${id}`);
  await periodLink(page, '线下消防演练').click();
  await expect(page.getByRole('heading', { name: '线下消防演练', level: 1 })).toBeVisible();

  const panel = page.getByRole('region', { name: '记录学员结果' });
  await expect(panel.getByRole('table')).toBeVisible();
  await panel.getByRole('searchbox', { name: '搜索姓名、工号或部门' }).fill('张伟');
  await panel.getByRole('searchbox', { name: '搜索姓名、工号或部门' }).press('Enter');
  const row = panel.getByRole('row').filter({ hasText: 'E1001' });
  await expect(panel.getByRole('row')).toHaveCount(2);
  await expect(row).toContainText('未记录');
  await row.getByRole('checkbox', { name: '选择 张伟 E1001' }).check();
  await panel.getByRole('radio', { name: '已通过' }).check();
  await panel.getByRole('spinbutton', { name: '成绩' }).fill('95');
  await panel.getByRole('textbox', { name: '备注' }).fill('灭火器使用规范');
  await panel.getByRole('button', { name: '为所选 1 人记录' }).click();
  // The list reloads after saving; the notice stays.
  await expect(panel.getByRole('status').filter({ hasText: '已记录 1 人' })).toBeVisible();
  await expect(panel.getByRole('row').filter({ hasText: 'E1001' })).toContainText('已通过 · 95');

  // The learner, in English: who records it and that it is passed.
  await page.context().clearCookies();
  await signIn(page, 'E1001');
  await page.goto(`/en/watch/course?courseId=${id}`);
  await periodLink(page, 'Fire drill', 'Contents').click();
  await expect(page.getByRole('heading', { name: 'Fire drill', level: 1 })).toBeVisible();
  await expect(page.getByText('Result recorded by Li Na')).toBeVisible();
  const state = page.getByTestId('record-state');
  await expect(state).toContainText('Passed');
  await expect(state).toContainText('95');
  await expect(state).toContainText('灭火器使用规范');
  await expect(state).toContainText('李娜');
  await expect(periodLink(page, 'Fire drill', 'Contents')).toContainText('100%');
  // The learner has no record panel.
  await expect(page.getByRole('region', { name: "Record learners' results" })).toHaveCount(0);
});
