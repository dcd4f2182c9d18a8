/**
 * A course's exam period and the letters of a paper, as a learner meets them: 王磊 (E1003) opens
 * the exam period of 新员工入职培训, its button opens the runner, he answers right and hands in,
 * and the period shows the pass at 100% (in both languages) with its button leading to the
 * result; 孙浩 (E1007) ticks an option of the shuffled 综合能力测评 whose letter on the paper is
 * not its original letter, and the review shows the letter he saw. Answers come from the demo
 * answer keys in the tenant file.
 */
import { readFileSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { endpoints, type EndpointName } from '../../src/api/endpoints';
import type { CourseItem } from '../../src/api/learning-types';
import type { ExamTaskItem } from '../../src/api/exam-types';
import type { PageResult } from '../../src/api/types';
import { playerEn, playerZh } from '../../src/i18n/sections/player';
import { signIn } from './fixtures';

test.describe.configure({ mode: 'parallel' });

test.beforeEach(async ({ context }) => {
  await context.clearCookies();
});

type Text = string | { zh: string; en: string };
interface SeedQuestion {
  key: string;
  type: number;
  stem: Text;
  options?: { key: string; text: Text }[];
  answer: string[] | string[][];
}
const seedExams = (JSON.parse(readFileSync('tenants/localhost.json', 'utf8')) as { seed: { exams: { exams: { key: string; questions: SeedQuestion[] }[] } } })
  .seed.exams.exams;
const questionsOf = (key: string) => seedExams.find((e) => e.key === key)!.questions;
const zh = (t: Text) => (typeof t === 'string' ? t : t.zh);
const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

async function api<T>(page: Page, name: EndpointName, body: object): Promise<T> {
  const token = (await page.context().cookies()).find((c) => c.name === 'ENT_WEB_TOKEN')?.value ?? '';
  const res = await page.request.post(`/gateway/${endpoints[name].path}`, { headers: { token }, data: body });
  const envelope = (await res.json()) as { code: number; msg: string; data: T };
  expect(envelope.code, `${name}: ${envelope.msg}`).toBe(200);
  return envelope.data;
}

const questionHeading = (page: Page) => page.getByRole('heading', { level: 2, name: /^第 \d+ 题 \/ 共 \d+ 题$/ });

async function questionCount(page: Page): Promise<number> {
  await expect(questionHeading(page)).toBeVisible();
  return Number(/共 (\d+) 题$/.exec((await questionHeading(page).textContent()) ?? '')?.[1]);
}

async function goToQuestion(page: Page, no: number): Promise<void> {
  await page.getByRole('navigation', { name: '答题卡' }).getByRole('button', { name: new RegExp(`^第 ${no} 题:`) }).click();
  await expect(page.getByRole('heading', { level: 2, name: new RegExp(`^第 ${no} 题 `) })).toBeVisible();
}

async function questionOnScreen(page: Page, questions: SeedQuestion[]): Promise<SeedQuestion> {
  const shown = await page.getByRole('article').innerText();
  const q = questions.filter((x) => shown.includes(zh(x.stem))).sort((a, b) => zh(b.stem).length - zh(a.stem).length)[0];
  if (!q) throw new Error(`no demo question in:\n${shown}`);
  return q;
}

function optionControl(page: Page, q: SeedQuestion, key: string) {
  const option = q.options!.find((o) => o.key === key)!;
  return page.getByRole('article').getByRole(q.type === 2 ? 'checkbox' : 'radio', { name: new RegExp(`^[A-Z]\\.\\s*${escape(zh(option.text))}$`) });
}

async function handIn(page: Page): Promise<void> {
  await page.getByRole('button', { name: '交卷', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: '确认交卷' });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: '确认交卷' }).click();
}

const periodLink = (page: Page, name: string, nav = '课程目录') =>
  page.getByRole('navigation', { name: nav }).getByRole('link', { name: new RegExp(name) });

test('the onboarding course’s exam period opens the runner, and a pass completes it', async ({ page }) => {
  test.setTimeout(120_000);
  await signIn(page, 'E1003');
  const courses = await api<PageResult<CourseItem>>(page, 'coursePage', { pageCurrent: 1, pageSize: 8, keyword: '新员工入职培训' });
  const courseId = courses.list.find((c) => c.name === '新员工入职培训')!.id;

  await page.goto(`/watch/course?courseId=${courseId}`);
  await periodLink(page, '入职考试').click();
  await expect(page.getByRole('heading', { name: '入职考试', level: 1 })).toBeVisible();
  await expect(page.getByText(playerZh['player.exam.intro'].replace('{name}', '入职考试'))).toBeVisible();
  await expect(periodLink(page, '入职考试')).toContainText('0%');
  await page.getByRole('button', { name: playerZh['player.exam.start'] }).click();
  await page.waitForURL(/\/account\/exam\/examQuestion\?taskId=/);

  const questions = questionsOf('onboarding-exam');
  const total = await questionCount(page);
  for (let no = 1; no <= total; no += 1) {
    await goToQuestion(page, no);
    const q = await questionOnScreen(page, questions);
    if (q.type === 4) {
      await page.getByRole('article').getByLabel('第 1 空').fill((q.answer as string[][])[0]![0]!);
    } else {
      for (const o of q.options ?? []) {
        const right = (q.answer as string[]).includes(o.key);
        if (q.type === 2) await optionControl(page, q, o.key).setChecked(right);
        else if (right) await optionControl(page, q, o.key).check();
      }
    }
  }
  await handIn(page);
  await page.waitForURL(/\/account\/exam\/examSuccess\?paperId=/);
  await expect(page.getByRole('main')).toContainText('通过');

  // Back in the course: the period is passed, at 100%, and its button leads to the result.
  await page.goto(`/watch/course?courseId=${courseId}`);
  await periodLink(page, '入职考试').click();
  const state = page.getByTestId('exam-period-state');
  await expect(state).toHaveText(playerZh['player.exam.passed']);
  await expect(state).not.toHaveClass(/destructive/);
  await expect(periodLink(page, '入职考试')).toContainText('100%');
  await page.getByRole('button', { name: playerZh['player.exam.viewResult'] }).click();
  await page.waitForURL(/\/account\/exam\/examSuccess\?paperId=/);
  await expect(page.getByRole('main')).toContainText('100');

  await page.goto(`/en/watch/course?courseId=${courseId}`);
  await page.getByRole('navigation', { name: 'Contents' }).getByRole('link', { name: /Onboarding exam/ }).click();
  await expect(page.getByTestId('exam-period-state')).toHaveText(playerEn['player.exam.passed']);
  await expect(page.getByRole('button', { name: playerEn['player.exam.viewResult'] })).toBeVisible();
});

test('a shuffled option keeps the letter it was shown with in the review', async ({ page }) => {
  test.setTimeout(120_000);
  await signIn(page, 'E1007');
  const tasks = await api<PageResult<ExamTaskItem>>(page, 'examTaskRecordPage', { pageCurrent: 1, pageSize: 50 });
  const task = tasks.list.find((t) => t.name === '综合能力测评')!;
  await page.goto(`/account/exam/examQuestion?taskId=${encodeURIComponent(task.taskId)}`);

  const questions = questionsOf('general-assessment');
  const total = await questionCount(page);
  let ticked: { no: number; letter: string; text: string } | undefined;
  for (let no = 1; no <= total && !ticked; no += 1) {
    await goToQuestion(page, no);
    const q = await questionOnScreen(page, questions);
    if (q.type !== 1) continue;
    const radios = page.getByRole('article').getByRole('radio');
    for (let i = 0; i < (await radios.count()); i += 1) {
      const name = (await radios.nth(i).getAttribute('aria-label')) ?? (await radios.nth(i).locator('xpath=..').innerText());
      const m = /^([A-Z])\.\s*(.+)$/.exec(name.trim());
      if (!m) continue;
      const original = q.options!.findIndex((o) => zh(o.text) === m[2]!.trim());
      if (original >= 0 && String.fromCharCode(65 + original) !== m[1]) {
        await radios.nth(i).check();
        ticked = { no, letter: m[1]!, text: m[2]!.trim() };
        break;
      }
    }
  }
  expect(ticked, 'a single-choice option moved by the shuffle').toBeDefined();
  await handIn(page);
  await page.waitForURL(/\/account\/exam\/(waitExamSuccess|examSuccess)\?paperId=/);

  const reviewed = page.getByRole('article', { name: `第 ${ticked!.no} 题`, exact: true });
  await expect(reviewed).toContainText(`${ticked!.letter}. ${ticked!.text}`);
  await expect(reviewed.getByRole('listitem').filter({ hasText: ticked!.text })).toContainText(`${ticked!.letter}.`);
});
