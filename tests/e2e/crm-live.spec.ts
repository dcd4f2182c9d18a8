/**
 * Live rooms in the back office, on a gateway of its own: 刘洋 (E1004, administrator) schedules
 * a room (lecturer, start in an hour, end two hours later; an end before the start is refused
 * under the field), tries to generate its stream addresses, types them, saves it and finds it
 * in the list as not started; attaches a library video as its recording; opens the attendance
 * of the seeded room on air (新员工见面会), where 张伟 (E1001) has joined, finds him, exports
 * the attendance and downloads the file; deletes the new room after a confirmation. The list and
 * the form in English. Every page is axe-clean.
 */
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { endpoints } from '../../src/api/endpoints';
import { callAs, PORT, signIn, tokenFor, userName } from './fixtures';
import { useOwnGateway } from './own-gateway';

test.describe.configure({ mode: 'serial' });

useOwnGateway(PORT + 76);
const NAME = '安全生产月直播讲座';
const ON_AIR = '新员工见面会';

async function axe(page: Page): Promise<void> {
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).exclude('a[lang]').analyze();
  expect(results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
}

/** `hours` from now as a `datetime-local` input holds it, in the browser's time zone. */
function localIn(page: Page, hours: number): Promise<string> {
  return page.evaluate((h) => {
    const d = new Date(Date.now() + h * 3600_000);
    const pad = (n: number) => String(n).padStart(2, '0');
    return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
  }, hours);
}

test('a live room is scheduled with its recording, the attendance of a room on air is exported, and the new room is deleted', async ({ page, request }) => {
  test.slow();
  await signIn(page, 'E1004');

  // The list.
  await page.goto('/crm/live');
  await expect(page.getByRole('heading', { level: 1, name: '直播管理' })).toBeVisible();
  await expect(page.getByRole('table', { name: /^直播：共 \d+ 场$/ }).getByRole('row').filter({ hasText: ON_AIR })).toContainText('直播中');
  await axe(page);

  // A new room: the end before the start is refused.
  await page.getByRole('link', { name: '新建直播' }).click();
  await expect(page).toHaveURL(/\/crm\/live\/edit\/?$/);
  await page.getByRole('button', { name: '保存', exact: true }).click();
  await expect(page.getByText('请填写此项').first()).toBeVisible();
  await page.getByLabel('直播名称（中文）').fill(NAME);
  await page.getByLabel('直播简介（中文）').fill('安全生产月专题：车间常见隐患与应急处置。');
  const lecturers = page.getByRole('radiogroup', { name: '讲师' });
  await page.getByRole('searchbox', { name: '搜索讲师' }).fill('李娜');
  await lecturers.getByRole('radio', { name: '李娜' }).check();
  await expect(page.getByRole('group', { name: /^讲师/ })).toContainText('已选：李娜');
  await page.getByLabel('开始时间').fill(await localIn(page, 1));
  await page.getByLabel('结束时间').fill(await localIn(page, 0.5));
  await page.getByLabel('播放地址（HLS 或 FLV）').fill('https://play.example.com/live/safety.mp4');
  await page.getByRole('button', { name: '保存', exact: true }).click();
  await expect(page.getByText('结束时间须晚于开始时间')).toBeVisible();
  await expect(page.getByText('播放地址须为 .m3u8（HLS）或 .flv 地址')).toBeVisible();
  await expect(page.getByLabel('结束时间')).toHaveAttribute('aria-invalid', 'true');

  // Stream addresses: generated where the company's streaming domains are configured, said by the button otherwise.
  await page.getByRole('button', { name: '生成推流和播放地址' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'LIVE_PUSH_DOMAIN' }).or(page.getByText('已生成推流和播放地址，保存后生效'))).toBeVisible();
  await page.getByLabel('推流地址（RTMP）').fill('rtmp://push.example.com/live/safety-month');
  await page.getByLabel('播放地址（HLS 或 FLV）').fill('/media/demo/welcome/index.m3u8');
  await page.getByLabel('结束时间').fill(await localIn(page, 3));
  await page.getByRole('button', { name: '保存', exact: true }).click();
  await expect(page.getByText('直播已创建')).toBeVisible();
  await expect(page).toHaveURL(/\/crm\/live\/edit\/?\?id=[0-9a-f-]{36}$/);
  await expect(page.getByText('当前状态：未开始')).toBeVisible();
  await page.screenshot({ path: test.info().outputPath('crm-live-form.png'), fullPage: true });
  await axe(page);

  // The recording: a video of the library.
  await page.getByRole('searchbox', { name: '搜索资源库视频' }).fill('消防安全');
  await page.getByRole('radiogroup', { name: '回放视频' }).getByRole('radio', { name: /消防安全知识精讲/ }).check();
  await expect(page.getByText('有尚未保存的修改')).toBeVisible();
  await page.getByRole('button', { name: '保存', exact: true }).click();
  await expect(page.getByText('直播已保存')).toBeVisible();
  await page.reload();
  await expect(page.getByLabel('直播名称（中文）')).toHaveValue(NAME);
  await expect(page.getByRole('group', { name: /^回放视频/ })).toContainText('已选：消防安全知识精讲');
  await expect(page.getByRole('group', { name: /^讲师/ })).toContainText('已选：李娜');
  await expect(page.getByLabel('推流地址（RTMP）')).toHaveValue('rtmp://push.example.com/live/safety-month');

  // In the list: not started, with its recording.
  await page.goto('/crm/live?keyword=' + encodeURIComponent('安全生产月'));
  const row = page.getByRole('row').filter({ hasText: NAME });
  await expect(row).toContainText('未开始');
  await expect(row).toContainText('李娜');
  await expect(row).toContainText('已关联');
  await page.screenshot({ path: test.info().outputPath('crm-live-list.png'), fullPage: true });
  await page.getByLabel('状态').click();
  await page.getByRole('option', { name: '已结束' }).click();
  await expect(page).toHaveURL(/status=3/);
  await expect(page.getByText('没有符合条件的直播')).toBeVisible();
  await page.getByRole('button', { name: '重置' }).click();
  await expect(page).toHaveURL(/\/crm\/live\/?$/);

  // 张伟 joins the room on air; its attendance lists him.
  const admin = await tokenFor(request, 'E1004');
  const rooms = await callAs<{ list: { id: string; nameZh: string }[] }>(request, admin, 'crmLivePage', { keyword: ON_AIR });
  const onAir = rooms.list.find((r) => r.nameZh === ON_AIR)!;
  await callAs(request, await tokenFor(request, 'E1001'), 'liveWatch', { roomId: onAir.id });
  await page.goto('/crm/live?keyword=' + encodeURIComponent(ON_AIR));
  await page.getByRole('button', { name: `更多操作：${ON_AIR}` }).click();
  await page.getByRole('menuitem', { name: '考勤' }).click();
  await expect(page).toHaveURL(new RegExp(`/crm/live/attendance/?\\?id=${onAir.id}$`));
  await expect(page.getByRole('heading', { level: 2, name: ON_AIR })).toBeVisible();
  await expect(page.getByRole('region', { name: '直播概况' })).toContainText('直播中');
  const zhang = userName('E1001');
  const table = page.getByRole('table', { name: /^考勤：共 \d+ 人$/ });
  await expect(table.getByRole('row').filter({ hasText: zhang })).toContainText('E1001');
  await page.getByLabel('姓名或工号').fill('E1001');
  await page.getByLabel('姓名或工号').press('Enter');
  await expect(page).toHaveURL(/keyword=E1001/);
  await expect(page.getByRole('table', { name: '考勤：共 1 人' })).toContainText(zhang);
  await page.screenshot({ path: test.info().outputPath('crm-live-attendance.png'), fullPage: true });
  await axe(page);

  // The export: a toast says where it is built, then the file is offered here.
  await page.getByRole('button', { name: '导出考勤' }).click();
  await expect(page.getByText(/正在生成考勤文件/)).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: /已生成/ })).toBeVisible({ timeout: 30_000 });
  const [file] = await Promise.all([
    page.context().waitForEvent('response', (r) => r.url().includes(endpoints.exportFileDownload.path)),
    page.getByRole('button', { name: '下载文件' }).click(),
  ]);
  expect(file.status()).toBe(200);
  expect(file.headers()['content-type']).toContain('spreadsheetml');

  // The new room is deleted after a confirmation.
  await page.goto('/crm/live?keyword=' + encodeURIComponent('安全生产月'));
  await page.getByRole('button', { name: `更多操作：${NAME}` }).click();
  await page.getByRole('menuitem', { name: '删除' }).click();
  const confirm = page.getByRole('alertdialog', { name: `删除直播“${NAME}”？` });
  await axe(page);
  await confirm.getByRole('button', { name: '删除' }).click();
  await expect(page.getByText(`已删除直播“${NAME}”`)).toBeVisible();
  await expect(page.getByRole('row').filter({ hasText: NAME })).toHaveCount(0);
});

test('the live room pages in English', async ({ page }) => {
  await signIn(page, 'E1004');
  await page.goto('/en/crm/live');
  await expect(page.getByRole('heading', { level: 1, name: 'Live rooms' })).toBeVisible();
  const table = page.getByRole('table', { name: /^Live rooms: \d+$/ });
  await expect(table.getByRole('row').filter({ hasText: 'New-hire meet-up' })).toContainText('Live');
  await expect(table.getByRole('row').filter({ hasText: 'Product launch' })).toContainText('Not started');
  await expect(table.getByRole('row').filter({ hasText: 'Quarterly review' })).toContainText('Ended');
  await axe(page);
  await page.goto('/en/crm/live/edit');
  await expect(page.getByLabel('Room name (Chinese)')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Generate push and playback addresses' })).toBeVisible();
  await axe(page);
  await page.goto('/en/crm/live/attendance');
  await expect(page.getByRole('alert')).toHaveText('Open the attendance of a live room from the list of live rooms.');
});
