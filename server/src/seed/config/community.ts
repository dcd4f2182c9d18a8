/**
 * Community posts of the demo: blogs and questions with answers, comments, likes and
 * bookmarks. Part of a tenant file's `seed`; the gateway's seed checks the members it names.
 * Times are days before the seeding moment; members are employee numbers of the same file.
 * Texts are in one language, as members write them.
 */
import { z } from 'zod';
import { POST_CONTENT_MAX, POST_IMAGES_MAX, POST_TITLE_MAX } from '@/api/community-types';
import { commentSchema } from './announcements';
import { empNoRef, sitePath } from './parts';

const images = z.array(sitePath.refine((path) => path !== '', 'a site path')).max(POST_IMAGES_MAX).default([]);
const members = z.array(empNoRef).default([]);

const answerSchema = z.strictObject({
  /** Who answers. */
  empNo: empNoRef,
  text: z.string().trim().min(1).max(POST_CONTENT_MAX),
  images,
  /** When; by default spread between the question and now. */
  daysAgo: z.number().min(0).optional(),
  /** The question's author accepted it (one per question at most). */
  accepted: z.boolean().default(false),
  likedBy: members,
});

const postSchema = z.strictObject({
  kind: z.enum(['blog', 'question']),
  /** Who wrote it. */
  empNo: empNoRef,
  title: z.string().trim().min(1).max(POST_TITLE_MAX),
  /** Plain text; blank lines separate paragraphs. A question may be all in its title. */
  text: z.string().max(POST_CONTENT_MAX).default(''),
  /** Site paths of pictures (`/media/demo/…`). */
  images,
  daysAgo: z.number().min(0),
  views: z.number().int().min(0).default(0),
  likedBy: members,
  /** Members who bookmarked it. */
  collectedBy: members,
  /** Answers (questions only), oldest first. */
  answers: z.array(answerSchema).default([]),
  /** Comments with replies, oldest first. */
  comments: z.array(commentSchema).default([]),
});

export const communitySeedSchema = z
  .strictObject({
    posts: z.array(postSchema).default([]),
  })
  .superRefine((section, ctx) => {
    section.posts.forEach((post, i) => {
      const path = ['posts', i];
      if (post.kind === 'blog' && post.text.trim() === '') {
        ctx.addIssue({ code: 'custom', message: 'a blog needs a text', path: [...path, 'text'] });
      }
      if (post.kind === 'blog' && post.answers.length > 0) {
        ctx.addIssue({ code: 'custom', message: 'only questions take answers', path: [...path, 'answers'] });
      }
      if (post.answers.filter((a) => a.accepted).length > 1) {
        ctx.addIssue({ code: 'custom', message: 'at most one accepted answer', path: [...path, 'answers'] });
      }
      post.answers.forEach((a, j) => {
        if (a.daysAgo !== undefined && a.daysAgo > post.daysAgo) {
          ctx.addIssue({ code: 'custom', message: 'an answer before its question', path: [...path, 'answers', j, 'daysAgo'] });
        }
      });
      post.comments.forEach((c, j) => {
        if (c.daysAgo !== undefined && c.daysAgo > post.daysAgo) {
          ctx.addIssue({ code: 'custom', message: 'a comment before its post', path: [...path, 'comments', j, 'daysAgo'] });
        }
      });
    });
  });

export type CommunitySeed = z.output<typeof communitySeedSchema>;
export type CommunityPostSeed = CommunitySeed['posts'][number];

/**
 * Every employee number the section names, to check against the tenant's users.
 *
 * @example communityMembers({ posts: [{ empNo: 'E1', likedBy: ['E2'], … }] }) → Set { 'E1', 'E2' }
 */
export function communityMembers(section: CommunitySeed): Set<string> {
  const found = new Set<string>();
  for (const post of section.posts) {
    for (const empNo of [post.empNo, ...post.likedBy, ...post.collectedBy]) found.add(empNo);
    for (const a of post.answers) for (const empNo of [a.empNo, ...a.likedBy]) found.add(empNo);
    for (const c of post.comments) {
      found.add(c.empNo);
      for (const r of c.replies) for (const empNo of [r.empNo, ...(r.to ? [r.to] : [])]) found.add(empNo);
    }
  }
  return found;
}
