import { and, asc, eq, isNotNull, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { announcementsSeedSchema } from './config/announcements';
import { announcementReads, announcements, comments, enterpriseUsers } from '../db/schema';
import type { TestGateway } from '../testing';
import { seedAnnouncements } from './announcements';
import { openSeeded } from './seed-testing';

let gw: TestGateway;
let one: string;
let two: string;
beforeAll(async () => ({ gw, one, two } = await openSeeded()));
afterAll(() => gw?.close());

describe('announcements seed', () => {
  it('writes each company’s announcements and messages to its own members', async () => {
    const rows = await gw.database.db
      .select({ enterpriseId: announcements.enterpriseId, kind: announcements.kind, recipientOf: enterpriseUsers.enterpriseId })
      .from(announcements)
      .leftJoin(enterpriseUsers, eq(enterpriseUsers.id, announcements.recipientId));
    const of = (eid: string, kind: number) => rows.filter((r) => r.enterpriseId === eid && r.kind === kind);
    expect(of(one, 1).length).toBeGreaterThanOrEqual(33);
    expect(of(two, 1).length).toBeGreaterThanOrEqual(6);
    expect(of(one, 2).length).toBeGreaterThanOrEqual(5);
    expect(of(two, 2).length).toBeGreaterThanOrEqual(2);
    for (const r of rows.filter((r) => r.kind === 2)) expect(r.recipientOf).toBe(r.enterpriseId);
    expect(rows.filter((r) => r.kind === 1).every((r) => r.recipientOf === null)).toBe(true);
  });

  it('holds messages about decisions only for the decisions the seed records, in the product’s words', async () => {
    const titles = (await gw.database.db.select({ titleZh: announcements.titleZh }).from(announcements).where(eq(announcements.kind, 2))).map(
      (r) => r.titleZh,
    );
    // 新员工训练营 reviewed and approved 孙浩 (E1007); 周婷's (B2001) quality paper was marked by its marker.
    expect(titles.filter((t) => /报名|阅卷|审核|证书|评价/.test(t)).sort()).toEqual(['考试《质量知识考试》已阅卷', '项目《新员工训练营》报名已通过']);
  });

  it('dates comments after their announcement and replies after their comment, all in the past', async () => {
    const id = (
      await gw.database.db.select({ id: announcements.id }).from(announcements).where(eq(announcements.titleEn, 'The new learning platform is live'))
    )[0]!.id;
    const [record] = await gw.database.db.select().from(announcements).where(eq(announcements.id, id));
    const all = await gw.database.db.select().from(comments).where(eq(comments.targetId, id)).orderBy(asc(comments.createdAt));
    const tops = all.filter((c) => c.parentId === null);
    expect(tops.map((c) => c.content)).toEqual(['新版首页很清爽，搜索也快多了。', '消息中心能否支持一键全部已读？', 'Found a small typo on the ranking page, reported it via the help desk.']);
    for (const c of all) {
      expect(c.createdAt > record!.publishedAt && c.createdAt < new Date()).toBe(true);
      const parent = tops.find((t) => t.id === c.parentId);
      if (parent) expect(c.createdAt > parent.createdAt).toBe(true);
    }
    expect(all.filter((c) => c.replyToMemberId !== null)).toHaveLength(1);
    const liked = await gw.database.db
      .select()
      .from(announcementReads)
      .where(and(eq(announcementReads.announcementId, id), eq(announcementReads.admired, true), isNotNull(announcementReads.readAt), isNull(announcementReads.deletedAt)));
    expect(liked).toHaveLength(3);
  });

  it('stops with the place of a member the company does not have', async () => {
    const section = announcementsSeedSchema.parse({
      announcements: [{ title: 't', content: 'c', daysAgo: 1, comments: [{ empNo: 'E1001', text: 'x' }] }],
      messages: [{ to: 'B2001', title: 't', content: 'c', daysAgo: 1 }],
    });
    await expect(seedAnnouncements(gw.database.db, one, section)).rejects.toThrow('announcements seed: messages.0.to: unknown member B2001');
    await expect(seedAnnouncements(gw.database.db, two, section)).rejects.toThrow(
      'announcements seed: announcements.0.comments.0.empNo: unknown member E1001',
    );
  });
});
