/**
 * The exam centre, the page before an exam, results and reviews, sitting reservations,
 * marking and the records export, as learners and a lecturer use them, against the demo
 * company (tenants/localhost.json). The tests of this file run in order in one worker: marking
 * changes what the first test sees.
 */
import { expect, test, type Browser, type Locator, type Page } from '@playwright/test';
import { signIn } from './fixtures';

const ONBOARDING = '入职考试';
const GENERAL = '综合能力测评';
const SECURITY = '信息安全知识测验';
const ONE_MINUTE = '一分钟速测';
const SAFETY_2025 = '2025 年度安全考试';
const FIRE = '消防知识考试';
const CONDUCT = '职业素养测评';

test.beforeEach(async ({ context }) => {
  await context.clearCookies();
});

/** A signed-in page in a context of its own (a second person at another computer). */
async function personPage(browser: Browser, empNo: string): Promise<Page> {
  const page = await (await browser.newContext({ locale: 'zh-CN' })).newPage();
  await signIn(page, empNo);
  return page;
}

/** The card of an exam in the exam centre's list. */
function examCard(page: Page, name: string): Locator {
  return page.getByRole('article', { name, exact: true });
}

/** The filter button of an exam status, whatever its count. */
function statusFilter(page: Page, label: string): Locator {
  return page.getByRole('group', { name: '考试状态' }).getByRole('button', { name: new RegExp(`^${label}（\\d+）$`) });
}

async function tokenOf(page: Page): Promise<string> {
  const token = (await page.context().cookies()).find((c) => c.name === 'ENT_WEB_TOKEN')?.value;
  expect(token).toBeTruthy();
  return token!;
}

test('the exam centre lists every exam of the learner by status, and the filters narrow it', async ({ page }) => {
  await signIn(page, 'E1001');
  await page.goto('/exam');
  await expect(page.getByRole('heading', { level: 1, name: '考试中心' })).toBeVisible();
  await expect(page.getByRole('tab', { name: '我的考试', selected: true })).toBeVisible();

  const expected: [string, string][] = [
    [GENERAL, '待考试'],
    [SECURITY, '待考试'],
    [ONE_MINUTE, '待考试'],
    [SAFETY_2025, '缺考'],
    [ONBOARDING, '通过'],
    [FIRE, '未通过'],
    [CONDUCT, '待阅卷'],
  ];
  for (const [name, status] of expected) {
    await expect(examCard(page, name)).toContainText(status);
  }
  await expect(examCard(page, ONBOARDING)).toContainText('85 / 100');
  await expect(statusFilter(page, '全部')).toHaveAttribute('aria-pressed', 'true');

  await statusFilter(page, '缺考').click();
  await expect(page).toHaveURL(/[?&]status=4/);
  await expect(examCard(page, SAFETY_2025)).toBeVisible();
  await expect(page.getByRole('article')).toHaveCount(1);

  await statusFilter(page, '待阅卷').click();
  await expect(examCard(page, CONDUCT)).toBeVisible();
  await expect(page.getByRole('article')).toHaveCount(1);
  await expect(examCard(page, CONDUCT).getByRole('button', { name: /^查看成绩/ })).toBeVisible();

  await statusFilter(page, '全部').click();
  await page.getByLabel('关键词').fill('安全');
  await page.getByRole('main').getByRole('button', { name: '搜索', exact: true }).click();
  await expect(page).toHaveURL(/[?&]q=/);
  await expect(examCard(page, SECURITY)).toBeVisible();
  await expect(examCard(page, SAFETY_2025)).toBeVisible();
  await expect(examCard(page, ONBOARDING)).toBeHidden();

  // Reload keeps the filters; nothing matching shows the filtered empty state.
  await page.reload();
  await expect(page.getByLabel('关键词')).toHaveValue('安全');
  await statusFilter(page, '待阅卷').click();
  await expect(page.getByText('没有符合条件的考试')).toBeVisible();
  await page.getByRole('button', { name: '清除筛选' }).click();
  await expect(examCard(page, CONDUCT)).toBeVisible();
  await expect(examCard(page, GENERAL)).toBeVisible();
});

test('the page before the security quiz states its rules and the screen-switch limit', async ({ page }) => {
  await signIn(page, 'E1001');
  await page.goto('/exam');
  await examCard(page, SECURITY).getByRole('link', { name: /^开始考试/ }).click();
  await expect(page).toHaveURL(/\/account\/exam\/[0-9a-f-]{36}$/);
  const taskId = new URL(page.url()).pathname.split('/').pop()!;

  await expect(page.getByRole('heading', { level: 1, name: SECURITY })).toBeVisible();
  await expect(page.getByRole('heading', { name: '考试说明' })).toBeVisible();
  await expect(page.getByText('共 5 题，20 分钟')).toBeVisible();
  await expect(page.getByText('20 分钟', { exact: true })).toBeVisible();
  await expect(page.getByText('考试中最多允许离开考试页面 2 次，超过后系统将自动交卷。')).toBeVisible();
  await expect(page.getByText('考试中不允许切屏，切屏后将自动交卷')).toBeVisible();
  await expect(page.getByText(/单选题 2 题/)).toBeVisible();
  await expect(page.getByText('暂无答卷')).toBeVisible();
  await expect(page.getByRole('link', { name: '开始考试', exact: true })).toHaveAttribute(
    'href',
    `/account/exam/examQuestion?taskId=${taskId}`,
  );

  // The older addresses of the same page.
  for (const path of [`/account/exam/detail?id=${taskId}`, `/en/account/exam/detail_copy?id=${taskId}`]) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  }
  await expect(page.getByText('You may leave the exam page at most 2 times', { exact: false })).toBeVisible();
  await expect(
    page.getByText('It is not allowed to cut the screen. After cutting the screen, the paper will be handed in automatically'),
  ).toBeVisible();
  await expect(page.getByRole('link', { name: 'Start the exam', exact: true })).toHaveAttribute(
    'href',
    `/en/account/exam/examQuestion?taskId=${taskId}`,
  );
});

test('the one-seat sitting: reserved by one learner, full for the next', async ({ page, browser }) => {
  const sitting = `${SECURITY} · 下周三下午场`;
  await signIn(page, 'E1001');
  await page.goto('/exam?tab=reservations');
  const card = page.getByRole('article', { name: sitting });
  await expect(card).toContainText('已预约 0 / 1');
  await card.getByRole('button', { name: /^预约/ }).click();
  await expect(page.getByText('预约成功')).toBeVisible();
  await expect(card).toContainText('已预约 1 / 1');
  await expect(card.getByText('已预约', { exact: true })).toBeVisible();
  await expect(card.getByRole('button', { name: /^取消预约/ })).toBeVisible();

  // The other sitting: reserve, then cancel.
  const monday = page.getByRole('article', { name: `${SECURITY} · 下周一上午场` });
  await monday.getByRole('button', { name: /^预约/ }).click();
  await expect(monday.getByRole('button', { name: /^取消预约/ })).toBeVisible();
  await monday.getByRole('button', { name: /^取消预约/ }).click();
  await expect(page.getByText('取消预约成功')).toBeVisible();
  await expect(monday.getByRole('button', { name: /^预约/ })).toBeVisible();

  const other = await personPage(browser, 'E1003');
  await other.goto('/exam?tab=reservations');
  const full = other.getByRole('article', { name: sitting });
  await expect(full.getByText('已约满', { exact: true })).toBeVisible();
  await expect(full.getByRole('button')).toHaveCount(0);
  await other.context().close();
});

test('the review of the passed onboarding paper shows the correct answers', async ({ page }) => {
  await signIn(page, 'E1001');
  await page.goto('/exam?tab=records');
  const record = page.getByRole('article', { name: ONBOARDING, exact: true });
  await expect(record.getByRole('row')).toHaveCount(3);
  await record.getByRole('link', { name: '查看答卷 · 第 2 次' }).click();
  await expect(page).toHaveURL(/\/account\/exam\/examSuccess\?paperId=[0-9a-f-]{36}$/);

  await expect(page.getByRole('heading', { level: 1, name: '考试成绩' })).toBeVisible();
  await expect(page.getByText('85 / 100', { exact: true })).toBeVisible();
  await expect(page.getByRole('heading', { name: '答卷回顾' })).toBeVisible();
  await expect(page.getByRole('article')).toHaveCount(8);
  const probation = page.getByRole('article', { name: '第 2 题' });
  await expect(probation.getByRole('definition').filter({ hasText: 'D. 六个月' })).toHaveCount(2);
  await expect(page.getByText('正确答案').first()).toBeVisible();
  await expect(page.getByText('解析').first()).toBeVisible();

  // The earlier paper was handed in by the gateway when time ran out.
  await page.goBack();
  await page.getByRole('article', { name: ONBOARDING, exact: true }).getByRole('link', { name: '查看答卷 · 第 1 次' }).click();
  await expect(page.getByText('考试时间已结束')).toBeVisible();
});

test('a lecturer marks the short answer and the learner sees the final result', async ({ page, browser }) => {
  // The learner marks nothing: no Marking tab, and no papers when asked for it.
  await signIn(page, 'E1001');
  await page.goto('/exam');
  await expect(page.getByRole('tab', { name: '我的考试' })).toBeVisible();
  await expect(page.getByRole('tab', { name: '阅卷' })).toHaveCount(0);
  await page.goto('/exam?tab=marking');
  await expect(page.getByRole('link', { name: /^阅卷 ·/ })).toHaveCount(0);
  await expect(page.getByText('暂无需要批阅的试卷').or(page.getByRole('alert'))).toBeVisible();

  const lecturer = await personPage(browser, 'E1002');
  await lecturer.goto('/exam');
  await lecturer.getByRole('tab', { name: '阅卷' }).click();
  const open = lecturer.getByRole('link', { name: `阅卷 · 张伟 · ${CONDUCT}` });
  const paperId = new URLSearchParams((await open.getAttribute('href'))!.split('?')[1]).get('paper');
  expect(paperId).toMatch(/^[0-9a-f-]{36}$/);
  await open.click();
  await expect(lecturer.getByRole('heading', { name: `阅卷：${CONDUCT}` })).toBeVisible();
  await expect(lecturer.getByText('E1001', { exact: true })).toBeVisible();
  await expect(lecturer.getByText('参考答案')).toBeVisible();
  await expect(lecturer.getByText('待阅卷（40 分）')).toBeVisible();

  const points = lecturer.getByLabel('得分（0–40）');
  await points.fill('41');
  await points.press('Enter');
  await expect(lecturer.getByText('请输入 0 到 40 之间的整数')).toBeVisible();
  await points.fill('30');
  await points.press('Enter');
  await expect(lecturer.getByText('评分成功')).toBeVisible();
  await expect(lecturer.getByText(/得分 30 \/ 40/)).toBeVisible();
  await expect(lecturer.getByText('待阅卷', { exact: true })).toHaveCount(0);
  const scoreText = (await lecturer.getByRole('definition').filter({ hasText: / \/ 100$/ }).first().textContent())!;
  const score = Number(scoreText.split(' / ')[0]);
  expect(score).toBeGreaterThanOrEqual(30);
  await lecturer.context().close();

  // The learner's exam centre shows the final result.
  await page.goto('/exam');
  const card = examCard(page, CONDUCT);
  await expect(card).toContainText(score >= 60 ? '通过' : '未通过');
  await expect(card).toContainText(`${score} / 100`);

  // Another learner cannot read that paper.
  const stranger = await personPage(browser, 'E1003');
  await stranger.goto(`/exam?tab=marking&paper=${paperId}`);
  await expect(stranger.getByText('没有找到这份试卷')).toBeVisible();
  const res = await stranger.request.get(`/gateway/exam/auth/exam/paper/record/view?id=${paperId}`, {
    headers: { token: await tokenOf(stranger) },
  });
  expect(((await res.json()) as { code: number }).code).toBe(404);
  await stranger.context().close();
});

test('exporting the exam records finishes an export in the download centre', async ({ page }) => {
  await signIn(page, 'E1001');
  await page.goto('/exam?tab=records');
  await expect(page.getByRole('article', { name: ONBOARDING, exact: true })).toBeVisible();
  const before = Date.now();
  await page.getByRole('button', { name: '导出记录' }).click();
  await expect(page.getByText(/文件正在生成/)).toBeVisible();

  const token = await tokenOf(page);
  await expect
    .poll(
      async () => {
        const res = await page.request.post('/gateway/data/crm/export/record/page', {
          headers: { token },
          data: { pageCurrent: 1, pageSize: 10 },
        });
        const body = (await res.json()) as { data: { list: { gmtCreate: string; exportStatus: number }[] } };
        return body.data.list.find((r) => Date.parse(r.gmtCreate) >= before - 5000)?.exportStatus;
      },
      { timeout: 20_000 },
    )
    .toBe(2);
});
