/**
 * Study tasks, study projects, the train page and live rooms, as learners and an admin use
 * them, against the demo company (tenants/localhost.json).
 */
import { expect, test, type Page } from '@playwright/test';
import { signIn } from './fixtures';

const BOOT_CAMP = '新员工训练营';
const COMPLIANCE = '2025 年度合规培训';
const NEW_HIRE_TASK = '2026 新员工学习任务';

test.beforeEach(async ({ context }) => {
  await context.clearCookies();
});

/** Opens a project from the train page's project list; answers the project page's path. */
async function openProject(page: Page, name: string): Promise<string> {
  await page.goto('/train');
  await page.getByRole('tab', { name: '培训项目' }).waitFor();
  await page.getByRole('link', { name, exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
  return new URL(page.url()).pathname;
}

/** Opens a live room from the train page's live classes. */
async function openLiveRoom(page: Page, name: string): Promise<void> {
  await page.goto('/train');
  await page.getByRole('tab', { name: '直播课堂' }).click();
  await page.getByRole('link', { name, exact: true }).click();
  await expect(page).toHaveURL(/\/live\/watch\/[\w-]+$/);
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
}

test('a project that needs approval: register, wait for review, approved by an admin, then study', async ({
  page,
  browser,
}) => {
  // Two signed-in browsers and a dozen page loads: more than the default minute on a busy machine.
  test.slow();
  await signIn(page, 'E1001');
  const path = await openProject(page, BOOT_CAMP);
  await expect(page.getByText('报名后需审核', { exact: true })).toBeVisible();
  await expect(page.getByRole('link', { name: '新员工入职培训' })).toHaveCount(0);

  await page.getByRole('button', { name: '报名', exact: true }).click();
  await expect(page.getByRole('alert').filter({ hasText: '无法学习，请等待报名审核' })).toBeVisible();
  // Courses stay closed while the registration waits.
  await expect(page.getByText('新员工入职培训')).toBeVisible();
  await expect(page.getByRole('link', { name: '新员工入职培训' })).toHaveCount(0);

  // The English page says the same in English.
  await page.goto(`/en${path}`);
  await expect(
    page.getByRole('alert').filter({ hasText: 'Unable to study, please wait for registration review' }),
  ).toBeVisible();

  // The admin reviews the registration in another browser.
  const adminContext = await browser.newContext({ locale: 'zh-CN' });
  const admin = await adminContext.newPage();
  await signIn(admin, 'E1004');
  await admin.goto(path.replace('/train/project/', '/knowledge/project/'));
  const panel = admin.getByRole('region', { name: '报名管理' });
  await expect(panel.getByRole('row', { name: /张伟/ })).toContainText('待审核');
  await panel.getByRole('button', { name: '通过 张伟' }).click();
  await expect(admin.getByText('审核通过成功')).toBeVisible();
  await adminContext.close();

  await page.goto(path);
  await expect(page.getByRole('heading', { level: 1, name: BOOT_CAMP })).toBeVisible();
  await expect(page.getByText('无法学习，请等待报名审核')).toHaveCount(0);
  await page.getByRole('link', { name: '新员工入职培训' }).click();
  await expect(page).toHaveURL(/\/watch\/course\?courseId=[\w-]+&projectId=[\w-]+/);
});

test('a project whose learning time is over says so and keeps its courses closed', async ({ page }) => {
  await signIn(page, 'E1001');
  await openProject(page, COMPLIANCE);
  await expect(page.getByRole('alert').filter({ hasText: '可学习时间已过期' })).toBeVisible();
  await expect(page.getByText('已通过')).toBeVisible();
  await expect(page.locator('main a[href*="/watch/"]')).toHaveCount(0);
});

test('the study task page lists its required and elective courses into the player', async ({ page }) => {
  await signIn(page, 'E1001');
  await page.goto('/train?tab=tasks');
  await page.getByRole('link', { name: NEW_HIRE_TASK }).click();
  await expect(page).toHaveURL(/\/account\/task\/[\w-]+$/);
  await expect(page.getByRole('heading', { level: 1, name: NEW_HIRE_TASK })).toBeVisible();
  await expect(page.getByText('学习任务', { exact: true })).toBeVisible();
  await expect(page.getByRole('heading', { name: /必修课程/ })).toBeVisible();
  await expect(page.getByRole('heading', { name: /选修课程/ })).toBeVisible();
  const taskId = new URL(page.url()).pathname.split('/').pop()!;
  await expect(page.getByRole('link', { name: '新员工入职培训' })).toHaveAttribute(
    'href',
    new RegExp(`^/watch/task\\?taskId=${taskId}&courseId=[\\w-]+$`),
  );
  await expect(page.getByRole('link', { name: '高效沟通技巧' })).toBeVisible();

  // A comment is kept as text and can be deleted by its writer.
  const text = `<b>好课</b> ${Date.now()}`;
  await page.getByLabel('评论内容').fill(text);
  await page.getByRole('button', { name: '发表评论' }).click();
  const comment = page.getByRole('listitem').filter({ hasText: text });
  await expect(comment).toBeVisible();
  await comment.getByRole('button', { name: '删除' }).click();
  await expect(comment).toHaveCount(0);

  // A task that is not the caller's (or does not exist) is not found.
  await page.goto('/account/task/00000000-0000-4000-8000-000000000000');
  await expect(page.getByText('该任务不存在或未分配给你')).toBeVisible();
});

test('a visitor who is not signed in is asked to sign in first', async ({ page }) => {
  await page.goto('/en/knowledge/project/free_list');
  await expect(page.getByRole('alert').filter({ hasText: 'Please login first!' })).toBeVisible();
  await expect(page.getByRole('main').getByRole('link', { name: 'Sign in' })).toHaveAttribute(
    'href',
    /^\/en\/login\?t=login&redirect=%2Fen%2Fknowledge%2Fproject%2Ffree_list/,
  );
});

test('the train page lists the live classes by status', async ({ page }) => {
  await signIn(page, 'E1001');
  await page.goto('/train');
  await page.getByRole('tab', { name: '直播课堂' }).click();
  await expect(page).toHaveURL(/[?&]tab=live/);
  const panel = page.getByRole('tabpanel');
  const rows = panel.getByRole('listitem');
  await expect(rows).toHaveCount(3);
  // Live first, then upcoming, then ended.
  await expect(rows.getByRole('heading')).toHaveText(['新员工见面会', '产品发布会', '季度业务复盘']);
  await expect(rows.nth(0)).toContainText('直播中');
  await expect(rows.nth(0)).toContainText('主讲：李娜');
  await expect(rows.nth(1)).toContainText('未开始');
  await expect(rows.nth(2)).toContainText('已结束');
  await expect(rows.nth(2)).toContainText('直播回放');
  await expect(rows.nth(0)).not.toContainText('直播回放');

  const filter = panel.getByRole('group', { name: '筛选' });
  await filter.getByRole('button', { name: '已结束' }).click();
  await expect(rows.getByRole('heading')).toHaveText(['季度业务复盘']);
  await filter.getByRole('button', { name: '全部直播' }).click();
  await expect(rows).toHaveCount(3);

  // The same list in English, with the English names and localized links.
  await page.goto('/en/train?tab=live');
  await expect(page.getByRole('tab', { name: 'Live classes', selected: true })).toBeVisible();
  const meetUp = page.getByRole('link', { name: 'New-hire meet-up', exact: true });
  await expect(meetUp).toHaveAttribute('href', /^\/en\/live\/watch\/[\w-]+$/);
  await expect(page.getByRole('listitem').filter({ hasText: 'Quarterly review' })).toContainText('Playback');
});

test('live rooms: the live class plays with attendance sign-in, and an ended one shows its playback', async ({
  page,
}) => {
  await signIn(page, 'E1001');
  const attended = page.waitForRequest((r) => r.url().includes('/live/watch') && r.method() === 'POST');
  await openLiveRoom(page, '新员工见面会');
  await attended;
  const player = page.getByLabel('直播画面');
  await expect(player).toBeVisible();
  await expect
    .poll(() => player.evaluate((v: HTMLVideoElement) => v.readyState), { timeout: 15_000 })
    .toBeGreaterThan(0);
  await page.getByRole('button', { name: '签到' }).click();
  await expect(page.getByText('签到成功')).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: /已签到/ })).toBeVisible();

  await openLiveRoom(page, '季度业务复盘');
  await expect(page.getByRole('heading', { name: '直播回放' })).toBeVisible();
  const playback = page.getByLabel('回放画面');
  await expect(playback).toBeVisible();
  await expect
    .poll(() => playback.evaluate((v: HTMLVideoElement) => v.readyState), { timeout: 15_000 })
    .toBeGreaterThan(0);

  await openLiveRoom(page, '产品发布会');
  await expect(page.getByText('距离开始还有')).toBeVisible();
});

test('the train page exports the learning records into the download centre', async ({ page }) => {
  await signIn(page, 'E1001');
  await page.goto('/train?tab=records');
  await expect(page.getByRole('tab', { name: '学习记录', selected: true })).toBeVisible();
  await expect(page.getByRole('table')).toBeVisible();
  const before = Date.now();
  await page.getByRole('button', { name: '导出学习记录' }).click();
  await expect(page.getByText(/文件正在生成/)).toBeVisible();

  const token = (await page.context().cookies()).find((c) => c.name === 'ENT_WEB_TOKEN')?.value;
  expect(token).toBeTruthy();
  await expect
    .poll(
      async () => {
        const res = await page.request.post('/gateway/data/crm/export/record/page', {
          headers: { token: token! },
          data: { pageCurrent: 1, pageSize: 10 },
        });
        const body = (await res.json()) as { data: { list: { gmtCreate: string; exportStatus: number }[] } };
        return body.data.list.find((r) => Date.parse(r.gmtCreate) >= before - 5000)?.exportStatus;
      },
      { timeout: 20_000 },
    )
    .toBe(2);
});
