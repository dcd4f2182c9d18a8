/**
 * Keyboard only, no mouse: signing in with the employee number, playing and pausing a video and
 * moving to another period in the player, and answering an exam, moving on and handing it in
 * through its confirmation dialog. Every control is reached with Tab / Shift+Tab and worked with
 * Enter, Space and the arrow keys, and shows where the focus is. On a gateway of this file's own
 * (the exam is handed in for good).
 */
import { expect, test, type Locator, type Page } from '@playwright/test';
import { endpoints } from '../../src/api/endpoints';
import { PASSWORD, PORT, userName } from './fixtures';
import { ownGateway, type OwnGateway } from './own-gateway';

const gw: OwnGateway = ownGateway(PORT + 61);

test.describe.configure({ mode: 'serial' });

test.beforeAll(async () => {
  test.setTimeout(150_000);
  await gw.start();
});

test.afterAll(async () => {
  await gw.stop();
});

test.beforeEach(async ({ context }) => {
  await context.clearCookies();
});

const isFocused = (target: Locator) => target.evaluate((el) => el === document.activeElement || el.contains(document.activeElement));

/** Presses Tab (or Shift+Tab) until `target` has the focus; fails when it is not reached. */
async function tabTo(page: Page, target: Locator, { back = false, max = 80 } = {}): Promise<void> {
  await target.waitFor();
  for (let i = 0; i < max; i += 1) {
    if (await isFocused(target)) return;
    await page.keyboard.press(back ? 'Shift+Tab' : 'Tab');
  }
  throw new Error(`${target} was not reached with ${back ? 'Shift+Tab' : 'Tab'} in ${max} presses`);
}

/** The focused element shows a focus indicator: an outline or a ring (box shadow). */
async function expectFocusVisible(page: Page): Promise<void> {
  const shown = await page.evaluate(() => {
    const el = document.activeElement as HTMLElement | null;
    if (!el || el === document.body) return 'nothing focused';
    const style = getComputedStyle(el);
    const outline = style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) > 0;
    const ring = style.boxShadow !== 'none' && style.boxShadow !== '';
    return outline || ring ? 'shown' : `no focus indicator on <${el.tagName.toLowerCase()}> ${el.textContent?.trim().slice(0, 40) ?? ''}`;
  });
  expect(shown).toBe('shown');
}

/** Signs in on the sign-in page with the keyboard alone. */
async function signInByKeyboard(page: Page, empNo: string): Promise<void> {
  await page.goto(`${gw.origin}/login?t=login`);
  await page.locator('astro-island[component-export="SignIn"]:not([ssr])').waitFor({ state: 'attached' });
  const empNoField = page.getByLabel('工号');
  const password = page.getByLabel('密码', { exact: true });
  await tabTo(page, empNoField);
  await expectFocusVisible(page);
  await page.keyboard.type(empNo);
  await tabTo(page, password);
  await expectFocusVisible(page);
  await page.keyboard.type(PASSWORD);
  // Back to the employee number and forth again: the order holds both ways.
  await tabTo(page, empNoField, { back: true });
  await expect(empNoField).toHaveValue(empNo);
  await tabTo(page, password);
  await page.keyboard.press('Enter');
  await page.waitForURL((url) => !url.pathname.includes('/login'));
  await expect(page.getByRole('banner')).toContainText(userName(empNo));
}

async function tokenOf(page: Page): Promise<string> {
  return (await page.context().cookies()).find((c) => c.name === 'ENT_WEB_TOKEN')?.value ?? '';
}

async function post<T>(page: Page, path: string, data: object): Promise<T> {
  const res = await page.request.post(`${gw.origin}/gateway/${path}`, { headers: { token: await tokenOf(page) }, data });
  const body = (await res.json()) as { code: number; msg: string; data: T };
  if (body.code !== 200) throw new Error(`${path}: ${body.code} ${body.msg}`);
  return body.data;
}

test('sign-in with the employee number, by keyboard alone', async ({ page }) => {
  await signInByKeyboard(page, 'E1001');
  // The skip link is the first stop and takes the focus to the page area.
  await page.goto(`${gw.origin}/knowledge`);
  await page.keyboard.press('Tab');
  const skip = page.getByRole('link', { name: '跳到主要内容' });
  await expect(skip).toBeFocused();
  await expect(skip).toBeInViewport();
  await page.keyboard.press('Enter');
  await expect(page.locator('main')).toBeFocused();
});

test('the player: play and pause a video, then move to another period, by keyboard alone', async ({ page }) => {
  test.setTimeout(90_000);
  await signInByKeyboard(page, 'E1003');
  const courses = await post<{ list: { id: string; name: string }[] }>(page, endpoints.coursePage.path, {
    pageCurrent: 1,
    pageSize: 8,
    keyword: '新员工入职培训',
  });
  const id = courses.list.find((c) => c.name === '新员工入职培训')!.id;
  await page.goto(`${gw.origin}/watch/course?courseId=${id}`);
  const first = page.getByRole('heading', { level: 1, name: '欢迎视频' });
  await expect(first).toBeVisible();

  const video = page.locator('video');
  await tabTo(page, video);
  await page.keyboard.press('Space');
  await expect.poll(() => video.evaluate((v: HTMLVideoElement) => !v.paused && v.currentTime > 0), { timeout: 15_000 }).toBe(true);
  await page.keyboard.press('Space');
  await expect.poll(() => video.evaluate((v: HTMLVideoElement) => v.paused)).toBe(true);

  // The table of contents: Tab to the current period, the arrow keys to the next, Enter to open it.
  const toc = page.getByRole('navigation', { name: '课程目录' });
  const current = toc.locator('a[aria-current="true"]');
  await tabTo(page, current);
  await expectFocusVisible(page);
  await page.keyboard.press('ArrowDown');
  const next = toc.locator('a[data-period]:focus');
  await expect(next).toHaveCount(1);
  await expectFocusVisible(page);
  const nextName = ((await next.innerText()).split('\n')[0] ?? '').trim();
  expect(nextName).not.toBe('');
  await page.keyboard.press('Enter');
  await expect(first).toBeHidden();
  await expect(toc.locator('a[aria-current="true"]')).toContainText(nextName);
});

test('the exam runner: answer every question, move on, hand in through the dialog, by keyboard alone', async ({ page }) => {
  test.setTimeout(120_000);
  await signInByKeyboard(page, 'E1001');
  const tasks = await post<{ list: { taskId: string; name: string }[] }>(page, endpoints.examTaskRecordPage.path, { pageCurrent: 1, pageSize: 50 });
  const task = tasks.list.find((t) => t.name === '综合能力测评')!;
  await page.goto(`${gw.origin}/account/exam/examQuestion?taskId=${encodeURIComponent(task.taskId)}`);

  const heading = page.getByRole('heading', { level: 2, name: /^第 \d+ 题 \/ 共 \d+ 题$/ });
  await expect(heading).toBeVisible();
  const total = Number(/共 (\d+) 题/.exec((await heading.textContent()) ?? '')?.[1]);
  expect(total).toBeGreaterThan(1);
  const article = page.getByRole('article');

  for (let no = 1; no <= total; no += 1) {
    await expect(heading).toHaveText(`第 ${no} 题 / 共 ${total} 题`);
    const radios = article.getByRole('radio');
    const checkboxes = article.getByRole('checkbox');
    const fields = article.getByRole('textbox');
    if ((await radios.count()) > 0) {
      // Into the group, then the arrow key moves to and picks the next option.
      await tabTo(page, radios.first());
      await expectFocusVisible(page);
      await page.keyboard.press('ArrowDown');
      await expect(article.locator('input[type="radio"]:checked')).toHaveCount(1);
    } else if ((await checkboxes.count()) > 0) {
      await tabTo(page, checkboxes.first());
      await expectFocusVisible(page);
      await page.keyboard.press('Space');
      await expect(checkboxes.first()).toBeChecked();
      await page.keyboard.press('Tab');
      await page.keyboard.press('Space');
      await expect(checkboxes.nth(1)).toBeChecked();
    } else {
      const count = await fields.count();
      expect(count).toBeGreaterThan(0);
      for (let i = 0; i < count; i += 1) {
        await tabTo(page, fields.nth(i));
        await expectFocusVisible(page);
        await page.keyboard.type(`答案${i + 1}`);
        await expect(fields.nth(i)).toHaveValue(`答案${i + 1}`);
      }
    }
    if (no < total) {
      const nextButton = page.getByRole('button', { name: '下一题', exact: true });
      await tabTo(page, nextButton);
      await expectFocusVisible(page);
      await page.keyboard.press('Enter');
    }
  }
  await expect(page.getByText(`已答 ${total} / ${total} 题`).first()).toBeVisible();

  const handIn = page.getByRole('button', { name: '交卷', exact: true });
  await tabTo(page, handIn, { back: true });
  await expectFocusVisible(page);
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: '确认交卷' });
  await expect(dialog).toBeVisible();
  // The focus moves into the dialog and never reaches the page behind it (past the last button
  // a modal dialog lets it go to the browser itself, then back to the first).
  await expect.poll(() => isFocused(dialog)).toBe(true);
  const behind = () =>
    page.evaluate(() => {
      const el = document.activeElement;
      return el !== null && el !== document.body && !el.closest('dialog[open]');
    });
  let inside = 0;
  for (let i = 0; i < 8; i += 1) {
    await page.keyboard.press('Tab');
    expect(await behind()).toBe(false);
    if (await isFocused(dialog)) inside += 1;
  }
  expect(inside).toBeGreaterThanOrEqual(5);
  // Escape keeps answering, with the focus back on the hand-in button.
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(handIn).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(dialog).toBeVisible();
  await tabTo(page, dialog.getByRole('button', { name: '确认交卷' }));
  await expectFocusVisible(page);
  await page.keyboard.press('Enter');
  await page.waitForURL(/\/account\/exam\/(examSuccess|waitExamSuccess)\?paperId=/);
});
