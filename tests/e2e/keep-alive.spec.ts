/**
 * Coming back keeps state (spec section 2, "a page area that keeps Home, Train, Knowledge, Exam
 * and Account alive"): returning to those pages by the back button or by a link of the site
 * shows the same filters, page and scroll position; an address typed in starts clean. E1001
 * reads only.
 */
import { expect, test, type Locator, type Page } from '@playwright/test';
import { signIn } from './fixtures';

/** Narrow enough that the course centre's categories sit above the list, so the pages scroll. */
test.use({ viewport: { width: 820, height: 560 } });

// Each test walks several pages back and forth.
test.beforeEach(() => test.slow());

const scrollY = (page: Page) => page.evaluate(() => Math.round(window.scrollY));

/** Scrolls to `fraction` of the page's scroll range and returns the position. */
async function scrollDown(page: Page, fraction: number): Promise<number> {
  return page.evaluate((f) => {
    window.scrollTo({ top: Math.round((document.documentElement.scrollHeight - innerHeight) * f), behavior: 'instant' });
    return Math.round(window.scrollY);
  }, fraction);
}

/** Waits until the page is scrolled to `y`, within a few pixels. */
async function expectScrolledTo(page: Page, y: number): Promise<void> {
  await expect.poll(async () => Math.abs((await scrollY(page)) - y), { timeout: 8_000 }).toBeLessThanOrEqual(3);
}

/** Waits until the page stops growing (its blocks have loaded). */
async function settled(page: Page): Promise<void> {
  let last = -1;
  await expect
    .poll(
      async () => {
        const height = await page.evaluate(() => document.documentElement.scrollHeight);
        const same = height === last;
        last = height;
        return same;
      },
      { intervals: [700], timeout: 15_000 },
    )
    .toBe(true);
}

/**
 * Brings `link` to the middle of the screen as a user would before clicking (clear of the sticky
 * header, so the click itself does not scroll), and returns where the page is then.
 */
async function aim(page: Page, link: Locator): Promise<number> {
  await link.evaluate((el) => el.scrollIntoView({ block: 'center', behavior: 'instant' }));
  // Let the scroll settle and be remembered.
  await page.waitForTimeout(400);
  return scrollY(page);
}

const nav = (page: Page) => page.getByRole('navigation', { name: '主导航' });

/** Follows a main navigation link (in the bar, or in its menu on narrow screens); it has no query. */
async function followNav(page: Page, name: string): Promise<void> {
  const bar = nav(page).getByRole('link', { name, exact: true });
  const menu = nav(page).getByRole('button');
  await expect(bar.or(menu).first()).toBeVisible();
  let link = bar;
  if (!(await bar.isVisible())) {
    await menu.click();
    link = page.getByRole('menuitem', { name, exact: true });
  }
  await expect(link).toHaveAttribute('href', /^\/[^?#]*$/);
  await link.click();
}
const cards = (page: Page) => page.getByRole('main').getByRole('article');

test('the course centre keeps its filter, page and scroll position', async ({ page }) => {
  await signIn(page, 'E1001');
  await page.goto('/knowledge');
  await expect(cards(page)).toHaveCount(8);
  await page.getByLabel('排序').selectOption('hot');
  await expect(page).toHaveURL(/[?&]sort=hot/);
  const pager = page.getByRole('navigation', { name: '分页' });
  await pager.getByRole('button', { name: '下一页' }).click();
  await expect(pager).toContainText('第 2 / 2 页');
  await expect(page).toHaveURL(/\/knowledge\?sort=hot&page=2$/);
  await expect(cards(page)).toHaveCount(3);

  await scrollDown(page, 1);
  const course = cards(page).last().getByRole('link').first();
  const courseName = (await course.textContent())!;
  const y = await aim(page, course);
  expect(y).toBeGreaterThan(150);

  // Open a course and come back with the back button.
  await course.click();
  await expect(page).toHaveURL(/\/knowledge\/course\/[0-9a-f-]{36}$/);
  await expect(page.getByRole('heading', { level: 1, name: courseName })).toBeVisible();
  await page.goBack();
  await expect(page).toHaveURL(/\/knowledge\?sort=hot&page=2$/);
  await expect(cards(page)).toHaveCount(3);
  await expect(page.getByLabel('排序')).toHaveValue('hot');
  await expectScrolledTo(page, y);

  // Open it again (by its name: other runs may reorder the hot list meanwhile) and come back by
  // the navigation link, which has no query.
  await cards(page).filter({ hasText: courseName }).first().getByRole('link').first().click();
  await expect(page.getByRole('heading', { level: 1, name: courseName })).toBeVisible();
  await followNav(page, '知识库');
  await expect(page).toHaveURL(/\/knowledge\?sort=hot&page=2$/);
  await expect(page.getByRole('navigation', { name: '分页' })).toContainText('第 2 / 2 页');
  await expect(cards(page)).toHaveCount(3);
  await expect(page.getByLabel('排序')).toHaveValue('hot');
  await expectScrolledTo(page, y);

  // An address with its own query keeps that query; one typed without a query starts clean.
  await page.goto('/knowledge?sort=rating');
  await expect(page.getByLabel('排序')).toHaveValue('rating');
  await expect(page.getByRole('navigation', { name: '分页' })).toContainText('第 1 / 2 页');
  await expect.poll(() => scrollY(page)).toBe(0);
  await page.goto('/knowledge');
  await expect(page.getByRole('navigation', { name: '分页' })).toContainText('第 1 / 2 页');
  await expect(page).toHaveURL(/\/knowledge$/);
  await expect(page.getByLabel('排序')).toHaveValue('new');
});

test('the train page keeps its tab, filter and scroll position', async ({ page }) => {
  await page.setViewportSize({ width: 820, height: 400 });
  await signIn(page, 'E1001');
  await page.goto('/train');
  const tab = page.getByRole('tab', { name: '我的任务' });
  await tab.click();
  await expect(tab).toHaveAttribute('aria-selected', 'true');
  await expect(page).toHaveURL(/\/train\?tab=tasks$/);
  const panel = page.getByRole('tabpanel');
  await expect(panel.getByRole('listitem').first()).toBeVisible();
  const all = panel.getByRole('group', { name: '筛选' }).getByRole('button').first();
  await expect(all).toHaveAttribute('aria-pressed', 'true');

  await settled(page);
  const y = await scrollDown(page, 1);
  expect(y).toBeGreaterThan(100);
  await page.waitForTimeout(400);

  // Leave by a link, come back by the navigation link.
  await followNav(page, '知识库');
  await expect(page).toHaveURL(/\/knowledge(\?|$)/);
  await followNav(page, '培训');
  await expect(page).toHaveURL(/\/train\?tab=tasks$/);
  await expect(page.getByRole('tab', { name: '我的任务' })).toHaveAttribute('aria-selected', 'true');
  await expect(panel.getByRole('listitem').first()).toBeVisible();
  await expectScrolledTo(page, y);

  // The task filter lives in the URL too.
  const notStarted = panel.getByRole('group', { name: '筛选' }).getByRole('button', { name: /^未开始/ });
  await notStarted.click();
  await expect(page).toHaveURL(/\/train\?tab=tasks&filter=0$/);
  await page.reload();
  await expect(notStarted).toHaveAttribute('aria-pressed', 'true');
});

test('home keeps its scroll position when coming back from a course', async ({ page }) => {
  await signIn(page, 'E1001');
  await page.goto('/home');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  // The blocks load as they come near: go through the page until it stops growing.
  let height = 0;
  for (let round = 0; round < 15; round += 1) {
    await scrollDown(page, 1);
    await page.waitForTimeout(700);
    const now = await page.evaluate(() => document.documentElement.scrollHeight);
    if (now === height) break;
    height = now;
  }
  await settled(page);
  const course = page.getByRole('main').locator('a[href^="/knowledge/course/"]').first();
  await expect(course).toBeVisible();
  const y = await aim(page, course);
  expect(y).toBeGreaterThan(150);
  await course.click();
  await expect(page).toHaveURL(/\/knowledge\/course\/[0-9a-f-]{36}$/);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await page.goBack();
  await expect(page).toHaveURL(/\/home$/);
  await expectScrolledTo(page, y);

  // Back by the navigation link too.
  await course.click();
  await expect(page).toHaveURL(/\/knowledge\/course\/[0-9a-f-]{36}$/);
  await followNav(page, '首页');
  await expect(page).toHaveURL(/\/home$/);
  await expectScrolledTo(page, y);
});
