/**
 * The header's message badge stays current without a reload: across two tabs of one browser,
 * when a message is read in one of them, when another tab tells a new count, and when the
 * admin publishes an announcement. User E1006 (赵敏) of the demo company; admin E1004.
 */
import { expect, test, type Page } from '@playwright/test';
import type { MessageRecord, UnreadCount } from '../../src/api/home-types';
import type { LoginResult, PageResult } from '../../src/api/types';
import { callAs, completeSupplement, PASSWORD, signIn } from './fixtures';

// Each test signs in through the sign-in page; on a busy machine that alone takes a while.
test.describe.configure({ timeout: 60_000 });

test.beforeEach(async ({ context }) => {
  await context.clearCookies();
});

/** E1006 comes without an ID card and email: fill them in so the supplementary dialog stays away. */
test.beforeAll(async ({ request }) => {
  await completeSupplement(request, 'E1006');
});

async function tokenOf(page: Page): Promise<string> {
  const token = (await page.context().cookies()).find((c) => c.name === 'ENT_WEB_TOKEN')?.value;
  expect(token).toBeTruthy();
  return token!;
}

const zhBadge = (page: Page, count: number) =>
  page.getByRole('banner').getByRole('link', { name: count ? `消息中心，${count > 99 ? '99+' : count} 条未读` : '消息中心', exact: true });
const enBadge = (page: Page, count: number) =>
  page.getByRole('banner').getByRole('link', { name: count ? `Messages, ${count > 99 ? '99+' : count} unread` : 'Messages', exact: true });

test('reading a message in one tab lowers the badge in the other, and a new announcement raises it', async ({
  page,
  context,
  playwright,
}) => {
  await signIn(page, 'E1006');
  const token = await tokenOf(page);
  const start = await callAs<UnreadCount>(page.request, token, 'unreadCount');
  expect(start.total).toBeGreaterThan(1);

  // Two tabs of one browser, one in each language.
  await expect(zhBadge(page, start.total)).toBeVisible();
  const other = await context.newPage();
  await other.goto('/en/');
  await expect(enBadge(other, start.total)).toBeVisible();
  await page.screenshot({ path: test.info().outputPath('badge-zh.png') });
  await other.screenshot({ path: test.info().outputPath('badge-en.png') });

  // Read one unread message through the browser's session (as the message centre does).
  const unread = await callAs<PageResult<MessageRecord>>(page.request, token, 'messageRecordPage', {
    pageCurrent: 1,
    pageSize: 1,
    read: false,
  });
  await callAs(page.request, token, 'messageView', { id: unread.list[0]!.id });
  await expect(zhBadge(page, start.total - 1)).toBeVisible();
  await expect(enBadge(other, start.total - 1)).toBeVisible();

  // The admin publishes an announcement from elsewhere: both tabs count it without a reload.
  const admin = await playwright.request.newContext({ baseURL: test.info().project.use.baseURL });
  const login = await callAs<LoginResult>(admin, '', 'loginByEmpNo', { empNo: 'E1004', password: PASSWORD });
  await callAs(admin, login.token, 'announcementSave', {
    titleZh: '端到端测试公告',
    titleEn: 'End-to-end test announcement',
    contentZh: '这条公告用于检查消息角标。',
    contentEn: 'This announcement checks the message badge.',
  });
  await admin.dispose();
  await expect(zhBadge(page, start.total)).toBeVisible();
  await expect(enBadge(other, start.total)).toBeVisible();
});

test('a count one tab tells is applied in the other at once', async ({ page, context }) => {
  await signIn(page, 'E1006');
  const other = await context.newPage();
  await other.goto('/');
  await expect(other.getByRole('banner').getByRole('link', { name: /^消息中心/ })).toBeVisible();

  // What the message centre does after reading: setUnread() in one tab tells the others.
  await page.evaluate(() => {
    const channel = new BroadcastChannel('xt-unread');
    channel.postMessage({ total: 120, announcements: 100, messages: 20 });
    channel.close();
  });
  await expect(zhBadge(other, 120)).toBeVisible();
  await expect(other.getByRole('banner').getByText('99+', { exact: true })).toBeVisible();
  await other.screenshot({ path: test.info().outputPath('badge-99-zh.png'), clip: { x: 0, y: 0, width: 1280, height: 64 } });

  // Nothing unread: no badge, the plain name.
  await page.evaluate(() => {
    const channel = new BroadcastChannel('xt-unread');
    channel.postMessage({ total: 0, announcements: 0, messages: 0 });
    channel.close();
  });
  await expect(zhBadge(other, 0)).toBeVisible();
  await expect(other.getByRole('banner').getByText('99+', { exact: true })).toHaveCount(0);
});
