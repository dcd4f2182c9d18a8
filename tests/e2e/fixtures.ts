import { readFileSync } from 'node:fs';
import { expect, type Page } from '@playwright/test';

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

/** Signs in through the sign-in page as a person would. */
export async function signIn(page: Page, empNo: string, password = PASSWORD, base = ''): Promise<void> {
  await page.goto(`${base}/login?t=login`);
  await page.getByLabel('工号').fill(empNo);
  await page.getByLabel('密码', { exact: true }).fill(password);
  await page.getByRole('button', { name: '登录', exact: true }).click();
  // The sign-in page moves on by itself; wait for that before the test navigates anywhere.
  await page.waitForURL((url) => !url.pathname.includes('/login'));
  await page.waitForLoadState('load');
  await expect(page.getByRole('banner')).toContainText(userName(empNo, base === hostTwo ? companyTwo : companyOne));
}
