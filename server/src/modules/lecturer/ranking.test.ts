import { describe, expect, it } from 'vitest';
import type { LecturerRankEntry } from '@/api/lecturer-types';
import type { Locale } from '@/i18n/routes';
import { lecturers } from '../../db/schema';
import { dataOf, type Who } from '../home/test-support';
import { lecturersWithMeasures, lecturerTestbed, study } from './test-support';

const bed = lecturerTestbed();

const ranking = (who: Who, lang: Locale = 'zh') => dataOf<LecturerRankEntry[]>(bed.gw, who, 'lecturerRankList', { lang });
const summary = (list: LecturerRankEntry[]) => list.map((l) => [l.rank, l.name, l.learnerCount, l.rating]);

/** Code-point order, as the database's "C" collation compares. */
function codeOrder(a: string, b: string): number {
  const [x, y] = [Array.from(a), Array.from(b)];
  for (let i = 0; i < Math.min(x.length, y.length); i++) {
    const d = x[i]!.codePointAt(0)! - y[i]!.codePointAt(0)!;
    if (d) return d;
  }
  return x.length - y.length;
}

/** The top 10 worked out here from the raw rows: lecturers who teach, by learners, then rating, then the shown name. */
async function expected(enterpriseId: string, lang: Locale) {
  const all = await lecturersWithMeasures(bed.gw, enterpriseId);
  const name = (l: (typeof all)[number]) => (lang === 'en' ? l.nameEn : l.nameZh);
  return all
    .filter((l) => l.courseCount > 0)
    .sort((a, b) => b.learnerCount - a.learnerCount || b.rating - a.rating || codeOrder(name(a), name(b)) || (a.id < b.id ? -1 : 1))
    .slice(0, 10)
    .map((l, i) => [i + 1, name(l), l.learnerCount, l.rating]);
}

describe('the lecturer ranking', () => {
  it('ranks the company’s teaching lecturers even before anyone studies, at most 10', async () => {
    const list = await ranking(bed.e1001);
    expect(list).toHaveLength(10);
    expect(list.map((l) => l.rank)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    expect(summary(list)).toEqual(await expected(bed.e1001.enterpriseId, 'zh'));
    // E1001 studies 职场写作规范 and 时间管理, and started 新员工入职培训 with its exam: their five
    // lecturers share one learner and lead, by rating, then name.
    expect(list.slice(0, 5).map((l) => [l.name, l.learnerCount])).toEqual([
      ['孙莉', 1],
      ['张丽', 1],
      ['李娜', 1],
      ['许文博', 1],
      ['陈明', 1],
    ]);
    expect(list[0]).toMatchObject({ title: '沟通与演讲教练', level: 4, courseCount: 2, avatar: '', intro: expect.any(String) });
  });

  it('orders by learners taught, then the average rating, then the name in the caller’s language', async () => {
    // Six learners of 数据可视化入门 give its three lecturers six each, and 李娜 a seventh: E1001 in
    // 新员工入职培训.
    await study(bed.gw, '数据可视化入门', ['E1008', 'E1009', 'E1010', 'E1011', 'E1012', 'E1013'], [4, 4]);
    // Five learners each for 刘强 (消防安全知识) and 王芳 (that and 用电安全, whose two learners also study fire):
    // the same learners, so the rating decides: fire 4.5 for 刘强; 4, 5 and 2 make 3.7 for 王芳.
    await study(bed.gw, '消防安全知识', ['E1014', 'E1015', 'E1016', 'E1017', 'E1018'], [4, 5]);
    await study(bed.gw, '用电安全', ['E1014', 'E1015'], [2]);

    const zh = await ranking(bed.e1001);
    expect(summary(zh).slice(0, 6)).toEqual([
      [1, '李娜', 7, 4],
      [2, '周健', 6, 4],
      [3, '郭阳', 6, 4],
      [4, '刘强', 5, 4.5],
      [5, '王芳', 5, 3.7],
      [6, '赵刚', 2, 2],
    ]);
    expect(summary(zh)).toEqual(await expected(bed.e1001.enterpriseId, 'zh'));

    // The same tie in English names: Guo, then Zhou.
    const en = await ranking(bed.e1001, 'en');
    expect(summary(en).slice(0, 3)).toEqual([
      [1, 'Li Na', 7, 4],
      [2, 'Guo Yang', 6, 4],
      [3, 'Zhou Jian', 6, 4],
    ]);
    expect(summary(en)).toEqual(await expected(bed.e1001.enterpriseId, 'en'));
  });

  it('counts a learner once across a lecturer’s courses and ignores removed courses', async () => {
    // 王芳's removed course has a learner of its own, who does not count.
    await study(bed.gw, '旧版安全规范', ['E1019', 'E1020']);
    const wang = (await ranking(bed.e1001)).find((l) => l.name === '王芳')!;
    expect(wang).toMatchObject({ learnerCount: 5, courseCount: 2 });
    const yang = (await ranking(bed.e1001)).find((l) => l.name === '杨帆');
    expect(yang).toBeUndefined();
  });

  it('leaves out lecturers without a published course, however few the others', async () => {
    const all = await lecturersWithMeasures(bed.gw, bed.e1001.enterpriseId);
    const idle = all.filter((l) => l.courseCount === 0).map((l) => l.nameZh);
    // 杨帆's only course was removed; 邓慧 has none yet.
    expect(idle.sort()).toEqual(['杨帆', '邓慧'].sort());
    const ranked = (await ranking(bed.e1001)).map((l) => l.name);
    for (const name of idle) expect(ranked).not.toContain(name);
    // Company two: one more lecturer, teaching nothing, stays off a board of one.
    await bed.gw.database.db.insert(lecturers).values({ enterpriseId: bed.b2001.enterpriseId, nameZh: '新讲师', nameEn: 'New Lecturer' });
    expect((await ranking(bed.b2001)).map((l) => l.name)).toEqual(['孙浩']);
  });

  it('ranks only the caller’s company', async () => {
    expect(summary(await ranking(bed.b2001))).toEqual(await expected(bed.b2001.enterpriseId, 'zh'));
    expect((await ranking(bed.b2001)).map((l) => l.name)).toEqual(['孙浩']);
  });
});
