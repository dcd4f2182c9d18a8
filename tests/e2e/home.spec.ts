/**
 * The home page and the rankings page as a learner uses them (E1006 赵敏, company one):
 * banners, zones with courses and lecturers, the three rankings with the learner's own place,
 * the company's study dynamics ("more" and coming back), the announcements, the exam counts;
 * paging and tabs of `/home/rank`; and the welcome an anonymous visitor gets instead.
 */
import { readFileSync } from 'node:fs';
import { expect, test, type Locator, type Page } from '@playwright/test';
import type { CurrentRank } from '../../src/api/home-types';
import { endpoints } from '../../src/api/endpoints';
import type { CourseItem, CourseResourceItem } from '../../src/api/learning-types';
import type { PageResult } from '../../src/api/types';
import { callAs, completeSupplement, signIn, tokenFor } from './fixtures';

const LEARNER = 'E1006';

interface Texts {
  zh: string;
  en: string;
}
interface HomeSeed {
  banners: { title: Texts }[];
  zoneLogo: { slogan: Texts };
  zones: { type: string; title: Texts }[];
}
interface AnnouncementSeed {
  title: Texts;
  pinned?: boolean;
  daysAgo: number;
  readBy?: string[];
}

const tenant = JSON.parse(readFileSync('tenants/localhost.json', 'utf8')) as {
  branding: { title: Texts };
  seed: { home: HomeSeed; announcements: { announcements: AnnouncementSeed[] } };
};
const home = tenant.seed.home;
const pinned = tenant.seed.announcements.announcements.filter((a) => a.pinned);

// A page of many blocks, each loading as it comes into view.
test.describe.configure({ timeout: 120_000 });

test.beforeEach(async ({ context }) => {
  await context.clearCookies();
});

/**
 * E1006 comes without an ID card and email, so every page would first ask for them: the
 * learner fills them in once (as the supplementary dialog does) before these tests look around.
 */
test.beforeAll(async ({ request }) => {
  await completeSupplement(request, LEARNER);
});

async function tokenOf(page: Page): Promise<string> {
  const token = (await page.context().cookies()).find((c) => c.name === 'ENT_WEB_TOKEN')?.value;
  expect(token).toBeTruthy();
  return token!;
}

/**
 * Scrolls down the way a reader does until a lazily loaded block is there (blocks load their
 * code and data as they come near), then brings it into view.
 */
async function reveal(locator: Locator): Promise<void> {
  const page = locator.page();
  const deadline = Date.now() + 45_000;
  while (!(await locator.isVisible())) {
    if (Date.now() > deadline) throw new Error(`never shown: ${locator}`);
    const atEnd = await page.evaluate(() => scrollY + innerHeight >= document.documentElement.scrollHeight - 2);
    // Past the end without it (the page grew above while scrolling): read from the top again.
    if (atEnd) await page.waitForTimeout(1_000);
    if (atEnd && !(await locator.isVisible())) await page.evaluate(() => scrollTo(0, 0));
    else await page.mouse.wheel(0, 500);
    await page.waitForTimeout(200);
  }
  await locator.scrollIntoViewIfNeeded();
}

function section(page: Page, name: string | RegExp): Locator {
  return page.getByRole('main').getByRole('region', { name, exact: typeof name === 'string' });
}

test('the home page shows banners, announcements, exams, zones, rankings with my place and dynamics (zh)', async ({ page }) => {
  await signIn(page, LEARNER);
  await page.goto('/');
  const main = page.getByRole('main');
  await expect(main.getByText(/^(早上好|下午好|晚上好)，赵敏$/)).toBeVisible();

  // The carousel: every banner is a slide; the dots and arrows are buttons.
  const carousel = section(page, '首页轮播');
  await expect(carousel).toBeVisible();
  // One dot per banner; slides out of view are hidden.
  await expect(carousel.getByRole('button', { name: /^第 \d+ 张：/ })).toHaveCount(home.banners.length);
  await expect(carousel.getByRole('group')).toHaveCount(1);
  await expect(carousel.getByRole('group', { name: `第 1 / ${home.banners.length} 张` })).toContainText(home.banners[0]!.title.zh);
  await carousel.getByRole('button', { name: '暂停轮播' }).click();
  await carousel.getByRole('button', { name: `第 3 张：${home.banners[2]!.title.zh}` }).click();
  await expect(carousel.getByRole('button', { name: `第 3 张：${home.banners[2]!.title.zh}` })).toHaveAttribute('aria-current', 'true');
  await expect(carousel.getByRole('link', { name: home.banners[2]!.title.zh })).toBeVisible();
  await carousel.getByRole('button', { name: '下一张' }).click();
  await expect(carousel.getByRole('link', { name: new RegExp(home.banners[3]!.title.zh) })).toHaveAttribute('target', '_blank');

  // Announcements: five, pinned first and unread marked, each opening in the message centre.
  const notices = section(page, '公告');
  const links = notices.getByRole('listitem').getByRole('link');
  await expect(links).toHaveCount(5);
  for (const [i, a] of pinned.entries()) {
    await expect(links.nth(i)).toContainText(`置顶${a.readBy?.includes(LEARNER) ? '' : '未读'}${a.title.zh}`);
  }
  await expect(links.first()).toHaveAttribute('href', /^\/account\/message\?num=1&id=[\w-]+$/);
  await expect(links.first().locator('time')).toHaveText(/天前|周前/);
  await expect(notices.getByRole('link', { name: '更多公告' })).toHaveAttribute('href', '/account/message');

  // The exam counts agree with the gateway and lead to the exam centre.
  const counts = await callAs<{ total: number; waiting: number }>(page.request, await tokenOf(page), 'examTaskRecordCount');
  const exams = section(page, '我的考试');
  await expect(exams.getByRole('link', { name: new RegExp(`^${counts.total}\\s*考试任务$`) })).toHaveAttribute('href', '/exam');
  await expect(exams.getByRole('link', { name: new RegExp(`^${counts.waiting}\\s*待考试$`) })).toHaveAttribute('href', '/exam?status=0');

  // The zone picture's slogan and the zones in order, each with course cards or lecturers.
  await reveal(main.getByText(home.zoneLogo.slogan.zh));
  for (const zone of home.zones) {
    const block = section(page, zone.title.zh);
    await reveal(block);
    if (zone.type === 'lecturers') {
      await expect(block.getByRole('link', { name: '李娜' })).toHaveAttribute('href', /^\/lecturer\/view\/[\w-]+$/);
    } else {
      await expect(block.getByRole('article').first()).toBeVisible();
      await expect(block.getByRole('article').first().getByRole('link')).toHaveAttribute('href', /^\/knowledge\/course\/[\w-]+$/);
    }
  }

  // The rankings, each with my own place as the gateway knows it.
  const token = await tokenOf(page);
  for (const [name, row] of [
    ['积分榜', 'integralRankCurrent'],
    ['学时榜', 'creditHourRankCurrent'],
    ['证书榜', 'certificateRankCurrent'],
  ] as const) {
    const board = section(page, name);
    await reveal(board);
    const mine = await callAs<CurrentRank>(page.request, token, row);
    await expect(board.getByText('我的排名')).toBeVisible();
    await expect(board).toContainText(mine.rank === null ? '暂未上榜' : `第 ${mine.rank} 名`);
    await expect(board).toContainText(`共 ${mine.total} 人上榜`);
    await expect(board.getByRole('listitem').first()).toBeVisible();
  }
  await expect(section(page, '积分榜').getByRole('listitem')).toHaveCount(3);
  await expect(section(page, '学时榜').getByRole('listitem')).toHaveCount(9);
  await expect(section(page, '证书榜').getByRole('listitem')).toHaveCount(3);

  // A ranking card pages on its own.
  const points = section(page, '积分榜');
  const firstPage = await points.getByRole('listitem').allInnerTexts();
  await points.getByRole('navigation', { name: '积分榜分页' }).getByRole('button', { name: '下一页' }).click();
  await expect(points.getByText(/^第 2 \/ \d+ 页$/)).toBeVisible();
  await expect.poll(() => points.getByRole('listitem').allInnerTexts()).not.toEqual(firstPage);

  // The company's study dynamics: who did what, how long ago, linking to the course.
  const dynamics = section(page, '学习动态');
  await reveal(dynamics);
  await expect(dynamics.getByRole('listitem').first()).toBeVisible();
  await expect(dynamics.getByRole('listitem').first()).toContainText(/张伟|赵敏|孙浩/);
  await expect(dynamics.getByRole('listitem').first().locator('time')).toHaveText(/前|刚刚/);

  await page.evaluate(() => window.scrollTo(0, 0));
  await page.screenshot({ path: test.info().outputPath('home-zh.png'), fullPage: true });
});

test('the home page in English', async ({ page }) => {
  await signIn(page, LEARNER);
  await page.goto('/en');
  const main = page.getByRole('main');
  await expect(main.getByText(/Good (morning|afternoon|evening), 赵敏/)).toBeVisible();

  const carousel = section(page, 'Featured');
  await expect(carousel.getByRole('group', { name: `Slide 1 of ${home.banners.length}` })).toContainText(home.banners[0]!.title.en);
  await expect(carousel.getByRole('button', { name: 'Next slide' })).toBeVisible();

  const notices = section(page, 'Announcements');
  await expect(notices.getByRole('listitem')).toHaveCount(5);
  await expect(notices.getByRole('listitem').first()).toContainText(`Pinned`);
  await expect(notices.getByRole('listitem').first()).toContainText(pinned[0]!.title.en);
  await expect(notices.getByRole('listitem').first().getByRole('link')).toHaveAttribute('href', /^\/en\/account\/message\?num=1&id=/);
  await expect(notices.getByRole('listitem').first().locator('time')).toHaveText(/days? ago|weeks? ago/);

  await expect(section(page, 'My exams').getByRole('link', { name: 'Exam centre' })).toHaveAttribute('href', '/en/exam');

  for (const zone of home.zones) {
    const block = section(page, zone.title.en);
    await reveal(block);
    await expect(block.getByRole('link', { name: `See more: ${zone.title.en}` })).toBeVisible();
  }
  for (const name of ['Points', 'Credit hours', 'Certificates']) {
    const board = section(page, name);
    await reveal(board);
    await expect(board.getByText('My place')).toBeVisible();
    await expect(board).toContainText(/No\. \d+|Not ranked yet/);
    await expect(board).toContainText(/\d+ ranked/);
  }
  const dynamics = section(page, 'Study activity');
  await reveal(dynamics);
  await expect(dynamics.getByRole('listitem').first()).toContainText(/started|completed|joined/);
  await expect(dynamics.getByRole('listitem').first().locator('time')).toHaveText(/ago|just now/);

  await page.evaluate(() => window.scrollTo(0, 0));
  await page.screenshot({ path: test.info().outputPath('home-en.png'), fullPage: true });
});

/** The first period of a course that has a resource: opening it records a study dynamic. */
function firstPeriod(items: CourseResourceItem[]): CourseResourceItem | undefined {
  for (const item of items) {
    if (item.subTrainingProgress.length) {
      const found = firstPeriod(item.subTrainingProgress);
      if (found) return found;
    } else if (item.resourceType > 0) {
      return item;
    }
  }
  return undefined;
}

test('study dynamics load more, and the loaded pages are still there on coming back', async ({ page, request }) => {
  // A colleague opens courses: each first opening is a dynamic of the company.
  const colleague = await tokenFor(request, 'E1007');
  const courses = await callAs<PageResult<CourseItem>>(request, colleague, 'coursePage', { pageSize: 20 });
  let opened = 0;
  for (const course of courses.list) {
    if (opened >= 8) break;
    const period = firstPeriod(await callAs<CourseResourceItem[]>(request, colleague, 'chapterPeriodList', { courseId: course.id }));
    if (!period) continue;
    const res = await request.post(`/gateway/${endpoints.resourceWatch.path}`, {
      headers: { token: colleague },
      data: { courseId: course.id, itemId: period.subResourceId },
    });
    if ((await res.json()).code === 200) opened += 1;
  }
  expect(opened).toBeGreaterThan(4);

  await signIn(page, LEARNER);
  await page.goto('/home');
  const dynamics = section(page, '学习动态');
  await reveal(dynamics);
  const items = dynamics.getByRole('listitem');
  await expect(items).toHaveCount(10);
  const counter = dynamics.getByText(/^已显示 10 \/ \d+ 条$/);
  await expect(counter).toBeVisible();
  const total = Number((await counter.textContent())!.match(/\/ (\d+)/)![1]);
  expect(total).toBeGreaterThan(10);
  await expect(items.filter({ hasText: '孙浩 开始学习课程' }).first()).toBeVisible();

  // One more page of ten (or what is left).
  await dynamics.getByRole('button', { name: '加载更多' }).click();
  const shown = Math.min(20, total);
  await expect(items).toHaveCount(shown);
  await expect(dynamics.getByText(`已显示 ${shown} / ${total} 条`)).toBeVisible();
  await expect(dynamics.getByRole('button', { name: '加载更多' })).toHaveCount(shown < total ? 1 : 0);

  // Off to a course and back: the page comes back with both pages shown.
  await items.first().getByRole('link').first().click();
  await expect(page).toHaveURL(/\/knowledge\/course\//);
  await page.goBack();
  await expect(page).toHaveURL(/\/home$/);
  await reveal(dynamics);
  await expect(items).toHaveCount(shown);
  // And by a link (a new document): the kept pages come back without asking again.
  await page.goto('/home');
  await reveal(dynamics);
  await expect(items).toHaveCount(shown);
});

test('the rankings page pages each ranking, keeps the ranking and page in the URL, and shows my place', async ({ page }) => {
  await signIn(page, LEARNER);
  await page.goto('/home/rank');
  await expect(page.getByRole('heading', { level: 1, name: '排行榜' })).toBeVisible();
  const tabs = page.getByRole('tablist', { name: '排行榜类型' });
  await expect(tabs.getByRole('tab', { name: '积分榜', selected: true })).toBeVisible();
  const panel = page.getByRole('tabpanel');
  const entries = panel.getByRole('listitem');
  await expect(entries).toHaveCount(10);

  const mine = await callAs<CurrentRank>(page.request, await tokenOf(page), 'integralRankCurrent');
  await expect(panel.getByText('我的排名')).toBeVisible();
  await expect(panel).toContainText(mine.rank === null ? '暂未上榜' : `第 ${mine.rank} 名`);

  const first = await entries.allInnerTexts();
  await panel.getByRole('button', { name: '下一页' }).click();
  await expect(page).toHaveURL(/[?&]page=2/);
  await expect(panel.getByText(/^第 2 \/ \d+ 页$/)).toBeVisible();
  await expect.poll(() => entries.allInnerTexts()).not.toEqual(first);
  const second = await entries.allInnerTexts();
  expect(second.some((text) => first.includes(text))).toBe(false);

  // The URL brings the same page back.
  await page.reload();
  await expect(panel.getByText(/^第 2 \/ \d+ 页$/)).toBeVisible();
  await expect.poll(() => entries.allInnerTexts()).toEqual(second);

  // Tabs by keyboard: another ranking starts on its first page.
  await tabs.getByRole('tab', { name: '积分榜' }).focus();
  await page.keyboard.press('ArrowRight');
  await expect(tabs.getByRole('tab', { name: '学时榜', selected: true })).toBeFocused();
  await expect(page).toHaveURL(/\?tab=creditHour$/);
  await expect(panel.getByText(/^第 1 \/ \d+ 页$/)).toBeVisible();
  const hours = await callAs<CurrentRank>(page.request, await tokenOf(page), 'creditHourRankCurrent');
  await expect(panel).toContainText(hours.rank === null ? '暂未上榜' : `第 ${hours.rank} 名`);
  await page.keyboard.press('End');
  await expect(tabs.getByRole('tab', { name: '证书榜', selected: true })).toBeFocused();
  await expect(page).toHaveURL(/\?tab=certificate$/);
  await page.evaluate(() => scrollTo(0, 0));
  await page.screenshot({ path: test.info().outputPath('rank-zh.png'), fullPage: true });

  await page.goto('/en/home/rank?tab=creditHour&page=2');
  await expect(page.getByRole('tab', { name: 'Credit hours', selected: true })).toBeVisible();
  await expect(page.getByRole('tabpanel').getByText(/^Page 2 of \d+$/)).toBeVisible();
  await expect(page.getByRole('tabpanel').getByText('My place')).toBeVisible();
  await page.evaluate(() => scrollTo(0, 0));
  await page.screenshot({ path: test.info().outputPath('rank-en.png'), fullPage: true });
});

test('an anonymous visitor gets the branded welcome, no gateway calls that need a session and no error', async ({ page }) => {
  const closed: string[] = [];
  page.on('request', (r) => {
    if (r.url().includes('/gateway/') && r.url().includes('/auth/')) closed.push(r.url());
  });
  await page.goto('/');
  const main = page.getByRole('main');
  await expect(main.getByRole('heading', { name: `欢迎来到${tenant.branding.title.zh}` })).toBeVisible();
  await expect(main.getByRole('link', { name: '登录开始学习' })).toHaveAttribute('href', '/login?t=login&redirect=%2F');
  await expect(main.getByRole('heading', { name: '平台功能' })).toBeVisible();
  await expect(main.getByRole('region', { name: '首页轮播' })).toHaveCount(0);
  await page.waitForLoadState('networkidle');
  await expect(page.getByRole('region', { name: '通知' }).getByRole('listitem')).toHaveCount(0);
  expect(closed).toEqual([]);
  await page.screenshot({ path: test.info().outputPath('welcome-zh.png'), fullPage: true });

  await page.goto('/en/home');
  await expect(main.getByRole('heading', { name: `Welcome to ${tenant.branding.title.en}` })).toBeVisible();
  await expect(main.getByRole('link', { name: 'Sign in to start learning' })).toHaveAttribute(
    'href',
    '/en/login?t=login&redirect=%2Fen%2Fhome',
  );
  await page.screenshot({ path: test.info().outputPath('welcome-en.png'), fullPage: true });

  // The rankings page asks to sign in.
  await page.goto('/home/rank');
  await expect(main.getByText('请先登录！')).toBeVisible();
  await page.waitForLoadState('networkidle');
  await expect(page.getByRole('region', { name: '通知' }).getByRole('listitem')).toHaveCount(0);
  expect(closed).toEqual([]);
});
