import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { communityMembers, communitySeedSchema } from './community';

const dir = new URL('../../../../tenants/', import.meta.url);
const files = readdirSync(dir).filter((n) => n.endsWith('.json'));
const tenant = (name: string) =>
  JSON.parse(readFileSync(new URL(name, dir), 'utf8')) as { seed: { users: { empNo: string }[]; community?: unknown } };

const issues = (section: unknown) =>
  communitySeedSchema.safeParse(section).error?.issues.map((i) => `${i.path.join('.')}: ${i.message}`) ?? [];

const question = { kind: 'question', empNo: 'E1', title: '问题', daysAgo: 3 };

describe('community seed', () => {
  it.each(files)('tenants/%s: valid, naming only its own members and existing pictures', (name) => {
    const file = tenant(name);
    const result = communitySeedSchema.safeParse(file.seed.community ?? {});
    expect(result.error?.issues).toBeUndefined();
    const users = new Set(file.seed.users.map((u) => u.empNo));
    expect([...communityMembers(result.data!)].filter((empNo) => !users.has(empNo))).toEqual([]);
    const pictures = result.data!.posts.flatMap((p) => [...p.images, ...p.answers.flatMap((a) => a.images)]);
    expect(pictures.filter((path) => !existsSync(new URL(`../../../../public${path}`, import.meta.url)))).toEqual([]);
  });

  it('gives company one enough to page through, by several members, with answers, comments and reactions', () => {
    const { posts } = communitySeedSchema.parse(tenant('localhost.json').seed.community);
    const blogs = posts.filter((p) => p.kind === 'blog');
    const questions = posts.filter((p) => p.kind === 'question');
    expect(blogs.length).toBeGreaterThanOrEqual(12);
    expect(questions.length).toBeGreaterThanOrEqual(12);
    expect(new Set(posts.map((p) => p.empNo)).size).toBeGreaterThanOrEqual(6);
    expect(posts.filter((p) => p.images.length > 0).length).toBeGreaterThanOrEqual(3);
    expect(questions.filter((q) => q.answers.some((a) => a.accepted)).length).toBeGreaterThanOrEqual(1);
    expect(blogs.some((b) => b.comments.some((c) => c.replies.length > 0))).toBe(true);
    expect(posts.some((p) => p.likedBy.length > 0 && p.collectedBy.length > 0)).toBe(true);
  });

  it('refuses a blog without text, answers to a blog, two accepted answers and replies from before', () => {
    expect(issues({ posts: [{ kind: 'blog', empNo: 'E1', title: '博客', daysAgo: 1 }] })).toEqual(['posts.0.text: a blog needs a text']);
    expect(issues({ posts: [{ kind: 'blog', empNo: 'E1', title: '博客', text: '正文', daysAgo: 1, answers: [{ empNo: 'E2', text: '答' }] }] })).toEqual([
      'posts.0.answers: only questions take answers',
    ]);
    const twice = { ...question, answers: [{ empNo: 'E2', text: '一', accepted: true }, { empNo: 'E3', text: '二', accepted: true }] };
    expect(issues({ posts: [twice] })).toEqual(['posts.0.answers: at most one accepted answer']);
    expect(issues({ posts: [{ ...question, answers: [{ empNo: 'E2', text: '早', daysAgo: 4 }] }] })).toEqual([
      'posts.0.answers.0.daysAgo: an answer before its question',
    ]);
    expect(issues({ posts: [{ ...question, images: Array(10).fill('/media/demo/guide-1.jpg') }] })).toHaveLength(1);
    expect(issues({ posts: [question] })).toEqual([]);
  });
});
