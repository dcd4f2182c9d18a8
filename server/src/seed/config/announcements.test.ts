import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { announcementsSeedSchema, unknownMembers, type AnnouncementsSeed } from './announcements';

const dir = new URL('../../../../tenants/', import.meta.url);
const files = readdirSync(dir).filter((n) => n.endsWith('.json'));
const tenant = (name: string) =>
  JSON.parse(readFileSync(new URL(name, dir), 'utf8')) as { seed: { users: { empNo: string }[]; announcements?: unknown } };

const parse = (section: unknown) => announcementsSeedSchema.safeParse(section);
const issues = (section: unknown) => parse(section).error?.issues.map((i) => `${i.path.join('.')}: ${i.message}`) ?? [];

const base = {
  announcements: [
    {
      title: { zh: '通知', en: 'Notice' },
      content: '正文',
      daysAgo: 3,
      comments: [{ empNo: 'E1', text: '好', replies: [{ empNo: 'E2', text: '嗯' }] }],
    },
  ],
};

describe('announcements seed', () => {
  it.each(files)('tenants/%s: valid, and names only its own members', (name) => {
    const file = tenant(name);
    const result = parse(file.seed.announcements ?? {});
    expect(result.error?.issues).toBeUndefined();
    expect(unknownMembers(result.data!, new Set(file.seed.users.map((u) => u.empNo)))).toEqual([]);
  });

  it('gives company one enough demo content', () => {
    const section = parse(tenant('localhost.json').seed.announcements).data!;
    const visible = section.announcements.filter((a) => a.daysAgo >= 0);
    expect(visible.length).toBeGreaterThanOrEqual(32);
    expect(visible.filter((a) => a.pinned)).toHaveLength(2);
    expect(visible.some((a) => !a.allowComment)).toBe(true);
    const discussed = visible.filter((a) => a.comments.some((c) => c.replies.length > 0));
    expect(discussed.length).toBeGreaterThanOrEqual(8);
    const commenters = new Set(visible.flatMap((a) => a.comments.flatMap((c) => [c.empNo, ...c.replies.map((r) => r.empNo)])));
    expect(commenters.size).toBeGreaterThanOrEqual(5);
    const recipients = (read: boolean) => new Set(section.messages.filter((m) => m.read === read).flatMap((m) => m.to));
    expect(recipients(false)).toContain('E1001');
    expect(recipients(true)).toContain('E1004');
  });

  it('declares no message about a decision: those come from the events the seed records', () => {
    for (const name of ['localhost.json', '127.0.0.1.json']) {
      const section = parse(tenant(name).seed.announcements).data!;
      const titles = section.messages.map((m) => (typeof m.title === 'string' ? m.title : m.title.zh));
      expect(titles.filter((t) => /报名|阅卷|审核|证书|评价/.test(t)), name).toEqual([]);
    }
  });

  it('gives company two announcements and messages', () => {
    const section = parse(tenant('127.0.0.1.json').seed.announcements).data!;
    expect(section.announcements.length).toBeGreaterThanOrEqual(6);
    expect(section.messages.length).toBeGreaterThanOrEqual(1);
  });

  it('fills defaults', () => {
    const a = parse(base).data!.announcements[0]!;
    expect(a).toMatchObject({ pinned: false, allowComment: true, linkUrl: '', readBy: [], likedBy: [] });
    expect(parse({}).data).toEqual({ announcements: [], messages: [] });
  });

  it('names each unknown member with where it is', () => {
    const section: AnnouncementsSeed = parse({
      ...base,
      author: 'E9',
      messages: [{ to: ['E1', 'E8'], title: 't', content: 'c', daysAgo: 1 }],
    }).data!;
    expect(unknownMembers(section, new Set(['E1', 'E2']))).toEqual([
      'author: unknown member E9',
      'messages.0.to.1: unknown member E8',
    ]);
    expect(unknownMembers(section, new Set(['E1', 'E2', 'E8', 'E9']))).toEqual([]);
  });

  it('refuses comments where they cannot be, and replies to nobody', () => {
    const copy = structuredClone(base) as typeof base & { announcements: Record<string, unknown>[] };
    copy.announcements[0]!.allowComment = false;
    expect(issues(copy)).toEqual(['announcements.0.comments: comments on an announcement that does not allow them']);

    const early = structuredClone(base);
    Object.assign(early.announcements[0]!.comments[0]!, { daysAgo: 4 });
    expect(issues(early)).toEqual(['announcements.0.comments.0.daysAgo: a comment before its announcement']);

    const orphan = structuredClone(base);
    Object.assign(orphan.announcements[0]!.comments[0]!.replies[0]!, { to: 'E3' });
    expect(issues(orphan)).toEqual(['announcements.0.comments.0.replies.0.to: no earlier reply of E3 to answer']);

    const scheduled = structuredClone(base);
    Object.assign(scheduled.announcements[0]!, { daysAgo: -1 });
    expect(issues(scheduled)[0]).toMatch(/scheduled/);

    expect(issues({ announcements: [{ ...base.announcements[0], comments: [{ empNo: 'E1', text: '  ' }] }] })[0]).toMatch(/comments\.0\.text/);
    expect(issues({ ...base, extra: 1 })).toHaveLength(1);
  });
});
