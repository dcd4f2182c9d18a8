/**
 * The message centre (`/account/message`): announcements and messages, reading, likes,
 * comments and replies, bulk actions, as 孙浩 (E1007) of the demo company uses them
 * (tenants/localhost.json, seed.announcements). E1005, whom the task names, is still on the
 * initial password, which account.spec.ts changes: the two could not share a gateway run.
 * The tests of this file run in order in one worker; the last one marks everything read.
 * Each test walks through several pages, so each is marked slow (three times the timeout).
 */
import { expect, test, type Locator, type Page } from '@playwright/test';
import { signIn } from './fixtures';

const USER = 'E1007';
const USER_NAME = '孙浩';
const QUARTERLY = '季度业务复盘直播预告';
const NETWORK = '办公网络维护通知';
const NEW_COURSE = '新课程上线：《数据可视化入门》';
const FIRE_DRILL = '消防演练通知';
const MAINTENANCE = '系统维护已完成';
const APPROVED = '项目《新员工训练营》报名已通过';

test.describe.configure({ mode: 'serial' });

test.beforeEach(async ({ context }) => {
  await context.clearCookies();
});

/** The list item of a record. */
function item(page: Page, title: string): Locator {
  return page.getByRole('main').getByRole('listitem').filter({ has: page.getByRole('heading', { name: title, exact: true }) });
}

/** The unread count a list's tab shows (0 without a badge). */
async function tabUnread(page: Page, name: '公告' | '消息'): Promise<number> {
  const tab = page.getByRole('tab', { name: new RegExp(`^${name}`) });
  await expect(tab).toBeVisible();
  // The accessible name: the visible number is hidden from it, the words say it.
  const text = await tab.ariaSnapshot();
  return Number(/(\d+) 条未读/.exec(text)?.[1] ?? 0);
}

/** The header badge's unread count (0 without one). */
async function badgeUnread(page: Page): Promise<number> {
  const label = (await page.getByRole('banner').getByRole('link', { name: /^消息中心/ }).getAttribute('aria-label')) ?? '';
  return Number(/(\d+) 条未读/.exec(label)?.[1] ?? 0);
}

async function openCentre(page: Page, query = ''): Promise<void> {
  await page.goto(`/account/message${query}`);
  await expect(page.getByRole('heading', { level: 1, name: '消息中心' })).toBeVisible();
  await expect(page.getByRole('main').getByRole('listitem').first()).toBeVisible();
}

/** The id of a record, from its link in the list. */
async function recordId(page: Page, title: string): Promise<string> {
  const href = await item(page, title).getByRole('link', { name: title }).getAttribute('href');
  const id = new URLSearchParams(href?.split('?')[1] ?? '').get('id');
  expect(id).toBeTruthy();
  return id!;
}

test("the count above a list is that list's, and pinned announcements come first", async ({ page }) => {
  test.slow();
  await signIn(page, USER);
  await openCentre(page);
  const panel = page.getByRole('tabpanel');
  for (const tab of ['公告', '消息'] as const) {
    await page.getByRole('tab', { name: new RegExp(`^${tab}`) }).click();
    const all = panel.getByRole('button', { name: /^全部（\d+）$/ });
    await expect(all).toBeVisible();
    const total = Number(/（(\d+)）/.exec((await all.textContent()) ?? '')?.[1]);
    const unread = Number(/（(\d+)）/.exec((await panel.getByRole('button', { name: /^未读（\d+）$/ }).textContent()) ?? '')?.[1]);
    await expect(panel.getByText(`共 ${total} 条，未读 ${unread} 条`)).toBeVisible();
    expect(unread).toBe(await tabUnread(page, tab));
  }
  await page.getByRole('tab', { name: /^公告/ }).click();
  const items = page.getByRole('main').getByRole('listitem');
  await expect(items.nth(0)).toContainText('置顶');
  await expect(items.nth(1)).toContainText('置顶');
  await expect(items.nth(2)).not.toContainText('置顶');
});

test('opening an unread announcement shows it whole, marks it read and lowers the counts', async ({ page }) => {
  test.slow();
  await signIn(page, USER);
  await openCentre(page);
  await expect(page.getByRole('tab', { name: /^公告/, selected: true })).toBeVisible();
  await expect(item(page, QUARTERLY)).toContainText('未读');
  const before = await tabUnread(page, '公告');
  expect(before).toBeGreaterThan(0);
  await expect.poll(() => badgeUnread(page)).toBeGreaterThan(before - 1);
  const badgeBefore = await badgeUnread(page);

  await item(page, QUARTERLY).getByRole('link', { name: QUARTERLY }).click();
  await expect(page).toHaveURL(/[?&]id=[\w-]+/);
  const article = page.getByRole('article', { name: QUARTERLY });
  await expect(article.getByRole('heading', { level: 2, name: QUARTERLY })).toBeVisible();
  await expect(article).toContainText('发布人：');
  // The whole text, line breaks kept.
  await expect(article.locator('.whitespace-pre-wrap').first()).toBeVisible();

  await page.getByRole('button', { name: '返回列表' }).click();
  await expect(page).not.toHaveURL(/[?&]id=/);
  await expect(item(page, QUARTERLY)).toContainText('已读');
  await expect(item(page, QUARTERLY).getByRole('link', { name: QUARTERLY })).toBeFocused();
  await expect.poll(() => tabUnread(page, '公告')).toBe(before - 1);
  await expect.poll(() => badgeUnread(page)).toBe(badgeBefore - 1);

  // The browser's back button also closes an opened record.
  await item(page, NETWORK).getByRole('link', { name: NETWORK }).click();
  await expect(page.getByRole('article', { name: NETWORK })).toBeVisible();
  await page.goBack();
  await expect(item(page, NETWORK)).toContainText('已读');
  await expect.poll(() => tabUnread(page, '公告')).toBe(before - 2);
});

test('a link with ?id opens the record; it can be liked and the like taken back', async ({ page }) => {
  test.slow();
  await signIn(page, USER);
  await openCentre(page);
  const id = await recordId(page, NEW_COURSE);

  await page.goto(`/account/message?num=1&id=${id}`);
  const article = page.getByRole('article', { name: NEW_COURSE });
  await expect(article).toBeVisible();
  await expect(article.getByRole('link', { name: '查看相关内容' })).toHaveAttribute('href', '/knowledge');
  const like = article.getByRole('button', { name: '点赞' });
  await expect(like).toHaveAttribute('aria-pressed', 'false');
  const count = Number(/(\d+)/.exec((await article.getByText(/人点赞$/).textContent()) ?? '')?.[1]);

  await like.click();
  await expect(like).toHaveAttribute('aria-pressed', 'true');
  await expect(article.getByText(`${count + 1} 人点赞`)).toBeVisible();
  await page.reload();
  await expect(article.getByRole('button', { name: '点赞' })).toHaveAttribute('aria-pressed', 'true');
  await expect(article.getByText(`${count + 1} 人点赞`)).toBeVisible();
  await article.getByRole('button', { name: '点赞' }).click();
  await expect(article.getByRole('button', { name: '点赞' })).toHaveAttribute('aria-pressed', 'false');
  await expect(article.getByText(`${count} 人点赞`)).toBeVisible();

  // The English page says the same in English, with the link in English too.
  await page.goto(`/en/account/message?num=1&id=${id}`);
  const en = page.getByRole('article', { name: 'New course: Data visualisation basics' });
  await expect(en.getByRole('link', { name: 'Open the related page' })).toHaveAttribute('href', '/en/knowledge');
  await expect(en.getByRole('button', { name: 'Like' })).toBeVisible();
  await expect(en.getByRole('heading', { name: 'Comments' })).toBeVisible();
  await page.screenshot({ path: test.info().outputPath('message-detail-en.png'), fullPage: true });
});

test('comments: markup shows as text, empty is refused, replies, and own comments are deleted after confirming', async ({ page }) => {
  test.slow();
  page.on('dialog', (dialog) => {
    throw new Error(`unexpected dialog: ${dialog.message()}`);
  });
  const saves: string[] = [];
  page.on('request', (r) => r.url().includes('/announcement/comment/') && r.url().includes('save') && saves.push(r.url()));
  await signIn(page, USER);
  await openCentre(page);
  await item(page, NEW_COURSE).getByRole('link', { name: NEW_COURSE }).click();
  const article = page.getByRole('article', { name: NEW_COURSE });
  const comments = article.getByRole('region', { name: /^评论/ });
  await expect(comments.getByRole('listitem').first()).toBeVisible();

  // Empty text is refused here, before any call.
  const box = comments.getByLabel('评论内容');
  await expect(box).toHaveAttribute('maxlength', '500');
  await box.fill('   ');
  await comments.getByRole('button', { name: '发表评论' }).click();
  await expect(comments.getByRole('alert')).toHaveText('评论内容不能为空');
  expect(saves).toEqual([]);

  const text = `<script>alert(1)</script> ${Date.now()}`;
  await box.fill(text);
  await expect(comments.getByText(`已输入 ${text.length}/500 字`)).toBeVisible();
  await comments.getByRole('button', { name: '发表评论' }).click();
  const mine = comments.getByRole('listitem').filter({ hasText: text }).first();
  await expect(mine.getByText(text, { exact: true })).toBeVisible();
  await expect(box).toHaveValue('');
  await expect(page.locator('main script')).toHaveCount(0);
  await page.screenshot({ path: test.info().outputPath('message-comments-zh.png'), fullPage: true });

  // A reply to it, then a reply to that reply.
  await mine.getByRole('button', { name: `回复 ${USER_NAME}` }).first().click();
  await mine.getByLabel(`回复 ${USER_NAME} 的内容`).fill('同意，<b>好课</b>');
  await mine.getByRole('button', { name: '发表回复' }).click();
  const reply = mine.getByRole('listitem').filter({ hasText: '同意，<b>好课</b>' });
  await expect(reply).toBeVisible();
  await reply.getByRole('button', { name: `回复 ${USER_NAME}` }).click();
  await reply.getByLabel(`回复 ${USER_NAME} 的内容`).fill('再补充一句');
  await reply.getByRole('button', { name: '发表回复' }).click();
  const second = mine.getByRole('listitem').filter({ hasText: '再补充一句' });
  await expect(second).toContainText(`回复 ${USER_NAME}`);

  // Delete the second reply, then the comment (with its replies), each after confirming.
  await second.getByRole('button', { name: '删除回复' }).click();
  const confirmReply = page.getByRole('alertdialog', { name: '删除回复' });
  await confirmReply.getByRole('button', { name: '取消' }).click();
  await expect(second).toBeVisible();
  await second.getByRole('button', { name: '删除回复' }).click();
  await confirmReply.getByRole('button', { name: '确定' }).click();
  await expect(second).toHaveCount(0);
  await expect(reply).toBeVisible();

  await mine.getByRole('button', { name: '删除评论' }).first().click();
  await page.getByRole('alertdialog', { name: '删除评论' }).getByRole('button', { name: '确定' }).click();
  await expect(comments.getByText(text, { exact: true })).toHaveCount(0);
  // Others' comments have no delete button.
  await expect(comments.getByRole('listitem').first()).toBeVisible();

  // An announcement closed to comments says so and has no box.
  await page.getByRole('button', { name: '返回列表' }).click();
  await item(page, FIRE_DRILL).getByRole('link', { name: FIRE_DRILL }).click();
  await expect(page.getByText('该公告不允许评论')).toBeVisible();
  await expect(page.getByLabel('评论内容')).toHaveCount(0);
});

test('a comment typed when the session has ended is kept until the user is back', async ({ page }) => {
  test.slow();
  await signIn(page, USER);
  await openCentre(page);
  const id = await recordId(page, NEW_COURSE);
  await page.goto(`/account/message?num=1&id=${id}`);
  const text = `会话过期前写的评论 ${Date.now()}`;
  await page.getByLabel('评论内容').fill(text);

  // The session ends (signed out elsewhere): the post is refused and the page asks to sign in. The
  // page may notice first (its unread feed finds the session gone) and go to sign-in by itself.
  await page.context().clearCookies();
  await page
    .getByRole('button', { name: '发表评论' })
    .click({ timeout: 5_000 })
    .catch(() => undefined);
  await expect(page).toHaveURL(/\/login\?t=login/);

  await signIn(page, USER);
  await page.goto(`/account/message?num=1&id=${id}`);
  await expect(page.getByLabel('评论内容')).toHaveValue(text);
  await page.getByRole('button', { name: '发表评论' }).click();
  await expect(page.getByText(text, { exact: true })).toBeVisible();
  await expect(page.getByLabel('评论内容')).toHaveValue('');
});

test('messages: select and mark read, delete after confirming, then mark everything read', async ({ page }) => {
  test.slow();
  await signIn(page, USER);
  await openCentre(page, '?num=2');
  await expect(page.getByRole('tab', { name: /^消息/, selected: true })).toBeVisible();
  await expect(item(page, MAINTENANCE)).toContainText('未读');
  await page.screenshot({ path: test.info().outputPath('message-list-zh.png'), fullPage: true });

  await page.getByRole('checkbox', { name: `选择：${MAINTENANCE}` }).check();
  await expect(page.getByText('已选 1 项')).toBeVisible();
  await page.getByRole('button', { name: '标为已读' }).click();
  await expect(item(page, MAINTENANCE)).toContainText('已读');
  await expect(page.getByText('已选 1 项')).toHaveCount(0);

  await page.getByRole('checkbox', { name: `选择：${APPROVED}` }).check();
  await page.getByRole('button', { name: '删除', exact: true }).click();
  const confirm = page.getByRole('alertdialog', { name: '删除记录' });
  await expect(confirm).toContainText('确定删除选中的 1 条记录吗？');
  await confirm.getByRole('button', { name: '取消' }).click();
  await expect(item(page, APPROVED)).toBeVisible();
  await page.getByRole('button', { name: '删除', exact: true }).click();
  await confirm.getByRole('button', { name: '删除' }).click();
  await expect(item(page, APPROVED)).toHaveCount(0);
  await page.reload();
  await expect(item(page, MAINTENANCE)).toBeVisible();
  await expect(item(page, APPROVED)).toHaveCount(0);

  // Everything read at once: no unread anywhere.
  await page.getByRole('tab', { name: /^公告/ }).click();
  await expect(page).toHaveURL(/[?&]num=1/);
  await expect.poll(() => tabUnread(page, '公告')).toBeGreaterThan(0);
  await page.getByRole('button', { name: '全部已读' }).click();
  await expect.poll(() => tabUnread(page, '公告')).toBe(0);
  await expect.poll(() => badgeUnread(page)).toBe(0);
  await expect(page.getByRole('main').getByRole('listitem').filter({ hasText: '未读' })).toHaveCount(0);
  await page.getByRole('button', { name: /^未读（0）$/ }).click();
  await expect(page).toHaveURL(/[?&]filter=unread/);
  await expect(page.getByText('暂无公告')).toBeVisible();

  // Page two of the announcements, in the URL.
  await page.getByRole('button', { name: /^全部（\d+）$/ }).click();
  await page.getByRole('button', { name: '下一页' }).click();
  await expect(page).toHaveURL(/[?&]page=2/);
  await expect(page.getByText(/^第 2 \/ \d+ 页$/)).toBeVisible();
});

test('the English message centre', async ({ page }) => {
  test.slow();
  await signIn(page, USER);
  await page.goto('/en/account/message?num=1');
  await expect(page.getByRole('heading', { level: 1, name: 'Messages' })).toBeVisible();
  await expect(page.getByRole('tab', { name: /^Announcements/, selected: true })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Mark all as read' })).toBeVisible();
  await expect(page.getByRole('button', { name: /^All \(\d+\)$/ })).toBeVisible();
  await expect(page.getByRole('main').getByRole('listitem').first()).toBeVisible();
  await expect(page.getByRole('main').getByRole('time').first()).toHaveText(/ago$|^just now$/);
  await page.screenshot({ path: test.info().outputPath('message-list-en.png'), fullPage: true });
});
