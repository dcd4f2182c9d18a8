/**
 * When an exam shows its answers, as a learner sees it: 孙浩 (E1007) fails his first attempt at
 * 信息安全知识测验 (unlimited attempts; answers after the last attempt), and his review shows
 * his answers and score and says when the answers will be shown, in both languages, with no
 * correct answer or analysis anywhere on the page. Once he has passed, the same review shows them.
 */
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import type { ExamTaskItem, PaperResult, PaperSession } from '../../src/api/exam-types';
import type { PageResult } from '../../src/api/types';
import { examEn, examZh } from '../../src/i18n/sections/exam';
import { callAs, signIn, tokenFor } from './fixtures';

const SECURITY = '信息安全知识测验';
// The quiz's questions (tenants/localhost.json, security-quiz): stems, the answer given first, the key.
const PHISHING = { stem: '收到自称 IT 部门的邮件', wrong: ['A'], right: ['C'], given: 'A. 立即点击链接并输入账号密码', key: 'C. 不点击链接，通过官方渠道向 IT 部门核实并报告' };
const LOCK = { stem: '离开工位时', right: ['T'], analysis: '未锁定的电脑可能被他人查看或操作。' };
const RIGHT: { stem: string; answer: string[] }[] = [
  { stem: PHISHING.stem, answer: PHISHING.right },
  { stem: '以下哪些属于安全的密码习惯', answer: ['A', 'B', 'D'] },
  { stem: LOCK.stem, answer: LOCK.right },
  { stem: '锁定屏幕的快捷键', answer: ['L'] },
  { stem: '笔记本电脑丢失', answer: ['B'] },
];

test.beforeEach(async ({ context }) => {
  await context.clearCookies();
});

/** Takes an attempt through the gateway: `answers` by stem, the rest left blank. */
async function takeAttempt(request: APIRequestContext, token: string, taskId: string, answers: { stem: string; answer: string[] }[]) {
  const paper = await callAs<PaperSession>(request, token, 'examStart', { taskId });
  for (const { stem, answer } of answers) {
    const q = paper.questions.find((x) => x.stem.includes(stem));
    expect(q, stem).toBeDefined();
    await callAs(request, token, 'examAnswerSave', { paperId: paper.paperId, questionId: q!.questionId, answer, seq: 1 });
  }
  return { paperId: paper.paperId, result: await callAs<PaperResult>(request, token, 'examFinish', { paperId: paper.paperId }) };
}

function question(page: Page, stem: string) {
  return page.getByRole('article').filter({ hasText: stem });
}

test('a learner with attempts left sees their answers and score on the review, never the key', async ({ page, request }) => {
  const token = await tokenFor(request, 'E1007');
  const tasks = await callAs<PageResult<ExamTaskItem>>(request, token, 'examTaskRecordPage', { pageSize: 50 });
  const task = tasks.list.find((t) => t.name === SECURITY)!;
  expect(task).toMatchObject({ attempts: 0, attemptsUsed: 0 });

  await signIn(page, 'E1007');
  // The page before the exam says when the answers are shown.
  await page.goto(`/account/exam/${task.taskId}`);
  await expect(page.getByText(examZh['exam.answersRule.afterLastAttempt'])).toBeVisible();

  const first = await takeAttempt(request, token, task.taskId, [
    { stem: PHISHING.stem, answer: PHISHING.wrong },
    { stem: LOCK.stem, answer: LOCK.right },
  ]);
  expect(first.result).toMatchObject({ score: 20, passed: false });

  await page.goto(`/account/exam/examSuccess?paperId=${first.paperId}`);
  await expect(page.getByRole('heading', { level: 1, name: '考试成绩' })).toBeVisible();
  await expect(page.getByText('20 / 100', { exact: true })).toBeVisible();
  await expect(page.getByRole('heading', { name: '答卷回顾' })).toBeVisible();
  await expect(page.getByRole('main').getByRole('note')).toHaveText(examZh['exam.review.withheld.attemptsLeft']);
  await expect(page.getByRole('article')).toHaveCount(5);
  // His own answer is there; nothing says which option is right or whether his was.
  const phishing = question(page, PHISHING.stem);
  await expect(phishing.getByRole('definition').filter({ hasText: PHISHING.given })).toBeVisible();
  await expect(phishing.getByText('20 分', { exact: true })).toBeVisible();
  const main = page.getByRole('main');
  for (const label of ['正确答案', '解析']) await expect(main.getByText(label, { exact: true })).toHaveCount(0);
  await expect(main.getByText(/^(回答正确|回答错误|部分正确) · /)).toHaveCount(0);
  await expect(main.getByText(LOCK.analysis)).toHaveCount(0);
  await expect(phishing.getByText(PHISHING.key)).toHaveCount(0);

  await page.goto(`/en/account/exam/examSuccess?paperId=${first.paperId}`);
  const en = page.getByRole('main');
  await expect(en.getByRole('note')).toHaveText(examEn['exam.review.withheld.attemptsLeft']);
  for (const label of ['Correct answer', 'Analysis']) await expect(en.getByText(label, { exact: true })).toHaveCount(0);
  await expect(en.getByText(/^(Right|Wrong|Partly right) · /)).toHaveCount(0);

  // Passing is his last attempt: now the first paper's review shows the key and the analysis.
  const second = await takeAttempt(request, token, task.taskId, RIGHT);
  expect(second.result).toMatchObject({ score: 100, passed: true });
  await page.goto(`/account/exam/examSuccess?paperId=${first.paperId}`);
  await expect(page.getByRole('heading', { name: '答卷回顾' })).toBeVisible();
  await expect(page.getByRole('main').getByRole('note')).toHaveCount(0);
  await expect(question(page, PHISHING.stem).getByRole('definition').filter({ hasText: PHISHING.key })).toHaveCount(1);
  await expect(question(page, PHISHING.stem).getByText('回答错误 · 得分 0 / 20')).toBeVisible();
  await expect(question(page, LOCK.stem).getByText(LOCK.analysis)).toBeVisible();
});
