/**
 * The personal centre (`/account`): its tabs by `change` (1 tasks, 2 training, 3 cards with
 * `recordType`, 15 messages), the tab kept in the URL, arrow keys, the profile entry, the older
 * `/account/indexOld` and `/redirect/account`, and every entry of the avatar menu, as 王磊
 * (E1003, an organisation user) of the demo company uses them.
 * Each test walks through several pages, so each is marked slow (three times the timeout).
 */
import { expect, test, type Page } from '@playwright/test';
import { signIn, userName } from './fixtures';

const USER = 'E1003';

test.beforeEach(async ({ context }) => {
  await context.clearCookies();
});

function tabs(page: Page) {
  return page.getByRole('tablist', { name: '个人中心栏目' });
}

async function expectTab(page: Page, name: string): Promise<void> {
  await expect(tabs(page).getByRole('tab', { name, selected: true })).toBeVisible();
}

async function openUserMenu(page: Page): Promise<void> {
  await page.getByRole('banner').getByRole('button', { name: new RegExp(userName(USER)) }).click();
  await expect(page.getByRole('menu')).toBeVisible();
}

test('change 1 shows the study tasks, 2 the training progress or projects', async ({ page }) => {
  test.slow();
  await signIn(page, USER);

  await page.goto('/account?change=1');
  await expect(page.getByRole('heading', { level: 1, name: '个人中心' })).toBeVisible();
  await expectTab(page, '我的任务');
  const panel = page.getByRole('tabpanel');
  await expect(panel.getByRole('group', { name: '筛选' }).getByRole('button', { name: /^全部（\d+）$/ })).toBeVisible();

  await page.goto('/account?change=2');
  await expectTab(page, '我的培训');
  await expect(panel.getByRole('button', { name: '培训进度', pressed: true })).toBeVisible();
  await expect(panel.getByRole('columnheader', { name: '名称' }).or(panel.getByText('暂无内容'))).toBeVisible();
  await panel.getByRole('button', { name: '培训项目' }).click();
  await expect(page).toHaveURL(/[?&]part=projects/);
  await expect(panel.getByRole('button', { name: /^全部项目/ })).toBeVisible();
});

test('the cards show the places in the rankings; recordType picks a card; 15 is the message centre', async ({ page }) => {
  test.slow();
  await signIn(page, USER);
  const panel = page.getByRole('tabpanel');
  await page.goto('/account?change=3');
  await expectTab(page, '我的卡包');
  for (const name of ['我的积分', '我的学时', '我的证书']) {
    const card = panel.getByRole('region', { name });
    await expect(card).toBeVisible();
    await expect(card.getByText(/^(排名第 \d+|暂未上榜) · 共 \d+ 人上榜$/)).toBeVisible();
  }
  await expect(panel.getByRole('region', { name: '我的积分' }).getByRole('link', { name: '查看排行榜' })).toHaveAttribute('href', '/home/rank');
  await expect(panel.getByRole('region', { name: '我的证书' }).getByRole('link', { name: '查看证书' })).toHaveAttribute('href', '/certificate');

  await page.goto('/account?change=3&recordType=2');
  await expect(panel.getByRole('region', { name: '我的证书' })).toHaveAttribute('aria-current', 'true');
  await expect(panel.getByRole('region', { name: '我的积分' })).not.toHaveAttribute('aria-current', 'true');
  await page.screenshot({ path: test.info().outputPath('account-cards-zh.png'), fullPage: true });

  await page.goto('/account?change=15');
  await expectTab(page, '消息中心');
  await expect(panel.getByRole('tab', { name: /^公告/, selected: true })).toBeVisible();
  await expect(panel.getByRole('listitem').first()).toBeVisible();
  await page.screenshot({ path: test.info().outputPath('account-messages-zh.png'), fullPage: true });
});

test('clicking a tab or the arrow keys moves between tabs, and the URL follows', async ({ page }) => {
  test.slow();
  await signIn(page, USER);
  await page.goto('/account?change=15');
  await expectTab(page, '消息中心');

  // Clicking a tab and the arrow keys move between tabs; the URL follows without new history entries.
  const length = await page.evaluate(() => history.length);
  await tabs(page).getByRole('tab', { name: '我的培训' }).click();
  await expect(page).toHaveURL(/\/account\?change=2$/);
  await expectTab(page, '我的培训');
  await page.keyboard.press('ArrowRight');
  await expectTab(page, '我的卡包');
  await expect(tabs(page).getByRole('tab', { name: '我的卡包' })).toBeFocused();
  await expect(page).toHaveURL(/\/account\?change=3$/);
  await page.keyboard.press('ArrowRight');
  await expect(page).toHaveURL(/\/account\?change=15$/);
  await page.keyboard.press('ArrowRight');
  await expectTab(page, '我的任务');
  await expect(page).toHaveURL(/\/account\?change=1$/);
  await page.keyboard.press('ArrowLeft');
  await expectTab(page, '消息中心');
  expect(await page.evaluate(() => history.length)).toBe(length);

  // A reload keeps the tab.
  await page.reload();
  await expectTab(page, '消息中心');
});

test('the profile entry opens the profile dialog; the older page and the redirect land on the tabs', async ({ page }) => {
  test.slow();
  await signIn(page, USER);
  await page.goto('/account?change=1');
  await page.getByRole('main').getByRole('link', { name: '个人资料' }).click();
  await expect(page.getByRole('dialog', { name: '个人资料' })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog')).toHaveCount(0);

  await page.goto('/account/indexOld?change=3&recordType=1');
  await expect(page.getByRole('heading', { level: 1, name: '个人中心（旧版）' })).toBeVisible();
  await expectTab(page, '我的卡包');
  await expect(page.getByRole('region', { name: '我的积分' })).toHaveAttribute('aria-current', 'true');

  await page.goto('/redirect/account?change=3&recordType=2');
  await expect(page).toHaveURL(/\/account\?change=3&recordType=2$/);
  await expect(page.getByRole('region', { name: '我的证书' })).toHaveAttribute('aria-current', 'true');
});

test('the English account page and redirect', async ({ page }) => {
  test.slow();
  await signIn(page, USER);
  await page.goto('/en/redirect/account?change=15');
  await expect(page).toHaveURL(/\/en\/account\?change=15$/);
  await expect(page.getByRole('tablist', { name: 'Personal centre sections' }).getByRole('tab', { name: 'Messages', selected: true })).toBeVisible();
  await expect(page.getByRole('tab', { name: /^Announcements/, selected: true })).toBeVisible();
  await page.goto('/en/account?change=3&recordType=1');
  await expect(page.getByRole('region', { name: 'My points' })).toHaveAttribute('aria-current', 'true');
  await expect(page.getByRole('region', { name: 'My points' }).getByText(/^(Rank \d+|Not ranked yet) · \d+ ranked$/)).toBeVisible();
  await page.screenshot({ path: test.info().outputPath('account-cards-en.png'), fullPage: true });
});

test('the avatar menu entries of the account tabs land on their tab', async ({ page }) => {
  test.slow();
  await signIn(page, USER);
  await page.goto('/account?change=1');
  await expectTab(page, '我的任务');

  const entries: [string, RegExp, string][] = [
    ['我的积分', /\/account\?change=3&recordType=1$/, '我的卡包'],
    ['我的证书', /\/account\?change=3&recordType=2$/, '我的卡包'],
    ['我的任务', /\/account\?change=1$/, '我的任务'],
    ['我的卡包', /\/account\?change=3$/, '我的卡包'],
    ['我的培训', /\/account\?change=2$/, '我的培训'],
  ];
  for (const [item, url, tab] of entries) {
    await openUserMenu(page);
    await page.getByRole('menuitem', { name: item }).click();
    await expect(page).toHaveURL(url);
    await expectTab(page, tab);
  }
  await expect(page.getByRole('region', { name: '我的积分' })).toHaveCount(0);
});

test('the avatar menu: personal centre, profile and password dialogs, organisation centre, my upload, change enterprise', async ({ page }) => {
  test.slow();
  await signIn(page, USER);
  await page.goto('/account?change=2');
  await expectTab(page, '我的培训');

  // The personal centre: the account page (coming back, keep-alive may show the tab left last).
  await openUserMenu(page);
  await page.getByRole('menuitem', { name: '个人中心' }).click();
  await expect(page).toHaveURL(/\/account(\?|$)/);
  await expect(tabs(page).getByRole('tab', { selected: true })).toBeVisible();

  // The dialogs open on the current page.
  await openUserMenu(page);
  await page.getByRole('menuitem', { name: '个人资料' }).click();
  await expect(page.getByRole('dialog', { name: '个人资料' })).toBeVisible();
  await page.keyboard.press('Escape');
  await openUserMenu(page);
  await page.getByRole('menuitem', { name: '修改密码' }).click();
  await expect(page.getByRole('dialog', { name: '修改密码' })).toBeVisible();
  await page.keyboard.press('Escape');

  // An organisation user has the organisation centre; everyone but admins has "my upload".
  await openUserMenu(page);
  await page.getByRole('menuitem', { name: '组织中心' }).click();
  await expect(page).toHaveURL(/\/account\/organization\/vod$/);
  await expect(page.getByRole('banner').getByRole('link', { name: /我的上传/ })).toHaveAttribute('href', '/crm/');

  await openUserMenu(page);
  await page.getByRole('menuitem', { name: '切换企业' }).click();
  await expect(page).toHaveURL(/\/company$/);
  await expect(page.getByRole('main')).toContainText('星辰科技');
});

test('the avatar menu: the language toggle keeps the page, and sign-out', async ({ page }) => {
  test.slow();
  await signIn(page, USER);
  // The language toggle: the same page in English.
  await page.goto('/account?change=15');
  await expectTab(page, '消息中心');
  await openUserMenu(page);
  await page.getByRole('menuitem', { name: 'English' }).click();
  await expect(page).toHaveURL(/\/en\/account\?change=15/);
  await expect(page.getByRole('tablist', { name: 'Personal centre sections' }).getByRole('tab', { name: 'Messages', selected: true })).toBeVisible();
  await page.screenshot({ path: test.info().outputPath('account-messages-en.png'), fullPage: true });
  await page.getByRole('banner').getByRole('button', { name: new RegExp(userName(USER)) }).click();
  await page.getByRole('menuitem', { name: '中文' }).click();
  await expect(page).toHaveURL(/^[^?]*\/account\?change=15/);
  await expect(page).not.toHaveURL(/\/en\//);

  await openUserMenu(page);
  await page.getByRole('menuitem', { name: '退出登录' }).click();
  await expect(page).toHaveURL(/\/login\?t=login$/);
});
