/**
 * Study projects in the back office, on a gateway of its own: 刘洋 (E1004, administrator) makes a
 * project that needs approval (an empty save is refused under the field), with one phase of two
 * courses (the second elective, moved first with the keyboard buttons), a lecturer and a
 * certificate; reloads it as saved; 张伟 (E1001) finds it on the train page and registers; the
 * admin opens the registration queue from the list's waiting count and approves him, after which
 * he may study. The three pages in English. Every page is axe-clean in both languages.
 */
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { callAs, PORT, signIn, tokenFor, userName } from './fixtures';
import { useOwnGateway } from './own-gateway';

test.describe.configure({ mode: 'serial' });

useOwnGateway(PORT + 77);
const NAME = '质量月专项培训';
const PHASE = '基础阶段';

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

test('a project is made with a phase of two courses, a learner finds it, and the queue approves his registration', async ({ page, context, request }) => {
  test.slow();
  await signIn(page, 'E1004');

  // The list, with the seeded projects.
  await page.goto('/crm/projects');
  await expect(page.getByRole('heading', { level: 1, name: '学习项目管理' })).toBeVisible();
  await expect(page.getByRole('table', { name: /^学习项目：共 \d+ 个$/ }).getByRole('row').filter({ hasText: '新员工训练营' })).toContainText('报名并审核');
  await axe(page);

  // A new project: an empty save is refused under the field.
  await page.getByRole('link', { name: '新建学习项目' }).click();
  await expect(page).toHaveURL(/\/crm\/projects\/edit\/?$/);
  await page.getByRole('button', { name: '保存', exact: true }).click();
  await expect(page.getByText('请填写此项').first()).toBeVisible();
  await expect(page.getByLabel('项目名称（中文）')).toHaveAttribute('aria-invalid', 'true');
  await axe(page);

  await page.getByLabel('项目名称（中文）').fill(NAME);
  await page.getByLabel('项目简介（中文）').fill('质量意识、质量工具与改进方法。');
  await page.getByRole('radio', { name: /^报名并审核/ }).check();
  await page.getByLabel('开始时间').fill(await localIn(page, -1));
  await page.getByLabel('学习截止时间').fill(await localIn(page, -2));
  await page.getByLabel('学时', { exact: true }).fill('8');

  await page.getByRole('button', { name: '添加阶段' }).click();
  await page.getByLabel('阶段名称（中文）').fill(PHASE);
  await page.getByRole('searchbox', { name: `搜索课程，添加到 ${PHASE}` }).fill('高效沟通');
  await page.getByRole('button', { name: `把 高效沟通技巧 添加到 ${PHASE}` }).click();
  await page.getByRole('searchbox', { name: `搜索课程，添加到 ${PHASE}` }).fill('时间管理');
  await page.getByRole('button', { name: `把 时间管理 添加到 ${PHASE}` }).click();
  const courses = page.getByRole('list', { name: `${PHASE} 的课程` });
  await expect(courses.getByRole('listitem')).toHaveCount(2);
  await page.getByRole('combobox', { name: '时间管理 的修读类型' }).selectOption('elective');
  await page.getByRole('button', { name: '上移 时间管理' }).click();
  await expect(courses.getByRole('listitem').first()).toContainText('时间管理');
  await expect(page.getByRole('button', { name: '下移 时间管理' })).toBeFocused();

  await page.getByRole('searchbox', { name: '搜索讲师' }).fill('李娜');
  await page.getByRole('button', { name: '添加讲师 李娜' }).click();
  await page.getByLabel('结业证书').selectOption({ label: '内训讲师资格证' });

  // The end before the start is refused; then saved.
  await page.getByRole('button', { name: '保存', exact: true }).click();
  await expect(page.getByText('学习截止时间须晚于开始时间')).toBeVisible();
  await page.getByLabel('学习截止时间').fill(await localIn(page, 24 * 30));
  await page.getByRole('button', { name: '保存', exact: true }).click();
  await expect(page.getByText('学习项目已创建')).toBeVisible();
  await expect(page).toHaveURL(/\/crm\/projects\/edit\/?\?id=[0-9a-f-]{36}$/);
  await axe(page);

  // Read back as saved.
  await page.reload();
  await expect(page.getByLabel('项目名称（中文）')).toHaveValue(NAME);
  await expect(page.getByRole('radio', { name: /^报名并审核/ })).toBeChecked();
  await expect(page.getByRole('list', { name: `${PHASE} 的课程` }).getByRole('listitem')).toHaveText([/时间管理/, /高效沟通技巧/]);
  await expect(page.getByRole('combobox', { name: '时间管理 的修读类型' })).toHaveValue('elective');
  await expect(page.getByRole('list', { name: '项目讲师' })).toContainText('李娜');
  await expect(page.getByLabel('结业证书')).toHaveValue(/[0-9a-f-]{36}/);
  await page.screenshot({ path: test.info().outputPath('crm-project-form.png'), fullPage: true });

  // 张伟 finds it on the train page and registers.
  const learner = await context.browser()!.newContext({ locale: 'zh-CN' });
  const learnerPage = await learner.newPage();
  await signIn(learnerPage, 'E1001');
  await learnerPage.goto('/train');
  await learnerPage.getByRole('tab', { name: '培训项目' }).waitFor();
  await expect(learnerPage.getByRole('link', { name: NAME, exact: true })).toBeVisible();
  await learner.close();
  const zhang = await tokenFor(request, 'E1001');
  const admin = await tokenFor(request, 'E1004');
  const [made] = (await callAs<{ list: { id: string }[] }>(request, admin, 'crmProjectPage', { keyword: NAME })).list;
  expect((await callAs<{ memberStatus: number }>(request, zhang, 'projectApply', { projectId: made!.id })).memberStatus).toBe(0);

  // The list counts the registration; its link opens the queue of the waiting ones.
  await page.goto('/crm/projects?keyword=' + encodeURIComponent(NAME));
  const row = page.getByRole('row').filter({ hasText: NAME });
  await expect(row).toContainText('报名并审核');
  await page.screenshot({ path: test.info().outputPath('crm-project-list.png'), fullPage: true });
  await row.getByRole('link', { name: `${NAME}：1 个报名待审核` }).click();
  await expect(page).toHaveURL(/\/crm\/projects\/members\/?\?id=[0-9a-f-]{36}&status=0$/);
  await expect(page.getByRole('heading', { level: 2, name: NAME })).toBeVisible();
  const name = userName('E1001');
  const queue = page.getByRole('table', { name: '报名：共 1 人' });
  await expect(queue.getByRole('row').filter({ hasText: name })).toContainText('待审核');
  await axe(page);
  await page.getByRole('button', { name: `通过 ${name} 的报名`, exact: true }).click();
  await expect(page.getByText(`已通过 ${name} 的报名`)).toBeVisible();
  await expect(page.getByText('没有符合条件的报名')).toBeVisible();
  await page.getByLabel('审核状态').click();
  await page.getByRole('option', { name: '已通过' }).click();
  await expect(page.getByRole('table', { name: '报名：共 1 人' }).getByRole('row').filter({ hasText: name })).toContainText('已通过');
  await page.screenshot({ path: test.info().outputPath('crm-project-queue.png'), fullPage: true });

  // He may study now.
  expect((await callAs<{ canStudy: boolean }>(request, zhang, 'projectView', { id: made!.id })).canStudy).toBe(true);

  // Deleted after a confirmation.
  await page.goto('/crm/projects?keyword=' + encodeURIComponent(NAME));
  await page.getByRole('button', { name: `更多操作：${NAME}` }).click();
  await page.getByRole('menuitem', { name: '删除' }).click();
  const confirm = page.getByRole('alertdialog', { name: `删除学习项目“${NAME}”？` });
  await axe(page);
  await confirm.getByRole('button', { name: '删除' }).click();
  await expect(page.getByText(`已删除学习项目“${NAME}”`)).toBeVisible();
  await expect(page.getByRole('row').filter({ hasText: NAME })).toHaveCount(0);
});

test('the study project pages in English', async ({ page }) => {
  await signIn(page, 'E1004');
  await page.goto('/en/crm/projects');
  await expect(page.getByRole('heading', { level: 1, name: 'Study projects' })).toBeVisible();
  const table = page.getByRole('table', { name: /^Study projects: \d+$/ });
  await expect(table.getByRole('row').filter({ hasText: 'New-hire boot camp' })).toContainText('Register and wait for approval');
  await axe(page);
  await page.goto('/en/crm/projects/edit');
  await expect(page.getByLabel('Project name (Chinese)')).toBeVisible();
  await page.getByRole('button', { name: 'Add phase' }).click();
  await expect(page.getByRole('searchbox', { name: 'Search courses to add to Phase 1' })).toBeVisible();
  await axe(page);
  await page.goto('/en/crm/projects/members');
  await expect(page.getByRole('alert')).toHaveText('Open the registrations of a project from the list of study projects.');
  await axe(page);
  // A seeded project's queue in English.
  await page.goto('/en/crm/projects');
  await page.getByRole('button', { name: 'More actions: New-hire boot camp' }).click();
  await page.getByRole('menuitem', { name: 'Registrations' }).click();
  await expect(page.getByRole('heading', { level: 2, name: 'New-hire boot camp' })).toBeVisible();
  await expect(page.getByRole('table', { name: /^Registrations: \d+$/ })).toContainText('Approved');
  await axe(page);
});
