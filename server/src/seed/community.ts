/**
 * Demo community posts, answers, comments, likes and bookmarks of one company
 * (`seed.community`). Times count back from the seeding moment; answers without their own
 * time are spread between their question and now, in order, like comments.
 */
import { randomUUID } from 'node:crypto';
import { PostKind } from '@/api/community-types';
import type { CommunitySeed } from './config/community';
import type { Db } from '../db/client';
import { collections, comments, communityAnswers, communityPosts, likes } from '../db/schema';
import { ANSWER_TARGET, POST_TARGET } from '../db/access/community';
import { threadRows } from './announcements';
import { memberLookup } from './members';

const DAY = 86_400_000;

/** Writes a company's community. */
export async function seedCommunity(db: Db, enterpriseId: string, section: CommunitySeed, now = new Date()): Promise<void> {
  const member = await memberLookup(db, enterpriseId, 'community');
  const ago = (days: number) => new Date(now.getTime() - days * DAY);
  const postRows: (typeof communityPosts.$inferInsert)[] = [];
  const answerRows: (typeof communityAnswers.$inferInsert)[] = [];
  const likeRows: (typeof likes.$inferInsert)[] = [];
  const collectionRows: (typeof collections.$inferInsert)[] = [];
  const commentRows: (typeof comments.$inferInsert)[] = [];
  const reactions = (targetType: string, targetId: string, empNos: string[], at: Date) =>
    [...new Set(empNos)].map((empNo) => ({ enterpriseId, targetType, targetId, enterpriseUserId: member(empNo), createdAt: at }));

  for (const post of section.posts) {
    const id = randomUUID();
    const createdAt = ago(post.daysAgo);
    const span = now.getTime() - createdAt.getTime();
    let acceptedAnswerId: string | null = null;
    post.answers.forEach((a, i) => {
      const answerId = randomUUID();
      const at = a.daysAgo !== undefined ? ago(a.daysAgo) : new Date(createdAt.getTime() + (span * (i + 1)) / (post.answers.length + 2));
      if (a.accepted) acceptedAnswerId = answerId;
      answerRows.push({
        id: answerId,
        enterpriseId,
        postId: id,
        enterpriseUserId: member(a.empNo),
        content: a.text,
        images: a.images,
        createdAt: at,
        updatedAt: at,
      });
      likeRows.push(...reactions(ANSWER_TARGET, answerId, a.likedBy, at));
    });
    postRows.push({
      id,
      enterpriseId,
      enterpriseUserId: member(post.empNo),
      kind: post.kind === 'blog' ? PostKind.blog : PostKind.question,
      title: post.title,
      content: post.text,
      images: post.images,
      acceptedAnswerId,
      viewCount: post.views,
      createdAt,
      updatedAt: createdAt,
    });
    likeRows.push(...reactions(POST_TARGET, id, post.likedBy, createdAt));
    collectionRows.push(...reactions(POST_TARGET, id, post.collectedBy, createdAt));
    commentRows.push(...threadRows({ enterpriseId, targetType: POST_TARGET, targetId: id }, post, createdAt, now, member));
  }

  if (postRows.length) await db.insert(communityPosts).values(postRows);
  if (answerRows.length) await db.insert(communityAnswers).values(answerRows);
  if (likeRows.length) await db.insert(likes).values(likeRows);
  if (collectionRows.length) await db.insert(collections).values(collectionRows);
  if (commentRows.length) await db.insert(comments).values(commentRows);
}
