/**
 * The account page as 张伟 (E1001) reads it: the points and credit-hour ledgers of the cards tab
 * (paged, newest first, reasons and sources, `/redirect/account?change=3&recordType=1` landing
 * on the points ledger), the study tasks of tab 1 and the user's own study dynamics. Only
 * reads: nothing of E1001's state changes here.
 */
import { expect, test, type Locator, type Page } from '@playwright/test';
import type { StudyDynamic, StudyTaskItem } from '../../src/api/learning-types';
import type { AccountRecord, AccountRecordPage } from '../../src/api/people-types';
import type { PageResult } from '../../src/api/types';
import { callAs, signIn, tokenFor } from './fixtures';

const USER = 'E1001';

test.beforeEach(async ({ context }) => {
  await context.clearCookies();
});

const MINUS = '\u2212';

/** A row's amount as the ledger shows it. */
function shown(r: AccountRecord): string {
  const text = Math.abs(r.amount).toFixed(r.kind === 2 ? 1 : 0);
  return `${r.amount < 0 ? MINUS : '+'}${text}`;
}

/** The ledger's data rows (the header row left out). */
function rows(ledger: Locator): Locator {
  return ledger.getByRole('table').getByRole('row').filter({ has: ledger.page().getByRole('cell') });
}

async function expectPage(ledger: Locator, list: AccountRecord[]): Promise<void> {
  await expect(rows(ledger)).toHaveCount(list.length);
  for (const [i, r] of list.entries()) {
    const row = rows(ledger).nth(i);
    await expect(row.getByRole('rowheader')).toHaveText(r.reason);
    await expect(row.getByRole('cell').last()).toHaveText(shown(r));
  }
}

/** Every row of one of E1001's ledgers, as the gateway lists them. */
async function wholeLedger(page: Page, kind: 1 | 2, token: string): Promise<AccountRecordPage & { all: AccountRecord[] }> {
  const first = await callAs<AccountRecordPage>(page.request, token, 'accountRecordPage', { kind });
  const all = [...first.list];
  for (let p = 2; p <= first.totalPage; p++) {
    all.push(...(await callAs<AccountRecordPage>(page.request, token, 'accountRecordPage', { kind, pageCurrent: p })).list);
  }
  return { ...first, all };
}

test('the redirect lands on the points ledger, which pages newest first and links its courses', async ({ page }) => {
  test.slow();
  await signIn(page, USER);
  const token = await tokenFor(page.request, USER);
  const points = await wholeLedger(page, 1, token);
  expect(points.totalCount).toBeGreaterThanOrEqual(25);

  await page.goto('/redirect/account?change=3&recordType=1');
  await expect(page).toHaveURL(/\/account\?change=3&recordType=1$/);
  await expect(page.getByRole('region', { name: '我的积分' })).toHaveAttribute('aria-current', 'true');
  const ledger = page.getByRole('region', { name: '积分与学时明细' });
  await expect(ledger.getByRole('button', { name: '积分明细', pressed: true })).toBeVisible();
  await expect(ledger.getByText(`共 ${points.totalCount} 条记录，合计 ${points.sum}`)).toBeVisible();
  await expect(ledger.getByRole('table', { name: `积分明细，第 1 / ${points.totalPage} 页` })).toBeVisible();
  await expect(ledger.getByRole('columnheader')).toHaveText(['时间', '原因', '来源', '积分']);
  await expectPage(ledger, points.all.slice(0, 10));
  await page.screenshot({ path: test.info().outputPath('ledger-points-zh.png'), fullPage: true });

  // The next page, in the URL; a reload keeps it.
  await ledger.getByRole('button', { name: '下一页' }).click();
  await expect(page).toHaveURL(/[?&]page=2(&|$)/);
  await expect(ledger.getByText(`第 2 / ${points.totalPage} 页`, { exact: true })).toBeVisible();
  await expectPage(ledger, points.all.slice(10, 20));
  await page.reload();
  await expect(ledger.getByRole('table', { name: `积分明细，第 2 / ${points.totalPage} 页` })).toBeVisible();
  await expectPage(ledger, points.all.slice(10, 20));

  // A row earned by a course links to it; a spent row is shown as spent.
  const byCourse = points.all.findIndex((r) => r.sourceType === 'course' && r.sourceId);
  await page.goto(`/account?change=3&page=${Math.floor(byCourse / 10) + 1}`);
  const row = rows(ledger).filter({ hasText: points.all[byCourse]!.reason });
  await expect(row.getByRole('link', { name: points.all[byCourse]!.sourceName })).toHaveAttribute(
    'href',
    `/knowledge/course/${points.all[byCourse]!.sourceId}`,
  );
  await expect(row).toContainText('课程');
  expect(points.all.some((r) => r.amount < 0)).toBe(true);
});

test('the credit-hour ledger: from its card, one decimal, and in English', async ({ page }) => {
  test.slow();
  await signIn(page, USER);
  const token = await tokenFor(page.request, USER);
  const hours = await wholeLedger(page, 2, token);
  expect(hours.totalCount).toBeGreaterThanOrEqual(12);

  await page.goto('/account?change=3&page=2');
  const ledger = page.getByRole('region', { name: '积分与学时明细' });
  await expect(ledger.getByRole('button', { name: '积分明细', pressed: true })).toBeVisible();
  // The credit-hour card's "view history" shows that ledger from its first page and moves there.
  await page.getByRole('region', { name: '我的学时' }).getByRole('button', { name: '查看明细' }).click();
  await expect(page).toHaveURL(/\/account\?change=3&ledger=2$/);
  await expect(ledger).toBeFocused();
  await expect(ledger.getByRole('button', { name: '学时明细', pressed: true })).toBeVisible();
  await expect(ledger.getByText(`共 ${hours.totalCount} 条记录，合计 ${hours.sum.toFixed(1)}`)).toBeVisible();
  await expect(ledger.getByRole('columnheader').last()).toHaveText('学时');
  await expectPage(ledger, hours.all.slice(0, 10));
  await expect(rows(ledger).getByRole('cell').filter({ hasText: /^[+\u2212]\d+\.\d$/ })).toHaveCount(Math.min(10, hours.all.length));

  // Back to points with the group's buttons, by keyboard.
  await ledger.getByRole('button', { name: '积分明细' }).focus();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/account\?change=3$/);
  await expect(ledger.getByRole('button', { name: '积分明细', pressed: true })).toBeVisible();

  const en = await callAs<AccountRecordPage>(page.request, token, 'accountRecordPage', { kind: 2 });
  expect(en.list.map((r) => r.id)).toEqual(hours.list.map((r) => r.id));
  await page.goto('/en/account?change=3&ledger=2');
  const english = page.getByRole('region', { name: 'Points and credit hours' });
  await expect(english.getByRole('button', { name: 'Credit-hour history', pressed: true })).toBeVisible();
  await expect(english.getByText(`Entries: ${hours.totalCount} · Total: ${hours.sum.toFixed(1)}`)).toBeVisible();
  await expect(english.getByRole('columnheader')).toHaveText(['Date', 'Reason', 'Source', 'Credit hours']);
  // Reasons come in the page's language.
  await expect(rows(english).first().getByRole('rowheader')).not.toHaveText(/[\u4e00-\u9fff]/);
  await page.screenshot({ path: test.info().outputPath('ledger-hours-en.png'), fullPage: true });
});

test('tab 1 lists the study tasks through the paged call; the page shows the user’s own study dynamics', async ({ page }) => {
  test.slow();
  await signIn(page, USER);
  const token = await tokenFor(page.request, USER);
  const tasks = await callAs<PageResult<StudyTaskItem>>(page.request, token, 'studyTaskPage');
  expect(tasks.totalCount).toBeGreaterThan(0);

  const taskCall = page.waitForRequest((r) => r.url().endsWith('/course/auth/study/task/page'));
  await page.goto('/account?change=1');
  expect((await taskCall).postDataJSON()).toMatchObject({ pageCurrent: 1, pageSize: 10 });
  const panel = page.getByRole('tabpanel');
  for (const task of tasks.list) await expect(panel.getByRole('heading', { name: task.name })).toBeVisible();
  await expect(panel.getByRole('group', { name: '筛选' }).getByRole('button', { name: `全部（${tasks.totalCount}）` })).toBeVisible();

  // The study dynamics below the tabs: the user's own, newest first, with how long ago.
  const own = await callAs<PageResult<StudyDynamic>>(page.request, token, 'studyDynamicPage', { scope: 'own' });
  expect(own.totalCount).toBeGreaterThan(0);
  const dynamics = page.getByRole('region', { name: '我的学习动态' });
  await dynamics.scrollIntoViewIfNeeded();
  const items = dynamics.getByRole('listitem');
  await expect(items).toHaveCount(own.list.length);
  const first = own.list[0]!;
  const name = first.courseName || first.projectName || first.liveRoomName;
  await expect(items.first()).toContainText(name);
  await expect(items.first().getByRole('link', { name })).toBeVisible();
  await expect(items.first().locator('time')).toHaveAttribute('datetime', first.createdAt);
  await expect(items.first().locator('time')).toHaveText(/前$|^刚刚$/);
  // The company's feed names people; the user's own does not.
  await expect(dynamics).not.toContainText('赵敏');
  if (own.totalPage > 1) {
    await dynamics.getByRole('button', { name: '下一页' }).click();
    await expect(page).toHaveURL(/[?&]activity=2(&|$)/);
    await expect(dynamics.getByText(`第 2 / ${own.totalPage} 页`, { exact: true })).toBeVisible();
  }
  await page.screenshot({ path: test.info().outputPath('account-dynamics-zh.png'), fullPage: true });
});
