/**
 * The back office by role: a lecturer (李娜, E1002) finds the courses she teaches with their
 * figures and her marking; an organisation user (王磊, E1003) finds the learning reports of his
 * department and the ones under it, and nothing of the administrator's; the administrator
 * (刘洋, E1004) reads the whole company's reports, filters and pages them and downloads their
 * export; a learner (E1001) is refused the lecturer's page and call. Figures are read from the
 * gateway at test time (other files add learning as they run).
 */
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { endpoints } from '../../src/api/endpoints';
import type { MarkingItem } from '../../src/api/exam-types';
import type { OrganizationLearner } from '../../src/api/people-types';
import type { TeachingCourse } from '../../src/api/teaching-types';
import type { PageResult } from '../../src/api/types';
import { callAs, PORT, tokenFor } from './fixtures';

async function asMember(page: Page, token: string): Promise<void> {
  await page.context().addCookies([{ name: 'ENT_WEB_TOKEN', value: token, url: `http://localhost:${PORT}` }]);
}

async function axe(page: Page): Promise<void> {
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).exclude('a[lang]').analyze();
  expect(results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
}

const nav = (page: Page) => page.getByRole('navigation', { name: '后台导航' });

/** A table's data rows (the header row left out). */
function bodyRows(table: Locator): Locator {
  return table.locator('tbody tr');
}

test('a lecturer finds the courses she teaches and her marking', async ({ page, request }) => {
  const token = await tokenFor(request, 'E1002');
  await asMember(page, token);
  await page.goto('/crm/');
  await expect(page.getByText('在这里查看您讲授的课程')).toBeVisible();
  for (const name of ['我的上传', '我的课程', '试卷批阅']) await expect(nav(page).getByRole('link', { name, exact: true })).toBeVisible();
  await expect(nav(page).getByRole('link', { name: '成员管理', exact: true })).toHaveCount(0);
  await expect(nav(page).getByRole('link', { name: '学习报表', exact: true })).toHaveCount(0);

  await nav(page).getByRole('link', { name: '我的课程', exact: true }).click();
  await expect(page).toHaveURL(/\/crm\/teaching\/?$/);
  const mine = await callAs<PageResult<TeachingCourse>>(request, token, 'teachingCoursePage', { pageSize: 20 });
  expect(mine.totalCount).toBeGreaterThan(0);
  const table = page.getByRole('table', { name: `我的课程，共 ${mine.totalCount} 门` });
  await expect(bodyRows(table)).toHaveCount(Math.min(20, mine.totalCount));
  const first = mine.list[0]!;
  const row = bodyRows(table).first();
  await expect(row.getByRole('link', { name: `查看课程 · ${first.name}` })).toHaveAttribute('href', `/knowledge/course/${first.id}`);
  await expect(row).toContainText(String(first.learners));
  await expect(row).toContainText(`${first.completionRate}%`);
  await page.screenshot({ path: test.info().outputPath('crm-teaching.png'), fullPage: true });
  await axe(page);

  // The keyword, kept in the URL; a reload keeps it.
  const keyword = first.name.slice(0, 2);
  const found = await callAs<PageResult<TeachingCourse>>(request, token, 'teachingCoursePage', { keyword });
  await page.getByLabel('课程名称').fill(keyword);
  await page.getByLabel('课程名称').press('Enter');
  await expect(page).toHaveURL(new RegExp(`keyword=${encodeURIComponent(keyword)}`));
  await expect(page.getByRole('table', { name: `我的课程，共 ${found.totalCount} 门` })).toBeVisible();
  await page.reload();
  await expect(page.getByLabel('课程名称')).toHaveValue(keyword);
  await page.getByLabel('课程名称').fill('没有这样的课程名');
  await page.getByLabel('课程名称').press('Enter');
  await expect(page.getByText('您还没有担任讲师的课程')).toBeVisible();

  // Marking: the exam centre's list, on its own page, as the gateway lists it.
  await nav(page).getByRole('link', { name: '试卷批阅', exact: true }).click();
  await expect(page).toHaveURL(/\/crm\/marking\/?$/);
  await expect(page.getByText('您负责批阅的考试中已交卷的试卷')).toBeVisible();
  await expect(page.getByRole('heading', { name: '阅卷' })).toBeVisible();
  await axe(page);
  const marking = await callAs<PageResult<MarkingItem>>(request, token, 'examMarkingPage', {});
  if (marking.totalCount === 0) {
    await expect(page.getByText('暂无需要批阅的试卷')).toBeVisible();
  } else {
    const item = marking.list[0]!;
    await page.getByRole('link', { name: `阅卷 · ${item.userName} · ${item.examName}` }).click();
    await expect(page).toHaveURL(new RegExp(`/crm/marking\\?tab=marking&paper=${item.paperId}$`));
    await expect(page.getByText(item.examName).first()).toBeVisible();
    await page.getByRole('link', { name: '返回阅卷列表' }).click();
    await expect(page).toHaveURL(/\/crm\/marking\?tab=marking$/);
    await page.goBack();
    await expect(page).toHaveURL(new RegExp(`paper=${item.paperId}$`));
  }
});

test('an organisation user reads the reports of his department and below, and nothing of the administrator’s', async ({ page, request }) => {
  const token = await tokenFor(request, 'E1003');
  await asMember(page, token);
  await page.goto('/crm/');
  await expect(page.getByText('在这里查看您所在部门及下级部门学员的学习报表')).toBeVisible();
  await expect(nav(page).getByRole('link')).toHaveCount(2);
  await nav(page).getByRole('link', { name: '学习报表', exact: true }).click();
  await expect(page).toHaveURL(/\/crm\/reports\/?$/);
  await expect(page.getByText('您所在部门及下级部门学员的学习进度与完成情况')).toBeVisible();
  const rows = page.getByRole('table', { name: /^学员学习情况/ }).getByRole('row').filter({ has: page.getByRole('rowheader') });
  await expect(rows).toHaveCount(2);
  await expect(rows.nth(0)).toContainText('E1003');
  await expect(rows.nth(1)).toContainText('E1022');
  await axe(page);

  for (const path of ['/crm/members', '/crm/teaching']) {
    await page.goto(path);
    await expect(page.getByRole('alert')).toContainText('没有权限');
  }
  for (const name of ['crmMemberPage', 'teachingCoursePage'] as const) {
    const res = await request.post(`/gateway/${endpoints[name].path}`, { headers: { token }, data: {} });
    expect(((await res.json()) as { code: number }).code).toBe(460);
  }
});

test('the administrator pages, filters and exports the whole company’s reports', async ({ page, request, context }) => {
  test.slow();
  const token = await tokenFor(request, 'E1004');
  await asMember(page, token);
  await page.goto('/crm/reports');
  await expect(page.getByText('全公司学员的学习进度与完成情况')).toBeVisible();
  const learners = (body: Record<string, unknown> = {}) => callAs<PageResult<OrganizationLearner>>(request, token, 'organizationLearnerPage', body);
  const rows = page.getByRole('table', { name: /^学员学习情况/ }).getByRole('row').filter({ has: page.getByRole('rowheader') });

  const all = await learners();
  expect(all.totalCount).toBeGreaterThanOrEqual(22);
  await expect(page.getByText(`共 ${all.totalCount} 名学员`)).toBeVisible();
  await expect(rows).toHaveCount(10);
  await page.getByRole('button', { name: '下一页' }).click();
  await expect(page).toHaveURL(/[?&]page=2$/);
  const second = await learners({ pageCurrent: 2 });
  await expect(rows.first().getByRole('rowheader')).toHaveText(second.list[0]!.userName);

  const search = page.getByRole('search', { name: '筛选学员' });
  await search.getByLabel('部门').selectOption({ label: '研发中心' });
  await search.getByLabel('学习状态').selectOption({ label: '学习中' });
  await expect(page).toHaveURL(/\?department=D100&status=1$/);
  const learning = await learners({ departmentId: 'D100', learningStatus: 1 });
  await expect(page.getByText(`共 ${learning.totalCount} 名学员`)).toBeVisible();
  await expect(rows).toHaveCount(learning.list.length);
  for (const l of learning.list) await expect(rows.filter({ hasText: l.empNo })).toContainText('学习中');

  // The export, downloaded from the page itself (the back office has no download centre).
  await page.getByRole('button', { name: '导出学员数据' }).click();
  const status = page.getByRole('status').filter({ hasText: /学员学习概况-\d{8}-\d{4}\.xlsx/ });
  await expect(status).toContainText('已生成', { timeout: 30_000 });
  const [file] = await Promise.all([
    context.waitForEvent('response', (r) => r.url().includes(endpoints.exportFileDownload.path)),
    page.getByRole('button', { name: '下载文件' }).click(),
  ]);
  expect(file.status()).toBe(200);
  expect(file.headers()['content-type']).toContain('spreadsheetml');
});

test('the lecturer’s and the reports’ pages in English', async ({ page, request }) => {
  await asMember(page, await tokenFor(request, 'E1002'));
  await page.goto('/en/crm/teaching');
  await expect(page.getByRole('heading', { level: 1, name: 'My courses' })).toBeVisible();
  await expect(page.getByRole('table', { name: /^My courses: \d+$/ })).toContainText('Published');
  await axe(page);
  await page.goto('/en/crm/marking');
  await expect(page.getByText('Handed-in papers of the exams you mark')).toBeVisible();
  await page.context().clearCookies();
  await asMember(page, await tokenFor(request, 'E1003'));
  await page.goto('/en/crm/reports');
  await expect(page.getByRole('heading', { level: 1, name: 'Learning reports' })).toBeVisible();
  await expect(page.getByText('How the learners of your department and the departments under it')).toBeVisible();
  await expect(page.getByRole('table', { name: /^Learners, page 1 of 1$/ })).toContainText('Human Resources · Training Centre');
  await axe(page);
});

test('a learner is refused the lecturer’s page and call', async ({ page, request }) => {
  const token = await tokenFor(request, 'E1001');
  await asMember(page, token);
  await page.goto('/crm/teaching');
  await expect(page.getByRole('alert')).toContainText('没有权限');
  await page.goto('/crm/reports');
  await expect(page.getByRole('alert')).toContainText('没有权限');
  const res = await request.post(`/gateway/${endpoints.teachingCoursePage.path}`, { headers: { token }, data: {} });
  expect(((await res.json()) as { code: number }).code).toBe(460);
});
