import { readFileSync } from 'node:fs';
import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { endpoints, type EndpointName } from '../../src/api/endpoints';

interface TenantFile {
  branding: { name: { zh: string; en: string } };
  seed: { users: { empNo: string; userName: string }[] };
}

function tenant(host: string): TenantFile {
  return JSON.parse(readFileSync(`tenants/${host}.json`, 'utf8')) as TenantFile;
}

export const companyOne = tenant('localhost');
export const companyTwo = tenant('127.0.0.1');
export const PASSWORD = 'Xuetang@2026';
export const PORT = Number(process.env.E2E_PORT ?? 4400);
export const hostTwo = `http://127.0.0.1:${PORT}`;

export function userName(empNo: string, t: TenantFile = companyOne): string {
  const u = t.seed.users.find((x) => x.empNo === empNo);
  if (!u) throw new Error(`no demo user ${empNo}`);
  return u.userName;
}

/**
 * Signs in as `empNo` the way the sign-in page ends: the gateway's sign-in call, its token in the
 * session cookie, then the home page with the member's name in the header. (The sign-in page
 * itself is driven by signin.spec.ts and onboarding.spec.ts; the other files only need a member.)
 */
export async function signIn(page: Page, empNo: string, password = PASSWORD, base = ''): Promise<void> {
  // Relative to the test's base URL unless `base` names another origin (a file's own gateway).
  const res = await page.request.post(`${base}/gateway/${endpoints.loginByEmpNo.path}`, { data: { empNo, password } });
  const envelope = (await res.json()) as { code: number; msg: string; data: { token: string } };
  expect(envelope.code, `sign-in of ${empNo}: ${envelope.msg}`).toBe(200);
  await page.context().addCookies([{ name: 'ENT_WEB_TOKEN', value: envelope.data.token, url: new URL(res.url()).origin }]);
  await page.goto(`${base}/`);
  await page.waitForLoadState('load');
  await expect(page.getByRole('banner')).toContainText(userName(empNo, base === hostTwo ? companyTwo : companyOne));
}

/**
 * Signs in through the sign-in page without looking at the header: a forced dialog may
 * already cover the page (and hide the rest of it from assistive technology).
 */
export async function signInAs(page: Page, empNo: string, password: string): Promise<void> {
  await page.goto('/login?t=login');
  await page.getByLabel('工号').fill(empNo);
  await page.getByLabel('密码', { exact: true }).fill(password);
  await page.getByRole('button', { name: '登录', exact: true }).click();
  await expect(page).not.toHaveURL(/\/login/);
}

/** Waits until the layout's dialog host has hydrated, so "no dialog" means none will open. */
export async function dialogHostReady(page: Page): Promise<void> {
  await page.locator('astro-island[component-export="AccountDialogs"]:not([ssr])').waitFor({ state: 'attached' });
  // The host loads a dialog's code as soon as it renders one; give that a moment.
  await page.waitForTimeout(500);
}

/** Calls a row of the call table as `token`'s user (with the row's default paging), and answers its data. */
export async function callAs<T>(request: APIRequestContext, token: string, name: EndpointName, body: Record<string, unknown> = {}): Promise<T> {
  const row = endpoints[name];
  const url = `/gateway/${row.path}`;
  const res =
    row.method === 'GET'
      ? await request.get(url, { headers: { token }, params: body as Record<string, string> })
      : await request.post(url, { headers: { token }, data: { ...('paging' in row ? row.paging : {}), ...body } });
  const envelope = (await res.json()) as { code: number; msg: string; data: T };
  expect(envelope.code, `${name}: ${envelope.msg}`).toBe(200);
  return envelope.data;
}

/** Signs `empNo` in through the call table and answers the token. */
export async function tokenFor(request: APIRequestContext, empNo: string, password = PASSWORD): Promise<string> {
  return (await callAs<{ token: string }>(request, '', 'loginByEmpNo', { empNo, password })).token;
}

/**
 * Fills in the ID card and email that 赵敏 (E1006) comes without, as the supplementary dialog
 * does, so the dialog stays away from tests about something else. Idempotent.
 */
export async function completeSupplement(request: APIRequestContext, empNo: string): Promise<void> {
  const token = await tokenFor(request, empNo);
  await callAs(request, token, 'updateUserInfo', { idCard: '11010519491231002X', email: 'zhao.min@xingchen.example.com' });
}

/** The id of a course of the signed-in page's company, found by its exact name through the course list call. */
export async function courseId(page: Page, name: string): Promise<string> {
  const token = (await page.context().cookies()).find((c) => c.name === 'ENT_WEB_TOKEN')?.value ?? '';
  const res = await page.request.post(`/gateway/${endpoints.coursePage.path}`, {
    headers: { token },
    data: { pageCurrent: 1, pageSize: 8, keyword: name },
  });
  const body = (await res.json()) as { data: { list: { id: string; name: string }[] } };
  const course = body.data.list.find((c) => c.name === name);
  if (!course) throw new Error(`no course ${name}`);
  return course.id;
}
