/**
 * The organisation centre (`/account/organization/vod`) as 王磊 (E1003, organisation user in
 * the Training Centre) uses it: from the avatar menu, the overview and learners of his
 * department and the ones under it, the filters, and an export offered at once and in the
 * download centre; a learner (E1001) is refused and has no entry; an anonymous visitor signs
 * in first and comes back. The figures are read from the gateway at test time (other files add
 * learning as they run). Exports add download records to E1003 only. The whole company's
 * reports, paged, are the administrator's, in the back office (crm-roles.spec.ts).
 */
import { expect, test, type Locator, type Page } from '@playwright/test';
import type { OrganizationLearner, OrganizationOverview } from '../../src/api/people-types';
import type { PageResult } from '../../src/api/types';
import { callAs, PASSWORD, signIn, tokenFor, userName } from './fixtures';

const USER = 'E1003';

test.beforeEach(async ({ context }) => {
  await context.clearCookies();
});

async function openUserMenu(page: Page, empNo: string): Promise<void> {
  await page.getByRole('banner').getByRole('button', { name: new RegExp(userName(empNo)) }).click();
  await expect(page.getByRole('menu')).toBeVisible();
}

/** The learners table's data rows (the header row left out). */
function rows(page: Page): Locator {
  return page.getByRole('table', { name: /^学员学习情况/ }).getByRole('row').filter({ has: page.getByRole('rowheader') });
}

/** The figure of the overview under `label`. */
function figure(page: Page, label: string): Locator {
  return page.getByRole('region', { name: '学习概况' }).getByRole('definition').filter({
    has: page.locator(`xpath=preceding-sibling::dt[normalize-space(.)="${label}"]`),
  });
}

const learnerPage = (page: Page, token: string, body: Record<string, unknown> = {}) =>
  callAs<PageResult<OrganizationLearner>>(page.request, token, 'organizationLearnerPage', body);

test('an organisation user opens the centre from the avatar menu and sees their department and the ones under it', async ({ page }) => {
  test.slow();
  await signIn(page, USER);
  const token = await tokenFor(page.request, USER);
  await page.goto('/account?change=1');
  await openUserMenu(page, USER);
  await page.getByRole('menuitem', { name: '组织中心' }).click();
  await expect(page).toHaveURL(/\/account\/organization\/vod$/);
  await expect(page.getByRole('heading', { level: 1, name: '组织中心' })).toBeVisible();

  // The overview, as the gateway counts it: 王磊's Training Centre (D310) only.
  const overview = await callAs<OrganizationOverview>(page.request, token, 'organizationOverview');
  expect(overview.learners).toBe(2);
  await expect(figure(page, '学员总数')).toHaveText('2');
  await expect(figure(page, '已开始课程')).toHaveText(String(overview.coursesStarted));
  await expect(figure(page, '课程完成率')).toHaveText(`${overview.completionRate}%`);
  await expect(figure(page, '持有证书')).toHaveText(String(overview.certificates));

  // The learners of that department, by employee number, with their progress.
  const all = await learnerPage(page, token);
  expect(all.list.map((l) => l.empNo)).toEqual(['E1003', 'E1022']);
  await expect(page.getByText('共 2 名学员')).toBeVisible();
  await expect(rows(page)).toHaveCount(2);
  await expect(rows(page).first().getByRole('rowheader')).toHaveText(userName('E1003'));
  await expect(rows(page).nth(1)).toContainText('人力资源部 · 培训中心');
  await page.screenshot({ path: test.info().outputPath('organization-zh.png'), fullPage: true });

  // The department filter offers only the reach; a name from elsewhere finds nobody.
  const search = page.getByRole('search', { name: '筛选学员' });
  await expect(search.getByLabel('部门').locator('option')).toHaveText(['全部部门', '培训中心']);
  await search.getByLabel('姓名或工号').fill('张伟');
  await search.getByLabel('姓名或工号').press('Enter');
  await expect(page).toHaveURL(/\?keyword=%E5%BC%A0%E4%BC%9F$/);
  await expect(page.getByText('没有符合条件的学员')).toBeVisible();
  await page.getByRole('button', { name: '重置' }).click();
  await expect(rows(page)).toHaveCount(2);

  // The export of this list: built in the background, offered at once and in the download centre.
  await page.getByRole('button', { name: '导出学员数据' }).click();
  const status = page.getByRole('status').filter({ hasText: /学员学习概况-\d{8}-\d{4}\.xlsx/ });
  await expect(status).toContainText('已生成', { timeout: 30_000 });
  await expect(page.getByRole('button', { name: '下载文件' })).toBeVisible();
  const fileName = (await status.textContent())!.match(/学员学习概况-\d{8}-\d{4}\.xlsx/)![0];
  await page.getByRole('button', { name: '下载中心', exact: true }).click();
  const centre = page.getByRole('dialog', { name: '下载中心' });
  await expect(centre.getByRole('listitem').filter({ hasText: fileName }).first()).toBeVisible();
  await page.keyboard.press('Escape');
});

test('the centre in English', async ({ page }) => {
  test.slow();
  await signIn(page, USER);
  await page.goto('/en/account/organization/vod?keyword=E1022');
  await expect(page.getByRole('heading', { level: 1, name: 'Organisation centre' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Overview' }).getByText('Active in the last 30 days')).toBeVisible();
  const table = page.getByRole('table', { name: /^Learners, page 1 of 1$/ });
  await expect(table.getByRole('row').filter({ has: page.getByRole('rowheader') })).toHaveCount(1);
  await expect(table).toContainText('Human Resources · Training Centre');
  await expect(page.getByText('Learners found: 1')).toBeVisible();
  await expect(page.getByRole('search', { name: 'Filter learners' }).getByLabel('Name or employee no.')).toHaveValue('E1022');
  await page.screenshot({ path: test.info().outputPath('organization-en.png'), fullPage: true });
});

test('a learner has no entry, and the address says the centre is for organisation users only', async ({ page }) => {
  await signIn(page, 'E1001');
  await openUserMenu(page, 'E1001');
  await expect(page.getByRole('menuitem', { name: '个人中心' })).toBeVisible();
  await expect(page.getByRole('menuitem', { name: '组织中心' })).toHaveCount(0);
  await page.keyboard.press('Escape');

  await page.goto('/account/organization/vod');
  await expect(page.getByText('只有组织用户可以查看组织中心')).toBeVisible();
  await expect(page.getByRole('link', { name: '返回个人中心' })).toHaveAttribute('href', '/account');
  await expect(page.getByRole('table')).toHaveCount(0);
  await expect(page.getByRole('region', { name: '学习概况' })).toHaveCount(0);

  // The gateway refuses the learner as well, in their language.
  const token = await tokenFor(page.request, 'E1001');
  const res = await page.request.get('/gateway/data/auth/organization/overview', { headers: { token, 'accept-language': 'en' } });
  expect(res.status()).toBe(403);
  expect(await res.json()).toMatchObject({ msg: 'You do not have permission to use this part of the back office', data: null });
});

test('an anonymous visitor signs in first and comes back to the centre', async ({ page }) => {
  await page.goto('/account/organization/vod');
  await expect(page).toHaveURL(/\/login\?t=login&redirect=%2Faccount%2Forganization%2Fvod$/);
  await page.getByLabel('工号').fill(USER);
  await page.getByLabel('密码', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: '登录', exact: true }).click();
  await expect(page).toHaveURL(/\/account\/organization\/vod$/);
  await expect(page.getByRole('region', { name: '学习概况' })).toBeVisible();
});
