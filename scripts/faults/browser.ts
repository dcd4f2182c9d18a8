/**
 * The kill -9 run in a real browser: Chromium answers the exam in the site's own runner (the
 * built site, served by the gateway) while the gateway is killed with SIGKILL and started again.
 * Afterwards the runner's status line says "synced" with nothing unsaved, and every answer in
 * the browser's journal (IndexedDB) is in the paper with the same change counter.
 */
import { chromium, type Page } from '@playwright/test';
import type { PaperSession } from '@/api/exam-types';
import { examZh } from '@/i18n/sections/exam';
import { call, type GatewayProcess, since, sleep } from './gateway';

export interface BrowserFigures {
  kills: number;
  clicks: number;
  'kill → status "synced" ms (median/max)': string;
  'journal answers': number;
  missing: number;
}

const statusLine = (page: Page) => page.getByRole('status').and(page.locator('[data-state]'));

/** Gives some answer to the question on screen, as a candidate clicking or typing. */
async function answerOnScreen(page: Page): Promise<void> {
  const article = page.getByRole('article');
  const radios = article.getByRole('radio');
  const boxes = article.getByRole('checkbox');
  const texts = article.getByRole('textbox');
  if ((await radios.count()) > 0) {
    await radios.nth(Math.floor(Math.random() * (await radios.count()))).click();
  } else if ((await boxes.count()) > 0) {
    await boxes.nth(Math.floor(Math.random() * (await boxes.count()))).click();
  } else if ((await texts.count()) > 0) {
    await texts.first().fill(`作答 ${Math.floor(Math.random() * 1e6)}`);
  }
}

async function goToQuestion(page: Page, no: number): Promise<void> {
  await page
    .getByRole('navigation', { name: /答题卡/ })
    .getByRole('button', { name: new RegExp(`^第 ${no} 题`) })
    .click();
  await page.getByRole('heading', { level: 2, name: new RegExp(`^第 ${no} 题 `) }).waitFor();
}

/** The browser's journal of the paper: every answer with its change counter. */
function journalOf(page: Page, paperId: string) {
  return page.evaluate(
    (id) =>
      new Promise<{ questionId: string; answer: string[]; seq: number; confirmed: boolean }[]>((resolve, reject) => {
        const open = indexedDB.open('xuetang-exam-journal');
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const request = open.result.transaction('answers').objectStore('answers').index('paperId').getAll(id);
          request.onsuccess = () => resolve(request.result);
          request.onerror = () => reject(request.error);
        };
      }),
    paperId,
  );
}

/**
 * Answers the exam in Chromium through `kills` SIGKILLs of `gateway` (already started, serving
 * the built site); `check` records each verdict.
 */
export async function browserRun(
  gateway: GatewayProcess,
  kills: number,
  check: (ok: boolean, what: string) => void,
): Promise<BrowserFigures> {
  const origin = `http://localhost:${gateway.options.port}`;
  const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium' });
  const recoveries: number[] = [];
  let clicks = 0;
  try {
    const page = await browser.newPage();
    await page.goto(`${origin}/login?t=login`);
    await page.getByLabel('工号').fill('E1001');
    await page.getByLabel('密码', { exact: true }).fill('Xuetang@2026');
    await page.getByRole('button', { name: '登录', exact: true }).click();
    await page.waitForURL((url) => !url.pathname.includes('/login'));
    const token = (await page.context().cookies()).find((c) => c.name === 'ENT_WEB_TOKEN')?.value ?? '';
    const tasks = await call<{ list: { taskId: string; name: string }[] }>(gateway.base, 'examTaskRecordPage', { token, lang: 'zh', body: { pageSize: 50 } });
    const taskId = tasks.list.find((t) => t.name === '综合能力测评')!.taskId;
    await page.goto(`${origin}/account/exam/examQuestion?taskId=${encodeURIComponent(taskId)}`);
    const heading = page.getByRole('heading', { level: 2, name: /^第 \d+ 题 \/ 共 \d+ 题$/ });
    await heading.waitFor();
    const total = Number(/共 (\d+) 题/.exec((await heading.textContent()) ?? '')?.[1]);

    const answerSome = async (count: number) => {
      for (let i = 0; i < count; i++) {
        await goToQuestion(page, 1 + Math.floor(Math.random() * total));
        await answerOnScreen(page);
        clicks++;
      }
    };
    for (let k = 1; k <= kills; k++) {
      await answerSome(2 + Math.floor(Math.random() * 3));
      await gateway.kill9();
      const killedAt = performance.now();
      // Answers given while the gateway is down wait in the journal.
      await answerSome(2 + Math.floor(Math.random() * 3));
      await gateway.start();
      await page.getByRole('status').filter({ hasText: examZh['exam.runner.status.synced'] }).waitFor({ timeout: 60_000 });
      recoveries.push(since(killedAt));
    }
    check(recoveries.length === kills, `after each of the ${kills} kills the status line came back to "${examZh['exam.runner.status.synced']}"`);
    await answerSome(3);
    await sleep(1_500);
    const status = statusLine(page);
    const shown = (await status.textContent()) ?? '';
    const state = await status.getAttribute('data-state');
    check(state === 'synced' || state === 'saved', `the runner's status line says "${shown}"`);

    const paper = await call<PaperSession>(gateway.base, 'examStart', { token, body: { taskId } });
    const journal = await journalOf(page, paper.paperId);
    const held = new Map(paper.answers.map((a) => [a.questionId, a]));
    const missing = journal.filter((j) => {
      const a = held.get(j.questionId);
      return !j.confirmed || !a || a.seq !== j.seq || JSON.stringify(a.answer) !== JSON.stringify(j.answer);
    });
    check(journal.length > 0 && missing.length === 0, `every answer of the browser's journal is confirmed and in the paper (${journal.length}; missing: ${missing.length})`);
    const sorted = [...recoveries].sort((a, b) => a - b);
    return {
      kills: recoveries.length,
      clicks,
      'kill → status "synced" ms (median/max)': `${sorted[Math.floor(sorted.length / 2)] ?? 0}/${sorted.at(-1) ?? 0}`,
      'journal answers': journal.length,
      missing: missing.length,
    };
  } finally {
    await browser.close();
  }
}
