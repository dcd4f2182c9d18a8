import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { homeSeedSchema, type HomeSeedInput } from './home';

const read = (name: string) =>
  (JSON.parse(readFileSync(new URL(`../../../../tenants/${name}`, import.meta.url), 'utf8')) as { seed: { home: HomeSeedInput } }).seed.home;

const valid: HomeSeedInput = {
  banners: [{ title: { zh: '学习季', en: 'Learning season' }, image: '/media/demo/home/a.svg', link: '/knowledge' }],
  zoneLogo: { image: '/media/demo/home/z.svg', slogan: '学无止境' },
  zones: [
    { type: 'recommended', title: '推荐', courses: ['onboarding'] },
    { type: 'lecturers', title: { zh: '讲师', en: 'Lecturers' } },
  ],
  lecturers: ['li-na'],
  reasons: {
    'study-note': { text: { zh: '提交学习心得', en: 'Shared a study note' } },
    'course-excel': { text: { zh: '完成课程', en: 'Completed a course' }, source: 'course', ref: 'excel' },
  },
  points: { E1001: [[5, 'study-note', 1]] },
  creditHours: { E1001: [[1.5, 'course-excel', 3]] },
  certificates: [{ name: '证书', course: 'excel', validMonths: 12, holders: [['E1001', 'automatic', 10], ['E1002', 'manual', 400]] }],
};

const refuses = (patch: (s: HomeSeedInput) => void) => {
  const copy = structuredClone(valid);
  patch(copy);
  return homeSeedSchema.safeParse(copy).error?.issues[0]?.message;
};

describe('home seed schema', () => {
  it.each(['localhost.json', '127.0.0.1.json'])('accepts the home section of tenants/%s', (name) => {
    expect(homeSeedSchema.safeParse(read(name)).error?.issues).toBeUndefined();
  });

  it('fills defaults', () => {
    const parsed = homeSeedSchema.parse(valid);
    expect(parsed.banners[0]).toMatchObject({ target: '_self' });
    expect(parsed.zoneLogo).toMatchObject({ link: '' });
    expect(homeSeedSchema.parse({})).toEqual({ banners: [], zones: [], lecturers: [], reasons: {}, points: {}, creditHours: {}, certificates: [] });
  });

  it('refuses unknown reasons, fractional points, credit hours past one decimal and missing refs', () => {
    expect(refuses((s) => (s.points!.E1001 = [[5, 'nope', 1]]))).toBe("unknown reason 'nope'");
    expect(refuses((s) => (s.points!.E1001 = [[2.5, 'study-note', 1]]))).toBe('points are whole numbers');
    expect(refuses((s) => (s.creditHours!.E1001 = [[1.25, 'study-note', 1]]))).toBe('credit hours have at most one decimal');
    expect(refuses((s) => delete s.reasons!['course-excel']!.ref)).toMatch(/names its key in ref/);
    expect(refuses((s) => (s.points!.E1001 = [[0, 'study-note', 1]]))).toBe('not zero');
    expect(refuses((s) => (s.points!.E1001 = [[5, 'study-note', -1]]))).toBeDefined();
  });

  it('refuses points for a daily check-in, which the site does not have', () => {
    expect(refuses((s) => (s.reasons!['study-note'] = { text: '每日签到', source: 'sign-in' as 'manual' }))).toBeDefined();
    for (const name of ['localhost.json', '127.0.0.1.json']) {
      const texts = Object.values(read(name).reasons ?? {}).map((r) => JSON.stringify(r.text));
      expect(texts.filter((t) => /签到|sign-in|check-in/i.test(t)), name).toEqual([]);
    }
  });

  it('refuses bad certificates, zones and pictures', () => {
    expect(refuses((s) => (s.certificates![0]!.project = 'boot-camp'))).toMatch(/not both/);
    expect(refuses((s) => delete s.certificates![0]!.course)).toMatch(/automatic issue needs a course or project/);
    expect(refuses((s) => s.certificates![0]!.holders!.push(['E1001', 'manual', 1]))).toBe('holder E1001 twice');
    expect(refuses((s) => (s.zones = [{ type: 'recommended', title: 'x', courses: [] }]))).toBeDefined();
    expect(refuses((s) => (s.zones = [{ type: 'popular' as 'newest', title: 'x' }]))).toBeDefined();
    expect(refuses((s) => (s.banners![0]!.image = 'javascript:alert(1)'))).toBe('a site path');
    expect(refuses((s) => (s.banners![0]!.link = 'javascript:alert(1)'))).toBeDefined();
    expect(refuses((s) => (s.lecturers = Array.from({ length: 9 }, (_, i) => `l-${i}`)))).toBeDefined();
  });
});
