/**
 * The header's download centre against the demo company's export records (seed.downloads of
 * tenants/localhost.json): E1001 has more than a page of records in every state; E1004 has a
 * few, cleared here.
 */
import { expect, test, type Locator, type Page } from '@playwright/test';
import { endpoints, type EndpointName } from '../../src/api/endpoints';
import type { ExportRecord } from '../../src/api/learning-types';
import type { PageResult } from '../../src/api/types';
import { signIn } from './fixtures';

// Each test signs in through the sign-in page; on a busy machine that alone takes a while.
test.describe.configure({ timeout: 60_000 });

test.beforeEach(async ({ context }) => {
  await context.clearCookies();
});

async function api<T>(page: Page, name: EndpointName, body: object = {}): Promise<T> {
  const token = (await page.context().cookies()).find((c) => c.name === 'ENT_WEB_TOKEN')?.value ?? '';
  const row = endpoints[name];
  const res =
    row.method === 'GET'
      ? await page.request.get(`/gateway/${row.path}`, { headers: { token }, params: body as Record<string, string> })
      : await page.request.post(`/gateway/${row.path}`, { headers: { token }, data: body });
  const envelope = (await res.json()) as { code: number; msg: string; data: T };
  expect(envelope.code, `${name}: ${envelope.msg}`).toBe(200);
  return envelope.data;
}

/** Every export record of the signed-in user, newest first, as the gateway lists them. */
async function allRecords(page: Page): Promise<ExportRecord[]> {
  const all = await api<PageResult<ExportRecord>>(page, 'exportRecordPage', { pageCurrent: 1, pageSize: 100 });
  return all.list;
}

async function openCentre(page: Page, name = '下载中心'): Promise<Locator> {
  await page.getByRole('button', { name, exact: true }).click();
  const popover = page.getByRole('dialog', { name });
  await expect(popover).toBeVisible();
  return popover;
}

const rows = (popover: Locator) => popover.getByRole('listitem');

test('the popover lists 20 records, loads the next page on scroll, and offers download only for finished files', async ({
  page,
}) => {
  await signIn(page, 'E1001');
  const records = await allRecords(page);
  expect(records.length).toBeGreaterThan(20);
  const finished = records.filter((r) => r.exportStatus === 2);
  expect(finished.length).toBeGreaterThan(0);
  expect(records.some((r) => r.exportStatus === 1)).toBe(true);
  expect(records.some((r) => r.exportStatus === 3)).toBe(true);

  const popover = await openCentre(page);
  await expect(popover.getByRole('status').filter({ hasText: `共 ${records.length} 个文件` })).toBeVisible();
  await expect(rows(popover)).toHaveCount(20);
  // Newest first, with name, human size and a relative time carrying the full time as its title.
  await expect(rows(popover).first()).toContainText(records[0]!.fileName);
  const firstFinished = rows(popover).filter({ has: page.getByRole('button', { name: /^下载 / }) }).first();
  await expect(firstFinished).toContainText(/\d+(\.\d+)? (B|KB|MB)/);
  await expect(firstFinished.locator('time')).toHaveAttribute('title', /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}$/);

  // Scrolling to the end of the list loads the second page.
  await popover.getByRole('list').evaluate((list) => {
    const box = list.parentElement!;
    box.scrollTop = box.scrollHeight;
  });
  await expect(rows(popover)).toHaveCount(records.length);
  await expect(popover.getByText('没有更多了')).toBeVisible();

  // A download button exactly for the finished files; the others say why.
  await expect(popover.getByRole('button', { name: /^下载 / })).toHaveCount(finished.length);
  for (const record of records.filter((r) => r.exportStatus !== 2)) {
    const row = rows(popover).filter({ hasText: record.fileName });
    await expect(row.getByRole('button', { name: /^下载 / })).toHaveCount(0);
    await expect(row).toContainText(record.exportStatus === 1 ? '生成中' : '导出失败');
  }
  await expect(popover.getByRole('button', { name: /^删除 / })).toHaveCount(records.length);

  await page.screenshot({ path: test.info().outputPath('downloads-zh.png') });
});

test('a finished file opens in a new window whose answer is the file, and the button waits 2 seconds', async ({
  page,
  context,
}) => {
  await signIn(page, 'E1001');
  const record = (await allRecords(page)).find((r) => r.exportStatus === 2)!;
  const popover = await openCentre(page);
  const button = popover.getByRole('button', { name: `下载 ${record.fileName}` });

  const fileResponse = context.waitForEvent('response', (r) => r.url().includes(`/${endpoints.exportFileDownload.path}?`));
  const popup = page.waitForEvent('popup');
  await button.click();
  await popup;
  const response = await fileResponse;
  expect(response.status()).toBe(200);
  const headers = response.headers();
  expect(headers['content-disposition']).toContain(`filename*=UTF-8''${encodeURIComponent(record.fileName)}`);
  expect(Number(headers['content-length'])).toBe(record.fileSize);

  // The download flag is held: the button waits, then offers the download again.
  const holding = popover.getByRole('button', { name: '下载中…' });
  await expect(holding).toBeDisabled();
  await expect(popover.getByRole('button', { name: `下载 ${record.fileName}` })).toBeEnabled({ timeout: 4000 });
});

test('deleting a record removes it, also after reopening', async ({ page }) => {
  await signIn(page, 'E1001');
  const before = await allRecords(page);
  const victim = before[1]!;
  const popover = await openCentre(page);
  await expect(rows(popover)).toHaveCount(20);

  await popover.getByRole('button', { name: `删除 ${victim.fileName}` }).click();
  await expect(page.getByText('删除成功')).toBeVisible();
  await expect(rows(popover).filter({ hasText: victim.fileName })).toHaveCount(0);
  await expect(popover.getByRole('status').filter({ hasText: `共 ${before.length - 1} 个文件` })).toBeVisible();
  // Focus stays in the list, on the next record's delete button.
  await expect(popover.getByRole('button', { name: `删除 ${before[2]!.fileName}` })).toBeFocused();

  await page.keyboard.press('Escape');
  await expect(popover).toBeHidden();
  await page.reload();
  const again = await openCentre(page);
  await expect(rows(again)).toHaveCount(20);
  await expect(again.getByRole('status').filter({ hasText: `共 ${before.length - 1} 个文件` })).toBeVisible();
  await expect(rows(again).filter({ hasText: victim.fileName })).toHaveCount(0);
  expect((await allRecords(page)).map((r) => r.id)).not.toContain(victim.id);
});

test('clear all asks first, then leaves the empty state (in English)', async ({ page }) => {
  await signIn(page, 'E1004');
  const records = await allRecords(page);
  expect(records.length).toBeGreaterThan(0);
  await page.goto('/en/');
  const popover = await openCentre(page, 'Download centre');
  await expect(rows(popover)).toHaveCount(records.length);
  await page.screenshot({ path: test.info().outputPath('downloads-en.png') });

  // Cancelling keeps everything.
  await popover.getByRole('button', { name: 'Clear all' }).click();
  const confirm = page.getByRole('alertdialog', { name: 'Clear the download list' });
  await expect(confirm).toBeVisible();
  await page.screenshot({ path: test.info().outputPath('downloads-confirm-en.png') });
  await confirm.getByRole('button', { name: 'Cancel' }).click();
  await expect(confirm).toBeHidden();
  await expect(popover).toBeVisible();
  await expect(rows(popover)).toHaveCount(records.length);

  await popover.getByRole('button', { name: 'Clear all' }).click();
  await confirm.getByRole('button', { name: 'Clear all' }).click();
  await expect(confirm).toBeHidden();
  await expect(popover.getByText('No downloads yet')).toBeVisible();
  await expect(rows(popover)).toHaveCount(0);
  await expect(popover.getByRole('button', { name: 'Clear all' })).toBeDisabled();

  await page.keyboard.press('Escape');
  const again = await openCentre(page, 'Download centre');
  await expect(again.getByText('No downloads yet')).toBeVisible();
  expect(await allRecords(page)).toEqual([]);
});

test('the download centre works from the keyboard before and after its code loads', async ({ page }) => {
  await signIn(page, 'E1001');
  const trigger = page.getByRole('button', { name: '下载中心', exact: true });
  await trigger.focus();
  await page.keyboard.press('Enter');
  const popover = page.getByRole('dialog', { name: '下载中心' });
  await expect(popover).toBeVisible();
  await expect(rows(popover)).toHaveCount(20);
  await page.keyboard.press('Escape');
  await expect(popover).toBeHidden();
  await expect(trigger).toBeFocused();
});
