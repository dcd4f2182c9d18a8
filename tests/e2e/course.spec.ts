/**
 * The course centre and a course's page, as a learner uses them against the seeded demo
 * company: the paged and filtered list, the chapter tree with every type, comments, rating,
 * courseware downloads, and the messages for removed and paid courses and anonymous visitors.
 */
import { readFile, stat } from 'node:fs/promises';
import { expect, test, type Page } from '@playwright/test';
import { endpoints } from '../../src/api/endpoints';
import { learningEn, learningZh } from '../../src/i18n/sections/learning';
import { playerEn, playerZh } from '../../src/i18n/sections/player';
import { signIn } from './fixtures';

const cards = (page: Page) => page.getByRole('main').getByRole('article');

async function openCourse(page: Page, name: string): Promise<void> {
  await page.goto('/knowledge?q=' + encodeURIComponent(name));
  await page.getByRole('link', { name, exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
}

/**
 * Follows a course link in the recent activity on `/watch` (or `/en/watch`), loading more
 * activity until it shows. No list shows a removed course; the learner's own activity does.
 */
async function openFromRecentActivity(page: Page, locale: 'zh' | 'en', name: string): Promise<void> {
  const m = locale === 'en' ? playerEn : playerZh;
  await page.goto(locale === 'en' ? '/en/watch' : '/watch');
  const activity = page.getByRole('region', { name: m['player.activity.title'] });
  const link = activity.getByRole('link', { name, exact: true }).first();
  const more = activity.getByRole('button', { name: m['player.activity.loadMore'] });
  await expect(activity.getByRole('listitem').first()).toBeVisible();
  while (!(await link.isVisible()) && (await more.isVisible())) {
    const loaded = page.waitForResponse((r) => r.url().includes(endpoints.studyDynamicPage.path));
    await more.click();
    await loaded;
    await expect(more.or(link).first()).toBeVisible();
  }
  await link.click();
  await expect(page).toHaveURL(new RegExp(`${locale === 'en' ? '/en' : ''}/knowledge/course/[0-9a-f-]{36}$`));
}

test.describe('course centre', () => {
  test('anonymous visitors are asked to sign in', async ({ page }) => {
    await page.goto('/knowledge');
    await expect(page.getByText('请先登录！')).toBeVisible();
    await expect(page.getByRole('main').getByRole('link', { name: '去登录' })).toHaveAttribute('href', /^\/login\?t=login&redirect=%2Fknowledge/);
    await page.goto('/en/knowledge/course/00000000-0000-4000-8000-000000000000');
    await expect(page.getByText('Please login first!')).toBeVisible();
    await expect(page.getByRole('main').getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', /^\/en\/login\?t=login&redirect=/);
  });

  test('lists 8 courses a page, pages and filters through the URL', async ({ page }) => {
    await signIn(page, 'E1001');
    await page.goto('/knowledge');
    await expect(cards(page)).toHaveCount(8);
    await expect(page.getByText('共 11 门课程')).toBeVisible();
    const pager = page.getByRole('navigation', { name: '分页' });
    await expect(pager).toContainText('第 1 / 2 页');

    await pager.getByRole('button', { name: '下一页' }).click();
    await expect(pager).toContainText('第 2 / 2 页');
    await expect(cards(page)).toHaveCount(3);
    await expect(page).toHaveURL(/[?&]page=2/);
    await page.reload();
    await expect(cards(page)).toHaveCount(3);
    await page.goBack();
    await expect(cards(page)).toHaveCount(8);

    // A category narrows the list to its courses and those of its children.
    const categories = page.getByRole('navigation', { name: '课程分类' });
    await categories.getByRole('link', { name: /^管理领导力/ }).click();
    await expect(cards(page)).toHaveCount(2);
    await expect(page.getByRole('main')).toContainText('团队管理基础');
    await expect(page.getByRole('main')).toContainText('目标与绩效');
    await expect(categories.getByRole('link', { name: /^管理领导力/ })).toHaveAttribute('aria-current', 'page');
    await expect(page).toHaveURL(/[?&]category=/);
    await expect(page.getByRole('navigation', { name: '分页' })).toHaveCount(0);

    await categories.getByRole('link', { name: /^通用能力/ }).click();
    await expect(page.getByRole('main')).toContainText('新员工入职培训');
    await expect(page.getByRole('main')).toContainText('高效沟通技巧');
    await expect(page.getByRole('main')).not.toContainText('团队管理基础');

    // Learning status: E1001 has started 职场写作规范 and 时间管理.
    await categories.getByRole('link', { name: /^全部课程/ }).click();
    await page.getByLabel('学习状态').selectOption('1');
    await expect(page).toHaveURL(/[?&]status=1/);
    await expect(cards(page)).not.toHaveCount(0);
    for (const card of await cards(page).all()) await expect(card).toContainText('学习中');
  });

  test('shows the English texts under /en', async ({ page }) => {
    await signIn(page, 'E1001');
    await page.goto('/en/knowledge');
    await expect(page.getByRole('heading', { level: 1, name: 'Course centre' })).toBeVisible();
    await expect(page.getByRole('navigation', { name: 'Categories' })).toContainText('General skills');
    await expect(page.getByRole('navigation', { name: 'Pagination' })).toContainText('Page 1 of 2');
    await expect(page.getByLabel('Learning status')).toBeVisible();
    await page.getByRole('link', { name: 'New employee onboarding', exact: true }).click();
    await expect(page).toHaveURL(/\/en\/knowledge\/course\/[0-9a-f-]{36}$/);
    await expect(page.getByRole('heading', { level: 2, name: 'Chapters and periods' })).toBeVisible();
    // E1001 started the course with its exam (the demo's pass).
    await expect(page.getByRole('link', { name: 'Continue learning' })).toBeVisible();
    await expect(page.getByRole('region', { name: 'Chapters and periods' })).toContainText('Spreadsheet');
  });
});

test.describe('course detail', () => {
  test.beforeEach(async ({ page }) => {
    await signIn(page, 'E1001');
  });

  test('shows the chapter tree with every type and links into the player', async ({ page }) => {
    await openCourse(page, '新员工入职培训');
    const tree = page.getByRole('region', { name: '课程目录' });
    await expect(tree.getByRole('heading', { name: '第一章 认识公司' })).toBeVisible();
    await expect(tree.getByRole('heading', { name: '第三章 考核与实践' })).toBeVisible();
    const labels = ['视频', 'PDF', '音频', '图片', '图文', '表格', 'Word 文档', '演示文稿', '文本', '压缩包'];
    labels.push('考试', '调研', '线下培训', '实操', '岗位评估');
    for (const label of labels) await expect(tree.getByText(label, { exact: true }).first()).toBeVisible();

    const period = tree.getByRole('link', { name: '欢迎视频' });
    const id = page.url().split('/').pop()!;
    await expect(period).toHaveAttribute('href', new RegExp(`^/watch/course\\?courseId=${id}&itemId=[0-9a-f-]{36}$`));
    // E1001 started the course with its exam (the demo's pass).
    await expect(page.getByRole('link', { name: '继续学习' })).toHaveAttribute('href', /^\/watch\/course\?courseId=.+&itemId=.+/);
    await expect(page.getByText('讲师：李娜')).toBeVisible();

    // The history-record address shows the same course.
    await page.goto(`/knowledge/course/his_id?id=${id}`);
    await expect(page.getByRole('heading', { level: 1, name: '新员工入职培训' })).toBeVisible();
  });

  test('posts a comment shown as text, then deletes it', async ({ page }) => {
    await openCourse(page, '高效沟通技巧');
    const text = `很实用 <b>${Date.now()}</b>`;
    const heading = page.getByRole('heading', { name: /^评论（\d+）$/ });
    const before = Number(/\d+/.exec((await heading.textContent()) ?? '')![0]);
    const box = page.getByLabel('写下你的评论');
    await page.getByRole('button', { name: '发表评论' }).click();
    await expect(page.getByRole('alert').filter({ hasText: '请输入评论内容' })).toBeVisible();
    await box.fill(text);
    await page.getByRole('button', { name: '发表评论' }).click();
    const list = page.getByRole('list', { name: '评论列表' });
    const item = list.getByRole('listitem').filter({ hasText: text });
    await expect(item).toBeVisible();
    await expect(item.locator('b')).toHaveCount(0);
    await expect(heading).toHaveText(`评论（${before + 1}）`);

    await item.getByRole('button', { name: '删除' }).click();
    await item.getByRole('button', { name: '确认删除' }).click();
    await expect(list.getByText(text)).toHaveCount(0);
    await expect(heading).toHaveText(`评论（${before}）`);
  });

  test('rates, likes and collects the course', async ({ page }) => {
    await openCourse(page, '时间管理');
    const stars = page.getByRole('group', { name: '我的评分' });
    await stars.getByRole('button', { name: '4 星' }).click();
    await expect(stars.getByRole('button', { name: '4 星' })).toHaveAttribute('aria-pressed', 'true');
    await expect(page.getByRole('img', { name: '评分 4（满分 5 分）' }).first()).toBeVisible();

    const like = page.getByRole('button', { name: /^点赞/ });
    await like.click();
    await expect(page.getByRole('button', { name: /^已点赞/ })).toHaveAttribute('aria-pressed', 'true');
    await page.getByRole('button', { name: '收藏', exact: true }).click();
    await expect(page.getByRole('button', { name: '已收藏' })).toHaveAttribute('aria-pressed', 'true');

    await page.reload();
    await expect(stars.getByRole('button', { name: '4 星' })).toHaveAttribute('aria-pressed', 'true');
    await expect(page.getByRole('button', { name: '已收藏' })).toBeVisible();
    await page.goto('/knowledge?collected=1');
    await expect(cards(page)).toHaveCount(1);
    await expect(cards(page)).toContainText('时间管理');
  });

  test('downloads courseware as it is and with a watermark', async ({ page }) => {
    await openCourse(page, '新员工入职培训');
    const files = page.getByRole('region', { name: '课件' });
    await expect(files.getByRole('link', { name: '企业文化手册.pdf：预览' })).toHaveAttribute(
      'href',
      /^\/watch\/previewCourseware\?id=[0-9a-f-]{36}&courseId=[0-9a-f-]{36}$/,
    );

    const plain = files.getByRole('button', { name: '考勤制度.xlsx：下载' });
    const [download] = await Promise.all([page.waitForEvent('download'), plain.click()]);
    expect(download.suggestedFilename()).toBe('考勤制度.xlsx');
    const saved = await download.path();
    const original = await stat('public/media/demo/courseware/attendance.xlsx');
    expect((await stat(saved)).size).toBe(original.size);
    // The download flag holds for 2 seconds.
    await expect(files.getByRole('button', { name: '考勤制度.xlsx：下载中…' })).toBeDisabled();
    await expect(files.getByRole('button', { name: '考勤制度.xlsx：下载' })).toBeEnabled({ timeout: 5000 });

    const [stamped] = await Promise.all([
      page.waitForEvent('download'),
      files.getByRole('button', { name: '企业文化手册.pdf：下载水印版' }).click(),
    ]);
    expect(stamped.suggestedFilename()).toBe('企业文化手册.pdf');
    const pdf = await readFile(await stamped.path());
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
  });

  test('a paid course shows its price and takes an authorised-purchase request, which an administrator refuses with a reason, then approves', async ({ page, browser }) => {
    test.slow();
    await signIn(page, 'E1003');
    await openCourse(page, '数据分析进阶');
    await expect(page.getByText('价格：¥199.00').first()).toBeVisible();
    await expect(page.getByText('购买后才能观看')).toBeVisible();
    await page.getByRole('button', { name: '申请授权购买' }).click();
    await page.getByLabel('申请说明（选填）').fill('数据组季度培训需要');
    await page.getByRole('button', { name: '提交申请' }).click();
    await expect(page.getByText(/^授权购买申请审核中（/)).toBeVisible();
    await expect(page.getByRole('button', { name: '申请授权购买' })).toHaveCount(0);

    const adminContext = await browser.newContext({ locale: 'zh-CN' });
    const admin = await adminContext.newPage();
    await signIn(admin, 'E1004');
    await openCourse(admin, '数据分析进阶');
    const requests = admin.getByRole('region', { name: '授权购买申请' });
    const row = requests.getByRole('row', { name: /王磊/ });
    await expect(row).toContainText('数据组季度培训需要');
    await row.getByRole('button', { name: '拒绝 王磊' }).click();
    await requests.getByRole('button', { name: '确认拒绝' }).click();
    await expect(requests.getByText('请填写拒绝原因')).toBeVisible();
    await requests.getByLabel('拒绝原因').fill('本季度培训预算已用完');
    await requests.getByRole('button', { name: '确认拒绝' }).click();
    await expect(requests.getByText('暂无申请')).toBeVisible();

    await page.reload();
    await expect(page.getByText('授权购买申请未通过：本季度培训预算已用完')).toBeVisible();
    await page.getByRole('button', { name: '重新申请' }).click();
    await page.getByRole('button', { name: '提交申请' }).click();
    await expect(page.getByText(/^授权购买申请审核中（/)).toBeVisible();

    await admin.reload();
    await requests.getByRole('button', { name: '通过 王磊' }).click();
    await expect(requests.getByText('暂无申请')).toBeVisible();
    await adminContext.close();

    await page.reload();
    await expect(page.getByRole('link', { name: '开始学习' })).toBeVisible();
    await expect(page.getByText('购买后才能观看')).toHaveCount(0);
    await page.goto('/account/message');
    await page.getByRole('tab', { name: /^消息/ }).click();
    await expect(page.getByText('课程《数据分析进阶》授权购买申请已通过')).toBeVisible();
    await expect(page.getByText('课程《数据分析进阶》授权购买申请未通过')).toBeVisible();
  });

  test('tells a paid course not bought and a removed course apart', async ({ page }) => {
    await openCourse(page, '数据分析进阶');
    await expect(page.getByText('购买后才能观看')).toBeVisible();
    await expect(page.getByRole('link', { name: '开始学习' })).toHaveCount(0);

    // E1001 started 旧版安全规范 before it was removed: its activity still leads there.
    await openFromRecentActivity(page, 'zh', '旧版安全规范');
    await expect(page.getByRole('alert')).toHaveText(learningZh['learning.courseRemoved']);
    await openFromRecentActivity(page, 'en', 'Old safety rules');
    await expect(page.getByRole('alert')).toHaveText(learningEn['learning.courseRemoved']);
    expect(learningEn['learning.courseRemoved']).toBe('The course has been removed');
    await page.goto('/knowledge/course/not-a-course');
    await expect(page.getByRole('alert')).toHaveText('课程不存在或已删除');
  });
});

test.describe('course relations and notes', () => {
  test.beforeEach(async ({ page }) => {
    await signIn(page, 'E1001');
  });

  test('shows related courses of the category and the projects holding the course', async ({ page }) => {
    await openCourse(page, '新员工入职培训');
    // 高效沟通技巧 is under 沟通表达, a category under 通用能力 (新员工入职培训's category).
    const related = page.getByRole('region', { name: '相关课程' });
    await expect(related.getByRole('link', { name: '高效沟通技巧', exact: true })).toBeVisible();
    await expect(related.getByRole('article')).toHaveCount(4);
    await expect(related.getByRole('link', { name: '新员工入职培训', exact: true })).toHaveCount(0);

    const projects = page.getByRole('region', { name: '包含本课程的项目' });
    const bootCamp = projects.getByRole('link', { name: '新员工训练营', exact: true });
    await expect(bootCamp).toHaveAttribute('href', /^\/knowledge\/project\/[0-9a-f-]{36}$/);

    const id = page.url().split('/').pop()!;
    await page.goto(`/en/knowledge/course/${id}`);
    await expect(page.getByRole('region', { name: 'Related courses' }).getByRole('link', { name: 'Effective communication', exact: true })).toBeVisible();
    await expect(
      page.getByRole('region', { name: 'Projects with this course' }).getByRole('link', { name: 'New-hire boot camp', exact: true }),
    ).toHaveAttribute('href', /^\/en\/knowledge\/project\/[0-9a-f-]{36}$/);
    await page.getByRole('region', { name: 'Projects with this course' }).getByRole('link', { name: 'New-hire boot camp' }).click();
    await expect(page).toHaveURL(/\/en\/knowledge\/project\/[0-9a-f-]{36}$/);
  });

  test('adds a note and edits it; both last across reloads', async ({ page }) => {
    await openCourse(page, '新员工入职培训');
    const notes = page.getByRole('region', { name: '我的笔记' });
    const list = notes.getByRole('list', { name: '笔记列表' });
    const save = notes.getByRole('button', { name: '保存笔记' });
    const stamp = Date.now();
    const text = `入职要点 <b>${stamp}</b>`;

    await expect(notes.getByText('还没有笔记，写下第一条吧').or(list)).toBeVisible();
    await save.click();
    await expect(notes.getByRole('alert')).toHaveText('请输入笔记内容');
    const box = notes.getByLabel('写笔记');
    await box.fill(text);
    await expect(notes.getByText(`${[...text].length} / 2000 字`)).toBeVisible();
    await save.click();
    await expect(notes.getByRole('status').filter({ hasText: '笔记已保存' })).toBeVisible();
    await expect(box).toHaveValue('');
    await expect(list.getByRole('listitem').filter({ hasText: text })).toBeVisible();

    await page.reload();
    const item = list.getByRole('listitem').filter({ hasText: text });
    await expect(item).toBeVisible();
    // Shown as text, never as markup.
    await expect(item.locator('b')).toHaveCount(0);

    await item.getByRole('button', { name: '编辑' }).click();
    const editor = notes.getByRole('textbox', { name: '编辑笔记' });
    await expect(editor).toBeFocused();
    await expect(editor).toHaveValue(text);
    const edited = `入职要点（已补充）${stamp}`;
    await editor.fill(edited);
    await list.getByRole('button', { name: '保存笔记' }).click();
    const editedItem = list.getByRole('listitem').filter({ hasText: edited });
    await expect(editedItem.getByRole('status')).toHaveText('笔记已保存');
    await expect(editedItem.getByRole('button', { name: '编辑' })).toBeFocused();

    await page.reload();
    await expect(list.getByRole('listitem').filter({ hasText: edited })).toBeVisible();
    await expect(list.getByText(text)).toHaveCount(0);
  });
});
