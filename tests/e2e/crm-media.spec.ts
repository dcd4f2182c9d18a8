/**
 * Uploading into the library, on a gateway of its own: 刘洋 (E1004, administrator) uploads a
 * video from the computer and watches it upload, then be processed into HLS with a poster and its
 * length; put with a PDF in a new course shown to one department, 张伟 (E1001, in it) finds it
 * in the course centre and by search and plays it with his progress counted; 王磊 (E1003, in
 * another) neither finds nor opens it. A picture named .mp4 is refused in the row, in the page's
 * language. An upload cut by a closed tab is listed when the page opens again and goes on from
 * where it stopped when the same file is chosen. A video that cannot be processed says why and
 * is retried from its row. Every state is axe-clean. */
import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { copyFileSync, writeFileSync } from 'node:fs';
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { PORT, signIn } from './fixtures';
import { useOwnGateway } from './own-gateway';

test.describe.configure({ mode: 'serial' });

const gw = useOwnGateway(PORT + 75);
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');

async function axe(page: Page): Promise<void> {
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).exclude('a[lang]').analyze();
  expect(results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
}

/** Calls a row of the gateway as the signed-in member of `page`. */
const tokenOf = async (page: Page) => (await page.context().cookies()).find((c) => c.name === 'ENT_WEB_TOKEN')!.value;

async function call<T>(page: Page, path: string, body: unknown): Promise<T> {
  const token = await tokenOf(page);
  const res = await page.request.post(`${gw.origin}/gateway/${path}`, { headers: { token }, data: body });
  const envelope = (await res.json()) as { code: number; msg: string; data: T };
  expect(envelope.code, envelope.msg).toBe(200);
  return envelope.data;
}

async function get<T>(page: Page, path: string, params: Record<string, string>): Promise<T> {
  const res = await page.request.get(`${gw.origin}/gateway/${path}`, { headers: { token: await tokenOf(page) }, params });
  const envelope = (await res.json()) as { code: number; msg: string; data: T };
  expect(envelope.code, envelope.msg).toBe(200);
  return envelope.data;
}

const libraryRow = (page: Page, name: string) => page.getByRole('row').filter({ hasText: name });

test('a video is uploaded, processed and played in a new course', async ({ page, browser }) => {
  test.slow();
  const file = test.info().outputPath('装卸作业示范.mp4');
  execFileSync('ffmpeg', [
    '-v', 'error', '-f', 'lavfi', '-i', 'testsrc2=size=960x540:rate=24', '-f', 'lavfi', '-i', 'sine=frequency=440',
    '-t', '4', '-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p', '-c:a', 'aac', '-shortest', file,
  ]);

  await signIn(page, 'E1004');
  await page.goto('/crm/resources');
  await expect(page.getByRole('button', { name: '上传文件' })).toBeVisible();
  await axe(page);
  const pdf = test.info().outputPath('装卸安全手册.pdf');
  copyFileSync('public/media/demo/handbook.pdf', pdf);
  await page.getByTestId('media-upload-input').setInputFiles([file, pdf]);
  const upload = page.getByTestId('media-upload-row').filter({ hasText: '装卸作业示范.mp4' });
  await expect(upload.getByRole('progressbar', { name: '“装卸作业示范.mp4”的上传进度' })).toBeVisible();
  await expect(upload).toContainText('上传完成，正在处理');

  // The library lists it while it is processed, then ready with its length.
  const row = libraryRow(page, '装卸作业示范');
  await expect(row).toContainText('视频');
  await expect(row).toContainText('可用', { timeout: 60_000 });
  await expect(row).toContainText('0:04');
  await expect(libraryRow(page, '装卸安全手册')).toContainText('可用', { timeout: 60_000 });
  await axe(page);

  // In a new course's period it plays to a learner, from the HLS renditions.
  const [resource] = (await call<{ list: { id: string; name: string }[] }>(page, 'course/crm/resource/page', { keyword: '装卸作业示范' })).list;
  const course = await call<{ id: string }>(page, 'course/crm/course/save', {
    nameZh: '装卸作业规范', nameEn: '', introZh: '', cover: '', categoryId: null, lecturerIds: [], creditHours: 1, isFree: true, priceFen: null, watermark: false, antiSkip: false,
    // Shown to one department: 前端开发部 (张伟's), not 王磊's.
    audience: 1, audienceDepartments: ['D110'], audienceMembers: [],
  });
  const [chapter] = await call<{ id: string }[]>(page, 'course/crm/course/item/save', { courseId: course.id, nameZh: '第一章' });
  await call(page, 'course/crm/course/item/save', { courseId: course.id, parentId: chapter!.id, nameZh: '装卸示范', contentType: 2, resourceId: resource!.id });
  const [handbook] = (await call<{ list: { id: string }[] }>(page, 'course/crm/resource/page', { keyword: '装卸安全手册' })).list;
  await call(page, 'course/crm/course/item/save', { courseId: course.id, parentId: chapter!.id, nameZh: '装卸安全手册', contentType: 2, resourceId: handbook!.id });
  await call(page, 'course/crm/course/status', { id: course.id, status: 1 });

  const learner = await (await browser.newContext({ baseURL: gw.origin, locale: 'zh-CN' })).newPage();
  await signIn(learner, 'E1001');
  // 张伟 finds it in the course centre and by search.
  const centre = await call<{ list: { id: string }[] }>(learner, 'course/auth/course/info/page', { pageCurrent: 1, pageSize: 8, keyword: '装卸作业规范' });
  expect(centre.list.map((c) => c.id)).toEqual([course.id]);
  await learner.goto(`/search/${encodeURIComponent('装卸作业')}?type=1`);
  await expect(learner.getByRole('main').getByRole('link', { name: /装卸作业规范/ })).toBeVisible();
  const playlists: string[] = [];
  learner.on('request', (r) => r.url().includes('.m3u8') && playlists.push(new URL(r.url()).pathname));
  await learner.goto(`/watch/course?courseId=${course.id}`);
  await expect(learner.getByRole('heading', { name: '装卸示范', level: 1 })).toBeVisible();
  await learner.locator('video').evaluate(async (m: HTMLMediaElement) => {
    m.muted = true;
    await m.play();
  });
  await expect.poll(() => learner.locator('video').evaluate((v: HTMLVideoElement) => v.currentTime)).toBeGreaterThan(0);
  expect(playlists.some((p) => p.endsWith(`${resource!.id}.m3u8`))).toBe(true);
  await expect(learner.locator('video')).toHaveAttribute('poster', new RegExp(`${resource!.id}-poster\\.jpg`));
  // Played to its end, the gateway counts 张伟's progress as for a seeded course.
  await learner.locator('video').evaluate((m: HTMLMediaElement) => new Promise((done) => (m.ended ? done(null) : m.addEventListener('ended', done, { once: true }))));
  await expect
    .poll(async () => (await get<{ studyProgress: number }>(learner, 'course/auth/study/progress/get', { courseId: course.id })).studyProgress, { timeout: 30_000 })
    .toBeGreaterThan(0);
  // The PDF period: its pages, counted when it was processed, drawn one by one.
  await learner.getByRole('navigation', { name: '课程目录' }).getByRole('link', { name: /装卸安全手册/ }).click();
  await expect(learner.getByRole('heading', { name: '装卸安全手册', level: 1 })).toBeVisible();
  await expect(learner.getByText('第 1 / 3 页')).toBeVisible({ timeout: 20_000 });
  await learner.context().close();

  // 王磊, of another department, neither finds it nor opens it.
  const other = await (await browser.newContext({ baseURL: gw.origin, locale: 'zh-CN' })).newPage();
  await signIn(other, 'E1003');
  expect((await call<{ list: unknown[] }>(other, 'course/auth/course/info/page', { pageCurrent: 1, pageSize: 8, keyword: '装卸作业规范' })).list).toEqual([]);
  await other.goto(`/search/${encodeURIComponent('装卸作业')}?type=1`);
  await expect(other.getByText('“装卸作业”的搜索结果')).toBeVisible();
  await expect(other.getByRole('tab', { name: /^课程（\d+）$/, selected: true })).toBeVisible();
  await expect(other.getByRole('main')).not.toContainText('装卸作业规范');
  const refused = await other.request.get(`${gw.origin}/gateway/course/auth/course/info/view`, { headers: { token: await tokenOf(other) }, params: { courseId: course.id } });
  expect(((await refused.json()) as { code: number }).code).not.toBe(200);
  await other.context().close();
});

test('a file whose content is not what its name says is refused in the row', async ({ page }) => {
  const file = test.info().outputPath('培训视频.mp4');
  writeFileSync(file, PNG);
  await signIn(page, 'E1004');
  await page.goto('/en/crm/resources');
  await page.getByTestId('media-upload-input').setInputFiles(file);
  const upload = page.getByTestId('media-upload-row').filter({ hasText: '培训视频.mp4' });
  await expect(upload.getByRole('alert')).toHaveText('The extension of “培训视频.mp4” does not match its content (which is a picture); check the file and upload it again');
  await expect(upload.getByRole('button', { name: 'Resume' })).toHaveCount(0);
  await axe(page);
});

test('an upload cut by a closed tab goes on from where it stopped', async ({ browser }) => {
  test.slow();
  // 20 MB: three parts of 8 MB.
  const file = test.info().outputPath('设备手册合集.zip');
  writeFileSync(file, Buffer.concat([Buffer.from('PK\x03\x04'), randomBytes(20 * 1024 * 1024 - 4)]));
  const context = await browser.newContext({ baseURL: gw.origin, locale: 'zh-CN' });
  let page = await context.newPage();
  await signIn(page, 'E1004');
  await page.goto('/crm/resources');

  // The first part arrives; the tab closes while the second is on its way.
  let parts = 0;
  let cut: () => void = () => {};
  const cutNow = new Promise<void>((resolve) => (cut = resolve));
  await page.route('**/gateway/course/crm/upload/*', async (route) => {
    if (route.request().method() !== 'PATCH') return route.continue();
    parts += 1;
    if (parts === 1) return route.continue();
    cut();
    await new Promise(() => {});
  });
  await page.getByTestId('media-upload-input').setInputFiles(file);
  await cutNow;
  await page.close();

  page = await context.newPage();
  const offsets: string[] = [];
  page.on('response', (r) => r.request().method() === 'HEAD' && r.url().includes('/course/crm/upload/') && offsets.push(r.headers()['upload-offset'] ?? ''));
  const patches: string[] = [];
  page.on('request', (r) => r.method() === 'PATCH' && patches.push(r.headers()['upload-offset'] ?? ''));
  await page.goto('/crm/resources');
  const notice = page.getByRole('status').filter({ hasText: '以下文件上次没有传完' });
  await expect(notice).toContainText('设备手册合集.zip');
  await axe(page);

  await page.getByTestId('media-upload-input').setInputFiles(file);
  const upload = page.getByTestId('media-upload-row').filter({ hasText: '设备手册合集.zip' });
  await expect(upload).toContainText('上传完成，正在处理', { timeout: 60_000 });
  // It asked how far the gateway got (the first part, and whatever of the second arrived before the tab closed), and sent only the rest.
  expect(offsets).toHaveLength(1);
  expect(Number(offsets[0])).toBeGreaterThanOrEqual(8 * 1024 * 1024);
  expect(Number(offsets[0])).toBeLessThan(16 * 1024 * 1024);
  expect(patches[0]).toBe(offsets[0]);
  await expect(notice).toHaveCount(0);
  await expect(libraryRow(page, '设备手册合集')).toContainText('压缩包');
  await expect(libraryRow(page, '设备手册合集')).toContainText('20 MB');
  await context.close();
});

test('a 200 MB upload survives a cut connection and finishes when the network is back', async ({ page }) => {
  test.slow();
  const file = test.info().outputPath('年度安全培训素材.zip');
  writeFileSync(file, Buffer.concat([Buffer.from('PK\x03\x04'), randomBytes(200 * 1024 * 1024 - 4)]));
  await signIn(page, 'E1004');
  await page.goto('/crm/resources');
  const parts: string[] = [];
  page.on('request', (r) => r.method() === 'PATCH' && parts.push(r.headers()['upload-offset'] ?? ''));
  await page.getByTestId('media-upload-input').setInputFiles(file);
  const upload = page.getByTestId('media-upload-row').filter({ hasText: '年度安全培训素材.zip' });
  // A few parts in, the network goes away: the row says so and waits.
  await expect.poll(() => parts.length, { timeout: 60_000 }).toBeGreaterThanOrEqual(4);
  await page.context().setOffline(true);
  await expect(upload.getByRole('alert')).toHaveText('网络中断，恢复后自动继续', { timeout: 60_000 });
  const sentBefore = parts.length;
  await page.waitForTimeout(2000);
  await page.context().setOffline(false);
  // Back online, it goes on by itself from where the gateway got to, and finishes.
  await expect(upload).toContainText('上传完成，正在处理', { timeout: 120_000 });
  expect(parts.length).toBeGreaterThan(sentBefore);
  const offsets = parts.map(Number);
  expect(offsets[0]).toBe(0);
  // No part started over from the beginning after the cut.
  expect(offsets.slice(1).every((o) => o > 0)).toBe(true);
  await expect(libraryRow(page, '年度安全培训素材')).toContainText('200 MB');
});

test('a video that cannot be processed says why and is retried from its row', async ({ page }) => {
  const file = test.info().outputPath('损坏的课程视频.mp4');
  // An MP4 header over bytes that are no video.
  writeFileSync(file, Buffer.concat([Buffer.from([0, 0, 0, 0x18, 0x66, 0x74, 0x79, 0x70, 0x69, 0x73, 0x6f, 0x6d]), Buffer.alloc(4084)]));
  await signIn(page, 'E1004');
  await page.goto('/crm/resources');
  await page.getByTestId('media-upload-input').setInputFiles(file);
  const row = libraryRow(page, '损坏的课程视频');
  await expect(row).toContainText('处理失败', { timeout: 60_000 });
  await axe(page);
  await row.getByRole('button', { name: '重试' }).click();
  await expect(page.getByText('已重新开始处理')).toBeVisible();
  await expect(row).toContainText('处理失败', { timeout: 60_000 });
  // Nothing uses it: it can go, after a confirmation.
  await row.getByRole('button', { name: '删除：损坏的课程视频' }).click();
  await page.getByRole('alertdialog', { name: '删除“损坏的课程视频”？' }).getByRole('button', { name: '删除' }).click();
  await expect(page.getByText('已删除“损坏的课程视频”')).toBeVisible();
  await expect(row).toHaveCount(0);
  // A file a course uses offers no delete.
  await page.getByLabel('名称或文件名').fill('消防安全知识');
  await page.getByLabel('名称或文件名').press('Enter');
  const used = libraryRow(page, '消防安全知识精讲').first();
  await expect(used).toContainText('可用');
  await expect(used.getByRole('button', { name: /^删除/ })).toHaveCount(0);
});

test('a member’s upload goes through review into the library', async ({ page, browser }) => {
  test.slow();
  const file = test.info().outputPath('车间安全标识.png');
  writeFileSync(file, PNG);
  // 李娜 (lecturer) uploads into her own space and submits the file once it is processed.
  await signIn(page, 'E1002');
  await page.goto('/crm/uploads');
  await expect(page.getByRole('heading', { name: '我的资源', level: 2 })).toBeVisible();
  await page.getByTestId('media-upload-input').setInputFiles(file);
  const mine = page.getByRole('table', { name: /^我的资源，共/ }).getByRole('row').filter({ hasText: '车间安全标识' });
  await expect(mine).toContainText('未提交');
  await expect(mine).toContainText('可用', { timeout: 60_000 });
  await axe(page);
  await mine.getByRole('button', { name: '提交审核：车间安全标识' }).click();
  await expect(page.getByText('已提交“车间安全标识”，请等待管理员审核')).toBeVisible();
  await expect(mine).toContainText('待审核');

  // The administrator rejects it with a reason, then approves it when it comes back.
  const admin = await (await browser.newContext({ baseURL: gw.origin, locale: 'zh-CN' })).newPage();
  await signIn(admin, 'E1004');
  await admin.goto('/crm/reviews');
  await expect(admin.getByRole('heading', { level: 1, name: '上传审核' })).toBeVisible();
  const queued = libraryRow(admin, '车间安全标识');
  await expect(queued).toContainText('李娜');
  await expect(queued).toContainText('E1002');
  await axe(admin);
  await queued.getByRole('button', { name: '不通过：车间安全标识' }).click();
  const dialog = admin.getByRole('dialog', { name: '不通过“车间安全标识”' });
  await dialog.getByRole('button', { name: '确定' }).click();
  await expect(dialog.getByRole('alert')).toHaveText('请填写此项');
  await dialog.getByLabel('原因（上传者会看到）').fill('请使用公司标准配色');
  await dialog.getByRole('button', { name: '确定' }).click();
  await expect(admin.getByText('已退回“车间安全标识”')).toBeVisible();
  await expect(queued).toHaveCount(0);

  await page.reload();
  await expect(mine).toContainText('未通过');
  await expect(mine).toContainText('原因：请使用公司标准配色');
  await mine.getByRole('button', { name: '提交审核：车间安全标识' }).click();
  await expect(mine).toContainText('待审核');

  await admin.reload();
  await queued.getByRole('button', { name: '通过：车间安全标识', exact: true }).click();
  await expect(admin.getByText('已通过“车间安全标识”，文件已加入资源库')).toBeVisible();
  await admin.goto('/crm/reviews?review=approved');
  await expect(libraryRow(admin, '车间安全标识')).toBeVisible();
  await admin.goto('/crm/resources?keyword=' + encodeURIComponent('车间安全标识'));
  await expect(libraryRow(admin, '车间安全标识')).toContainText('图片');
  await admin.goto('/en/crm/reviews');
  await expect(admin.getByRole('table', { name: 'Uploads under review: 0' })).toBeVisible();
  await admin.context().close();

  await page.reload();
  await expect(mine).toContainText('已通过，已加入资源库');
  await expect(mine.getByRole('button', { name: '删除：车间安全标识' })).toHaveCount(0);
});
