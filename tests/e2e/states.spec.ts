/**
 * States that follow from what happened, as 王磊 (E1003) meets them: 新员工训练营 shows no
 * progress of his before he is in it, and the administrator's approval, made elsewhere,
 * reaches him as a message that raises the header's unread badge while his page stays open.
 */
import { expect, test, type Page } from '@playwright/test';
import type { ProjectMember } from '../../src/api/learning-types';
import type { PageResult } from '../../src/api/types';
import { callAs, signIn, tokenFor } from './fixtures';

const BOOT_CAMP = '新员工训练营';

test.beforeEach(async ({ context }) => {
  await context.clearCookies();
});

/** The header badge's unread count (0 without one). */
async function badgeUnread(page: Page): Promise<number> {
  const label = (await page.getByRole('banner').getByRole('link', { name: /^消息中心/ }).getAttribute('aria-label')) ?? '';
  return Number(/(\d+) 条未读/.exec(label)?.[1] ?? 0);
}

test('an approval made in another browser raises the learner’s badge without a reload; progress shows once he is in', async ({
  page,
  request,
}) => {
  test.slow();
  await signIn(page, 'E1003');
  await page.goto('/train');
  await page.getByRole('tab', { name: '培训项目' }).waitFor();
  await page.getByRole('link', { name: BOOT_CAMP, exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: BOOT_CAMP })).toBeVisible();
  const projectId = new URL(page.url()).pathname.split('/').pop()!;

  // Not in the project: it asks him to register and shows no progress of his.
  await expect(page.getByRole('alert').filter({ hasText: '无法学习，请先报名' })).toBeVisible();
  await expect(page.locator('main header').getByRole('progressbar')).toHaveCount(0);
  await page.getByRole('button', { name: '报名', exact: true }).click();
  await expect(page.getByRole('alert').filter({ hasText: '无法学习，请等待报名审核' })).toBeVisible();
  await expect(page.locator('main header').getByRole('progressbar')).toHaveCount(0);

  await expect(page.getByRole('banner').getByRole('link', { name: /^消息中心/ })).toBeVisible();
  // The unread stream is open once the badge has its first count.
  await page.waitForTimeout(1000);
  const before = await badgeUnread(page);

  // 刘洋 (E1004, administrator) approves the registration through the gateway.
  const admin = await tokenFor(request, 'E1004');
  const waiting = await callAs<PageResult<ProjectMember>>(request, admin, 'projectMemberPage', { projectId, status: 0 });
  const registration = waiting.list.find((m) => m.empNo === 'E1003')!;
  expect(registration).toBeTruthy();
  await callAs(request, admin, 'projectApprove', { projectId, userId: registration.userId, approve: true });

  // The badge rises on the open page, with no reload.
  await expect.poll(() => badgeUnread(page), { timeout: 15_000 }).toBe(before + 1);
  await page.screenshot({ path: test.info().outputPath('states-badge.png') });

  // The message says what happened, and the project now shows his progress.
  await page.goto('/account/message?num=2');
  await expect(page.getByRole('main').getByRole('heading', { name: `项目《${BOOT_CAMP}》报名已通过`, exact: true })).toBeVisible();
  await page.goto(`/train/project/${projectId}`);
  await expect(page.getByRole('heading', { level: 1, name: BOOT_CAMP })).toBeVisible();
  await expect(page.locator('main header').getByRole('progressbar', { name: /^进度 \d+%$/ })).toBeVisible();
});
