/**
 * Certificates as 张伟 (E1001) holds them in the demo (seed.home.certificates of
 * tenants/localhost.json): 职场写作规范结业证书 held (automatic, by the course 职场写作规范) and
 * 内训讲师资格证 expired (manual). The tests only read: nobody's certificates change here.
 * The verification page is opened signed out, as a stranger with a certificate in hand would.
 */
import { readFile } from 'node:fs/promises';
import { expect, test, type Page } from '@playwright/test';
import type { CertificateItem } from '../../src/api/certificate-types';
import type { PageResult } from '../../src/api/types';
import { callAs, signIn, tokenFor } from './fixtures';

test.beforeEach(async ({ context }) => {
  await context.clearCookies();
});

const FORGED = 'ABCDEFGHJKMNPQRS';

/** E1001's certificate of one status, as the gateway lists it. */
async function certificateOf(page: Page, status: 1 | 2): Promise<CertificateItem> {
  const token = await tokenFor(page.request, 'E1001');
  const { list } = await callAs<PageResult<CertificateItem>>(page.request, token, 'certificatePage', { status });
  expect(list).toHaveLength(1);
  return list[0]!;
}

/** The text pdf.js reads from a PDF's pages. */
async function pdfText(bytes: Uint8Array): Promise<string> {
  const pdfjs = await import('pdfjs-dist/legacy/build/pdf.mjs');
  const task = pdfjs.getDocument({ data: bytes, verbosity: 0 });
  const doc = await task.promise;
  let text = '';
  for (let i = 1; i <= doc.numPages; i++) {
    const { items } = await (await doc.getPage(i)).getTextContent();
    text += items.map((item) => ('str' in item ? item.str : '')).join(' ');
  }
  await task.destroy();
  return text;
}

const result = (page: Page, name: string) => page.getByRole('region', { name });

/** Waits until the verification island has hydrated, so that its own checks answer rather than a plain form post. */
async function verifyPageReady(page: Page): Promise<void> {
  await page.locator('astro-island[component-export="VerifyPage"]:not([ssr])').waitFor({ state: 'attached' });
}

test('lists the held and the expired certificates, with counts on the tabs', async ({ page }) => {
  const held = await certificateOf(page, 1);
  await signIn(page, 'E1001');
  await page.goto('/certificate');
  await expect(page.getByRole('heading', { level: 1, name: '我的证书' })).toBeVisible();
  const heldTab = page.getByRole('tab', { name: '持有中（1）' });
  await expect(heldTab).toHaveAttribute('aria-selected', 'true');

  const camp = page.getByRole('article', { name: '职场写作规范结业证书' });
  for (const text of ['持有中', '自动颁发', '长期有效', held.code]) await expect(camp).toContainText(text);
  await expect(camp.getByRole('link', { name: '课程：职场写作规范' })).toHaveAttribute('href', `/knowledge/course/${held.source!.id}`);
  await expect(camp.getByRole('link', { name: '在线验证：职场写作规范结业证书' })).toHaveAttribute('href', `/certificate/verify?code=${held.code}`);
  await page.screenshot({ path: test.info().outputPath('certificates-held.png'), fullPage: true });

  // The keyboard moves between the tabs, and the URL follows.
  await heldTab.focus();
  await page.keyboard.press('ArrowRight');
  await expect(page.getByRole('tab', { name: '已过期（1）' })).toHaveAttribute('aria-selected', 'true');
  await expect(page).toHaveURL(/\/certificate\?tab=expired$/);
  const trainer = page.getByRole('article', { name: '内训讲师资格证' });
  for (const text of ['已过期', '手动颁发', '企业颁发']) await expect(trainer).toContainText(text);
  await expect(page.getByRole('article')).toHaveCount(1);

  // Reload and back keep the tab.
  await page.reload();
  await expect(page.getByRole('article', { name: '内训讲师资格证' })).toBeVisible();
  await page.goBack();
  await expect(page.getByRole('article', { name: '职场写作规范结业证书' })).toBeVisible();
});

test('says when a tab is empty, and offers a retry when the list cannot load', async ({ page }) => {
  // 刘洋 (E1004) holds one certificate, granted by hand, and none expired.
  await signIn(page, 'E1004');
  await page.goto('/certificate?tab=expired');
  await expect(page.getByRole('tab', { name: '已过期（0）' })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByText('没有已过期的证书')).toBeVisible();

  await page.route('**/gateway/user/auth/enterprise/user/certificate/page', (route) => route.abort());
  await page.getByRole('tab', { name: '持有中（1）' }).click();
  await expect(page.getByRole('alert')).toContainText('数据加载失败，请稍后再试');
  await page.unroute('**/gateway/user/auth/enterprise/user/certificate/page');
  await page.getByRole('button', { name: '重试' }).click();
  await expect(page.getByRole('article', { name: '消防安全合格证' })).toContainText('手动颁发');
});

test('downloads the PDF with its code, which the public page, signed out, finds genuine', async ({ page, context }) => {
  const held = await certificateOf(page, 1);
  await signIn(page, 'E1001');
  await page.goto('/certificate');
  const camp = page.getByRole('article', { name: '职场写作规范结业证书' });
  const downloading = page.waitForEvent('download');
  await camp.getByRole('button', { name: '下载证书 PDF：职场写作规范结业证书' }).click();
  // The download flag holds from the click for 2 seconds, or until the file arrives if later.
  await expect(camp.getByRole('button', { name: '正在下载：职场写作规范结业证书' })).toBeDisabled();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe('职场写作规范结业证书.pdf');
  await expect(camp.getByRole('button', { name: '下载证书 PDF：职场写作规范结业证书' })).toBeEnabled({ timeout: 5000 });

  const bytes = new Uint8Array(await readFile(await download.path()));
  expect(new TextDecoder().decode(bytes.subarray(0, 5))).toBe('%PDF-');
  const text = (await pdfText(bytes)).replace(/\s+/g, '');
  expect(text).toContain('张伟');
  const code = text.match(/code=([A-Z2-7]{16})/)?.[1];
  expect(code).toBe(held.code);
  expect(text).toContain(`/certificate/verify?code=${code}`);

  await context.clearCookies();
  await page.goto(`/certificate/verify?code=${code}`);
  await expect(page.getByRole('banner').getByRole('link', { name: '登录' })).toBeVisible();
  await expect(page.getByLabel('验证码')).toHaveValue(code!);
  const answer = result(page, '验证结果');
  await expect(answer.getByRole('heading', { name: '证书真实有效' })).toBeVisible();
  for (const part of ['张伟', '职场写作规范结业证书', '星辰科技', '持有中', '长期有效']) await expect(answer).toContainText(part);
  await page.screenshot({ path: test.info().outputPath('verify-genuine.png'), fullPage: true });
});

test('the verification page tells expired, forged and missing codes apart', async ({ page }) => {
  const expired = await certificateOf(page, 2);
  await page.goto('/certificate/verify');
  await verifyPageReady(page);
  const field = page.getByLabel('验证码');
  const answer = result(page, '验证结果');

  // Nothing typed: the field says so and nothing is sent.
  await page.getByRole('button', { name: '验证', exact: true }).click();
  await expect(page.getByText('请输入验证码')).toBeVisible();
  await expect(field).toHaveAttribute('aria-invalid', 'true');

  await field.fill(FORGED);
  await field.press('Enter');
  await expect(answer.getByRole('heading', { name: '未找到该证书' })).toBeVisible();
  await expect(page).toHaveURL(`/certificate/verify?code=${FORGED}`);
  await expect(page.getByText('请输入验证码')).toHaveCount(0);

  // Typed by hand: lower case with spaces.
  await field.fill(`${expired.code.slice(0, 8).toLowerCase()} ${expired.code.slice(8)}`);
  await page.getByRole('button', { name: '验证', exact: true }).click();
  await expect(answer.getByRole('heading', { name: '证书真实，但已过期' })).toBeVisible();
  for (const part of ['张伟', '内训讲师资格证', '已过期']) await expect(answer).toContainText(part);

  // Back shows the forged code's answer again.
  await page.goBack();
  await expect(field).toHaveValue(FORGED);
  await expect(answer.getByRole('heading', { name: '未找到该证书' })).toBeVisible();
  await page.screenshot({ path: test.info().outputPath('verify-not-found.png'), fullPage: true });
});

test('the verification page in English', async ({ page }) => {
  const held = await certificateOf(page, 1);
  await page.goto(`/en/certificate/verify?code=${held.code}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Certificate verification' })).toBeVisible();
  const answer = result(page, 'Verification result');
  await expect(answer.getByRole('heading', { name: 'Genuine and valid' })).toBeVisible();
  await verifyPageReady(page);
  for (const part of ['张伟', 'Workplace writing certificate', 'Xingchen Technology', 'Held', 'Long-term']) {
    await expect(answer).toContainText(part);
  }
  await page.getByLabel('Verification code').fill(FORGED);
  await page.getByRole('button', { name: 'Verify', exact: true }).click();
  await expect(answer.getByRole('heading', { name: 'No such certificate' })).toBeVisible();
  await expect(page).toHaveURL(`/en/certificate/verify?code=${FORGED}`);
  await page.screenshot({ path: test.info().outputPath('verify-en.png'), fullPage: true });
});
