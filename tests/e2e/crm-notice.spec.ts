/**
 * The back office's announcements and messages: the administrator (E1004) writes an announcement
 * with bold text in the editor and publishes it; in a second browser the learner (E1001) sees the
 * unread badge go up without a reload and reads it with the bold text rendered; the read
 * statistics then count them as read. Hostile HTML saved through the gateway never runs on the
 * learner's page. In English: the list's actions (publish with undo, delete after confirming)
 * and a message sent to a department and a member. On a gateway of the file's own.
 */
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Browser, type Page } from '@playwright/test';
import type { NoticeDetail, NoticeSent } from '../../src/api/crm-notice-types';
import type { MessageRecord, UnreadCount } from '../../src/api/home-types';
import type { PageResult } from '../../src/api/types';
import { callAs, PORT, signIn, tokenFor } from './fixtures';
import { useOwnGateway } from './own-gateway';

test.describe.configure({ timeout: 90_000 });

/** A gateway of this file's own: its announcements and messages never reach the other files' badges. */
const gw = useOwnGateway(PORT + 72);

async function withToken(page: Page, token: string): Promise<void> {
  await page.context().addCookies([{ name: 'ENT_WEB_TOKEN', value: token, url: gw.origin }]);
}

/** The learner, signed in in a browser of their own. */
async function learner(browser: Browser): Promise<Page> {
  const context = await browser.newContext({ baseURL: gw.origin });
  const page = await context.newPage();
  await signIn(page, 'E1001');
  return page;
}

/** No WCAG 2.1 A/AA finding on the page (the layout's language link, whose name names the language it opens, aside). */
async function axe(page: Page): Promise<void> {
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).exclude('a[lang]').analyze();
  expect(results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
}

const zhBadge = (page: Page, count: number) =>
  page.getByRole('banner').getByRole('link', { name: count ? `消息中心，${count > 99 ? '99+' : count} 条未读` : '消息中心', exact: true });

test('an announcement written with bold text reaches the learner live, and the statistics count them as read', async ({ page, browser, request }) => {
  const title = `端到端公告 ${Date.now()}`;
  const learnerToken = await tokenFor(request, 'E1001');
  const reader = await learner(browser);
  const start = await callAs<UnreadCount>(request, learnerToken, 'unreadCount');
  await expect(zhBadge(reader, start.total)).toBeVisible();

  await withToken(page, await tokenFor(request, 'E1004'));
  await page.goto('/crm/announcements/edit');
  await expect(page.getByRole('heading', { level: 2, name: '写公告' })).toBeVisible();
  await expect(page.getByRole('link', { name: /组件库/ })).toHaveAttribute('target', '_blank');
  await page.getByLabel('标题（中文）').fill(title);
  const editor = page.getByRole('textbox', { name: '正文（中文）' });
  await editor.click();
  await page.keyboard.type('全体成员请注意：');
  await page.getByRole('toolbar', { name: '格式' }).first().getByRole('button', { name: '加粗' }).click();
  await page.keyboard.type('本周五停电');
  await page.getByRole('toolbar', { name: '格式' }).first().getByRole('button', { name: '加粗' }).click();
  await page.keyboard.type('。<script>window.__typed = 1</script>');
  await expect(page.getByRole('radio', { name: '立即发布' })).toBeChecked();
  await axe(page);
  await page.screenshot({ path: test.info().outputPath('editor-zh.png'), fullPage: true });
  await page.getByRole('button', { name: '发布', exact: true }).click();
  await expect(page.getByText('公告已发布', { exact: true })).toBeVisible();
  await expect(page).toHaveURL(/\/crm\/announcements\/edit\?id=/);
  const id = new URL(page.url()).searchParams.get('id')!;
  await expect(page.getByText('已发布', { exact: true })).toBeVisible();

  // The learner's badge goes up without a reload; the announcement shows its bold text.
  await expect(zhBadge(reader, start.total + 1)).toBeVisible();
  await reader.goto(`/account/message?num=1&id=${id}`);
  const article = reader.getByRole('article', { name: title });
  await expect(article.locator('strong')).toHaveText('本周五停电');
  await expect(article).toContainText('<script>window.__typed = 1</script>');
  expect(await reader.evaluate(() => (window as { __typed?: number }).__typed)).toBeUndefined();
  await reader.screenshot({ path: test.info().outputPath('learner-zh.png'), fullPage: true });

  // Read statistics: the learner has read it.
  await page.goto(`/crm/announcements/reads?id=${id}`);
  await expect(page.getByRole('heading', { level: 2, name: title })).toBeVisible();
  await page.getByLabel('姓名或工号').fill('张伟');
  await page.getByRole('button', { name: '搜索' }).click();
  const row = page.getByRole('row', { name: /张伟/ });
  await expect(row).toContainText('已读');
  await expect(row).toContainText('E1001');
  await axe(page);
  await page.getByRole('button', { name: '导出' }).click();
  await expect(page.getByText('已开始导出，完成后可在下载中心下载')).toBeVisible();

  // Hostile HTML saved through the gateway does not run either.
  const hostile = await callAs<NoticeDetail>(request, await tokenFor(request, 'E1004'), 'noticeSave', {
    titleZh: `${title}（脚本）`,
    contentZh: '<p>看<img src="x" onerror="window.__xss = 1"><script>window.__xss = 2</script><a href="javascript:window.__xss = 3">这里</a></p>',
    publish: 'now',
  });
  await reader.goto(`/account/message?num=1&id=${hostile.id}`);
  const unsafe = reader.getByRole('article', { name: `${title}（脚本）` });
  await expect(unsafe).toContainText('看这里');
  await unsafe.getByText('这里').click();
  expect(await reader.evaluate(() => (window as { __xss?: number }).__xss)).toBeUndefined();
  await reader.context().close();
});

test('in English: the list filters, publishes with undo and deletes after confirming', async ({ page, request }) => {
  const token = await tokenFor(request, 'E1004');
  const title = `E2E draft ${Date.now()}`;
  await callAs<NoticeDetail>(request, token, 'noticeSave', { titleEn: title, contentEn: '<p>Draft <em>text</em></p>', publish: 'draft' });
  await withToken(page, token);
  await page.goto('/en/crm/announcements');
  await page.getByLabel('Title').fill(title);
  await page.getByRole('button', { name: 'Search' }).click();
  await expect(page).toHaveURL(/keyword=/);
  const row = page.getByRole('row', { name: new RegExp(title) });
  await expect(row).toContainText('Draft');
  await axe(page);

  await row.getByRole('button', { name: `Actions for “${title}”` }).click();
  await page.getByRole('menuitem', { name: 'Publish now' }).click();
  await expect(row).toContainText('Published');
  await page.getByRole('button', { name: 'Undo' }).click();
  await expect(row).toContainText('Draft');

  await row.getByRole('button', { name: `Actions for “${title}”` }).click();
  await page.getByRole('menuitem', { name: 'Delete' }).click();
  const dialog = page.getByRole('alertdialog', { name: 'Delete this announcement?' });
  await expect(dialog).toContainText(title);
  await dialog.getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText('The announcement was deleted')).toBeVisible();
  await expect(page.getByText('No announcement matches')).toBeVisible();

  // The editor in English: an empty form is refused in place, in English.
  await page.goto('/en/crm/announcements/edit');
  await page.getByRole('button', { name: 'Publish', exact: true }).click();
  const english = page.getByRole('tabpanel', { name: 'English' });
  await expect(english.getByText('Enter a title')).toBeVisible();
  await expect(english.getByText('Enter the text')).toBeVisible();
  await expect(english.getByLabel('Title (English)')).toHaveAttribute('aria-invalid', 'true');
  await axe(page);
});

test('in English: a message to a department and a member, counted', async ({ page, request }) => {
  const token = await tokenFor(request, 'E1004');
  const title = `E2E message ${Date.now()}`;
  await withToken(page, token);
  await page.goto('/en/crm/messages');
  await page.getByRole('checkbox', { name: 'Product Centre' }).check();
  await expect(page.getByRole('checkbox', { name: 'Product Management' })).toBeChecked();
  await page.getByLabel('Search by name or employee no.').fill('E1001');
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  await page.getByRole('button', { name: /^Add 张伟 E1001/ }).click();
  await expect(page.getByRole('list', { name: 'Chosen members' })).toContainText('张伟');
  await axe(page);
  await page.getByRole('button', { name: 'Send' }).click();
  await expect(page.getByRole('tabpanel', { name: 'English' }).getByText('Enter a title')).toBeVisible();
  await page.getByLabel('Title (English)').fill(title);
  await page.getByLabel('Text (English)').fill('Please read this.');
  await page.getByRole('button', { name: 'Send' }).click();
  // Product Centre holds two members (E1007, E1021), and E1001 is chosen by name.
  await expect(page.getByRole('status').filter({ hasText: 'Sent to 3 members' }).first()).toBeVisible();
  const inbox = await callAs<PageResult<MessageRecord>>(request, await tokenFor(request, 'E1001'), 'messageRecordPage', { kind: 2, pageSize: 5 });
  expect(inbox.list.map((r) => r.title)).toContain(title);
  const sent = await callAs<NoticeSent>(request, token, 'noticeMessageSend', { titleZh: `${title}（接口）`, contentZh: '请查收', memberIds: [] , departmentIds: ['D220', 'D210'] });
  expect(sent.count).toBe(2);
});
