/**
 * The exam runner as a candidate uses it: every question type answered and scored, a reload in
 * the middle (and a crash while no save gets through) loses nothing, the gateway going away for
 * ten seconds loses nothing and the runner says when it has synced, leaving the page past the
 * limit hands the paper in, and so does the end of the time. Each test takes its own person or
 * exam; answers come from the demo answer keys in the tenant file.
 */
import { readFileSync } from 'node:fs';
import { expect, test, type Page, type Route } from '@playwright/test';
import type { EndpointName } from '../../src/api/endpoints';
import { endpoints } from '../../src/api/endpoints';
import type { ExamTaskItem, PaperResult, PaperReview } from '../../src/api/exam-types';
import type { CourseItem, CourseResourceItem } from '../../src/api/learning-types';
import type { PageResult } from '../../src/api/types';
import { examEn, examZh } from '../../src/i18n/sections/exam';
import { PORT, signIn } from './fixtures';
import { ownGateway } from './own-gateway';

test.describe.configure({ mode: 'parallel' });

test.beforeEach(async ({ context }) => {
  await context.clearCookies();
});

// ---- the demo exams and their answer keys (tenants/localhost.json)

type Text = string | { zh: string; en: string };
interface SeedQuestion {
  key: string;
  type: number;
  stem: Text;
  options?: { key: string; text: Text }[];
  answer: string[] | string[][];
  score: number;
}
interface SeedExam {
  key: string;
  questions: SeedQuestion[];
}

const seedExams = (JSON.parse(readFileSync('tenants/localhost.json', 'utf8')) as { seed: { exams: { exams: SeedExam[] } } })
  .seed.exams.exams;

function seedExam(key: string): SeedExam {
  const found = seedExams.find((e) => e.key === key);
  if (!found) throw new Error(`no demo exam ${key}`);
  return found;
}

const GENERAL = { key: 'general-assessment', name: '综合能力测评' };
const ONBOARDING = { key: 'onboarding-exam', name: '入职考试', course: '新员工入职培训' };
const SECURITY = { key: 'security-quiz', name: '信息安全知识测验' };
const ONE_MINUTE = { key: 'one-minute', name: '一分钟速测' };

type Lang = 'zh' | 'en';
const text = (t: Text, lang: Lang) => (typeof t === 'string' ? t : t[lang]);
const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The answer a test gives: the right one for objective questions, a text of its own for short answers. */
function answerOf(q: SeedQuestion, lang: Lang): string[] {
  if (q.type === 4) return (q.answer as string[][]).map((accepted) => accepted[0]!);
  if (q.type === 5) return [lang === 'zh' ? `我的作答：${q.key}。先说结论，再讲过程。` : `My answer to ${q.key}: conclusion first.`];
  return [...(q.answer as string[])].sort();
}

/** Points of the objective questions, all answered right. */
function objectivePoints(exam: SeedExam): number {
  return exam.questions.filter((q) => q.type !== 5).reduce((sum, q) => sum + q.score, 0);
}

// ---- the gateway, as the signed-in person

async function token(page: Page): Promise<string> {
  return (await page.context().cookies()).find((c) => c.name === 'ENT_WEB_TOKEN')?.value ?? '';
}

async function api<T>(page: Page, name: EndpointName, input: { body?: object; query?: Record<string, string> } = {}, origin = ''): Promise<T> {
  const row = endpoints[name];
  const url = `${origin}/gateway/${row.path}`;
  const headers = { token: await token(page) };
  const res =
    row.method === 'GET'
      ? await page.request.get(url, { headers, params: input.query })
      : await page.request.post(url, { headers, params: input.query, data: input.body ?? {} });
  const body = (await res.json()) as { code: number; msg: string; data: T };
  if (body.code !== 200) throw new Error(`${name}: ${body.code} ${body.msg}`);
  return body.data;
}

async function taskIdOf(page: Page, name: string, origin = ''): Promise<string> {
  const page1 = await api<PageResult<ExamTaskItem>>(page, 'examTaskRecordPage', { body: { pageCurrent: 1, pageSize: 50 } }, origin);
  const task = page1.list.find((t) => t.name === name);
  if (!task) throw new Error(`no exam task ${name}`);
  return task.taskId;
}

// ---- the runner

function runnerPath(taskId: string, lang: Lang = 'zh'): string {
  return `${lang === 'en' ? '/en' : ''}/account/exam/examQuestion?taskId=${encodeURIComponent(taskId)}`;
}

const statusLine = (page: Page) => page.getByRole('status').filter({ hasText: /已保存|正在保存|离线|已同步|saved|Saving|Offline|Synced/ });

async function questionCount(page: Page): Promise<number> {
  const heading = page.getByRole('heading', { level: 2, name: /^(第 \d+ 题 \/ 共 \d+ 题|Question \d+ of \d+)$/ });
  await expect(heading).toBeVisible();
  const m = /(?:共 (\d+) 题|of (\d+))$/.exec((await heading.textContent()) ?? '');
  return Number(m?.[1] ?? m?.[2]);
}

/** The demo question on screen, found by its stem (the paper may be shuffled). */
async function questionOnScreen(page: Page, exam: SeedExam, lang: Lang): Promise<SeedQuestion> {
  const shown = await page.getByRole('article').innerText();
  const matches = exam.questions.filter((q) => shown.includes(text(q.stem, lang)));
  const q = matches.sort((a, b) => text(b.stem, lang).length - text(a.stem, lang).length)[0];
  if (!q) throw new Error(`no demo question in:\n${shown}`);
  return q;
}

function optionControl(page: Page, q: SeedQuestion, key: string, lang: Lang) {
  const option = q.options?.find((o) => o.key === key);
  if (!option) throw new Error(`no option ${key} in ${q.key}`);
  const name = new RegExp(`^[A-Z]\\.\\s*${escape(text(option.text, lang))}$`);
  return page.getByRole('article').getByRole(q.type === 2 ? 'checkbox' : 'radio', { name });
}

const blankLabel = (i: number, lang: Lang) => (lang === 'zh' ? `第 ${i + 1} 空` : `Blank ${i + 1}`);
const answerLabel = (lang: Lang) => (lang === 'zh' ? '作答' : 'Your answer');

async function giveAnswer(page: Page, q: SeedQuestion, answer: string[], lang: Lang): Promise<void> {
  const article = page.getByRole('article');
  if (q.type === 1 || q.type === 3) {
    await optionControl(page, q, answer[0]!, lang).check();
  } else if (q.type === 2) {
    for (const o of q.options ?? []) await optionControl(page, q, o.key, lang).setChecked(answer.includes(o.key));
  } else if (q.type === 4) {
    for (const [i, value] of answer.entries()) await article.getByLabel(blankLabel(i, lang)).fill(value);
  } else {
    await article.getByLabel(answerLabel(lang)).fill(answer[0]!);
  }
}

async function expectAnswerShown(page: Page, q: SeedQuestion, answer: string[], lang: Lang): Promise<void> {
  const article = page.getByRole('article');
  if (q.type === 4) {
    for (const [i, value] of answer.entries()) await expect(article.getByLabel(blankLabel(i, lang))).toHaveValue(value);
  } else if (q.type === 5) {
    await expect(article.getByLabel(answerLabel(lang))).toHaveValue(answer[0]!);
  } else {
    for (const o of q.options ?? []) {
      const control = optionControl(page, q, o.key, lang);
      if (answer.includes(o.key)) await expect(control).toBeChecked();
      else await expect(control).not.toBeChecked();
    }
  }
}

async function goToQuestion(page: Page, no: number): Promise<void> {
  await page
    .getByRole('navigation', { name: /答题卡|Question map/ })
    .getByRole('button', { name: new RegExp(`^(第 ${no} 题|Question ${no}):`) })
    .click();
  await expect(page.getByRole('heading', { level: 2, name: new RegExp(`^(第 ${no} 题 |Question ${no} of)`) })).toBeVisible();
}

/**
 * Answers the paper's questions `from`..`to` (1-based, in the paper's order) and answers what was
 * given per demo question key.
 */
async function answerQuestions(page: Page, exam: SeedExam, from: number, to: number, lang: Lang = 'zh') {
  const given = new Map<string, string[]>();
  for (let no = from; no <= to; no += 1) {
    await goToQuestion(page, no);
    const q = await questionOnScreen(page, exam, lang);
    const answer = answerOf(q, lang);
    await giveAnswer(page, q, answer, lang);
    given.set(q.key, answer);
  }
  return given;
}

/** Checks, question by question, that the runner shows what was given. */
async function expectAnswersShown(page: Page, exam: SeedExam, given: Map<string, string[]>, lang: Lang = 'zh') {
  const total = await questionCount(page);
  let seen = 0;
  for (let no = 1; no <= total; no += 1) {
    await goToQuestion(page, no);
    const q = await questionOnScreen(page, exam, lang);
    const answer = given.get(q.key);
    if (!answer) continue;
    await expectAnswerShown(page, q, answer, lang);
    seen += 1;
  }
  expect(seen).toBe(given.size);
}

async function handIn(page: Page, lang: Lang = 'zh'): Promise<void> {
  await page.getByRole('button', { name: lang === 'zh' ? '交卷' : 'Hand in', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: lang === 'zh' ? '确认交卷' : 'Hand in the paper?' });
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText(lang === 'zh' ? examZh['exam.runner.handInAll'] : examEn['exam.runner.handInAll']);
  await dialog.getByRole('button', { name: lang === 'zh' ? '确认交卷' : 'Hand in' }).click();
}

function paperIdOf(page: Page): string {
  return new URL(page.url()).searchParams.get('paperId') ?? '';
}

/** Every answer the review of a handed-in paper holds, by demo question key. */
async function reviewedAnswers(page: Page, exam: SeedExam, paperId: string, origin = ''): Promise<Map<string, string[]>> {
  const review = await api<PaperReview>(page, 'examPaperView', { query: { id: paperId } }, origin);
  const out = new Map<string, string[]>();
  for (const rq of review.questions) {
    const q = exam.questions.find((x) => text(x.stem, 'zh') === rq.stem);
    // Multiple choice is kept in the paper's (shuffled) option order.
    if (q && rq.answer.length > 0) out.set(q.key, q.type === 2 ? [...rq.answer].sort() : rq.answer);
  }
  return out;
}

// ---- the tests

test('an assessment with every question type: answered, handed in, its objective part scored while the short answers wait', async ({
  page,
}) => {
  const exam = seedExam(GENERAL.key);
  await signIn(page, 'E1003');
  await page.goto(runnerPath(await taskIdOf(page, GENERAL.name)));
  await expect(page.getByRole('heading', { level: 1, name: GENERAL.name })).toBeVisible();
  await expect(page.getByRole('timer')).toHaveText(/^(29|30):\d\d$/);
  const total = await questionCount(page);
  expect(total).toBe(exam.questions.length);

  // On a phone, whatever the status line says (saving, saved, offline, synced), the header keeps
  // its height and the question below it does not move.
  const desktop = page.viewportSize()!;
  await page.setViewportSize({ width: 412, height: 823 });
  const status = statusLine(page);
  const question = page.getByRole('heading', { level: 2, name: /^第 \d+ 题 \/ 共 \d+ 题$/ });
  const tops: number[] = [];
  for (const line of ['saving', 'saved', 'offline', 'synced'] as const) {
    await status.evaluate((el, t) => (el.textContent = t), examZh[`exam.runner.status.${line}`].replace('{count}', '12'));
    tops.push((await question.boundingBox())!.y);
  }
  expect(new Set(tops).size, `question top per status text: ${tops.join(', ')}`).toBe(1);
  await page.setViewportSize(desktop);

  const given = await answerQuestions(page, exam, 1, total);
  expect([...given.keys()].sort()).toEqual(exam.questions.map((q) => q.key).sort());
  await expect(statusLine(page)).toHaveText(examZh['exam.runner.status.saved']);
  await expect(page.getByRole('navigation', { name: '答题卡' })).toContainText(`已答 ${total} / ${total} 题`);

  await handIn(page);
  await page.waitForURL(/\/account\/exam\/waitExamSuccess\?paperId=/);
  const result = await api<PaperResult>(page, 'examFinishView', { query: { paperId: paperIdOf(page) } });
  expect(result).toMatchObject({ status: 1, score: objectivePoints(exam), answeredCount: total, submitReason: 'user' });
  await expect(page.getByRole('main')).toContainText(String(objectivePoints(exam)));
  expect(await reviewedAnswers(page, exam, paperIdOf(page))).toEqual(given);
});

test('the onboarding exam, objective only: every answer right gives full marks and a pass', async ({ page }) => {
  const exam = seedExam(ONBOARDING.key);
  await signIn(page, 'E1007');
  // The course's exam period gives the learner an exam task.
  const courses = await api<PageResult<CourseItem>>(page, 'coursePage', { body: { pageCurrent: 1, pageSize: 8, keyword: ONBOARDING.course } });
  const courseId = courses.list.find((c) => c.name === ONBOARDING.course)!.id;
  const tree = await api<CourseResourceItem[]>(page, 'chapterPeriodList', { query: { courseId } });
  const period = tree.flatMap((c) => c.subTrainingProgress ?? []).find((p) => p.subResourceName === ONBOARDING.name)!;
  const task = await api<{ taskId: string }>(page, 'saveExamTaskByCourseId', {
    body: { courseId, itemId: period.subResourceId, examId: period.examId, type: 1 },
  });

  await page.goto(runnerPath(task.taskId));
  const total = await questionCount(page);
  await answerQuestions(page, exam, 1, total);
  await handIn(page);
  await page.waitForURL(/\/account\/exam\/examSuccess\?paperId=/);
  const result = await api<PaperResult>(page, 'examFinishView', { query: { paperId: paperIdOf(page) } });
  expect(result).toMatchObject({ status: 2, score: 100, passed: true });
  await expect(page.getByRole('main')).toContainText('100');
  await expect(page.getByRole('main')).toContainText('通过');
});

test('a reload in the middle keeps every answer of every type, and so does a crash with no save getting through', async ({
  page,
  context,
}) => {
  const exam = seedExam(GENERAL.key);
  await signIn(page, 'E1004');
  await page.goto(runnerPath(await taskIdOf(page, GENERAL.name)));
  const total = await questionCount(page);
  const half = Math.ceil(total / 2);

  // Reloaded right after the last change.
  const given = await answerQuestions(page, exam, 1, half);
  await page.reload();
  await expectAnswersShown(page, exam, given);
  const paperId = paperIdOf(page);
  expect(paperId).not.toBe('');

  // The rest is answered while no save gets through, then the tab crashes (no last send on the
  // way out): only the journal has these answers when the paper is opened again.
  const saves = `**/${endpoints.examAnswerSave.path}`;
  const refuse = (route: Route) => route.abort('internetdisconnected');
  await page.route(saves, refuse);
  for (const [k, v] of await answerQuestions(page, exam, half + 1, total)) given.set(k, v);
  const offline = examZh['exam.runner.status.offline'].replace('{count}', String(total - half));
  await expect(statusLine(page)).toHaveText(offline);
  const url = page.url();
  const cdp = await context.newCDPSession(page);
  const crashed = page.waitForEvent('crash');
  void cdp.send('Page.crash').catch(() => {});
  await crashed;

  const again = await context.newPage();
  await again.route(saves, refuse);
  await again.goto(url);
  expect(paperIdOf(again)).toBe(paperId);
  await expectAnswersShown(again, exam, given);
  expect(given.size).toBe(total);
  await expect(statusLine(again)).toHaveText(offline);

  await again.unroute(saves);
  await expect(statusLine(again)).toHaveText(examZh['exam.runner.status.synced'], { timeout: 20_000 });
  await handIn(again);
  await again.waitForURL(/\/account\/exam\/waitExamSuccess\?paperId=/);
  expect(await reviewedAnswers(again, exam, paperId)).toEqual(given);
});

test('the gateway stops for ten seconds while the candidate answers: nothing is lost and the runner shows it synced', async ({ page }) => {
  test.setTimeout(240_000);
  const exam = seedExam(GENERAL.key);
  const gw = ownGateway(PORT + 50);
  await gw.start();
  try {
    await signIn(page, 'E1001', undefined, gw.origin);
    await page.goto(`${gw.origin}${runnerPath(await taskIdOf(page, GENERAL.name, gw.origin))}`);
    const total = await questionCount(page);
    const before = Math.floor(total / 2);
    const given = await answerQuestions(page, exam, 1, before);
    await expect(statusLine(page)).toHaveText(examZh['exam.runner.status.saved']);

    await gw.stop();
    const stoppedAt = Date.now();
    for (const [k, v] of await answerQuestions(page, exam, before + 1, total)) given.set(k, v);
    const unsaved = total - before;
    await expect(statusLine(page)).toHaveText(examZh['exam.runner.status.offline'].replace('{count}', String(unsaved)));
    await page.waitForTimeout(Math.max(0, 10_000 - (Date.now() - stoppedAt)));
    await expect(statusLine(page)).toHaveText(examZh['exam.runner.status.offline'].replace('{count}', String(unsaved)));

    await gw.start();
    await expect(statusLine(page)).toHaveText(examZh['exam.runner.status.synced'], { timeout: 60_000 });
    const paperId = paperIdOf(page);

    await handIn(page);
    await page.waitForURL(/\/account\/exam\/waitExamSuccess\?paperId=/);
    expect(await reviewedAnswers(page, exam, paperId, gw.origin)).toEqual(given);
  } finally {
    await gw.stop();
  }
});

/** A tab switch as the page sees it: hidden, then visible again. */
async function switchTabs(page: Page): Promise<void> {
  await page.evaluate(() => {
    const set = (state: DocumentVisibilityState) =>
      Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => state });
    set('hidden');
    document.dispatchEvent(new Event('visibilitychange'));
    set('visible');
    document.dispatchEvent(new Event('visibilitychange'));
  });
}

test('switching tabs past the limit: warned twice, then handed in with the spec message', async ({ page }) => {
  // Not E1001: the exam centre's tests expect E1001's security quiz still waiting.
  await signIn(page, 'E1004');
  await page.goto(runnerPath(await taskIdOf(page, SECURITY.name), 'en'));
  await questionCount(page);

  for (const count of [1, 2]) {
    await switchTabs(page);
    const warning = page.getByRole('alertdialog', { name: examEn['exam.screenWarning'] });
    await expect(warning).toBeVisible();
    await expect(warning).toContainText(`Screen switches so far: ${count} (at most 2 allowed)`);
    await warning.getByRole('button', { name: 'I understand' }).click();
    await expect(warning).toBeHidden();
  }

  await switchTabs(page);
  await expect(page.getByRole('alertdialog', { name: examEn['exam.screenLimit'] })).toBeVisible();
  await page.waitForURL(/\/en\/account\/exam\/examSuccess\?paperId=/);
  const result = await api<PaperResult>(page, 'examFinishView', { query: { paperId: paperIdOf(page) } });
  expect(result).toMatchObject({ status: 2, submitReason: 'screen' });
  const review = await api<PaperReview>(page, 'examPaperView', { query: { id: paperIdOf(page) } });
  expect(review.screenEvents).toHaveLength(3);
});

test('the time runs out: the runner says so and the paper is handed in', async ({ page }) => {
  test.setTimeout(120_000);
  const exam = seedExam(ONE_MINUTE.key);
  await signIn(page, 'E1003');
  await page.goto(runnerPath(await taskIdOf(page, ONE_MINUTE.name), 'en'));
  await expect(page.getByRole('timer')).toHaveText(/^0[01]:\d\d$/);
  const given = await answerQuestions(page, exam, 1, 1, 'en');

  await expect(page.getByRole('alertdialog', { name: 'The examination time has come to an end' })).toBeVisible({ timeout: 75_000 });
  await page.waitForURL(/\/en\/account\/exam\/examSuccess\?paperId=/);
  const paperId = paperIdOf(page);
  const result = await api<PaperResult>(page, 'examFinishView', { query: { paperId } });
  expect(result).toMatchObject({ status: 2, submitReason: 'timeout', answeredCount: 1 });
  expect(await reviewedAnswers(page, exam, paperId)).toEqual(given);
});

test('an anonymous visitor is sent to sign in', async ({ page }) => {
  await page.goto('/account/exam/examQuestion?taskId=00000000-0000-4000-8000-000000000000');
  await page.waitForURL(/\/login\?t=login&redirect=/);
});
