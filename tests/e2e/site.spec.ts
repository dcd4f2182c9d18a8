import { expect, test } from '@playwright/test';
import { companyOne, companyTwo, hostTwo, signIn } from './fixtures';

test.beforeEach(async ({ context }) => {
  await context.clearCookies();
});

test('switching to English keeps the page, and English sticks on the next visit', async ({ page, context }) => {
  await signIn(page, 'E1001');
  await page.goto('/knowledge');
  await expect(page.locator('html')).toHaveAttribute('lang', 'zh-CN');
  await page.getByRole('button', { name: /张伟/ }).click();
  await page.getByRole('menuitem', { name: 'English' }).click();
  await expect(page).toHaveURL(/\/en\/knowledge$/);
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  const lang = (await context.cookies()).find((c) => c.name === 'lang');
  expect(lang?.value).toBe('en');
  expect(lang!.expires * 1000 - Date.now()).toBeGreaterThan(364 * 24 * 3600 * 1000);

  // A later visit to a path without the prefix goes to its English form.
  const next = await context.newPage();
  await next.goto('/exam?tab=2');
  await expect(next).toHaveURL(/\/en\/exam\?tab=2$/);
  await expect(next.locator('html')).toHaveAttribute('lang', 'en');
});

test('a visitor can switch the language on the sign-in page', async ({ page }) => {
  await page.goto('/login?t=login');
  await page.getByRole('link', { name: 'English' }).or(page.getByRole('button', { name: 'English' })).first().click();
  await expect(page).toHaveURL(/\/en\/login\?t=login$/);
  await expect(page.getByLabel('Employee number')).toBeVisible();
});

test('localhost and 127.0.0.1 show their own company', async ({ page, browser }) => {
  await page.goto('/login?t=login');
  await expect(page.getByRole('banner')).toContainText(companyOne.branding.name.zh);
  await expect(page).toHaveTitle(new RegExp(companyOne.branding.name.zh + '|星辰'));

  const ctx = await browser.newContext();
  const two = await ctx.newPage();
  await two.goto(`${hostTwo}/login?t=login`);
  await expect(two.getByRole('banner')).toContainText(companyTwo.branding.name.zh);
  await expect(two.getByRole('banner')).not.toContainText(companyOne.branding.name.zh);
  const primary = (p: typeof page) =>
    p.evaluate(() => getComputedStyle(document.documentElement).getPropertyValue('--brand-primary').trim());
  expect(await primary(two)).not.toBe(await primary(page));
  await ctx.close();
});

test('a repeat visit paints the company from the cache before any call answers', async ({ page }) => {
  await page.goto('/login?t=login');
  await expect(page.getByRole('banner')).toContainText(companyOne.branding.name.zh);
  // Hold every gateway call: what shows now comes from the kept branding alone.
  await page.route('**/gateway/**', () => new Promise(() => {}));
  await page.goto('/knowledge');
  await expect(page.getByRole('banner')).toContainText(companyOne.branding.name.zh, { timeout: 3000 });
  expect(await page.evaluate(() => document.title)).toContain(' - ');
});

test('an unknown path shows the 404 page in both languages', async ({ page }) => {
  const zh = await page.goto('/no/such/page');
  expect(zh?.status()).toBe(404);
  await expect(page.getByText('This page could not be found').or(page.getByText('页面不存在'))).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'zh-CN');

  const en = await page.goto('/en/no/such/page');
  expect(en?.status()).toBe(404);
  await expect(page.getByText('This page could not be found')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Back to the home page' })).toHaveAttribute('href', /^\/en\/?$/);
});

test('a parameterised route serves its shell and reads the id at run time', async ({ page }) => {
  await signIn(page, 'E1001');
  for (const path of ['/knowledge/course/123', '/knowledge/course/', '/en/lecturer/view/77']) {
    const res = await page.goto(path);
    expect(res?.status(), path).toBe(200);
  }
  // A shell page shows the id it read; the course page reads it to ask for that course.
  await page.goto('/en/lecturer/view/77');
  await expect(page.getByRole('main')).toContainText('77');
  await page.goto('/knowledge/course/123');
  await expect(page.getByRole('main')).toContainText('课程不存在');
});

test('the navigation shows six items, hides personal centre and lecturer, and puts the rest under more', async ({ page }) => {
  await signIn(page, 'E1001');
  const nav = page.getByRole('navigation', { name: '主导航' });
  await expect(nav.getByRole('link')).toHaveCount(6);
  await expect(nav.getByRole('link', { name: '讲师', exact: true })).toHaveCount(0);
  await expect(nav.getByRole('link', { name: '个人中心', exact: true })).toHaveCount(0);
  await nav.getByRole('button', { name: '更多' }).click();
  const external = page.getByRole('menuitem', { name: /星辰官网/ });
  await expect(external).toBeVisible();
  await expect(external).toHaveAttribute('target', '_blank');
});

test('search with empty text says so; with text it goes to the results page', async ({ page }) => {
  await signIn(page, 'E1001');
  await page.goto('/exam');
  // The header's box, not the exam centre's own keyword field.
  await page.getByRole('button', { name: '搜索', exact: true }).first().click();
  const box = page.getByRole('searchbox', { name: '搜索关键词' });
  await box.press('Enter');
  await expect(page.getByText('请输入搜索关键词')).toBeVisible();
  await box.fill('安全');
  await box.press('Enter');
  await expect(page).toHaveURL(/\/search\/%E5%AE%89%E5%85%A8\?type=5$/);
});
