/**
 * The header's message badge stays current without a reload: across two tabs of one browser,
 * when a message is read in one of them, when another tab tells a new count, and when the
 * admin publishes an announcement. User E1006 (赵敏) of the demo company; admin E1004.
 */
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { endpoints, type EndpointName } from '../../src/api/endpoints';
import type { MessageRecord, UnreadCount } from '../../src/api/home-types';
import type { LoginResult, PageResult } from '../../src/api/types';
import { PASSWORD, signIn } from './fixtures';

// Each test signs in through the sign-in page; on a busy machine that alone takes a while.
test.describe.configure({ timeout: 60_000 });

test.beforeEach(async ({ context }) => {
  await context.clearCookies();
});

async function api<T>(request: APIRequestContext, token: string, name: EndpointName, input: object = {}): Promise<T> {
  const row = endpoints[name];
  const url = `/gateway/${row.path}`;
  const res =
    row.method === 'GET'
      ? await request.get(url, { headers: { token }, params: input as Record<string, string> })
      : await request.post(url, { headers: { token }, data: input });
  const envelope = (await res.json()) as { code: number; msg: string; data: T };
  expect(envelope.code, `${name}: ${envelope.msg}`).toBe(200);
  return envelope.data;
}

async function tokenOf(page: Page): Promise<string> {
  const token = (await page.context().cookies()).find((c) => c.name === 'ENT_WEB_TOKEN')?.value;
  expect(token).toBeTruthy();
  return token!;
}

/**
 * E1006 has no ID card or email yet, so each page opens the "complete your information"
 * dialog, which hides the page behind it: put it off, as a person would.
 */
async function putOffSupplement(page: Page, lang: 'zh' | 'en' = 'zh'): Promise<void> {
  const dialog = page.getByRole('dialog', { name: lang === 'zh' ? '完善个人信息' : 'Complete your information' });
  await dialog.getByRole('button', { name: lang === 'zh' ? '稍后填写' : 'Later' }).click();
  await expect(dialog).toBeHidden();
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
  const start = await api<UnreadCount>(page.request, token, 'unreadCount');
  expect(start.total).toBeGreaterThan(1);

  // Two tabs of one browser, one in each language.
  await putOffSupplement(page);
  await expect(zhBadge(page, start.total)).toBeVisible();
  const other = await context.newPage();
  await other.goto('/en/');
  await putOffSupplement(other, 'en');
  await expect(enBadge(other, start.total)).toBeVisible();
  await page.screenshot({ path: test.info().outputPath('badge-zh.png') });
  await other.screenshot({ path: test.info().outputPath('badge-en.png') });

  // Read one unread message through the browser's session (as the message centre does).
  const unread = await api<PageResult<MessageRecord>>(page.request, token, 'messageRecordPage', {
    pageCurrent: 1,
    pageSize: 1,
    read: false,
  });
  await api(page.request, token, 'messageView', { id: unread.list[0]!.id });
  await expect(zhBadge(page, start.total - 1)).toBeVisible();
  await expect(enBadge(other, start.total - 1)).toBeVisible();

  // The admin publishes an announcement from elsewhere: both tabs count it without a reload.
  const admin = await playwright.request.newContext({ baseURL: test.info().project.use.baseURL });
  const login = await api<LoginResult>(admin, '', 'loginByEmpNo', { empNo: 'E1004', password: PASSWORD });
  await api(admin, login.token, 'announcementSave', {
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
  await putOffSupplement(page);
  const other = await context.newPage();
  await other.goto('/');
  await putOffSupplement(other);
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
