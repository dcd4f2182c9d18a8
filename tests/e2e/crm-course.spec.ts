/**
 * Course authoring in the back office, on a gateway of its own: 刘洋 (E1004, administrator)
 * grows the category tree, makes a course (cover uploaded from the computer, category,
 * lecturer, credit hours, watermark, shown to 研发中心 only) that is saved as a draft, gives it a
 * chapter with a video period from the library, and publishes it; 张伟 (E1001, of 研发中心) then
 * finds it in the course centre, while 王磊 (E1003, of 培训中心) neither finds nor opens it;
 * and opens it, in both languages (no English name: the Chinese shows), and plays the period. Removed from the list's menu after a confirmation, the course tells him it
 * has been removed. Every page is axe-clean.
 */
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Browser, type Page } from '@playwright/test';
import { PORT, signIn } from './fixtures';
import { useOwnGateway } from './own-gateway';

test.describe.configure({ mode: 'serial' });

const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');
const gw = useOwnGateway(PORT + 74);
const NAME = '叉车安全操作规程';

async function axe(page: Page): Promise<void> {
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).exclude('a[lang]').analyze();
  expect(results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
}

async function learnerPage(browser: Browser): Promise<Page> {
  const context = await browser.newContext({ baseURL: gw.origin, locale: 'zh-CN' });
  const page = await context.newPage();
  await signIn(page, 'E1001');
  return page;
}

test('a category tree grows, and a new course goes from draft to the learner’s course centre', async ({ page, browser }) => {
  test.slow();
  await signIn(page, 'E1004');

  // Categories: a top category and one under it.
  await page.goto('/crm/categories');
  await expect(page.getByRole('heading', { level: 1, name: '课程分类' })).toBeVisible();
  const tree = page.getByRole('tree', { name: '课程分类' });
  await expect(tree.getByRole('treeitem').first()).toBeVisible();
  await page.getByRole('button', { name: '新建分类', exact: true }).click();
  let dialog = page.getByRole('dialog', { name: '新建分类' });
  await dialog.getByLabel('分类名称（中文）').fill('仓储物流');
  await dialog.getByLabel('分类名称（英文，可选）').fill('Warehousing');
  await dialog.getByRole('button', { name: '保存' }).click();
  await expect(page.getByText('已新建分类“仓储物流”')).toBeVisible();
  await page.getByRole('button', { name: '新建子分类 · 仓储物流' }).click();
  dialog = page.getByRole('dialog', { name: '新建分类' });
  await expect(dialog.getByLabel('上级分类')).toHaveValue(/[0-9a-f-]{36}/);
  await dialog.getByRole('button', { name: '保存' }).click();
  await expect(dialog.getByText('请填写此项')).toBeVisible();
  await dialog.getByLabel('分类名称（中文）').fill('叉车作业');
  await dialog.getByRole('button', { name: '保存' }).click();
  const safety = tree.getByRole('treeitem').filter({ hasText: '仓储物流' }).first();
  await expect(safety.getByRole('group').getByRole('treeitem')).toContainText('叉车作业');
  await page.screenshot({ path: test.info().outputPath('crm-categories.png'), fullPage: true });
  await axe(page);

  // A new course: a draft until published.
  await page.goto('/crm/courses');
  await page.getByRole('link', { name: '新建课程' }).click();
  await expect(page).toHaveURL(/\/crm\/courses\/edit\/?$/);
  await page.getByRole('button', { name: '保存', exact: true }).click();
  await expect(page.getByText('请填写此项').first()).toBeVisible();
  await page.getByLabel('课程名称（中文）').fill(NAME);
  await page.getByLabel('课程简介（中文）').fill('叉车作业前检查、行驶与装卸的安全要点。');
  await page.getByLabel('封面图').setInputFiles({ name: 'cover.png', mimeType: 'image/png', buffer: PNG });
  await expect(page.getByRole('img', { name: /封面图/ })).toBeVisible();
  await page.getByLabel('分类').selectOption({ label: '\u00a0\u00a0\u00a0叉车作业' });
  await page.getByLabel('学时').fill('3');
  await page.getByRole('group', { name: '讲师' }).getByRole('checkbox').first().check();
  await expect(page.getByText('已选 1 位讲师')).toBeVisible();
  await page.getByLabel('播放时显示水印（学员姓名与工号）').click();
  // Shown to 研发中心 (and the departments under it) only.
  await page.getByRole('radio', { name: '指定部门和成员' }).check();
  await page.getByRole('button', { name: '保存', exact: true }).click();
  await expect(page.getByText('请至少选择一个部门或成员')).toBeVisible();
  await page.getByRole('group', { name: '部门（含下级部门）' }).getByLabel('研发中心', { exact: true }).check();
  await expect(page.getByText(/^已选 \d+ 个部门、0 名成员$/)).toBeVisible();
  await page.getByRole('button', { name: '保存', exact: true }).click();
  await expect(page.getByText('课程已创建为草稿')).toBeVisible();
  await expect(page).toHaveURL(/\/crm\/courses\/edit\?id=[0-9a-f-]{36}$/);
  const id = new URL(page.url()).searchParams.get('id')!;
  await expect(page.getByText('当前状态：草稿')).toBeVisible();
  await page.screenshot({ path: test.info().outputPath('crm-course-form.png'), fullPage: true });
  await axe(page);

  // A draft is not the learner's.
  const learner = await learnerPage(browser);
  await learner.goto(`/knowledge/course/${id}`);
  await expect(learner.getByRole('alert')).toHaveText('课程不存在或已删除');

  // The outline: a chapter, and a video period from the library.
  const outline = page.getByRole('region', { name: '课程大纲' });
  await expect(outline.getByText('还没有章节')).toBeVisible();
  await outline.getByRole('button', { name: '新建章节' }).click();
  let item = page.getByRole('dialog', { name: '章节' });
  await item.getByLabel('名称（中文）').fill('第一章 作业前检查');
  await item.getByRole('button', { name: '保存' }).click();
  await expect(page.getByText('已保存“第一章 作业前检查”')).toBeVisible();
  await outline.getByRole('button', { name: '添加课时 · 第一章 作业前检查' }).click();
  item = page.getByRole('dialog', { name: '课时' });
  await item.getByLabel('名称（中文）').fill('检查要点视频');
  await item.getByRole('button', { name: '保存' }).click();
  await expect(item.getByRole('alert')).toHaveText('请为该课时选择资源库中的视频、音频或文档');
  await item.getByRole('searchbox').fill('消防安全');
  await item.getByRole('radio', { name: /消防安全知识精讲/ }).check();
  await item.getByRole('button', { name: '保存' }).click();
  await expect(outline.getByRole('listitem').filter({ hasText: '检查要点视频' }).last()).toContainText('视频 / 文档 · 消防安全知识精讲');

  // A courseware from the library, offered for download.
  const wares = page.getByRole('region', { name: '课件' });
  await expect(wares.getByText('还没有课件')).toBeVisible();
  await wares.getByRole('button', { name: '添加课件' }).click();
  const pick = page.getByRole('dialog', { name: '添加课件' });
  await pick.getByRole('searchbox').fill('员工手册');
  await pick.getByRole('radio', { name: /员工手册/ }).first().check();
  await pick.getByRole('button', { name: '添加课件' }).click();
  await expect(wares.getByRole('listitem')).toContainText('员工手册');
  await axe(page);

  // Reload keeps what was saved; publishing needs no unsaved change.
  await page.reload();
  await expect(page.getByLabel('课程名称（中文）')).toHaveValue(NAME);
  await expect(page.getByLabel('学时')).toHaveValue('3');
  await expect(page.getByRole('switch', { name: '播放时显示水印（学员姓名与工号）' })).toBeChecked();
  await page.getByRole('button', { name: '发布' }).click();
  await expect(page.getByText(`已发布“${NAME}”，学员现在可以看到它`)).toBeVisible();
  await expect(page.getByText('当前状态：已发布')).toBeVisible();

  // 张伟 finds it in the course centre, in Chinese and (no English name) under /en.
  await learner.goto('/knowledge?q=' + encodeURIComponent('叉车安全'));
  await learner.getByRole('link', { name: NAME, exact: true }).click();
  await expect(learner.getByRole('heading', { level: 1, name: NAME })).toBeVisible();
  await learner.goto(`/en/knowledge/course/${id}`);
  await expect(learner.getByRole('heading', { level: 1, name: NAME })).toBeVisible();

  // 王磊, of 培训中心, neither finds nor opens it.
  const other = await (await browser.newContext({ baseURL: gw.origin, locale: 'zh-CN' })).newPage();
  await signIn(other, 'E1003');
  await other.goto('/knowledge?q=' + encodeURIComponent(NAME));
  await expect(other.getByText('没有符合条件的课程')).toBeVisible();
  await expect(other.getByRole('link', { name: NAME, exact: true })).toHaveCount(0);
  await other.goto(`/knowledge/course/${id}`);
  await expect(other.getByRole('alert')).toHaveText('课程不存在或已删除');
  await other.context().close();

  // The period plays in the player, as a seeded course's does.
  await learner.goto(`/watch/course?courseId=${id}`);
  await expect(learner.getByRole('heading', { name: '检查要点视频', level: 1 })).toBeVisible();
  await expect(learner.locator('video')).toBeVisible();
  await learner.locator('video').evaluate(async (m: HTMLMediaElement) => {
    m.muted = true;
    await m.play();
  });
  await expect.poll(() => learner.locator('video').evaluate((v: HTMLVideoElement) => v.currentTime)).toBeGreaterThan(0);

  // The list: found by its status; removed after a confirmation, with undo offered.
  await page.goto('/crm/courses?status=1&keyword=' + encodeURIComponent('叉车'));
  const row = page.getByRole('row').filter({ hasText: NAME });
  await expect(row).toContainText('已发布');
  await expect(row).toContainText('叉车作业');
  await axe(page);
  await row.getByRole('button', { name: `更多操作：${NAME}` }).click();
  await page.getByRole('menuitem', { name: '下架' }).click();
  const confirm = page.getByRole('alertdialog', { name: `下架课程“${NAME}”？` });
  await confirm.getByRole('button', { name: '下架' }).click();
  await expect(page.getByText(`已下架“${NAME}”`)).toBeVisible();
  await learner.goto(`/knowledge/course/${id}`);
  await expect(learner.getByRole('alert')).toHaveText('课程已下架');
  await learner.context().close();
});

test('the resource library lists each file once with where it is used', async ({ page }) => {
  await signIn(page, 'E1004');
  await page.goto('/crm/resources');
  await expect(page.getByRole('heading', { level: 1, name: '资源库' })).toBeVisible();
  await page.getByLabel('类型').click();
  await page.getByRole('option', { name: '视频', exact: true }).click();
  await page.getByLabel('名称或文件名').fill('消防');
  await page.getByLabel('名称或文件名').press('Enter');
  await expect(page).toHaveURL(/type=2/);
  const row = page.getByRole('row').filter({ hasText: '消防安全知识精讲' });
  await expect(row).toContainText('消防安全知识');
  await expect(row).toContainText('视频');
  await axe(page);
  await page.goto('/en/crm/resources?type=4');
  await expect(page.getByRole('table', { name: /^Resource library: \d+ files$/ })).toContainText('Document');
});

test('the course pages in English', async ({ page }) => {
  await signIn(page, 'E1004');
  await page.goto('/en/crm/courses');
  await expect(page.getByRole('heading', { level: 1, name: 'Courses' })).toBeVisible();
  await expect(page.getByRole('table', { name: /^Courses: \d+$/ })).toContainText('Published');
  await page.goto('/en/crm/courses/edit');
  await expect(page.getByLabel('Course name (Chinese)')).toBeVisible();
  await axe(page);
  await page.goto('/en/crm/categories');
  await expect(page.getByRole('tree', { name: 'Course categories' })).toBeVisible();
});
