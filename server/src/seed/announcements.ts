/**
 * Demo announcements with comments and members' messages of one company (`seed.announcements`
 * of its tenant file). Times count back from the seeding moment; comments and replies without
 * their own time are spread between their announcement (or comment) and now, in order.
 */
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { RecordKind } from '@/api/home-types';
import { unknownMembers, type AnnouncementSeed, type AnnouncementsSeed } from './config/announcements';
import { localize, type LocalizedText } from './config/parts';
import type { Db } from '../db/client';
import { announcementReads, announcements, comments, enterpriseUsers } from '../db/schema';
import { ANNOUNCEMENT_TARGET } from '../db/access/announcements';
import type { MessageInput } from '../modules/announcement/records';
import { memberLookup } from './members';

const DAY = 86_400_000;
/** How long after publishing the demo's readers read. */
const READ_AFTER = 3 * 3_600_000;

const both = (text: LocalizedText) => ({ zh: localize(text, 'zh'), en: localize(text, 'en') });

/**
 * The message the product sends for an event the seed records (a registration decided, a paper
 * marked), at the event's time; read by then when older than three days.
 */
export function noticeRows(
  enterpriseId: string,
  recipientId: string,
  message: MessageInput,
  at: Date,
  now: Date,
): { record: typeof announcements.$inferInsert; read?: typeof announcementReads.$inferInsert } {
  const id = randomUUID();
  const record = {
    id,
    enterpriseId,
    kind: RecordKind.message,
    recipientId,
    authorId: null,
    titleZh: message.titleZh,
    titleEn: message.titleEn,
    contentZh: message.contentZh,
    contentEn: message.contentEn,
    linkUrl: message.linkUrl ?? '',
    allowComment: false,
    pinned: false,
    publishedAt: at,
    createdAt: at,
  };
  const old = now.getTime() - at.getTime() > 3 * DAY;
  return old ? { record, read: { enterpriseId, announcementId: id, enterpriseUserId: recipientId, readAt: readAtOf(at, now) } } : { record };
}

const readAtOf = (publishedAt: Date, now: Date) => new Date(Math.min(publishedAt.getTime() + READ_AFTER, now.getTime()));

/** Writes the rows of {@link noticeRows}. */
export async function insertNotices(db: Db, rows: ReturnType<typeof noticeRows>[]): Promise<void> {
  if (rows.length === 0) return;
  await db.insert(announcements).values(rows.map((r) => r.record));
  const reads = rows.flatMap((r) => (r.read ? [r.read] : []));
  if (reads.length) await db.insert(announcementReads).values(reads);
}

/** Times of an announcement's (or a post's) comments and replies, oldest first, all before `now`. */
function commentTimes(a: Pick<AnnouncementSeed, 'comments'>, publishedAt: Date, now: Date) {
  const ago = (days: number) => new Date(now.getTime() - days * DAY);
  const start = publishedAt.getTime();
  const span = now.getTime() - start;
  const commentAt = a.comments.map((c, i) => (c.daysAgo !== undefined ? ago(c.daysAgo) : new Date(start + (span * (i + 1)) / (a.comments.length + 2))));
  return a.comments.map((c, i) => {
    const from = commentAt[i]!.getTime();
    const until = i + 1 < commentAt.length ? Math.max(commentAt[i + 1]!.getTime(), from) : now.getTime();
    return {
      at: commentAt[i]!,
      replies: c.replies.map((r, k) => (r.daysAgo !== undefined ? ago(r.daysAgo) : new Date(from + ((until - from) * (k + 1)) / (c.replies.length + 1)))),
    };
  });
}

/**
 * The `comments` rows of one target's demo comments and their replies, at their times (see
 * {@link commentTimes}); also the community's posts.
 */
export function threadRows(
  target: { enterpriseId: string; targetType: string; targetId: string },
  seed: Pick<AnnouncementSeed, 'comments'>,
  createdAt: Date,
  now: Date,
  member: (empNo: string) => string,
): (typeof comments.$inferInsert)[] {
  const times = commentTimes(seed, createdAt, now);
  return seed.comments.flatMap((c, i) => {
    const commentId = randomUUID();
    return [
      { ...target, id: commentId, enterpriseUserId: member(c.empNo), content: c.text, createdAt: times[i]!.at },
      ...c.replies.map((r, k) => ({
        ...target,
        parentId: commentId,
        enterpriseUserId: member(r.empNo),
        replyToMemberId: r.to ? member(r.to) : null,
        content: r.text,
        createdAt: times[i]!.replies[k]!,
      })),
    ];
  });
}

/** Writes a company's announcements, their readers and comments, and its members' messages. */
export async function seedAnnouncements(db: Db, enterpriseId: string, section: AnnouncementsSeed, now = new Date()): Promise<void> {
  const known = await db.select({ empNo: enterpriseUsers.empNo }).from(enterpriseUsers).where(eq(enterpriseUsers.enterpriseId, enterpriseId));
  const problems = unknownMembers(section, new Set(known.map((m) => m.empNo)));
  if (problems.length > 0) throw new Error(`announcements seed: ${problems.join('; ')}`);
  const member = await memberLookup(db, enterpriseId, 'announcements');
  const ago = (days: number) => new Date(now.getTime() - days * DAY);
  const readAt = (publishedAt: Date) => readAtOf(publishedAt, now);

  const recordRows: (typeof announcements.$inferInsert)[] = [];
  const readRows: (typeof announcementReads.$inferInsert)[] = [];
  const commentRows: (typeof comments.$inferInsert)[] = [];

  for (const a of section.announcements) {
    const id = randomUUID();
    const publishedAt = ago(a.daysAgo);
    const author = a.author ?? section.author;
    const title = both(a.title);
    const content = both(a.content);
    recordRows.push({
      id,
      enterpriseId,
      kind: RecordKind.announcement,
      recipientId: null,
      authorId: author ? member(author) : null,
      titleZh: title.zh,
      titleEn: title.en,
      contentZh: content.zh,
      contentEn: content.en,
      linkUrl: a.linkUrl,
      allowComment: a.allowComment,
      pinned: a.pinned,
      publishedAt,
      createdAt: publishedAt,
    });
    for (const empNo of new Set([...a.readBy, ...a.likedBy])) {
      readRows.push({
        enterpriseId,
        announcementId: id,
        enterpriseUserId: member(empNo),
        readAt: readAt(publishedAt),
        admired: a.likedBy.includes(empNo),
      });
    }
    commentRows.push(...threadRows({ enterpriseId, targetType: ANNOUNCEMENT_TARGET, targetId: id }, a, publishedAt, now, member));
  }

  for (const m of section.messages) {
    const publishedAt = ago(m.daysAgo);
    const title = both(m.title);
    const content = both(m.content);
    for (const empNo of typeof m.to === 'string' ? [m.to] : m.to) {
      const id = randomUUID();
      const recipientId = member(empNo);
      recordRows.push({
        id,
        enterpriseId,
        kind: RecordKind.message,
        recipientId,
        authorId: null,
        titleZh: title.zh,
        titleEn: title.en,
        contentZh: content.zh,
        contentEn: content.en,
        linkUrl: m.linkUrl,
        allowComment: false,
        pinned: false,
        publishedAt,
        createdAt: publishedAt,
      });
      if (m.read) readRows.push({ enterpriseId, announcementId: id, enterpriseUserId: recipientId, readAt: readAt(publishedAt) });
    }
  }

  if (recordRows.length) await db.insert(announcements).values(recordRows);
  if (readRows.length) await db.insert(announcementReads).values(readRows);
  if (commentRows.length) await db.insert(comments).values(commentRows);
}
