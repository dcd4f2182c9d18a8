/**
 * axe-core on every page type, in Chinese and a sample in English, on a gateway of this file's
 * own (the pages opened here start papers and study records that other files count). A page
 * fails on any serious or critical violation of WCAG 2.1 A and AA; lesser ones are printed.
 */
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { endpoints, type EndpointName } from '../../src/api/endpoints';
import { PASSWORD, PORT } from './fixtures';
import { ownGateway, type OwnGateway } from './own-gateway';

const gw: OwnGateway = ownGateway(PORT + 60);
/** Tokens of the people the pages are seen as, by employee number. */
const tokens = new Map<string, string>();
/** Ids the parameterised pages need, read from the gateway. */
const ids: Record<string, string> = {};

async function call<T>(request: APIRequestContext, name: EndpointName, body: Record<string, unknown> = {}, token = ''): Promise<T> {
  const row = endpoints[name];
  const url = `${gw.origin}/gateway/${row.path}`;
  const res =
    row.method === 'GET'
      ? await request.get(url, { headers: { token }, params: body as Record<string, string> })
      : await request.post(url, { headers: { token }, data: { ...('paging' in row ? row.paging : {}), ...body } });
  const envelope = (await res.json()) as { code: number; msg: string; data: T };
  if (envelope.code !== 200) throw new Error(`${name}: ${envelope.code} ${envelope.msg}`);
  return envelope.data;
}

interface Named {
  id: string;
  name?: string;
}

test.beforeAll(async ({ request }) => {
  test.setTimeout(150_000);
  await gw.start();
  for (const empNo of ['E1001', 'E1003']) {
    tokens.set(empNo, (await call<{ token: string }>(request, 'loginByEmpNo', { empNo, password: PASSWORD })).token);
  }
  const token = tokens.get('E1001')!;
  const courses = await call<{ list: Named[] }>(request, 'coursePage', { keyword: '新员工入职培训' }, token);
  ids.course = courses.list.find((c) => c.name === '新员工入职培训')!.id;
  const tasks = await call<{ list: { taskId: string; name: string }[] }>(request, 'examTaskRecordPage', { pageSize: 50 }, token);
  ids.examTask = tasks.list.find((t) => t.name === '综合能力测评')!.taskId;
  const papers = await call<{ list: { id?: string; paperId?: string }[] }>(request, 'examPaperPage', {}, token);
  const paper = papers.list[0];
  ids.paper = paper?.paperId ?? paper?.id ?? '';
  const lecturers = await call<{ list: Named[] }>(request, 'lecturerPage', {}, token);
  ids.lecturer = lecturers.list[0]!.id;
  const projects = await call<{ list: Named[] }>(request, 'projectPage', {}, token);
  ids.project = projects.list[0]!.id;
  const rooms = await call<{ list: Named[] }>(request, 'liveRoomPage', {}, token);
  ids.live = rooms.list.find((r) => r.name === '新员工见面会')?.id ?? rooms.list[0]!.id;
  const certificates = await call<{ list: { code?: string; certificateCode?: string }[] }>(request, 'certificatePage', {}, token);
  ids.certificateCode = certificates.list[0]?.code ?? certificates.list[0]?.certificateCode ?? 'XT-NONE';
});

test.afterAll(async () => {
  await gw.stop();
});

test.beforeEach(async ({ context }) => {
  await context.clearCookies();
});

/**
 * Waits for the page's islands and their data: no loading placeholder left in the page area.
 * Islands that hydrate only when scrolled into view (`client:visible`) are checked as rendered.
 */
async function settled(page: Page): Promise<void> {
  await page.waitForLoadState('load');
  await page
    .locator('astro-island[ssr]:not([client="visible"])')
    .first()
    .waitFor({ state: 'detached', timeout: 15_000 })
    .catch(() => {});
  await expect(page.locator('main [aria-busy="true"]')).toHaveCount(0, { timeout: 15_000 }).catch(() => {});
  await page.waitForTimeout(300);
}

async function expectNoSeriousViolations(page: Page, label: string): Promise<void> {
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  const minor = results.violations.filter((v) => !serious.includes(v));
  if (minor.length) console.log(`${label}: lesser findings: ${minor.map((v) => `${v.id} (${v.impact})`).join(', ')}`);
  const report = serious.map((v) => `${v.id} (${v.impact}): ${v.help}\n${v.nodes.map((n) => `    ${n.target.join(' ')}: ${n.failureSummary?.split('\n').slice(1).join(' ')}`).join('\n')}`);
  expect(report, `${label} (${page.url()})`).toEqual([]);
  // The check ran on a page with content, not on an empty shell.
  expect(results.passes.length).toBeGreaterThan(5);
}

interface PageCase {
  name: string;
  path: () => string;
  /** The person signed in, or none. */
  as?: string;
  /** English too. */
  en?: boolean;
}

const cases: PageCase[] = [
  { name: 'sign-in', path: () => '/login?t=login', en: true },
  { name: 'sign-in by SMS code', path: () => '/login?t=code' },
  { name: 'register', path: () => '/register' },
  { name: 'forgotten password', path: () => '/forget' },
  { name: 'welcome (signed out home)', path: () => '/' },
  { name: 'home', path: () => '/', as: 'E1001', en: true },
  { name: 'rankings', path: () => '/home/rank', as: 'E1001' },
  { name: 'search', path: () => `/search/${encodeURIComponent('安全')}?type=1`, as: 'E1001', en: true },
  { name: 'course list', path: () => '/knowledge', as: 'E1001', en: true },
  { name: 'course detail', path: () => `/knowledge/course/${ids.course}`, as: 'E1001', en: true },
  { name: 'projects', path: () => '/knowledge/project/free_list', as: 'E1001' },
  { name: 'project', path: () => `/knowledge/project/${ids.project}`, as: 'E1001' },
  { name: 'player', path: () => `/watch/course?courseId=${ids.course}`, as: 'E1001', en: true },
  { name: 'learning', path: () => '/watch', as: 'E1001' },
  { name: 'exam centre', path: () => '/exam', as: 'E1001', en: true },
  { name: 'exam records', path: () => '/exam?tab=2', as: 'E1001' },
  { name: 'exam detail', path: () => `/account/exam/${ids.examTask}`, as: 'E1001' },
  { name: 'exam runner', path: () => `/account/exam/examQuestion?taskId=${encodeURIComponent(ids.examTask)}`, as: 'E1001', en: true },
  { name: 'exam result', path: () => `/account/exam/examSuccess?paperId=${encodeURIComponent(ids.paper)}`, as: 'E1001' },
  { name: 'train', path: () => '/train', as: 'E1001' },
  { name: 'live rooms', path: () => '/train?tab=live', as: 'E1001' },
  { name: 'live room', path: () => `/live/watch/${ids.live}`, as: 'E1001' },
  { name: 'account', path: () => '/account', as: 'E1001', en: true },
  { name: 'account: study records', path: () => '/account?change=2', as: 'E1001' },
  { name: 'account: points', path: () => '/redirect/account?change=3&recordType=1', as: 'E1001' },
  { name: 'messages', path: () => '/account/message', as: 'E1001', en: true },
  { name: 'certificates', path: () => '/certificate', as: 'E1001' },
  { name: 'certificate verify', path: () => `/certificate/verify?code=${encodeURIComponent(ids.certificateCode)}`, en: true },
  { name: 'lecturers', path: () => '/lecturer', as: 'E1001', en: true },
  { name: 'lecturer', path: () => `/lecturer/view/${ids.lecturer}`, as: 'E1001' },
  { name: 'community', path: () => '/community', as: 'E1001' },
  { name: 'organisation centre', path: () => '/account/organization/vod', as: 'E1003' },
  { name: 'agreement', path: () => '/agreement' },
  { name: 'component gallery', path: () => '/tpl', en: true },
  { name: 'not found', path: () => '/no/such/page', en: true },
];

for (const c of cases) {
  for (const lang of c.en ? (['zh', 'en'] as const) : (['zh'] as const)) {
    test(`${c.name} (${lang}) has no serious or critical axe violation`, async ({ page, context }) => {
      if (c.as) await context.addCookies([{ name: 'ENT_WEB_TOKEN', value: tokens.get(c.as)!, url: gw.origin }]);
      await page.goto(`${gw.origin}${lang === 'en' ? '/en' : ''}${c.path()}`);
      await settled(page);
      await expect(page.locator('html')).toHaveAttribute('lang', lang === 'en' ? 'en' : 'zh-CN');
      await expectNoSeriousViolations(page, `${c.name} (${lang})`);
    });
  }
}
