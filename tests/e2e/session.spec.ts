import { expect, test } from '@playwright/test';
import { PASSWORD, PORT, signIn, signInAs, userName } from './fixtures';

test.beforeEach(async ({ context }) => {
  await context.clearCookies();
});

test('E1001 signs in at /login and the header shows their name on every page', async ({ page }) => {
  await signInAs(page, 'E1001', PASSWORD);
  await expect(page.getByRole('banner')).toContainText(userName('E1001'));
  const cookies = await page.context().cookies();
  const token = cookies.find((c) => c.name === 'ENT_WEB_TOKEN');
  expect(token?.value).toBeTruthy();
  // One day, give or take the test's own run time.
  expect(token!.expires * 1000 - Date.now()).toBeGreaterThan(23 * 3600 * 1000);
  expect(token!.expires * 1000 - Date.now()).toBeLessThanOrEqual(24 * 3600 * 1000 + 60_000);
  await page.goto('/exam');
  await expect(page.getByRole('banner')).toContainText(userName('E1001'));
});

test('a wrong password keeps the visitor on the sign-in page with the message', async ({ page }) => {
  await page.goto('/login?t=login');
  await page.getByLabel('工号').fill('E1001');
  await page.getByLabel('密码', { exact: true }).fill('not-the-password-1');
  await page.getByRole('button', { name: '登录', exact: true }).click();
  await expect(page.getByText('账号或密码错误')).toBeVisible();
  await expect(page).toHaveURL(/\/login/);
  expect(await page.evaluate(() => localStorage.getItem('loginErrorCount'))).toBe('2');
});

test('sign-out ends the session everywhere', async ({ page, context, request }) => {
  await signIn(page, 'E1001');
  const token = (await context.cookies()).find((c) => c.name === 'ENT_WEB_TOKEN')!.value;
  const other = await context.newPage();
  await other.goto('/knowledge');
  await expect(other.getByRole('banner')).toContainText(userName('E1001'));

  await page.getByRole('button', { name: new RegExp(userName('E1001')) }).click();
  await page.getByRole('menuitem', { name: '退出登录' }).click();
  await expect(page).toHaveURL(/\/login\?t=login/);
  expect((await context.cookies()).find((c) => c.name === 'ENT_WEB_TOKEN')).toBeUndefined();
  expect(await page.evaluate(() => [localStorage.getItem('userInfo'), localStorage.getItem('eid')])).toEqual([null, null]);

  // The other tab notices when it becomes visible again.
  await other.evaluate(() => document.dispatchEvent(new Event('visibilitychange')));
  await expect(other).toHaveURL(/\/login\?t=login/);

  // The gateway no longer honours the old token.
  const res = await request.get('/gateway/user/auth/enterprise/user/info/current/view', { headers: { token } });
  // A sign-out code of spec section 8 (300 to 400), which any client written to the spec follows.
  const { code } = (await res.json()) as { code: number };
  expect(code >= 300 && code <= 400 && code !== 321).toBe(true);
});

test('sign-out leaves nothing in session storage, not even what the page keeps while it unloads', async ({ page }) => {
  await signIn(page, 'E1001');
  await page.goto('/');
  await expect(page.getByRole('banner')).toContainText(userName('E1001'));
  await page.mouse.wheel(0, 900);
  // The home page keeps its place for this session (keep-alive) while the user is signed in.
  await expect.poll(() => page.evaluate(() => Object.keys(sessionStorage).filter((k) => k.startsWith('xt-keep:')))).toContain('xt-keep:/');

  await page.getByRole('button', { name: new RegExp(userName('E1001')) }).click();
  await page.getByRole('menuitem', { name: '退出登录' }).click();
  await expect(page).toHaveURL(/\/login\?t=login/);
  await expect(page.getByRole('button', { name: '登录', exact: true })).toBeVisible();
  expect(await page.evaluate(() => Object.keys(sessionStorage))).toEqual([]);
});

test('a bad token on an /auth call lands on /login?t=login', async ({ page, context }) => {
  await context.addCookies([{ name: 'ENT_WEB_TOKEN', value: 'forged-token', url: `http://localhost:${PORT}` }]);
  await page.goto('/account');
  await expect(page).toHaveURL(/\/login\?t=login/);
  expect((await context.cookies()).find((c) => c.name === 'ENT_WEB_TOKEN')).toBeUndefined();
});

test('an anonymous visitor of a signed-in page is sent to sign in and comes back after', async ({ page }) => {
  await page.goto('/exam');
  await expect(page).toHaveURL(/\/login\?t=login/);
  await page.getByLabel('工号').fill('E1002');
  await page.getByLabel('密码', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: '登录', exact: true }).click();
  await expect(page).toHaveURL(/\/exam$/);
  await expect(page.getByRole('banner')).toContainText(userName('E1002'));
});
