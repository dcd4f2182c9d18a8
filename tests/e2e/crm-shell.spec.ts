/**
 * The back office's shell and roles: the header's admin entry opens /crm/ in a new tab with the
 * administrator's areas; a learner's "my upload" entry opens the same address, which shows only
 * their uploads, and the administrator's pages and calls are refused to them.
 */
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { endpoints } from '../../src/api/endpoints';
import { PORT, signIn, tokenFor } from './fixtures';

async function asMember(page: Page, token: string): Promise<void> {
  await page.context().addCookies([{ name: 'ENT_WEB_TOKEN', value: token, url: `http://localhost:${PORT}` }]);
}

test('the administrator opens the back office in a new tab and finds every area', async ({ page, context }) => {
  await signIn(page, 'E1004');
  const [tab] = await Promise.all([context.waitForEvent('page'), page.getByRole('banner').getByRole('link', { name: /后台管理/ }).click()]);
  await tab.waitForLoadState();
  expect(new URL(tab.url()).pathname).toBe('/crm/');
  const nav = tab.getByRole('navigation', { name: '后台导航' });
  for (const name of ['我的上传', '部门管理', '岗位管理', '成员管理', '站点设置', '导航菜单', '公告管理', '发送消息', '操作日志']) {
    await expect(nav.getByRole('link', { name, exact: true })).toBeVisible();
  }
  await expect(tab.getByRole('heading', { level: 1, name: '管理后台' })).toBeVisible();
  await nav.getByRole('link', { name: '操作日志', exact: true }).click();
  await expect(tab).toHaveURL(/\/crm\/audit\/?$/);
  await expect(tab.getByRole('navigation', { name: '当前位置' })).toContainText('管理后台');
  await expect(nav.getByRole('link', { name: '操作日志', exact: true })).toHaveAttribute('aria-current', 'page');
});

test('in English the back office speaks English, and switches language in place', async ({ page, request }) => {
  await asMember(page, await tokenFor(request, 'E1004'));
  await page.goto('/en/crm/');
  await expect(page.getByRole('heading', { level: 1, name: 'Back office' })).toBeVisible();
  const nav = page.getByRole('navigation', { name: 'Back office navigation' });
  await expect(nav.getByRole('link', { name: 'Members', exact: true })).toHaveAttribute('href', '/en/crm/members');
  await page.getByRole('link', { name: /Switch to Chinese/ }).click();
  await expect(page).toHaveURL(/\/crm\/?$/);
  await expect(page.getByRole('heading', { level: 1, name: '管理后台' })).toBeVisible();
});

test('a learner sees only their uploads, and the administrator’s pages and calls are refused', async ({ page, request }) => {
  const token = await tokenFor(request, 'E1001');
  await asMember(page, token);
  await page.goto('/crm/');
  const nav = page.getByRole('navigation', { name: '后台导航' });
  await expect(nav.getByRole('link', { name: '我的上传', exact: true })).toBeVisible();
  await expect(nav.getByRole('link')).toHaveCount(1);
  await expect(page.getByText('欢迎，张伟')).toBeVisible();
  await expect(page.getByRole('table', { name: /我的上传/ }).or(page.getByText('您还没有上传过文件'))).toBeVisible();

  await page.goto('/crm/audit');
  await expect(page.getByRole('alert')).toContainText('没有权限');

  for (const name of ['auditPage'] as const) {
    const res = await request.post(`/gateway/${endpoints[name].path}`, { headers: { token }, data: {} });
    expect(((await res.json()) as { code: number }).code).toBe(460);
  }
});

test('a learner in English sees the same, in English', async ({ page, request }) => {
  await asMember(page, await tokenFor(request, 'E1001'));
  await page.goto('/en/crm/audit');
  await expect(page.getByRole('alert')).toContainText('No access');
  await page.getByRole('link', { name: 'See my uploads' }).click();
  await expect(page).toHaveURL(/\/en\/crm\/uploads\/?$/);
  await expect(page.getByRole('heading', { level: 1, name: 'My uploads' })).toBeVisible();
});

test('the shell\'s pages pass axe in both languages: start page, my uploads, audit log, no access', async ({ page, request }) => {
  const check = async (path: string, ready: () => Promise<void>) => {
    await page.goto(path);
    await ready();
    const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
    expect(results.violations.map((v) => `${path} ${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
  };
  await asMember(page, await tokenFor(request, 'E1004'));
  await check('/crm/', () => expect(page.getByText('欢迎，刘洋')).toBeVisible());
  await check('/crm/uploads', async () => {
    await expect(page.getByRole('table', { name: /^我的资源，共/ })).toBeVisible();
    await expect(page.getByRole('table', { name: /^我的上传，共/ }).or(page.getByText('您还没有上传过文件'))).toBeVisible();
  });
  await check('/crm/audit', () => expect(page.getByRole('table')).toBeVisible());
  await check('/en/crm/audit', () => expect(page.getByRole('table')).toBeVisible());
  await page.context().clearCookies();
  await asMember(page, await tokenFor(request, 'E1001'));
  await check('/en/crm/audit', () => expect(page.getByRole('alert')).toBeVisible());
});
