/**
 * The community (`/community`) as members and visitors use it: a question asked, answered,
 * its answer liked and accepted; a blog whose markup stays text; reading signed out, where every
 * write says that signing in is needed; search type 7 from the header; the English page. Every
 * post a test needs it writes itself (with a word of its own), so no other file's data changes.
 */
import { expect, test, type Browser, type Locator, type Page } from '@playwright/test';
import { callAs, signIn, tokenFor } from './fixtures';

test.beforeEach(async ({ context }) => {
  await context.clearCookies();
});

/** A word no demo text holds, different on every run. */
const word = (prefix: string) => `${prefix}${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;

const HABITS = '高效沟通的三个习惯：从每周一次 1-on-1 开始';

/** A page of its own (cookies apart) signed in as `empNo`. */
async function pageOf(browser: Browser, empNo: string): Promise<Page> {
  const page = await (await browser.newContext()).newPage();
  await signIn(page, empNo);
  return page;
}

function post(page: Page, title: string): Locator {
  return page.getByRole('article', { name: title });
}

/** The answer of `name` under the opened question. */
function answerBy(page: Page, name: string): Locator {
  return page.getByRole('region', { name: /^回答/ }).getByRole('listitem', { name });
}

test('a question is asked, answered by a colleague, and its asker likes and accepts the answer', async ({ page, browser }) => {
  test.slow();
  const title = `季度复盘的看板怎么准备？${word('q')}`;
  await signIn(page, 'E1002');
  await page.goto('/community?tab=question');
  await expect(page.getByRole('tab', { name: '问答', selected: true })).toBeVisible();
  await page.getByRole('button', { name: '我要提问' }).click();
  const dialog = page.getByRole('dialog', { name: '我要提问' });
  // Nothing leaves the dialog without a title.
  await dialog.getByRole('button', { name: '发布' }).click();
  await expect(dialog.getByRole('alert')).toHaveText('标题不能为空');
  await dialog.getByLabel('标题').fill(title);
  await dialog.getByLabel('补充说明（选填）').fill('第一行：下周要做季度复盘\n第二行：看板需要哪些栏目？');
  await dialog.getByRole('button', { name: '发布' }).click();
  await expect(dialog).toHaveCount(0);
  await expect(page.getByText('发布成功')).toBeVisible();
  const question = post(page, title);
  await expect(question.getByRole('heading', { level: 2 })).toHaveText(`待解决${title}`);
  await expect(question).toContainText('第二行：看板需要哪些栏目？');
  const url = new URL(page.url());
  expect(url.searchParams.get('tab')).toBe('question');
  const id = url.searchParams.get('post');
  expect(id).toMatch(/^[0-9a-f-]{36}$/);

  // 王磊 answers in his own browser.
  const colleague = await pageOf(browser, 'E1003');
  await colleague.goto(`/community?tab=question&post=${id}`);
  await expect(post(colleague, title)).toBeVisible();
  await expect(colleague.getByText('还没有人回答，来写第一个回答吧')).toBeVisible();
  await colleague.getByLabel('你的回答').fill('建议三栏：待办、进行中、已完成，再加一栏“风险”。');
  await colleague.getByRole('button', { name: '提交回答' }).click();
  await expect(colleague.getByText('回答成功')).toBeVisible();
  await expect(answerBy(colleague, '王磊')).toContainText('再加一栏“风险”');
  await expect(colleague.getByLabel('你的回答')).toHaveValue('');
  // Only the asker may accept.
  await expect(answerBy(colleague, '王磊').getByRole('button', { name: '采纳' })).toHaveCount(0);
  await colleague.context().close();

  // 李娜 sees the answer, likes it and accepts it.
  await page.reload();
  const answer = answerBy(page, '王磊');
  await expect(answer).toContainText('0 赞');
  const like = answer.getByRole('button', { name: '点赞' });
  await expect(like).toHaveAttribute('aria-pressed', 'false');
  await like.click();
  await expect(like).toHaveAttribute('aria-pressed', 'true');
  await expect(answer).toContainText('1 赞');
  await answer.getByRole('button', { name: '采纳', exact: true }).click();
  await expect(page.getByText('已采纳该回答，操作成功')).toBeVisible();
  await expect(answer).toContainText('已采纳');
  await expect(answer.getByRole('button', { name: '取消采纳' })).toBeVisible();
  await expect(question.getByRole('heading', { level: 2 })).toHaveText(`已解决${title}`);

  // The list says so too, and the marks stay after a reload.
  await page.reload();
  await expect(answerBy(page, '王磊')).toContainText('1 赞');
  await expect(answerBy(page, '王磊')).toContainText('已采纳');
  await page.getByRole('button', { name: '返回列表' }).click();
  const card = page.getByRole('article', { name: new RegExp(title.replace(/[?？]/g, '.')) });
  await expect(card).toContainText('已解决');
  await expect(card).toContainText('1 个回答');
});

test('a blog keeps what was typed when sending fails, and shows markup as text', async ({ page }) => {
  test.slow();
  const title = `<b>周报</b>模板分享 ${word('b')}`;
  const text = `<script>window.__pwned = 1</script>\n<img src=x onerror="window.__pwned = 2">第二行`;
  await signIn(page, 'E1007');
  await page.goto('/community');
  await expect(page.getByRole('tab', { name: '博客', selected: true })).toBeVisible();
  await page.getByRole('button', { name: '写博客' }).click();
  const dialog = page.getByRole('dialog', { name: '写博客' });
  await dialog.getByLabel('标题').fill(title);
  await dialog.getByLabel('正文').fill(text);

  // The first send fails on the way: the dialog stays with everything in it.
  let failed = false;
  await page.route('**/gateway/community/auth/post/save', async (route) => {
    if (failed) return route.continue();
    failed = true;
    await route.abort('connectionreset');
  });
  await dialog.getByRole('button', { name: '发布' }).click();
  await expect(dialog.getByRole('alert')).toContainText('你输入的内容已保留');
  await expect(dialog.getByLabel('标题')).toHaveValue(title);
  // Closed and opened again, the draft comes back.
  await dialog.getByRole('button', { name: '取消' }).click();
  await page.getByRole('button', { name: '写博客' }).click();
  await expect(dialog.getByText('已恢复你上次没有发出的内容')).toBeVisible();
  await expect(dialog.getByLabel('正文')).toHaveValue(text);
  // A picture goes up through the upload call (a text file named .png is refused first).
  const files = dialog.locator('input[type=file]');
  await files.setInputFiles({ name: 'notes.png', mimeType: 'image/png', buffer: Buffer.from('not a picture') });
  await expect(dialog.getByRole('alert')).toHaveText('图片只能是 JPG | JPEG | PNG 格式!');
  await files.setInputFiles('public/media/demo/guide-1.jpg');
  await expect(dialog.getByRole('img', { name: '第 1 张图片' })).toBeVisible();
  await dialog.getByRole('button', { name: '发布' }).click();
  await expect(dialog).toHaveCount(0);

  const blog = post(page, title);
  await expect(blog.getByRole('heading', { level: 2, name: title })).toBeVisible();
  await expect(blog).toContainText('<script>window.__pwned = 1</script>');
  await expect(blog).toContainText('<img src=x onerror="window.__pwned = 2">第二行');
  expect(await page.evaluate(() => (window as { __pwned?: number }).__pwned)).toBeUndefined();
  await expect(blog.locator('script, b, img[src="x"]')).toHaveCount(0);
  await expect(blog.getByRole('link', { name: '查看第 1 张图片（新标签页打开）' })).toHaveAttribute('href', /^\/files\/[\w-]+\/[\w-]+\.jpg$/);

  // A comment with markup stays text too.
  await blog.getByLabel('评论内容').fill('<i>不错</i>');
  await blog.getByRole('button', { name: '发表评论' }).click();
  await expect(blog.getByRole('listitem', { name: '孙浩' }).first()).toContainText('<i>不错</i>');
});

test('signed out, the list and a post are readable, and every write says signing in is needed', async ({ page }) => {
  // The most active blogs first: the demo's well-liked one is on the first page.
  await page.goto('/community?sort=hottest');
  await expect(page.getByRole('heading', { level: 1, name: '学习社区' })).toBeVisible();
  await expect(page.getByRole('button', { name: '最热' })).toHaveAttribute('aria-pressed', 'true');
  const link = page.getByRole('link', { name: HABITS });
  await expect(link).toBeVisible();
  await page.getByRole('button', { name: '写博客' }).click();
  await expect(page.getByText('登录后才能发帖')).toBeVisible();

  await link.click();
  const blog = post(page, HABITS);
  await expect(blog).toContainText('每周一次 1-on-1，30 分钟');
  await expect(blog.getByRole('listitem', { name: '郑凯' })).toContainText('回去试试');
  await expect(blog.getByText('登录后才能评论')).toBeVisible();
  await expect(blog.getByLabel('评论内容')).toHaveCount(0);

  for (const [button, text] of [
    ['点赞', '登录后才能点赞'],
    ['收藏', '登录后才能收藏'],
    ['分享', '登录后才能分享'],
  ] as const) {
    await blog.getByRole('button', { name: button, exact: true }).click();
    const note = blog.getByRole('status').filter({ hasText: text });
    await expect(note).toBeVisible();
    await expect(note.getByRole('link', { name: '去登录' })).toHaveAttribute('href', /^\/login\?t=login/);
  }
  await expect(blog).toContainText('5 赞');

  // The mine tab asks for a session; the keyboard moves between the tabs.
  await page.getByRole('button', { name: '返回列表' }).click();
  await page.getByRole('tab', { name: '博客', selected: true }).focus();
  await page.keyboard.press('ArrowLeft');
  await expect(page.getByRole('tab', { name: '我的', selected: true })).toBeFocused();
  await expect(page.getByText('登录后才能查看你发布和收藏的内容')).toBeVisible();
});

test('search type 7 from the header finds a new question', async ({ page, request }) => {
  const marker = word('kanban');
  const title = `看板怎么用于需求管理？${marker}`;
  const token = await tokenFor(request, 'E1001');
  await callAs(request, token, 'communityPostSave', { kind: 2, title, content: '', images: [] });

  await signIn(page, 'E1001');
  await page.goto('/community?tab=question');
  await page.getByRole('banner').getByRole('button', { name: '搜索', exact: true }).click();
  const box = page.getByRole('banner').getByRole('searchbox', { name: '搜索关键词' });
  await box.fill(marker);
  await box.press('Enter');
  // From the questions tab the header searches questions (type 7).
  await expect(page).toHaveURL(/\/search\/.*\?type=7$/);
  await expect(page.getByRole('tab', { name: '问答（1）', selected: true })).toBeVisible();
  const found = page.getByRole('tabpanel').getByRole('article', { name: title });
  await expect(found.locator('mark')).toHaveText([marker]);
  await found.getByRole('link').click();
  await expect(page).toHaveURL(/\/community\?tab=question&post=[0-9a-f-]{36}$/);
  await expect(post(page, title).getByRole('heading', { level: 2 })).toHaveText(`待解决${title}`);
});

test('the English page: lists, a post, and the sign-in notes in English', async ({ page }) => {
  await page.goto('/en/community?tab=question');
  await expect(page.getByRole('heading', { level: 1, name: 'Community' })).toBeVisible();
  await expect(page.getByRole('tab', { name: 'Questions', selected: true })).toBeVisible();
  await page.getByRole('button', { name: 'Hottest' }).click();
  await expect(page).toHaveURL(/sort=hottest/);
  await page.getByRole('searchbox', { name: 'Search posts' }).fill('Excel');
  await page.getByRole('main').getByRole('button', { name: 'Search', exact: true }).click();
  await expect(page.getByText(/found for “Excel”/)).toBeVisible();
  await page.getByRole('link', { name: 'How do I export my learning records to Excel?' }).click();
  const question = post(page, 'How do I export my learning records to Excel?');
  await expect(question).toContainText('Solved');
  const accepted = page.getByRole('region', { name: /^Answers/ }).getByRole('listitem', { name: '刘洋' });
  await expect(accepted).toContainText('Accepted');
  await expect(accepted).toContainText('download centre');
  await accepted.getByRole('button', { name: 'Like', exact: true }).click();
  await expect(accepted.getByText('Sign in to like')).toBeVisible();
  await expect(page.getByText('Sign in to answer')).toBeVisible();
});
