/**
 * Study tasks in the back office, on a gateway of its own: 刘洋 (E1004, administrator) makes a
 * task (an empty one is refused under its fields), adds a course and an exam found by name,
 * makes the exam elective and moves it first, names 研发中心 (with the departments under it)
 * and saves it; 张伟 (E1001, 前端开发部) finds it in his task list with both, 王磊 (E1003,
 * 人力资源部) does not. Its progress page lists 张伟, finds him by name, filters by status,
 * exports the list and reminds those not done; the list shows the task and deletes it after a
 * confirmation. The three pages in English. Every page is axe-clean.
 */
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { endpoints } from '../../src/api/endpoints';
import { callAs, PORT, signIn, tokenFor, userName } from './fixtures';
import { useOwnGateway } from './own-gateway';

test.describe.configure({ mode: 'serial' });

useOwnGateway(PORT + 78);
const NAME = '前端规范季度学习';

async function axe(page: Page): Promise<void> {
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).exclude('a[lang]').analyze();
  expect(results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
}

/** `hours` from now as a `datetime-local` input holds it, in the browser's time zone. */
function localIn(page: Page, hours: number): Promise<string> {
  return page.evaluate((h) => {
    const d = new Date(Date.now() + h * 3600_000);
    const pad = (n: number) => String(n).padStart(2, '0');
    return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
  }, hours);
}

test('a study task is made for a department, followed, exported, reminded and deleted', async ({ page, request }) => {
  test.slow();
  const admin = await tokenFor(request, 'E1004');
  const [course] = await callAs<{ id: string; nameZh: string; published?: boolean }[]>(request, admin, 'siteCourseOptions', {});
  const [exam] = await callAs<{ id: string; name: string }[]>(request, admin, 'crmExamOptions', {});
  await signIn(page, 'E1004');

  await page.goto('/crm/tasks');
  await expect(page.getByRole('heading', { level: 1, name: '学习任务' })).toBeVisible();
  await expect(page.getByRole('table', { name: /^学习任务：共 \d+ 个$/ })).toBeVisible();
  await axe(page);

  // An empty form is refused under its fields.
  await page.getByRole('link', { name: '新建学习任务' }).click();
  await expect(page).toHaveURL(/\/crm\/tasks\/edit\/?$/);
  await page.getByRole('button', { name: '保存', exact: true }).click();
  await expect(page.getByText('请填写此项').first()).toBeVisible();
  await expect(page.getByText('请至少添加一门课程或一场考试')).toBeVisible();
  await expect(page.getByText('请至少选择一个部门、岗位或成员')).toBeVisible();

  await page.getByLabel('任务名称（中文）').fill(NAME);
  await page.getByLabel('任务介绍（中文）').fill('本季度前端开发规范与测评。');
  await page.getByLabel('开始时间').fill(await localIn(page, -1));
  await page.getByLabel('结束时间（可选）').fill(await localIn(page, 24 * 14));

  // Contents: a course and an exam found by name; the exam elective and first.
  const editor = page.getByRole('group', { name: '任务内容' });
  await editor.getByLabel('名称', { exact: true }).fill(course!.nameZh);
  await editor.getByRole('button', { name: '搜索', exact: true }).click();
  await editor.getByRole('button', { name: `添加 ${course!.nameZh}` }).click();
  await editor.getByLabel('类型', { exact: true }).selectOption('exam');
  await editor.getByLabel('名称', { exact: true }).fill(exam!.name);
  await editor.getByRole('button', { name: '搜索', exact: true }).click();
  await editor.getByRole('button', { name: `添加 ${exam!.name}` }).click();
  const contents = page.getByRole('list', { name: '任务内容' });
  await expect(contents.getByRole('listitem')).toHaveCount(2);
  await contents.getByRole('listitem').nth(1).getByRole('checkbox', { name: '必修' }).uncheck();
  await page.getByRole('button', { name: `上移 ${exam!.name}` }).click();
  await expect(contents.getByRole('listitem').first()).toContainText(exam!.name);

  // Who: 研发中心 and the departments under it.
  await page.getByRole('group', { name: '部门（含下级部门）' }).getByRole('checkbox', { name: '研发中心', exact: true }).check();
  await expect(page.getByText('已选 1 个部门、0 个岗位、0 名成员')).toBeVisible();
  await page.getByLabel('结束前提醒未完成的成员').check();
  await page.getByLabel('提前天数').fill('2');
  await axe(page);
  await page.getByRole('button', { name: '保存', exact: true }).click();
  await expect(page.getByText(/^学习任务已创建，已指派 \d+ 人$/)).toBeVisible();
  await expect(page).toHaveURL(/\/crm\/tasks\/edit\/?\?id=[0-9a-f-]{36}$/);
  const id = new URL(page.url()).searchParams.get('id')!;
  await page.reload();
  await expect(page.getByLabel('任务名称（中文）')).toHaveValue(NAME);
  await expect(contents.getByRole('listitem').first()).toContainText(exam!.name);
  await expect(contents.getByRole('listitem').first().getByRole('checkbox', { name: '必修' })).not.toBeChecked();
  await expect(page.getByLabel('提前天数')).toHaveValue('2');

  // 张伟 has it, with the course and the exam; 王磊 does not.
  const zhang = await tokenFor(request, 'E1001');
  const his = await callAs<{ list: { id: string }[] }>(request, zhang, 'studyTaskPage', { keyword: NAME });
  expect(his.list.map((t) => t.id)).toEqual([id]);
  const view = await callAs<{ courses: { id: string }[]; exams: { examId: string }[] }>(request, zhang, 'studyTaskView', { id });
  expect([view.courses.map((c) => c.id), view.exams.map((e) => e.examId)]).toEqual([[course!.id], [exam!.id]]);
  const wang = await tokenFor(request, 'E1003');
  expect((await callAs<{ list: unknown[] }>(request, wang, 'studyTaskPage', { keyword: NAME })).list).toEqual([]);

  // The progress page.
  await page.getByRole('link', { name: '查看学习进度' }).click();
  await expect(page).toHaveURL(new RegExp(`/crm/tasks/progress/?\\?id=${id}$`));
  await expect(page.getByRole('heading', { level: 2, name: NAME })).toBeVisible();
  const table = page.getByRole('table', { name: /^学习进度：共 \d+ 人$/ });
  await expect(table.getByRole('row').filter({ hasText: userName('E1001') })).toContainText('E1001');
  await expect(table).not.toContainText(userName('E1003'));
  await page.getByLabel('姓名或工号').fill('E1001');
  await page.getByLabel('姓名或工号').press('Enter');
  await expect(page).toHaveURL(/keyword=E1001/);
  await expect(page.getByRole('table', { name: '学习进度：共 1 人' })).toContainText(userName('E1001'));
  await page.getByLabel('学习状态').click();
  await page.getByRole('option', { name: '已完成' }).click();
  await expect(page).toHaveURL(/status=2/);
  await expect(page.getByText('没有符合条件的成员')).toBeVisible();
  await page.getByRole('button', { name: '重置' }).click();
  await expect(page).toHaveURL(new RegExp(`\\?id=${id}$`));
  await axe(page);

  // Export, then remind.
  await page.getByRole('button', { name: '导出进度' }).click();
  await expect(page.getByText(/正在按当前筛选条件生成进度文件/)).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: /已生成/ })).toBeVisible({ timeout: 30_000 });
  const [file] = await Promise.all([
    page.context().waitForEvent('response', (r) => r.url().includes(endpoints.exportFileDownload.path)),
    page.getByRole('button', { name: '下载文件' }).click(),
  ]);
  expect(file.status()).toBe(200);
  await page.getByRole('button', { name: '提醒未完成的成员' }).click();
  await page.getByRole('alertdialog', { name: '向所有未完成的成员发送提醒？' }).getByRole('button', { name: '提醒未完成的成员' }).click();
  await expect(page.getByText(/^已向 \d+ 名未完成的成员发送提醒$/)).toBeVisible();

  // English.
  await page.goto(`/en/crm/tasks/progress?id=${id}`);
  await expect(page.getByRole('table', { name: /^Progress: \d+ members$/ })).toBeVisible();
  await axe(page);
  await page.goto(`/en/crm/tasks/edit?id=${id}`);
  await expect(page.getByLabel('Task name (Chinese)')).toHaveValue(NAME);
  await axe(page);
  await page.goto('/en/crm/tasks?keyword=' + encodeURIComponent(NAME));
  await expect(page.getByRole('row').filter({ hasText: NAME })).toContainText('Running');
  await axe(page);

  // Deleted after a confirmation: gone from 张伟's list.
  await page.goto('/crm/tasks?keyword=' + encodeURIComponent(NAME));
  await page.getByRole('button', { name: `更多操作：${NAME}` }).click();
  await page.getByRole('menuitem', { name: '删除' }).click();
  await page.getByRole('alertdialog', { name: `删除学习任务“${NAME}”？` }).getByRole('button', { name: '删除' }).click();
  await expect(page.getByText(`已删除学习任务“${NAME}”`)).toBeVisible();
  await expect(page.getByText('没有符合条件的学习任务')).toBeVisible();
  expect((await callAs<{ list: unknown[] }>(request, zhang, 'studyTaskPage', { keyword: NAME })).list).toEqual([]);
});
