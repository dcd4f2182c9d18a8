/**
 * The site under its Content-Security-Policy, as a person uses it: every page type loads and
 * works with no policy violation (sign-in, home, course list and detail, the player with video
 * and PDF, the exam runner, community, search, account, both languages); a script slipped into
 * a page is blocked and reported; and what people write (questions, answers, comments,
 * course comments, a search text) is shown as the text it is, with no script run.
 */
import { expect, test, type Page } from '@playwright/test';
import type { PageResult } from '../../src/api/types';
import { callAs, courseId, signIn, tokenFor } from './fixtures';

test.beforeEach(async ({ context }) => {
  await context.clearCookies();
});

/**
 * Records what the policy blocks on a page: the `securitypolicyviolation` events and the
 * console's policy errors (content and permissions policies), with the page they happened on.
 */
async function watchPolicy(page: Page): Promise<string[]> {
  const seen: string[] = [];
  page.on('console', (message) => {
    // Also the permissions policy: a feature the browser does not know is a console error.
    if (/Content[- ]Security[- ]Policy|Permissions-Policy/i.test(message.text())) seen.push(`console ${page.url()}: ${message.text()}`);
  });
  await page.exposeFunction('__policyViolation', (text: string) => seen.push(text));
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (e) => {
      const report = (window as unknown as { __policyViolation: (text: string) => void }).__policyViolation;
      void report(`${location.pathname}${location.search}: ${e.effectiveDirective} blocked ${e.blockedURI || 'inline'} (${e.sample})`);
    });
  });
  return seen;
}

/** Opens a page and checks it came with a policy that names script hashes and no inline allowance. */
async function open(page: Page, path: string): Promise<void> {
  const response = await page.goto(path);
  const policy = response?.headers()['content-security-policy'] ?? '';
  expect(policy, path).toMatch(/script-src 'self'( 'sha256-[\w+/=]+')+;/);
  expect(policy, path).not.toMatch(/script-src[^;]*'unsafe-(inline|eval)'/);
  await page.waitForLoadState('load');
}

test('every page type runs under the policy without a single violation', async ({ page }) => {
  test.setTimeout(120_000);
  const violations = await watchPolicy(page);

  await open(page, '/login?t=login');
  await expect(page.getByLabel('工号')).toBeVisible();
  await signIn(page, 'E1007');
  await open(page, '/home');
  await expect(page.getByRole('banner')).toContainText('孙浩');
  await open(page, '/knowledge');
  await expect(page.getByRole('article').first()).toBeVisible();

  const id = await courseId(page, '新员工入职培训');
  await open(page, `/knowledge/course/${id}`);
  await expect(page.getByRole('heading', { level: 1, name: '新员工入职培训' })).toBeVisible();

  // The player: a video that plays, then the PDF drawn by its worker.
  await open(page, `/watch/course?courseId=${id}`);
  const contents = page.getByRole('navigation', { name: '课程目录' });
  await contents.getByRole('link', { name: /欢迎视频/ }).click();
  await expect(page.getByRole('heading', { name: '欢迎视频', level: 1 })).toBeVisible();
  const video = page.locator('video');
  await expect(video).toBeVisible();
  await video.evaluate(async (m: HTMLVideoElement) => {
    m.muted = true;
    await m.play();
  });
  await expect.poll(() => video.evaluate((m: HTMLVideoElement) => m.currentTime), { timeout: 15_000 }).toBeGreaterThan(0.5);
  await contents.getByRole('link', { name: /企业文化手册/ }).click();
  await expect(page.getByText('第 1 / 3 页')).toBeVisible({ timeout: 20_000 });

  // The exam runner, and the exam centre.
  await open(page, '/exam');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  const token = (await page.context().cookies()).find((c) => c.name === 'ENT_WEB_TOKEN')!.value;
  const tasks = await callAs<PageResult<{ taskId: string; name: string }>>(page.request, token, 'examTaskRecordPage', {
    pageCurrent: 1,
    pageSize: 50,
  });
  const task = tasks.list.find((t) => t.name === '一分钟速测')!;
  await open(page, `/account/exam/examQuestion?taskId=${encodeURIComponent(task.taskId)}`);
  await expect(page.getByRole('heading', { level: 1, name: '一分钟速测' })).toBeVisible();
  await expect(page.getByRole('timer')).toBeVisible();

  for (const path of ['/community?tab=question', `/search/${encodeURIComponent('学习')}?type=1`, '/account', '/train', '/watch', '/en/home']) {
    await open(page, path);
    await expect(page.getByRole('main')).toBeVisible();
  }
  await page.waitForTimeout(500);
  expect(violations).toEqual([]);
});

test('a script slipped into a page is blocked and reported', async ({ page }) => {
  const violations = await watchPolicy(page);
  await open(page, '/login?t=login');
  await expect(page.getByLabel('工号')).toBeVisible();
  await page.evaluate(() => {
    const script = document.createElement('script');
    script.textContent = 'window.__injected = "script"';
    document.body.append(script);
    const holder = document.createElement('div');
    holder.innerHTML = '<img src="/favicon.svg" onload="window.__injected = \'handler\'">';
    document.body.append(holder);
    const link = document.createElement('a');
    link.href = "javascript:window.__injected='link'";
    link.textContent = 'link';
    document.body.append(link);
    link.click();
  });
  await expect.poll(() => violations.length).toBeGreaterThanOrEqual(3);
  expect(await page.evaluate(() => (window as unknown as { __injected?: string }).__injected)).toBeUndefined();
  expect(violations.join('\n')).toMatch(/script-src-elem blocked inline/);
  expect(violations.join('\n')).toMatch(/script-src-attr blocked inline/);
});

/** Text in the shape of the usual attacks; each would set `window.__xss` if it ever ran. */
const PAYLOAD =
  `<img src=x onerror="window.__xss='img'"><script>window.__xss='script'</script>` +
  `<svg onload="window.__xss='svg'"></svg>"><a href="javascript:window.__xss='a'">x</a>';window.__xss='quote';//{{7*7}}`;

async function nothingRan(page: Page): Promise<void> {
  expect(await page.evaluate(() => (window as unknown as { __xss?: string }).__xss)).toBeUndefined();
  await expect(page.locator('img[src="x"], svg[onload], a[href^="javascript:"]')).toHaveCount(0);
}

test('what people write is shown as text: questions, answers, comments, course comments, a search text', async ({ page, request }) => {
  test.setTimeout(90_000);
  const violations = await watchPolicy(page);
  const marker = `xss${Date.now()}`;
  // Titles take at most 100 characters.
  const title = `${marker} <img src=x onerror="window.__xss='t'"><script>window.__xss='t'</script>`;
  const writer = await tokenFor(request, 'E1002');
  const post = await callAs<{ id: string }>(request, writer, 'communityPostSave', { kind: 2, title, content: `正文 ${PAYLOAD}`, images: [] });
  const answerer = await tokenFor(request, 'E1003');
  await callAs(request, answerer, 'communityAnswerSave', { postId: post.id, content: `回答 ${PAYLOAD}`, images: [] });
  await callAs(request, answerer, 'communityCommentSave', { postId: post.id, content: `评论 ${PAYLOAD}` });

  await signIn(page, 'E1002');
  try {
    await open(page, `/community?tab=question&post=${post.id}`);
    const article = page.getByRole('article', { name: title });
    await expect(article.getByRole('heading', { level: 2 })).toContainText(title);
    await expect(article).toContainText(`正文 ${PAYLOAD}`);
    await expect(page.getByText(`回答 ${PAYLOAD}`)).toBeVisible();
    await nothingRan(page);

    // The header's search echoes the text typed.
    await open(page, `/search/${encodeURIComponent(marker)}?type=7`);
    await expect(page.getByRole('tabpanel').getByRole('article', { name: title })).toBeVisible();
    await nothingRan(page);
    // Search texts take at most 50 characters.
    const typed = `<img src=x onerror=window.__xss=1>${marker.slice(-6)}`;
    await open(page, `/search/${encodeURIComponent(typed)}?type=1`);
    await expect(page.getByRole('search', { name: '站内搜索' }).getByRole('searchbox')).toHaveValue(typed);
    await expect(page.getByText(`没有找到与“${typed}”相关的课程`)).toBeVisible();
    await nothingRan(page);

    // A course comment.
    const course = await courseId(page, '职场写作规范');
    const comment = await callAs<{ id: string }>(request, writer, 'courseCommentSave', {
      targetId: course,
      targetType: 'course',
      content: `课程评论 ${PAYLOAD}`,
    });
    try {
      await open(page, `/knowledge/course/${course}`);
      await expect(page.getByRole('list', { name: '评论列表' }).getByRole('listitem').filter({ hasText: `课程评论 ${PAYLOAD}` })).toBeVisible();
      await nothingRan(page);
    } finally {
      await callAs(request, writer, 'courseCommentDelete', { id: comment.id });
    }
  } finally {
    await callAs(request, writer, 'communityPostDelete', { id: post.id });
  }
  expect(violations).toEqual([]);
});
