/**
 * The lecturer directory, the lecturer ranking and a lecturer's page, as a learner (张伟, E1001)
 * uses them against the seeded demo company: searching and paging through the URL, opening a
 * lecturer and one of their courses, the ranking and its measure, English, the old address,
 * not-found ids, the home page's featured lecturers, the keyboard, and anonymous visitors.
 * Nothing here changes a demo user's state.
 */
import { expect, test, type Page } from '@playwright/test';
import type { LecturerRankEntry } from '../../src/api/lecturer-types';
import { callAs, signIn, tokenFor } from './fixtures';

test.beforeEach(async ({ context }) => {
  await context.clearCookies();
});

const cards = (page: Page) => page.getByRole('main').getByRole('article');
const ranking = (page: Page, name = '讲师排行榜') => page.getByRole('main').getByRole('region', { name });

test('anonymous visitors are asked to sign in, in either language', async ({ page }) => {
  await page.goto('/lecturer');
  await expect(page.getByText('请先登录！')).toBeVisible();
  await expect(page.getByRole('main').getByRole('link', { name: '去登录' })).toHaveAttribute('href', /^\/login\?t=login&redirect=%2Flecturer/);
  await expect(cards(page)).toHaveCount(0);
  await expect(ranking(page)).toHaveCount(0);

  await page.goto('/en/lecturer/view/00000000-0000-4000-8000-000000000000');
  await expect(page.getByText('Please login first!')).toBeVisible();
  await expect(page.getByRole('main').getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', /^\/en\/login\?t=login&redirect=/);
  await expect(page.getByRole('alert')).toHaveCount(0);
});

test('searches and pages the directory through the URL, then opens a lecturer and a course', async ({ page }) => {
  await signIn(page, 'E1001');
  await page.goto('/lecturer');
  await expect(page.getByRole('heading', { level: 1, name: '讲师风采' })).toBeVisible();
  await expect(cards(page)).toHaveCount(10);
  await expect(page.getByText('共 15 位讲师')).toBeVisible();
  const first = cards(page).first();
  await expect(first.getByRole('link', { name: '李娜', exact: true })).toHaveAttribute('href', /^\/lecturer\/view\/[0-9a-f-]{36}$/);
  await expect(first).toContainText('高级架构师');
  await expect(first).toContainText('资深讲师');
  await expect(first).toContainText(/课程\s*5/);
  await expect(first).toContainText('学员');

  // Paging keeps its place in the URL, through reload and back.
  const pager = page.getByRole('navigation', { name: '分页' });
  await expect(pager).toContainText('第 1 / 2 页');
  await pager.getByRole('button', { name: '下一页' }).click();
  await expect(page).toHaveURL(/\/lecturer\?page=2$/);
  await expect(cards(page)).toHaveCount(5);
  await page.reload();
  await expect(cards(page)).toHaveCount(5);
  await expect(page.getByRole('main').getByRole('link', { name: '邓慧', exact: true })).toBeVisible();
  await page.goBack();
  await expect(cards(page)).toHaveCount(10);

  // A keyword in Chinese matches titles; one that matches no one says so and clears.
  const search = page.getByRole('search', { name: '搜索讲师' });
  await search.getByLabel('关键词').fill('数据');
  await search.getByRole('button', { name: '搜索' }).click();
  await expect(page).toHaveURL(/\/lecturer\?q=%E6%95%B0%E6%8D%AE$/);
  await expect(cards(page)).toHaveCount(2);
  await expect(page.getByText('共 2 位讲师')).toBeVisible();
  await expect(pager).toHaveCount(0);
  await search.getByLabel('关键词').fill('没有这个人');
  await search.getByLabel('关键词').press('Enter');
  await expect(page.getByText('没有找到与“没有这个人”相关的讲师')).toBeVisible();
  await page.getByRole('button', { name: '清除搜索' }).click();
  await expect(cards(page)).toHaveCount(10);
  await expect(search.getByLabel('关键词')).toHaveValue('');
  await page.goBack();
  await expect(page.getByText('没有找到与“没有这个人”相关的讲师')).toBeVisible();
  await expect(search.getByLabel('关键词')).toHaveValue('没有这个人');

  // Open a lecturer found by name: the profile, the figures and the courses.
  await page.goto('/lecturer?q=' + encodeURIComponent('周健'));
  await expect(cards(page)).toHaveCount(1);
  await cards(page).getByRole('link', { name: '周健', exact: true }).click();
  await expect(page).toHaveURL(/\/lecturer\/view\/[0-9a-f-]{36}$/);
  const main = page.getByRole('main');
  await expect(main.getByRole('heading', { level: 1, name: '周健' })).toBeVisible();
  await expect(main.getByText('数据分析专家')).toBeVisible();
  await expect(main.getByText('首席讲师')).toBeVisible();
  await expect(main.getByRole('region', { name: '讲师简介' })).toContainText('十五年数据分析与商业智能经验');
  const id = page.url().split('/').pop()!;
  const token = await tokenFor(page.request, 'E1001');
  const profile = await callAs<{ courseCount: number; learnerCount: number }>(page.request, token, 'lecturerView', { lecturerId: id });
  expect(profile.courseCount).toBe(2);
  await expect(main.locator('header')).toContainText(/课程\s*2/);
  const courses = main.getByRole('region', { name: /^主讲课程/ });
  await expect(courses.getByRole('article')).toHaveCount(2);
  await expect(courses).toContainText('数据可视化入门');
  await expect(courses).toContainText('讲师：李娜、周健、郭阳');
  await courses.getByRole('link', { name: '数据分析进阶', exact: true }).click();
  await expect(page).toHaveURL(/\/knowledge\/course\/[0-9a-f-]{36}$/);
  await expect(page.getByRole('heading', { level: 1, name: '数据分析进阶' })).toBeVisible();

  // And back to the directory from the lecturer's page.
  await page.goBack();
  await page.getByRole('link', { name: '返回讲师列表' }).first().click();
  await expect(page).toHaveURL(/\/lecturer$/);
});

test('shows the top 10 lecturers with the measure, as the gateway ranks them, each leading to their page', async ({ page }) => {
  await signIn(page, 'E1001');
  const token = await tokenFor(page.request, 'E1001');
  await page.goto('/lecturer');
  const board = ranking(page);
  await expect(board).toContainText('按授课学员数排名');
  const rows = board.getByRole('listitem');
  await expect(rows).toHaveCount(10);
  // Other files may start courses meanwhile: compare with the gateway, reading both again if they differ.
  await expect(async () => {
    const expected = await callAs<LecturerRankEntry[]>(page.request, token, 'lecturerRankList');
    await page.reload();
    for (const [i, entry] of expected.entries()) {
      const row = rows.nth(i);
      await expect(row).toContainText(`第 ${entry.rank} 名`, { timeout: 2_000 });
      await expect(row.getByRole('link')).toHaveText(entry.name, { timeout: 2_000 });
      await expect(row).toContainText(`学员${entry.learnerCount}`, { timeout: 2_000 });
    }
  }).toPass({ timeout: 30_000 });

  const top = rows.first().getByRole('link');
  const name = (await top.textContent())!;
  await top.click();
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
});

test('the English directory and a lecturer’s page', async ({ page }) => {
  await signIn(page, 'E1001');
  await page.goto('/en/lecturer');
  await expect(page.getByRole('heading', { level: 1, name: 'Lecturers' })).toBeVisible();
  await expect(page.getByText('Lecturers found: 15')).toBeVisible();
  await expect(ranking(page, 'Lecturer ranking')).toContainText('Ranked by learners taught');
  await expect(page.getByRole('navigation', { name: 'Pagination' })).toContainText('Page 1 of 2');

  // Case aside: DATA finds the two data titles.
  const search = page.getByRole('search', { name: 'Search lecturers' });
  await search.getByLabel('Keyword').fill('DATA');
  await search.getByRole('button', { name: 'Search' }).click();
  await expect(cards(page)).toHaveCount(2);
  await expect(cards(page).nth(0)).toContainText('Zhou Jian');
  await expect(cards(page).nth(1)).toContainText('Guo Yang');
  await cards(page).getByRole('link', { name: 'Zhou Jian', exact: true }).click();
  await expect(page).toHaveURL(/\/en\/lecturer\/view\/[0-9a-f-]{36}$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Zhou Jian' })).toBeVisible();
  await expect(page.getByRole('main')).toContainText('Chief lecturer');
  await expect(page.getByRole('main')).toContainText('Data Analytics Expert');
  const courses = page.getByRole('region', { name: /^Courses taught/ });
  await expect(courses.getByRole('link', { name: 'Data visualisation basics', exact: true })).toHaveAttribute('href', /^\/en\/knowledge\/course\//);
  await expect(page.getByRole('link', { name: 'Back to lecturers' })).toHaveAttribute('href', '/en/lecturer');
});

test('an unknown or malformed id shows a not-found notice with the way back', async ({ page }) => {
  await signIn(page, 'E1001');
  await page.goto('/lecturer/view/00000000-0000-4000-8000-000000000000');
  const notice = page.getByRole('alert');
  await expect(notice.getByRole('heading', { name: '讲师不存在' })).toBeVisible();
  await expect(notice).toContainText('00000000-0000-4000-8000-000000000000');
  await notice.getByRole('link', { name: '返回讲师列表' }).click();
  await expect(page).toHaveURL(/\/lecturer$/);
  await expect(cards(page)).toHaveCount(10);

  await page.goto('/en/lecturer/view/77');
  await expect(page.getByRole('heading', { name: 'The lecturer does not exist' })).toBeVisible();
  await expect(page.getByRole('alert')).toContainText('“77”');
});

test('the old address serves the same directory', async ({ page }) => {
  await signIn(page, 'E1001');
  await page.goto('/lecturer/indexOld?q=' + encodeURIComponent('安全'));
  await expect(page.getByRole('heading', { level: 1, name: '讲师风采' })).toBeVisible();
  await expect(cards(page)).toHaveCount(2);
  await expect(page.getByLabel('关键词')).toHaveValue('安全');
  await expect(cards(page).getByRole('link', { name: '王芳', exact: true })).toHaveAttribute('href', /^\/lecturer\/view\//);
  await expect(ranking(page).getByRole('listitem')).toHaveCount(10);
});

test('keyboard: the cards are links reached with Tab, and Enter opens one', async ({ page }) => {
  await signIn(page, 'E1001');
  await page.goto('/lecturer');
  await expect(cards(page)).toHaveCount(10);
  await page.getByLabel('关键词').focus();
  await page.keyboard.press('Tab');
  await expect(page.getByRole('search', { name: '搜索讲师' }).getByRole('button', { name: '搜索' })).toBeFocused();
  const names = ['李娜', '陈明', '王芳'];
  for (const name of names) {
    await page.keyboard.press('Tab');
    await expect(page.getByRole('main').getByRole('article').getByRole('link', { name, exact: true })).toBeFocused();
  }
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { level: 1, name: '王芳' })).toBeVisible();
});

test('the home page’s featured lecturers lead to their pages', async ({ page }) => {
  await signIn(page, 'E1001');
  await page.goto('/');
  const zone = page.getByRole('main').getByRole('region', { name: '明星讲师', exact: true });
  // The zone loads as it comes near.
  await expect(async () => {
    await page.mouse.wheel(0, 600);
    await expect(zone.getByRole('link', { name: '陈明', exact: true })).toBeVisible({ timeout: 1_000 });
  }).toPass({ timeout: 30_000 });
  await zone.getByRole('link', { name: '陈明', exact: true }).click();
  await expect(page).toHaveURL(/\/lecturer\/view\/[0-9a-f-]{36}$/);
  await expect(page.getByRole('heading', { level: 1, name: '陈明' })).toBeVisible();
  await expect(page.getByRole('region', { name: /^主讲课程/ }).getByRole('article')).toHaveCount(5);
});
