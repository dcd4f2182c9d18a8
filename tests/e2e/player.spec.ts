/**
 * The player as a learner uses it: a video played to the end (at double speed) completes its
 * period in the gateway's own count and records a study dynamic; a partly played video resumes where it stopped; a PDF is
 * drawn page by page and counts the pages read; audio plays and reports; a text document shows its text; the period's
 * media come only through signed URLs; an anonymous visitor is asked to sign in.
 */
import { expect, test, type Page } from '@playwright/test';
import { endpoints } from '../../src/api/endpoints';
import type { CourseResourceItem } from '../../src/api/learning-types';
import { playerZh } from '../../src/i18n/sections/player';
import { courseId, signIn } from './fixtures';

const ONBOARDING = '新员工入职培训';

test.beforeEach(async ({ context }) => {
  await context.clearCookies();
});

/** A course's id, as the course centre lists it for the signed-in person. */
/** The chapter list the player loads, as it answered. */
async function chapterListOnLoad(page: Page, url: string): Promise<CourseResourceItem[]> {
  const answer = page.waitForResponse((r) => r.url().includes(endpoints.chapterPeriodList.path));
  await page.goto(url);
  const body = (await (await answer).json()) as { data: CourseResourceItem[] };
  return body.data;
}

function find(tree: CourseResourceItem[], name: string): CourseResourceItem | undefined {
  for (const item of tree) {
    if (item.subResourceName === name) return item;
    const inner = find(item.subTrainingProgress ?? [], name);
    if (inner) return inner;
  }
  return undefined;
}

function periodLink(page: Page, name: string) {
  return page.getByRole('navigation', { name: '课程目录' }).getByRole('link', { name: new RegExp(name) });
}

/** Starts the page's medium: muted, since a headless browser plays sound only after a gesture. */
async function play(page: Page, selector: 'video' | 'audio'): Promise<void> {
  await page.locator(selector).evaluate(async (m: HTMLMediaElement) => {
    m.muted = true;
    await m.play();
  });
}

test('a video played to the end at double speed completes its period and records the activity', async ({ page }) => {
  test.setTimeout(90_000);
  await signIn(page, 'E1003');
  const id = await courseId(page, ONBOARDING);
  await page.goto(`/watch/course?courseId=${id}`);
  await expect(page.getByRole('heading', { name: '欢迎视频', level: 1 })).toBeVisible();
  await expect(periodLink(page, '欢迎视频')).toHaveAttribute('aria-current', 'true');

  await page.getByLabel('倍速').selectOption('2');
  await play(page, 'video');
  expect(await page.locator('video').evaluate((v: HTMLVideoElement) => v.playbackRate)).toBe(2);

  // The panel shows the progress the gateway computed from the spans reported.
  await expect(periodLink(page, '欢迎视频')).toContainText('100%', { timeout: 30_000 });
  await expect(page.getByRole('status').filter({ hasText: '秒后进入下一节：企业文化手册' })).toBeVisible();

  const tree = await chapterListOnLoad(page, `/watch/course?courseId=${id}`);
  expect(find(tree, '欢迎视频')?.studyProgress).toBe(100);
  await expect(periodLink(page, '欢迎视频')).toContainText('100%');

  // The gateway recorded the study dynamic: /watch shows it, linking to the course.
  await page.goto('/watch');
  const activity = page.getByRole('region', { name: playerZh['player.activity.title'] });
  const sentence = (kind: 1 | 2) => playerZh[`player.activity.${kind}`].replace('{course}', ONBOARDING).replace('{item}', '欢迎视频');
  const entry = activity.getByRole('listitem').filter({ hasText: sentence(2) });
  await expect(entry).toHaveCount(1);
  await expect(entry.getByRole('link', { name: ONBOARDING })).toHaveAttribute('href', `/knowledge/course/${id}`);
  await expect(activity.getByRole('listitem').filter({ hasText: sentence(1) })).toHaveCount(1);
});

test('a partly played video resumes where it stopped', async ({ page }) => {
  test.setTimeout(60_000);
  await signIn(page, 'E1004');
  const id = await courseId(page, ONBOARDING);
  await page.goto(`/watch/course?courseId=${id}`);
  await expect(page.getByRole('heading', { name: '欢迎视频', level: 1 })).toBeVisible();
  await play(page, 'video');
  await expect.poll(() => page.locator('video').evaluate((v: HTMLVideoElement) => v.currentTime), { timeout: 15_000 }).toBeGreaterThan(4);

  const saved = page.waitForResponse((r) => r.url().includes(endpoints.progressSave.path));
  const stoppedAt = await page.locator('video').evaluate((v: HTMLVideoElement) => {
    v.pause();
    return v.currentTime;
  });
  const report = (await (await saved).json()) as { code: number; data: { studyProgress: number } };
  expect(report.code).toBe(200);
  expect(report.data.studyProgress).toBeGreaterThan(0);

  await page.reload();
  await expect(page.getByRole('heading', { name: '欢迎视频', level: 1 })).toBeVisible();
  await expect
    .poll(() => page.locator('video').evaluate((v: HTMLVideoElement) => v.currentTime), { timeout: 15_000 })
    .toBeGreaterThanOrEqual(Math.floor(stoppedAt) - 1);
  expect(await page.locator('video').evaluate((v: HTMLVideoElement) => v.currentTime)).toBeLessThanOrEqual(stoppedAt + 1);
});

test('where the browser cannot play HLS itself, hls.js is loaded and plays the stream', async ({ page }) => {
  test.setTimeout(60_000);
  await page.addInitScript(() => {
    const native = HTMLMediaElement.prototype.canPlayType;
    HTMLMediaElement.prototype.canPlayType = function (type: string) {
      return /mpegurl/i.test(type) ? '' : native.call(this, type);
    };
  });
  await signIn(page, 'E1002');
  const id = await courseId(page, ONBOARDING);
  const hls = page.waitForRequest((r) => /hls\.light/.test(r.url()));
  await page.goto(`/watch/course?courseId=${id}`);
  await hls;
  await play(page, 'video');
  await expect.poll(() => page.locator('video').evaluate((v: HTMLVideoElement) => v.currentTime), { timeout: 15_000 }).toBeGreaterThan(1);
  // Media source extensions, not the file itself.
  expect(await page.locator('video').evaluate((v: HTMLVideoElement) => v.currentSrc)).toMatch(/^blob:/);
});

test('a period plays through its signed URLs; the same file without its signature is refused', async ({ page, baseURL }) => {
  test.setTimeout(60_000);
  const media: string[] = [];
  page.on('request', (r) => {
    if (new URL(r.url()).pathname.startsWith('/media/demo/welcome')) media.push(r.url());
  });
  await signIn(page, 'E1002');
  const id = await courseId(page, ONBOARDING);
  await page.goto(`/watch/course?courseId=${id}`);
  await expect(page.getByRole('heading', { name: '欢迎视频', level: 1 })).toBeVisible();
  await play(page, 'video');
  await expect.poll(() => page.locator('video').evaluate((v: HTMLVideoElement) => v.currentTime), { timeout: 15_000 }).toBeGreaterThan(1);

  // Every request for the period's media carried its company, expiry and signature.
  expect(media.length).toBeGreaterThan(0);
  for (const url of media) expect(new URL(url).searchParams.get('sig'), url).toMatch(/^[0-9a-f]{64}$/);
  const signed = media[0]!;
  const bare = new URL(signed);
  bare.search = '';
  // The signed URL opens in the browser; without its signature, or on the other company's host, it does not.
  expect((await page.request.get(signed)).status()).toBe(200);
  expect((await page.goto(bare.href))?.status()).toBe(403);
  expect((await page.goto(`${baseURL}/media/demo/welcome.mp4`))?.status()).toBe(403);
  const otherHost = new URL(signed);
  otherHost.hostname = '127.0.0.1';
  expect((await page.request.get(otherHost.href)).status()).toBe(403);
});

test('the culture handbook is drawn page by page', async ({ page }) => {
  await signIn(page, 'E1007');
  const id = await courseId(page, ONBOARDING);
  await page.goto(`/watch/course?courseId=${id}`);
  await periodLink(page, '企业文化手册').click();
  await expect(page.getByRole('heading', { name: '企业文化手册', level: 1 })).toBeVisible();
  await expect(page).toHaveURL(/itemId=/);

  const canvas = page.getByRole('img', { name: /企业文化手册/ });
  await expect(page.getByText('第 1 / 3 页')).toBeVisible({ timeout: 20_000 });
  expect(await canvas.evaluate((c: HTMLCanvasElement) => c.width * c.height)).toBeGreaterThan(0);
  await page.getByRole('button', { name: '下一页' }).click();
  await expect(page.getByText('第 2 / 3 页')).toBeVisible();
  await expect(canvas).toHaveAccessibleName(/第 2 \/ 3 页/);
  // Opening a document does not complete it: the pages shown count (tests/e2e/document-progress.spec.ts).
  await expect(page.getByTestId('document-pages')).toHaveText(/^已读 [0-3]\/3 页$/);
});

test('the audio period plays and reports what was heard', async ({ page }) => {
  test.setTimeout(60_000);
  await signIn(page, 'E1007');
  const id = await courseId(page, ONBOARDING);
  await page.goto(`/watch/course?courseId=${id}`);
  await periodLink(page, '公司宣传音频').click();
  await expect(page.getByRole('heading', { name: '公司宣传音频', level: 1 })).toBeVisible();
  await play(page, 'audio');
  await expect.poll(() => page.locator('audio').evaluate((a: HTMLAudioElement) => a.currentTime), { timeout: 15_000 }).toBeGreaterThan(2);
  const saved = page.waitForResponse((r) => r.url().includes(endpoints.progressSave.path));
  await page.locator('audio').evaluate((a: HTMLAudioElement) => a.pause());
  const report = (await (await saved).json()) as { data: { studyProgress: number; credited: number } };
  expect(report.data.credited).toBeGreaterThan(1);
  await expect(page.getByTestId('period-progress')).toHaveText(`本节进度 ${report.data.studyProgress}%`);
});

test('a text document shows its text', async ({ page }) => {
  await signIn(page, 'E1007');
  const id = await courseId(page, ONBOARDING);
  await page.goto(`/watch/course?courseId=${id}`);
  await periodLink(page, '报到须知').click();
  await expect(page.getByTestId('document-text')).toContainText('报到当天请于 9:00 前到达一楼前台');
  await expect(page.getByRole('button', { name: '下载', exact: true })).toBeVisible();
});

test('an anonymous visitor is asked to sign in', async ({ page }) => {
  await page.goto('/watch/free_task?courseId=00000000-0000-4000-8000-000000000000');
  await expect(page.getByRole('alert').filter({ hasText: '请先登录！' })).toBeVisible();
  await expect(page.getByRole('link', { name: '去登录' })).toHaveAttribute('href', /^\/login\?t=login&redirect=/);
});
