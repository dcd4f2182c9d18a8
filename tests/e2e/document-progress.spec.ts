/**
 * Documents count the pages shown, not the opening: the culture handbook stays below 100% while
 * only page 1 was shown, and reaches 100% once every page stayed shown for the course's minimum
 * time (3 s in the demo); a file without preview says it counts once downloaded, and does after
 * the download. Both languages.
 */
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { endpoints } from '../../src/api/endpoints';
import { courseId, PASSWORD, signIn } from './fixtures';

const ONBOARDING = '新员工入职培训';
/** The company's initial password (tenants/localhost.json), which E1008 and E1009 are still on. */
const INITIAL_PASSWORD = 'Init@2026';

/**
 * Learners no other spec opens the onboarding course as (its player resumes at the period
 * opened last): still on the initial password, changed here to the demo password first.
 */
async function readyLearner(request: APIRequestContext, empNo: string): Promise<void> {
  const res = await request.post(`/gateway/${endpoints.loginByEmpNo.path}`, { data: { empNo, password: INITIAL_PASSWORD } });
  const body = (await res.json()) as { code: number; data?: { token: string } };
  // Already changed (a retry): nothing to do.
  if (body.code !== 200 || !body.data) return;
  const changed = await request.post(`/gateway/${endpoints.updateInitPassword.path}`, {
    headers: { token: body.data.token },
    data: { newPassword: PASSWORD, confirmPassword: PASSWORD },
  });
  expect(((await changed.json()) as { code: number }).code).toBe(200);
}

test.beforeEach(async ({ context }) => {
  await context.clearCookies();
});

function periodLink(page: Page, contents: string, name: string) {
  return page.getByRole('navigation', { name: contents }).getByRole('link', { name: new RegExp(name) });
}

test('the handbook counts the pages shown: page 1 alone is not done, every page for 3 s is', async ({ page }) => {
  test.setTimeout(90_000);
  await readyLearner(page.request, 'E1008');
  await signIn(page, 'E1008');
  const id = await courseId(page, ONBOARDING);
  await page.goto(`/watch/course?courseId=${id}`);
  const handbook = periodLink(page, '课程目录', '企业文化手册');

  // Opening it counts nothing; page 1 shown for 3 s counts one page of three.
  const firstRead = page.waitForResponse(
    (r) => r.url().includes(endpoints.progressSave.path) && (r.request().postData() ?? '').includes('"pages"'),
  );
  await handbook.click();
  await expect(page.getByText('第 1 / 3 页')).toBeVisible({ timeout: 45_000 });
  await expect(page.getByTestId('document-pages')).toHaveText(/^已读 [01]\/3 页$/);
  await expect(page.getByTestId('document-rule')).toContainText('每页停留 3 秒计为已读');
  await firstRead;
  await expect(page.getByTestId('document-pages')).toHaveText('已读 1/3 页');
  // Staying on page 1 longer adds nothing.
  await page.waitForTimeout(4_000);
  await expect(page.getByTestId('document-pages')).toHaveText('已读 1/3 页');
  await expect(page.getByTestId('period-progress')).toHaveText('本节进度 33%');
  await expect(handbook).toContainText('33%');
  await expect(handbook).not.toContainText('100%');

  // A page turned past before its 3 s counts nothing either.
  await page.getByRole('button', { name: '下一页' }).click();
  await expect(page.getByText('第 2 / 3 页')).toBeVisible();
  await page.getByRole('button', { name: '上一页' }).click();
  await expect(page.getByText('第 1 / 3 页')).toBeVisible();
  await page.waitForTimeout(4_000);
  await expect(page.getByTestId('document-pages')).toHaveText('已读 1/3 页');

  // Page by page, each shown for the minimum time: done.
  await page.getByRole('button', { name: '下一页' }).click();
  await expect(page.getByText('第 2 / 3 页')).toBeVisible();
  await expect(page.getByTestId('document-pages')).toHaveText('已读 2/3 页', { timeout: 10_000 });
  await page.getByRole('button', { name: '下一页' }).click();
  await expect(page.getByText('第 3 / 3 页')).toBeVisible();
  await expect(page.getByTestId('document-pages')).toHaveText('已读 3/3 页', { timeout: 10_000 });
  await expect(page.getByTestId('period-progress')).toHaveText('本节进度 100%');
  await expect(handbook).toContainText('100%');

  // The gateway keeps it.
  await page.reload();
  await expect(periodLink(page, '课程目录', '企业文化手册')).toContainText('100%');
});

test('in English, a document shows the pages read, and a file without preview counts once downloaded', async ({ page }) => {
  test.setTimeout(90_000);
  await readyLearner(page.request, 'E1009');
  await signIn(page, 'E1009');
  const id = await courseId(page, ONBOARDING);
  await page.goto(`/en/watch/course?courseId=${id}`);

  await periodLink(page, 'Contents', 'Culture handbook').click();
  await expect(page.getByText('Page 1 of 3')).toBeVisible({ timeout: 45_000 });
  await expect(page.getByTestId('document-pages')).toHaveText(/^Read [0-3]\/3 pages$/);

  const pack = periodLink(page, 'Contents', 'Onboarding pack');
  await pack.click();
  await expect(page.getByTestId('document-rule')).toHaveText('Counts as done when downloaded');
  await expect(pack).not.toContainText('100%');
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download', exact: true }).click();
  expect((await download).suggestedFilename()).toBe('入职资料包.zip');
  await expect(page.getByTestId('period-progress')).toHaveText('This period 100%');
  await expect(pack).toContainText('100%');
});
