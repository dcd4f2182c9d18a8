/**
 * Search, as the learner 孙浩 (E1007) of the demo company uses it: the header's box, and the
 * results page with its field, a tab per type with counts, paged hits with the keyword marked,
 * and links to each hit's page — in Chinese and in English, against the seeded gateway.
 */
import { expect, test, type Locator, type Page } from '@playwright/test';
import { signIn } from './fixtures';

const LEARNER = 'E1007';

test.beforeEach(async ({ context }) => {
  await context.clearCookies();
});

/** The results page's own field (the header has a search box too). */
function pageField(page: Page): Locator {
  return page.getByRole('main').getByRole('search');
}

/** A hit in the list, by its title. */
function hit(page: Page, title: string): Locator {
  return page.getByRole('tabpanel').getByRole('article', { name: title, exact: true });
}

async function searchOnPage(page: Page, text: string, label = '搜索关键词', submit = '搜索'): Promise<void> {
  const form = pageField(page);
  await form.getByRole('searchbox', { name: label }).fill(text);
  await form.getByRole('button', { name: submit, exact: true }).click();
}

test('the header search: empty text says so; from the exam centre it opens the exam results', async ({ page }) => {
  await signIn(page, LEARNER);
  await page.goto('/exam');
  // The header's box, not the exam centre's own keyword field.
  const toggle = page.getByRole('banner').getByRole('button', { name: '搜索', exact: true });
  await toggle.click();
  const box = page.getByRole('banner').getByRole('searchbox', { name: '搜索关键词' });
  await expect(box).toBeFocused();
  await box.press('Enter');
  await expect(page.getByText('请输入搜索关键词')).toBeVisible();
  await expect(page).toHaveURL(/\/exam$/);
  // It toggles closed and open again.
  await toggle.click();
  await expect(box).toHaveCount(0);
  await toggle.click();

  await box.fill('信息安全');
  await box.press('Enter');
  await expect(page).toHaveURL(/\/search\/%E4%BF%A1%E6%81%AF%E5%AE%89%E5%85%A8\?type=5$/);
  await expect(page.getByRole('heading', { level: 1, name: '搜索结果' })).toBeVisible();
  await expect(page.getByRole('tab', { name: /^考试（\d+）$/, selected: true })).toBeVisible();
  await expect(pageField(page).getByRole('searchbox')).toHaveValue('信息安全');
  const quiz = hit(page, '信息安全知识测验');
  await expect(quiz.locator('mark')).toHaveText(['信息安全']);
  await quiz.getByRole('link').click();
  await expect(page).toHaveURL(/\/account\/exam\/[0-9a-f-]{36}$/);
  await expect(page.getByRole('heading', { level: 1, name: '信息安全知识测验' })).toBeVisible();
});

test('a Chinese course word lists the courses with the word marked; English finds the same course', async ({ page }) => {
  // Two languages, a course page and back: more steps than most.
  test.slow();
  await signIn(page, LEARNER);

  // No keyword: the gateway's own message, in the page's language.
  await page.goto('/search?type=1');
  await expect(page.getByRole('main').getByRole('alert')).toHaveText('请输入搜索关键词');

  await searchOnPage(page, ' 沟通 ');
  await expect(page).toHaveURL(/\/search\/%E6%B2%9F%E9%80%9A\?type=1$/);
  await expect(page.getByRole('tab', { name: /^课程（[1-9]\d*）$/, selected: true })).toBeVisible();
  await expect(page.getByRole('tab', { name: /^公告（[1-9]\d*）$/ })).toBeVisible();
  await expect(page.getByText('“沟通”的搜索结果')).toBeVisible();
  const course = hit(page, '高效沟通技巧');
  // In the title and in the intro (倾听、表达与反馈：让每一次沟通都有结果。).
  await expect(course.getByRole('heading').locator('mark')).toHaveText(['沟通']);
  await expect(course.locator('p mark')).toHaveText(['沟通']);
  const zhHref = await course.getByRole('link').getAttribute('href');
  expect(zhHref).toMatch(/^\/knowledge\/course\/[0-9a-f-]{36}$/);
  await page.screenshot({ path: test.info().outputPath('search-zh.png'), fullPage: true });

  await course.getByRole('link').click();
  await expect(page.getByRole('heading', { level: 1, name: '高效沟通技巧' })).toBeVisible();
  await page.goBack();
  await expect(hit(page, '高效沟通技巧')).toBeVisible();

  await page.goto('/en/search?type=1');
  await expect(page.getByRole('main').getByRole('alert')).toHaveText('Please enter a search keyword');
  await searchOnPage(page, 'COMMUNICATION', 'Search keyword', 'Search');
  await expect(page).toHaveURL(/\/en\/search\/COMMUNICATION\?type=1$/);
  await expect(page.getByRole('tab', { name: /^Courses \([1-9]\d*\)$/, selected: true })).toBeVisible();
  const english = hit(page, 'Effective communication');
  // Marked as written in the title, whatever the case typed.
  await expect(english.getByRole('heading').locator('mark')).toHaveText(['communication']);
  await expect(english.getByRole('link')).toHaveAttribute('href', `/en${zhHref}`);
  await page.screenshot({ path: test.info().outputPath('search-en.png'), fullPage: true });
});

test('switching tabs shows the announcements of an announcement word; tabs follow the arrow keys', async ({ page }) => {
  await signIn(page, LEARNER);
  await page.goto(`/search/${encodeURIComponent('读书会')}?type=1`);
  await expect(page.getByRole('tab', { name: '课程（0）', selected: true })).toBeVisible();
  await expect(page.getByText('没有找到与“读书会”相关的课程')).toBeVisible();
  await page.screenshot({ path: test.info().outputPath('search-empty-zh.png'), fullPage: true });

  const notices = page.getByRole('tab', { name: '公告（1）' });
  await notices.click();
  await expect(notices).toHaveAttribute('aria-selected', 'true');
  await expect(page).toHaveURL(/\?type=8$/);
  const club = hit(page, '读书会：《非暴力沟通》');
  await expect(club.locator('mark').first()).toHaveText('读书会');
  await expect(club.getByRole('link')).toHaveAttribute('href', /^\/account\/message\?num=1&id=[0-9a-f-]{36}$/);

  // Arrow keys move between the tabs and load the one reached.
  await notices.press('ArrowLeft');
  await expect(page.getByRole('tab', { name: '问答（0）', selected: true })).toBeFocused();
  await expect(page).toHaveURL(/\?type=7$/);
  await page.keyboard.press('ArrowRight');
  await expect(page.getByRole('tab', { name: '公告（1）', selected: true })).toBeFocused();
  await expect(hit(page, '读书会：《非暴力沟通》')).toBeVisible();

  // Reloading keeps the tab.
  await page.reload();
  await expect(page.getByRole('tab', { name: '公告（1）', selected: true })).toBeVisible();
});

test('many hits come in pages of ten, the page kept in the address', async ({ page }) => {
  await signIn(page, LEARNER);
  await page.goto(`/search/${encodeURIComponent('学习')}?type=8`);
  const tab = page.getByRole('tab', { name: /^公告（(\d+)）$/, selected: true });
  await expect(tab).toBeVisible();
  const total = Number(/（(\d+)）/.exec((await tab.textContent())!)![1]);
  expect(total).toBeGreaterThan(10);
  const pages = Math.ceil(total / 10);
  const list = page.getByRole('tabpanel').getByRole('article');
  await expect(list).toHaveCount(10);
  const first = await list.first().getAttribute('aria-labelledby').then((id) => page.locator(`[id="${id}"]`).textContent());

  const pager = page.getByRole('navigation', { name: '分页' });
  await expect(pager).toContainText(`第 1 / ${pages} 页`);
  await pager.getByRole('button', { name: '下一页' }).click();
  await expect(page).toHaveURL(/\?type=8&page=2$/);
  await expect(pager).toContainText(`第 2 / ${pages} 页`);
  await expect(list.first()).not.toHaveAccessibleName(first!);
  for (const item of await list.all()) await expect(item.locator('mark').first()).toHaveText('学习');

  // A page past the end (an old link) shows the last one.
  await page.goto(`/search/${encodeURIComponent('学习')}?type=8&page=99`);
  await expect(page).toHaveURL(new RegExp(`\\?type=8&page=${pages}$`));
  await expect(pager).toContainText(`第 ${pages} / ${pages} 页`);
});

test('the keyword is text: markup in it is shown as typed, never run', async ({ page }) => {
  await signIn(page, LEARNER);
  const typed = '<img src=x onerror="document.title=1">沟通';
  await page.goto(`/search/${encodeURIComponent(typed)}?type=1`);
  await expect(page.getByText(`没有找到与“${typed}”相关的课程`)).toBeVisible();
  await expect(pageField(page).getByRole('searchbox')).toHaveValue(typed);
  await expect(page.getByRole('main').locator('img')).toHaveCount(0);
});

test('signed out, the page asks to sign in first', async ({ page }) => {
  await page.goto(`/en/search/${encodeURIComponent('communication')}?type=1`);
  await expect(page.getByText('Please login first!')).toBeVisible();
  await expect(page.getByRole('main').getByRole('link', { name: 'Sign in' })).toHaveAttribute(
    'href',
    /^\/en\/login\?t=login&redirect=%2Fen%2Fsearch%2Fcommunication%3Ftype%3D1$/,
  );
});
