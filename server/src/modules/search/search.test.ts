import { eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Code } from '@/api/codes';
import { SearchType, type SearchResult } from '@/api/home-types';
import type { Locale } from '@/i18n/routes';
import { announcementReads, announcements, communityPosts, courses, enterpriseDomains, enterpriseUsers, examTasks } from '../../db/schema';
import { createTestApp, HOST_ONE, HOST_TWO, type TestGateway } from '../../testing';
import { keywordTerms, searchKeyword, SEARCH_KEYWORD_MAX } from '../../keyword';
import { excerpt } from '../../db/access/search';

let gw: TestGateway;
const tokens: Record<string, string> = {};
const members: Record<string, string> = {};
let one: string;
let two: string;

/** A word no demo text holds, so that counts of the fixtures below are exact. */
const MARK = 'Zephyrine';

beforeAll(async () => {
  gw = await createTestApp();
  const db = gw.database.db;
  const domains = await db.select().from(enterpriseDomains);
  one = domains.find((d) => d.domain === HOST_ONE)!.enterpriseId;
  two = domains.find((d) => d.domain === HOST_TWO)!.enterpriseId;
  for (const m of await db.select().from(enterpriseUsers)) members[m.empNo] = m.id;
  for (const empNo of ['E1001', 'E1002', 'E1003']) tokens[empNo] = await gw.login(empNo);
  tokens.B2001 = await gw.login('B2001', undefined, { host: HOST_TWO });

  await db.insert(courses).values([
    // Pattern characters taken literally: only these match '%', '_' and '\'.
    { enterpriseId: one, nameZh: `${MARK} 完成率 100% 课程`, nameEn: `${MARK} 100% completion`, introZh: '百分号', introEn: 'percent' },
    { enterpriseId: one, nameZh: `${MARK} 下划线_课程`, nameEn: `${MARK} under_score`, introZh: '下划线', introEn: 'underscore' },
    { enterpriseId: one, nameZh: `${MARK} 反斜杠\\课程`, nameEn: `${MARK} back\\slash`, introZh: '反斜杠', introEn: 'backslash' },
    { enterpriseId: one, nameZh: `${MARK} 已下架`, nameEn: `${MARK} removed`, status: 0 },
    { enterpriseId: two, nameZh: `${MARK} 公司二的课程`, nameEn: `${MARK} company two course` },
  ]);
  const [published, toE1002, scheduled, removedByE1001] = await db
    .insert(announcements)
    .values([
      { enterpriseId: one, titleZh: `${MARK} 安全月活动通知`, titleEn: `${MARK} safety month`, contentZh: '第一行\n第二行：消防演练', contentEn: 'Line one\nLine two: fire drill' },
      { enterpriseId: one, kind: 2, recipientId: members.E1002, titleZh: `${MARK} 给李娜的消息`, titleEn: `${MARK} message to Li Na` },
      { enterpriseId: one, titleZh: `${MARK} 尚未发布`, titleEn: `${MARK} not yet`, publishedAt: sql`now() + interval '1 day'` },
      { enterpriseId: one, titleZh: `${MARK} 张伟删除的公告`, titleEn: `${MARK} removed by Zhang Wei` },
      { enterpriseId: two, titleZh: `${MARK} 公司二的公告`, titleEn: `${MARK} company two notice` },
    ])
    .returning({ id: announcements.id });
  fixtures = { published: published!.id, toE1002: toE1002!.id, scheduled: scheduled!.id, removedByE1001: removedByE1001!.id };
  await db
    .insert(announcementReads)
    .values({ enterpriseId: one, announcementId: removedByE1001!.id, enterpriseUserId: members.E1001!, deletedAt: new Date() });
});
afterAll(() => gw?.close());

let fixtures: { published: string; toE1002: string; scheduled: string; removedByE1001: string };

interface Ask {
  keyword?: unknown;
  type?: number;
  pageCurrent?: number;
  pageSize?: number;
}

async function search(empNo: string, body: Ask, lang: Locale = 'zh') {
  const host = empNo.startsWith('B') ? HOST_TWO : HOST_ONE;
  return (await gw.call<SearchResult>('searchPage', { token: tokens[empNo], host, lang, body })).body;
}

async function found(empNo: string, body: Ask, lang: Locale = 'zh'): Promise<SearchResult> {
  const envelope = await search(empNo, body, lang);
  expect(envelope.code, envelope.msg).toBe(Code.OK);
  return envelope.data;
}

const titles = (result: SearchResult) => result.list.map((h) => h.title);

describe('the keyword', () => {
  it('is normalised: NFKC, control characters as spaces, trimmed', () => {
    expect(searchKeyword('  ＪＡＶＡ\u3000入门 ')).toBe('JAVA 入门');
    expect(searchKeyword('a\u0000b')).toBe('a b');
    expect(keywordTerms('Java  入门 java')).toEqual(['Java', '入门']);
    expect(excerpt('第一行\n  第二行')).toBe('第一行 第二行');
    expect([...excerpt('长'.repeat(300))].length).toBe(200);
  });

  it('must not be empty: 请输入搜索关键词, and the same meaning in English', async () => {
    for (const keyword of ['', '   ', '\u3000', undefined]) {
      const zh = await search('E1001', { keyword, type: 1 });
      expect(zh.code).toBe(Code.INVALID);
      expect(zh.msg).toBe('请输入搜索关键词');
    }
    expect((await search('E1001', { keyword: ' ' }, 'en')).msg).toBe('Please enter a search keyword');
  });

  it(`has at most ${SEARCH_KEYWORD_MAX} characters, counted after normalising`, async () => {
    const long = await search('E1001', { keyword: '沟'.repeat(SEARCH_KEYWORD_MAX + 1) });
    expect(long.code).toBe(Code.INVALID);
    expect(long.msg).toBe(`搜索关键词最多 ${SEARCH_KEYWORD_MAX} 个字`);
    expect((await search('E1001', { keyword: 'a'.repeat(60) }, 'en')).msg).toBe(
      `A search keyword has at most ${SEARCH_KEYWORD_MAX} characters`,
    );
    expect((await search('E1001', { keyword: `  ${'沟'.repeat(SEARCH_KEYWORD_MAX)}  ` })).code).toBe(Code.OK);
  });

  it('refuses a type outside the list and a caller who is not signed in', async () => {
    expect((await search('E1001', { keyword: '沟通', type: 3 })).code).toBe(Code.INVALID);
    const anonymous = await gw.call('searchPage', { body: { keyword: '沟通', type: 1 } });
    expect(anonymous.body.code).toBe(Code.UNAUTHORIZED);
  });

  it('takes %, _ and \\ literally', async () => {
    const percent = await found('E1001', { keyword: '%' });
    expect(titles(percent)).toEqual([`${MARK} 完成率 100% 课程`]);
    expect(titles(await found('E1001', { keyword: '_' }))).toEqual([`${MARK} 下划线_课程`]);
    expect(titles(await found('E1001', { keyword: '\\' }))).toEqual([`${MARK} 反斜杠\\课程`]);
    expect((await found('E1001', { keyword: '%%' })).totalCount).toBe(0);
    expect(percent.counts).toMatchObject({ '2': 0, '4': 0, '5': 0 });
  });
});

describe('courses (1)', () => {
  it('finds published courses by name and intro in both languages, case aside, titled in the request language', async () => {
    const zh = await found('E1001', { keyword: '沟通', type: 1 });
    expect(titles(zh)).toContain('高效沟通技巧');
    expect(zh.list.every((h) => h.type === SearchType.default)).toBe(true);
    const hit = zh.list.find((h) => h.title === '高效沟通技巧')!;
    expect(hit.description).toBe('倾听、表达与反馈：让每一次沟通都有结果。');
    expect(hit.cover).toMatch(/^\/media\//);
    expect(new Date(hit.time!).toISOString()).toBe(hit.time);

    const en = await found('E1001', { keyword: 'EFFECTIVE', type: 1 }, 'en');
    expect(titles(en)).toContain('Effective communication');
    // A Chinese keyword finds the course in English too, and the other way round.
    expect(titles(await found('E1001', { keyword: '沟通' }, 'en'))).toContain('Effective communication');
    expect(titles(await found('E1001', { keyword: 'communication' }))).toContain('高效沟通技巧');
    // By the intro: "pivot tables" is only in the Excel course's description.
    expect(titles(await found('E1001', { keyword: 'PIVOT tables' }, 'en'))).toEqual(['Excel for the office']);
    // Full-width letters are their ordinary forms.
    expect(titles(await found('E1001', { keyword: 'ＥＸＣＥＬ　高效' }))).toContain('Excel 高效办公');
  });

  it('matches every word, each in either language', async () => {
    expect(titles(await found('E1001', { keyword: 'Effective 沟通' }))).toEqual(['高效沟通技巧']);
    expect((await found('E1001', { keyword: 'Effective 消防' })).totalCount).toBe(0);
  });

  it('leaves out removed courses', async () => {
    expect((await found('E1001', { keyword: '旧版安全规范', type: 1 })).totalCount).toBe(0);
    expect(titles(await found('E1001', { keyword: MARK }))).not.toContain(`${MARK} 已下架`);
  });
});

describe('live rooms (2)', () => {
  it('finds the company rooms by name and intro', async () => {
    const zh = await found('E1001', { keyword: '复盘', type: 2 });
    expect(titles(zh)).toEqual(['季度业务复盘']);
    expect(zh.list[0]!.description).toBe('回顾上季度的业务进展。');
    expect(zh.list[0]!.type).toBe(SearchType.live);
    expect(titles(await found('E1001', { keyword: 'quarter', type: 2 }, 'en'))).toEqual(['Quarterly review']);
    expect(titles(await found('E1001', { keyword: 'mentor', type: 2 }, 'en'))).toEqual(['New-hire meet-up']);
  });
});

describe('resources (4)', () => {
  it("finds the resources of published courses by name, with the file's name as description", async () => {
    const zh = await found('E1001', { keyword: '手册', type: 4 });
    expect(titles(zh).sort()).toEqual(['企业文化手册', '企业文化手册', '员工手册'].sort());
    expect(zh.list.every((h) => h.type === SearchType.resource && h.description !== '')).toBe(true);
    expect(titles(await found('E1001', { keyword: 'staff HANDBOOK', type: 4 }, 'en'))).toEqual(['Staff handbook']);
  });

  it('names a published course that plays or offers each resource, where it opens', async () => {
    const hits = (await found('E1001', { keyword: '手册', type: 4 })).list;
    for (const hit of hits) {
      expect(hit.courseId, hit.title).toMatch(/^[0-9a-f-]{36}$/);
      const course = await gw.call('courseView', { token: tokens.E1001, query: { courseId: hit.courseId! } });
      expect(course.body.code, hit.title).toBe(200);
    }
  });

  it('leaves out what only a removed course uses, and live recordings', async () => {
    expect((await found('E1001', { keyword: '旧版安全规范讲解', type: 4 })).totalCount).toBe(0);
    expect((await found('E1001', { keyword: '复盘回放', type: 4 })).totalCount).toBe(0);
  });

  it('pages without overlap, with the total in the counts', async () => {
    const first = await found('E1001', { keyword: '精讲', type: 4, pageSize: 4 });
    expect(first).toMatchObject({ pageCurrent: 1, pageSize: 4, totalCount: 9, totalPage: 3 });
    expect(first.counts['4']).toBe(9);
    const second = await found('E1001', { keyword: '精讲', type: 4, pageSize: 4, pageCurrent: 2 });
    const third = await found('E1001', { keyword: '精讲', type: 4, pageSize: 4, pageCurrent: 3 });
    expect([first.list.length, second.list.length, third.list.length]).toEqual([4, 4, 1]);
    const ids = [...first.list, ...second.list, ...third.list].map((h) => h.id);
    expect(new Set(ids).size).toBe(9);
    const beyond = await found('E1001', { keyword: '精讲', type: 4, pageSize: 4, pageCurrent: 4 });
    expect(beyond.list).toEqual([]);
    expect(beyond.totalCount).toBe(9);
  });
});

describe('exams (5)', () => {
  it("finds the caller's own exam tasks by the exam's name and rules; the id is the task's", async () => {
    const zh = await found('E1001', { keyword: '2025', type: 5 });
    expect(titles(zh)).toContain('2025 年度安全考试');
    const en = await found('E1001', { keyword: 'safety EXAM', type: 5 }, 'en');
    expect(titles(en)).toContain('2025 safety exam');
    expect(titles(await found('E1001', { keyword: 'window has ended', type: 5 }, 'en'))).toEqual(['2025 safety exam']);

    const ids = [...zh.list, ...en.list].map((h) => h.id);
    const tasks = await gw.database.db.select().from(examTasks).where(inArray(examTasks.id, ids));
    expect(tasks.length).toBe(new Set(ids).size);
    expect(tasks.every((t) => t.enterpriseUserId === members.E1001)).toBe(true);
  });

  it("never shows another member's tasks", async () => {
    // Only E1001 has a task of the 2025 safety exam; E1002 has no exam task at all.
    expect(titles(await found('E1003', { keyword: '2025', type: 5 }))).not.toContain('2025 年度安全考试');
    expect((await found('E1002', { keyword: '考试', type: 5 })).totalCount).toBe(0);
    const mine = await found('E1003', { keyword: '测', type: 5, pageSize: 100 });
    const tasks = await gw.database.db
      .select()
      .from(examTasks)
      .where(inArray(examTasks.id, mine.list.map((h) => h.id)));
    expect(mine.totalCount).toBeGreaterThan(0);
    expect(tasks.every((t) => t.enterpriseUserId === members.E1003)).toBe(true);
  });
});

describe('blogs (6) and questions (7)', () => {
  it("find the company's posts of their kind by title and text, in Chinese and English words, never another company's", async () => {
    const db = gw.database.db;
    const [blog, question] = await db
      .insert(communityPosts)
      .values([
        { enterpriseId: one, enterpriseUserId: members.E1002!, kind: 1, title: `${MARK} 看板管理实践`, content: '第一行\n用 Kanban board 管理班组任务' },
        { enterpriseId: one, enterpriseUserId: members.E1003!, kind: 2, title: `${MARK} How to plan a kanban review?`, content: '每周复盘看板怎么开？' },
        { enterpriseId: two, enterpriseUserId: members.B2001!, kind: 1, title: `${MARK} 公司二的看板`, content: 'Kanban in company two' },
        { enterpriseId: two, enterpriseUserId: members.B2001!, kind: 2, title: `${MARK} 公司二的看板问题`, content: 'Kanban question' },
      ])
      .returning({ id: communityPosts.id });
    const ids = async (who: string, keyword: string, type: number) => (await found(who, { keyword, type })).list.map((h) => h.id);
    expect(await ids('E1001', '看板', SearchType.blog)).toEqual([blog!.id]);
    expect(await ids('E1001', 'KANBAN board', SearchType.blog)).toEqual([blog!.id]);
    expect(await ids('E1001', '看板', SearchType.question)).toEqual([question!.id]);
    expect(await ids('E1001', 'kanban review', SearchType.question)).toEqual([question!.id]);
    const hit = (await found('E1001', { keyword: MARK, type: SearchType.blog })).list[0];
    expect(hit).toMatchObject({ type: SearchType.blog, id: blog!.id, title: `${MARK} 看板管理实践`, description: '第一行 用 Kanban board 管理班组任务' });
    const counts = (await found('E1001', { keyword: `${MARK} kanban`, type: SearchType.blog })).counts;
    expect([counts['6'], counts['7']]).toEqual([1, 1]);

    const theirs = await found('B2001', { keyword: `${MARK} Kanban`, type: SearchType.blog });
    expect(theirs.list.map((h) => h.title)).toEqual([`${MARK} 公司二的看板`]);
    expect(theirs.counts['7']).toBe(1);
  });
});

describe('announcements (8)', () => {
  it('finds published announcements and the messages sent to the caller, by title and text', async () => {
    const zh = await found('E1001', { keyword: MARK, type: 8 });
    expect(zh.list.map((h) => h.id)).toEqual([fixtures.published]);
    expect(zh.list[0]).toMatchObject({ type: SearchType.info, title: `${MARK} 安全月活动通知`, description: '第一行 第二行：消防演练' });
    expect(titles(await found('E1001', { keyword: 'fire drill', type: 8 }, 'en'))).toContain(`${MARK} safety month`);

    // Li Na sees her message and the announcement Zhang Wei removed from his own list.
    const liNa = await found('E1002', { keyword: MARK, type: 8 });
    expect(liNa.list.map((h) => h.id).sort()).toEqual([fixtures.published, fixtures.toE1002, fixtures.removedByE1001].sort());
    expect((await found('E1003', { keyword: 'Li Na', type: 8 }, 'en')).list.map((h) => h.id)).not.toContain(fixtures.toE1002);
  });

  it('leaves out scheduled announcements until they are published', async () => {
    const ids = (await found('E1002', { keyword: MARK, type: 8 })).list.map((h) => h.id);
    expect(ids).not.toContain(fixtures.scheduled);
    await gw.database.db.update(announcements).set({ publishedAt: sql`now() - interval '1 minute'` }).where(eq(announcements.id, fixtures.scheduled));
    expect((await found('E1002', { keyword: MARK, type: 8 })).list.map((h) => h.id)).toContain(fixtures.scheduled);
  });
});

describe('counts', () => {
  it('gives every type, each equal to its own total', async () => {
    const result = await found('E1001', { keyword: '安全', type: 1 });
    expect(Object.keys(result.counts).sort()).toEqual(['1', '2', '4', '5', '6', '7', '8']);
    expect(result.totalCount).toBe(result.counts['1']);
    for (const type of [2, 4, 5, 8]) {
      const own = await found('E1001', { keyword: '安全', type });
      expect(own.totalCount, `type ${type}`).toBe(result.counts[String(type)]);
      expect(own.counts).toEqual(result.counts);
    }
    expect(result.counts['1']).toBeGreaterThanOrEqual(2); // 消防安全知识, 用电安全
    expect(result.counts['5']).toBeGreaterThanOrEqual(2); // 2025 年度安全考试, 信息安全知识测验
  });

  it('defaults to courses, 10 a page', async () => {
    const result = await found('E1001', { keyword: MARK });
    expect(result).toMatchObject({ pageCurrent: 1, pageSize: 10, totalCount: 3 });
    expect(result.list.every((h) => h.type === SearchType.default)).toBe(true);
  });
});

describe('another company', () => {
  it("never finds company one's courses, rooms, resources, exams or announcements", async () => {
    const own = await found('B2001', { keyword: MARK, type: 1 });
    expect(titles(own)).toEqual([`${MARK} 公司二的课程`]);
    expect(own.counts['8']).toBe(1);
    expect((await found('B2001', { keyword: MARK, type: 8 })).list.map((h) => h.title)).toEqual([`${MARK} 公司二的公告`]);
    for (const keyword of ['沟通', '复盘', '企业文化', '2025 年度安全', '安全月', '手册']) {
      for (const type of [1, 2, 4, 5, 8]) {
        const ofOne = await found('E1001', { keyword, type, pageSize: 100 });
        const ofTwo = await found('B2001', { keyword, type, pageSize: 100 });
        const theirs = new Set(ofOne.list.map((h) => h.id));
        expect(ofTwo.list.filter((h) => theirs.has(h.id)), `${keyword} ${type}`).toEqual([]);
      }
    }
    // Company one's demo courses, by a word they all share: none in company two.
    expect((await found('B2001', { keyword: '沟通', type: 1 })).totalCount).toBe(0);
    // …and company one never finds company two's.
    expect((await found('E1001', { keyword: '精益', type: 1 })).counts).toMatchObject({ '1': 0, '4': 0 });
    expect(titles(await found('E1001', { keyword: MARK }))).not.toContain(`${MARK} 公司二的课程`);
  });
});
