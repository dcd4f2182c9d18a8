/**
 * Announcements with comments and members' messages of the demo. Part of a tenant file's `seed`.
 * Times are days before the seeding moment (fractions allowed: 0.1 is about 2.4 hours);
 * members are employee numbers of the same tenant file.
 */
import { z } from 'zod';
import { COMMENT_MAX_LENGTH } from '@/api/home-types';
import { empNoRef, localizedTextSchema, sitePath } from './parts';

const commentText = z.string().trim().min(1).max(COMMENT_MAX_LENGTH);

const replySchema = z.strictObject({
  /** Who replies. */
  empNo: empNoRef,
  text: commentText,
  /** Answers the earlier reply of this member under the same comment (the reply names them). */
  to: empNoRef.optional(),
  /** When; by default spread between the comment and the next one. */
  daysAgo: z.number().min(0).optional(),
});

/** A comment with its replies; also the community's posts take these. */
export const commentSchema = z.strictObject({
  empNo: empNoRef,
  text: commentText,
  /** When; by default spread between the announcement (or post) and now. */
  daysAgo: z.number().min(0).optional(),
  /** Replies, oldest first. */
  replies: z.array(replySchema).default([]),
});

const announcementSchema = z.strictObject({
  title: localizedTextSchema,
  /** Plain text; blank lines separate paragraphs. */
  content: localizedTextSchema,
  /** Published this many days ago; below zero: scheduled, not visible until then. */
  daysAgo: z.number(),
  /** Who published it; the section's `author` by default. */
  author: empNoRef.optional(),
  pinned: z.boolean().default(false),
  allowComment: z.boolean().default(true),
  /** A site path the announcement points to, or ''. */
  linkUrl: sitePath.default(''),
  /** Members who have read it. */
  readBy: z.array(empNoRef).default([]),
  /** Members who liked it (and so have read it). */
  likedBy: z.array(empNoRef).default([]),
  /** Comments, oldest first. */
  comments: z.array(commentSchema).default([]),
});

const messageSchema = z.strictObject({
  /** The member it is sent to, or several members (one message each). */
  to: z.union([empNoRef, z.array(empNoRef).min(1)]),
  title: localizedTextSchema,
  content: localizedTextSchema,
  daysAgo: z.number().min(0),
  /** A site path the message points to (an exam record, a project), or ''. */
  linkUrl: sitePath.default(''),
  /** Already read by its recipients. */
  read: z.boolean().default(false),
});

export const announcementsSeedSchema = z
  .strictObject({
    /** Who publishes announcements that name no author (an administrator, usually). */
    author: empNoRef.optional(),
    /** Announcements to the whole company. */
    announcements: z.array(announcementSchema).default([]),
    /** Messages to single members. */
    messages: z.array(messageSchema).default([]),
  })
  .superRefine((section, ctx) => {
    section.announcements.forEach((a, i) => {
      const path = ['announcements', i];
      if (!a.allowComment && a.comments.length > 0) {
        ctx.addIssue({ code: 'custom', message: 'comments on an announcement that does not allow them', path: [...path, 'comments'] });
      }
      if (a.daysAgo < 0 && (a.comments.length > 0 || a.readBy.length > 0 || a.likedBy.length > 0)) {
        ctx.addIssue({ code: 'custom', message: 'a scheduled announcement cannot be read or commented on yet', path });
      }
      a.comments.forEach((c, j) => {
        if (c.daysAgo !== undefined && c.daysAgo > a.daysAgo) {
          ctx.addIssue({ code: 'custom', message: 'a comment before its announcement', path: [...path, 'comments', j, 'daysAgo'] });
        }
        c.replies.forEach((r, k) => {
          const at = [...path, 'comments', j, 'replies', k];
          if (r.daysAgo !== undefined && r.daysAgo > (c.daysAgo ?? a.daysAgo)) {
            ctx.addIssue({ code: 'custom', message: 'a reply before its comment', path: [...at, 'daysAgo'] });
          }
          if (r.to !== undefined && !c.replies.slice(0, k).some((earlier) => earlier.empNo === r.to)) {
            ctx.addIssue({ code: 'custom', message: `no earlier reply of ${r.to} to answer`, path: [...at, 'to'] });
          }
        });
      });
    });
  });

export type AnnouncementsSeed = z.output<typeof announcementsSeedSchema>;
export type AnnouncementSeed = AnnouncementsSeed['announcements'][number];

/** One member reference of the section, with where it is. */
export interface MemberRef {
  empNo: string;
  path: (string | number)[];
}

/** Every member the section names, with where, to check them against the tenant's users. */
export function announcementMemberRefs(section: AnnouncementsSeed): MemberRef[] {
  const refs: MemberRef[] = [];
  if (section.author) refs.push({ empNo: section.author, path: ['author'] });
  section.announcements.forEach((a, i) => {
    const at = ['announcements', i];
    if (a.author) refs.push({ empNo: a.author, path: [...at, 'author'] });
    a.readBy.forEach((empNo, j) => refs.push({ empNo, path: [...at, 'readBy', j] }));
    a.likedBy.forEach((empNo, j) => refs.push({ empNo, path: [...at, 'likedBy', j] }));
    a.comments.forEach((c, j) => {
      refs.push({ empNo: c.empNo, path: [...at, 'comments', j, 'empNo'] });
      c.replies.forEach((r, k) => refs.push({ empNo: r.empNo, path: [...at, 'comments', j, 'replies', k, 'empNo'] }));
    });
  });
  section.messages.forEach((m, i) => {
    const to = typeof m.to === 'string' ? [m.to] : m.to;
    to.forEach((empNo, j) => refs.push({ empNo, path: typeof m.to === 'string' ? ['messages', i, 'to'] : ['messages', i, 'to', j] }));
  });
  return refs;
}

/**
 * The references to members the tenant does not have, as readable problems.
 *
 * @example unknownMembers(section, new Set(['E1001'])) → ['announcements.2.readBy.0: unknown member E9999']
 */
export function unknownMembers(section: AnnouncementsSeed, members: ReadonlySet<string>): string[] {
  return announcementMemberRefs(section)
    .filter((ref) => !members.has(ref.empNo))
    .map((ref) => `${ref.path.join('.')}: unknown member ${ref.empNo}`);
}
