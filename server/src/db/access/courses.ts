/**
 * Data access of courses. `scoped(db, eid).courses` binds every query to one enterprise;
 * a member's own rows (progress, ratings, likes, collections) are also filtered by member.
 */
import { and, asc, count, desc, eq, exists, inArray, isNull, notExists, or, sql, type SQL } from 'drizzle-orm';
import type { LearningStatus, TargetType } from '@/api/learning-types';
import type { Db } from '../client';
import { coalesced } from '../coalesce';
import {
  categories,
  collections,
  comments,
  courseAudience,
  courseItems,
  courseLecturers,
  courseProgress,
  coursePurchaseRequests,
  coursePurchases,
  courses,
  coursewares,
  departments,
  enterpriseUsers,
  lecturers,
  likes,
  periodProgress,
  projects,
  ratings,
  resources,
  studyTasks,
} from '../schema';
import { COURSE_TARGET } from './course-cards';
import { containsPattern, memberRows, targetRows } from './rows';

export type CourseRow = typeof courses.$inferSelect;
export type CategoryRow = typeof categories.$inferSelect;
export type ResourceRow = typeof resources.$inferSelect;
export type CourseItemRow = typeof courseItems.$inferSelect;

/** Filters of a course list, already resolved (category ids with their descendants). */
/** One department or member a limited course is shown to. */
export interface AudienceRow {
  courseId: string;
  departmentId: string | null;
  memberId: string | null;
}

export interface CourseFilter {
  /** The limited courses (`audience` 1) the caller may see; without it, only the whole company's courses. */
  visible?: readonly string[];
  categoryIds?: string[];
  keyword?: string;
  learningStatus?: LearningStatus;
  collected?: boolean;
  courseType?: number;
  lecturerId?: string;
  sort?: 'new' | 'hot' | 'rating';
}


/**
 * The course detail's own-rows statement for several (member, course) pairs, built once per
 * database handle (the detail is read on every course page view; building its SQL text each
 * time cost more than running it).
 */
const mineQueries = new WeakMap<Db, ReturnType<typeof buildMineQuery>>();
function buildMineQuery(db: Db) {
  const eid = sql.placeholder('eid');
  const target = sql.placeholder('target');
  return db
    .select({
      memberId: sql<string>`ask.member_id`,
      courseId: sql<string>`ask.course_id`,
      purchased: sql<boolean>`exists (select 1 from course_purchases p where p.enterprise_id = ${eid}
        and p.course_id = ask.course_id and p.enterprise_user_id = ask.member_id)`,
      progress: courseProgress.progress,
      status: courseProgress.status,
      lastItemId: courseProgress.lastItemId,
      myRating: sql<number>`coalesce((select r.score from ratings r where r.enterprise_id = ${eid} and r.target_type = ${target}
        and r.target_id = ask.course_id and r.enterprise_user_id = ask.member_id), 0)`,
      admired: sql<boolean>`exists (select 1 from likes l where l.enterprise_id = ${eid} and l.target_type = ${target}
        and l.target_id = ask.course_id and l.enterprise_user_id = ask.member_id)`,
      collected: sql<boolean>`exists (select 1 from collections c where c.enterprise_id = ${eid} and c.target_type = ${target}
        and c.target_id = ask.course_id and c.enterprise_user_id = ask.member_id)`,
    })
    .from(sql`unnest(${sql.placeholder('members')}::uuid[], ${sql.placeholder('courses')}::uuid[]) as ask(member_id, course_id)`)
    .leftJoin(
      courseProgress,
      and(
        eq(courseProgress.enterpriseId, eid),
        sql`${courseProgress.courseId} = ask.course_id`,
        sql`${courseProgress.enterpriseUserId} = ask.member_id`,
      ),
    )
    .prepare('xt_course_mine_of');
}

/**
 * The caller's own rows about a course: purchase, progress, rating, like, collection, last
 * period. Details opened by several learners of one enterprise at once share one statement.
 */
const courseMineOf = coalesced(async (db: Db, eid: string, asks: { memberId: string; courseId: string }[]) => {
  let query = mineQueries.get(db);
  if (!query) mineQueries.set(db, (query = buildMineQuery(db)));
  const rows = await query.execute({
    eid,
    members: asks.map((a) => a.memberId),
    courses: asks.map((a) => a.courseId),
    target: COURSE_TARGET,
  });
  return asks.map((ask) => {
    const row = rows.find((r) => r.memberId === ask.memberId && r.courseId === ask.courseId);
    return {
      purchased: Boolean(row?.purchased),
      progress: row?.progress ?? 0,
      status: row?.status ?? 0,
      lastItemId: row?.lastItemId ?? null,
      myRating: Number(row?.myRating ?? 0),
      admired: Boolean(row?.admired),
      collected: Boolean(row?.collected),
    };
  });
});

export function courseData(db: Db, eid: string) {
  const published = and(eq(courses.enterpriseId, eid), eq(courses.status, 1));

  /** The caller's course_progress row of the outer course, as a correlated condition. */
  const progressOf = (memberId: string, extra?: SQL) =>
    db
      .select({ one: sql`1` })
      .from(courseProgress)
      .where(memberRows(courseProgress, eid, memberId, eq(courseProgress.courseId, courses.id), extra));

  const collectedBy = (memberId: string, targetType: TargetType, targetId: SQL | string) =>
    db
      .select({ one: sql`1` })
      .from(collections)
      .where(targetRows(collections, eid, targetType, targetId, memberId));

  /** Correlated condition: a row of `table` links the outer course to the resource. */
  const usesResource = (
    table: typeof courseItems | typeof coursewares,
    resourceId: string,
  ) =>
    exists(
      db
        .select({ one: sql`1` })
        .from(table)
        .where(and(eq(table.enterpriseId, eid), eq(table.courseId, courses.id), eq(table.resourceId, resourceId))),
    );

  function courseConditions(memberId: string, f: CourseFilter): SQL | undefined {
    const conditions: (SQL | undefined)[] = [published, f.visible?.length ? or(eq(courses.audience, 0), inArray(courses.id, [...f.visible])) : eq(courses.audience, 0)];
    if (f.categoryIds) conditions.push(f.categoryIds.length ? inArray(courses.categoryId, f.categoryIds) : sql`false`);
    if (f.keyword) {
      const pattern = containsPattern(f.keyword);
      conditions.push(
        or(
          sql`${courses.nameZh} ilike ${pattern}`,
          sql`${courses.nameEn} ilike ${pattern}`,
          sql`${courses.introZh} ilike ${pattern}`,
          sql`${courses.introEn} ilike ${pattern}`,
        ),
      );
    }
    if (f.learningStatus !== undefined) {
      conditions.push(
        f.learningStatus === 0
          ? notExists(progressOf(memberId, sql`${courseProgress.status} <> 0`))
          : exists(progressOf(memberId, eq(courseProgress.status, f.learningStatus))),
      );
    }
    if (f.collected) conditions.push(exists(collectedBy(memberId, 'course', sql`${courses.id}`)));
    if (f.courseType !== undefined) conditions.push(eq(courses.courseType, f.courseType));
    if (f.lecturerId) {
      conditions.push(
        exists(
          db
            .select({ one: sql`1` })
            .from(courseLecturers)
            .where(
              and(
                eq(courseLecturers.enterpriseId, eid),
                eq(courseLecturers.courseId, courses.id),
                eq(courseLecturers.lecturerId, f.lecturerId),
              ),
            ),
        ),
      );
    }
    return and(...conditions);
  }

  function orderOf(sort: CourseFilter['sort']): SQL[] {
    const tail = [asc(courses.sort), desc(courses.createdAt), asc(courses.id)];
    if (sort === 'hot') {
      return [
        desc(sql`(select count(*) from course_progress cp where cp.enterprise_id = ${eid} and cp.course_id = ${courses.id})`),
        ...tail,
      ];
    }
    if (sort === 'rating') {
      return [
        desc(sql`coalesce((select avg(r.score) from ratings r where r.enterprise_id = ${eid}
          and r.target_type = ${COURSE_TARGET} and r.target_id = ${courses.id}), 0)`),
        ...tail,
      ];
    }
    return [desc(courses.createdAt), asc(courses.sort), asc(courses.id)];
  }

  return {
    /** A course of the enterprise with the member's purchase of it (`purchasedBy` null when none). */
    async withPurchase(memberId: string, courseId: string) {
      const [row] = await db
        .select({ course: courses, purchasedBy: coursePurchases.enterpriseUserId })
        .from(courses)
        .leftJoin(coursePurchases, memberRows(coursePurchases, eid, memberId, eq(coursePurchases.courseId, courses.id)))
        .where(and(eq(courses.enterpriseId, eid), eq(courses.id, courseId)));
      return row;
    },

    categories(): Promise<CategoryRow[]> {
      return db
        .select()
        .from(categories)
        .where(eq(categories.enterpriseId, eid))
        .orderBy(asc(categories.sort), asc(categories.nameZh));
    },

    /** The departments and members of every limited course (a removed one's too: its audience is told it was removed). */
    audiences(): Promise<AudienceRow[]> {
      return db
        .select({ courseId: courseAudience.courseId, departmentId: courseAudience.departmentId, memberId: courseAudience.enterpriseUserId })
        .from(courseAudience)
        .innerJoin(courses, and(eq(courses.id, courseAudience.courseId), eq(courses.enterpriseId, eid), eq(courses.audience, 1)))
        .where(eq(courseAudience.enterpriseId, eid));
    },

    /** A member's department code ('' for none). */
    async departmentOf(memberId: string): Promise<string | undefined> {
      const [row] = await db
        .select({ departmentId: enterpriseUsers.departmentId })
        .from(enterpriseUsers)
        .where(and(eq(enterpriseUsers.enterpriseId, eid), eq(enterpriseUsers.id, memberId)));
      return row?.departmentId;
    },

    /** Every department with its parent (the enterprise's own codes; '' at the top). */
    departmentParents() {
      return db.select({ id: departments.id, parentId: departments.parentId }).from(departments).where(eq(departments.enterpriseId, eid));
    },

    /** Published courses per category id: the whole company's, and the limited ones in `visible`. */
    publishedPerCategory(visible: readonly string[] = []) {
      return db
        .select({ categoryId: courses.categoryId, n: count() })
        .from(courses)
        .where(and(published, visible.length ? or(eq(courses.audience, 0), inArray(courses.id, [...visible])) : eq(courses.audience, 0)))
        .groupBy(courses.categoryId);
    },

    /** One page of published course ids matching a filter, and how many match in all. */
    async coursePageIds(memberId: string, f: CourseFilter, offset: number, limit: number) {
      const where = courseConditions(memberId, f);
      // The page and the total in one statement; only a page past the end counts again.
      const rows = await db
        .select({ id: courses.id, total: sql<number>`count(*) over ()`.mapWith(Number) })
        .from(courses)
        .where(where)
        .orderBy(...orderOf(f.sort))
        .offset(offset)
        .limit(limit);
      if (rows.length > 0) return { ids: rows.map((r) => r.id), total: rows[0]!.total };
      const [total] = await db.select({ n: count() }).from(courses).where(where);
      return { ids: [], total: total?.n ?? 0 };
    },

    /** The caller's published courses by learning status, and those collected. */
    async courseCounts(memberId: string, f: CourseFilter) {
      const [row] = await db
        .select({
          total: count(),
          learning: sql<number>`count(*) filter (where ${exists(progressOf(memberId, eq(courseProgress.status, 1)))})`.mapWith(Number),
          completed: sql<number>`count(*) filter (where ${exists(progressOf(memberId, eq(courseProgress.status, 2)))})`.mapWith(Number),
          collected: sql<number>`count(*) filter (where ${exists(collectedBy(memberId, 'course', sql`${courses.id}`))})`.mapWith(Number),
        })
        .from(courses)
        .where(courseConditions(memberId, f));
      return row ?? { total: 0, learning: 0, completed: 0, collected: 0 };
    },

    async lecturer(id: string) {
      const [row] = await db
        .select({ id: lecturers.id })
        .from(lecturers)
        .where(and(eq(lecturers.enterpriseId, eid), eq(lecturers.id, id)));
      return row;
    },

    async course(id: string) {
      const [row] = await db.select().from(courses).where(and(eq(courses.enterpriseId, eid), eq(courses.id, id)));
      return row;
    },

    /** How many rated and commented a course: the same for every learner. */
    async courseTalk(courseId: string) {
      const [row] = await db
        .select({
          ratingCount: sql<number>`(select count(*) from ratings r where r.enterprise_id = ${eid}
            and r.target_type = ${COURSE_TARGET} and r.target_id = ${courseId})`.mapWith(Number),
          commentCount: sql<number>`(select count(*) from comments c where c.enterprise_id = ${eid}
            and c.target_type = ${COURSE_TARGET} and c.target_id = ${courseId})`.mapWith(Number),
        })
        .from(sql`(select 1) as one`);
      return row!;
    },

    /** The caller's own rows about a course, in one statement: purchase, progress, rating, like, collection, last period. */
    courseMine(memberId: string, courseId: string) {
      return courseMineOf(db, eid, { memberId, courseId });
    },

    /** Chapters and periods of a course with their resources, in order. */
    items(courseId: string) {
      return db
        .select({ item: courseItems, resource: resources })
        .from(courseItems)
        .leftJoin(resources, and(eq(resources.id, courseItems.resourceId), eq(resources.enterpriseId, eid)))
        .where(and(eq(courseItems.enterpriseId, eid), eq(courseItems.courseId, courseId)))
        .orderBy(asc(courseItems.sort), asc(courseItems.id));
    },

    /** The caller's progress per period of a course. */
    periodProgress(memberId: string, courseId: string) {
      return db
        .select({ itemId: periodProgress.itemId, progress: periodProgress.progress })
        .from(periodProgress)
        .where(memberRows(periodProgress, eid, memberId, eq(periodProgress.courseId, courseId)));
    },

    // ---- comments

    async commentPage(memberId: string, courseId: string, offset: number, limit: number) {
      const where = and(targetRows(comments, eid, COURSE_TARGET, courseId), isNull(comments.parentId));
      const [total] = await db.select({ n: count() }).from(comments).where(where);
      const rows = await db
        .select({
          id: comments.id,
          content: comments.content,
          userId: comments.enterpriseUserId,
          userName: enterpriseUsers.userName,
          headPortrait: enterpriseUsers.headPortrait,
          createdAt: comments.createdAt,
          mine: sql<boolean>`${comments.enterpriseUserId} = ${memberId}`,
        })
        .from(comments)
        .innerJoin(enterpriseUsers, and(eq(enterpriseUsers.id, comments.enterpriseUserId), eq(enterpriseUsers.enterpriseId, eid)))
        .where(where)
        .orderBy(desc(comments.createdAt), desc(comments.id))
        .offset(offset)
        .limit(limit);
      return { rows, total: total?.n ?? 0 };
    },

    async addComment(memberId: string, courseId: string, content: string) {
      const [row] = await db
        .insert(comments)
        .values({ enterpriseId: eid, targetType: COURSE_TARGET, targetId: courseId, enterpriseUserId: memberId, content })
        .returning();
      return row!;
    },

    /** A comment on a course of this enterprise. */
    async courseComment(id: string) {
      const [row] = await db
        .select({ id: comments.id, enterpriseUserId: comments.enterpriseUserId })
        .from(comments)
        .innerJoin(courses, and(eq(courses.id, comments.targetId), eq(courses.enterpriseId, eid)))
        .where(and(eq(comments.enterpriseId, eid), eq(comments.id, id), eq(comments.targetType, COURSE_TARGET)));
      return row;
    },

    async deleteComment(memberId: string, id: string) {
      // Replies go with the comment they answer.
      const deleted = await db
        .delete(comments)
        .where(and(eq(comments.enterpriseId, eid), eq(comments.id, id), eq(comments.enterpriseUserId, memberId)))
        .returning({ id: comments.id });
      if (deleted.length > 0) {
        await db.delete(comments).where(and(eq(comments.enterpriseId, eid), eq(comments.parentId, id)));
      }
      return deleted.length > 0;
    },

    // ---- likes and ratings

    /** Toggles the caller's like of a course; answers whether it is liked now. */
    async toggleLike(memberId: string, courseId: string): Promise<boolean> {
      const removed = await db.delete(likes).where(targetRows(likes, eid, COURSE_TARGET, courseId, memberId)).returning({ id: likes.targetId });
      if (removed.length > 0) return false;
      await db
        .insert(likes)
        .values({ enterpriseId: eid, targetType: COURSE_TARGET, targetId: courseId, enterpriseUserId: memberId })
        .onConflictDoNothing();
      return true;
    },

    async likeCount(courseId: string) {
      const [row] = await db
        .select({ n: count() })
        .from(likes)
        .where(targetRows(likes, eid, COURSE_TARGET, courseId));
      return row?.n ?? 0;
    },

    async saveRating(memberId: string, courseId: string, score: number) {
      await db
        .insert(ratings)
        .values({ enterpriseId: eid, targetType: COURSE_TARGET, targetId: courseId, enterpriseUserId: memberId, score })
        .onConflictDoUpdate({
          target: [ratings.targetType, ratings.targetId, ratings.enterpriseUserId],
          set: { score, createdAt: sql`now()` },
          setWhere: eq(ratings.enterpriseId, eid),
        });
    },

    async ratingSummary(courseId: string) {
      const [row] = await db
        .select({
          rating: sql<number>`coalesce(round(avg(${ratings.score})::numeric, 1), 0)::float8`.mapWith(Number),
          ratingCount: count(),
        })
        .from(ratings)
        .where(targetRows(ratings, eid, COURSE_TARGET, courseId));
      return row ?? { rating: 0, ratingCount: 0 };
    },

    // ---- collections

    /** Whether a course, study task or project with this id exists in the enterprise. */
    async targetExists(targetType: TargetType, id: string): Promise<boolean> {
      const table = { course: courses, task: studyTasks, project: projects }[targetType];
      const [row] = await db
        .select({ id: table.id })
        .from(table)
        .where(and(eq(table.enterpriseId, eid), eq(table.id, id)));
      return row !== undefined;
    },

    async collect(memberId: string, targetType: TargetType, targetId: string) {
      await db
        .insert(collections)
        .values({ enterpriseId: eid, targetType, targetId, enterpriseUserId: memberId })
        .onConflictDoNothing();
    },

    async uncollect(memberId: string, targetType: TargetType, targetId: string) {
      await db
        .delete(collections)
        .where(targetRows(collections, eid, targetType, targetId, memberId));
    },

    // ---- coursewares and resources

    coursewares(courseId: string) {
      return db
        .select({ id: coursewares.id, resource: resources })
        .from(coursewares)
        .innerJoin(resources, and(eq(resources.id, coursewares.resourceId), eq(resources.enterpriseId, eid)))
        .where(and(eq(coursewares.enterpriseId, eid), eq(coursewares.courseId, courseId)))
        .orderBy(asc(coursewares.sort), asc(coursewares.id));
    },

    async courseware(id: string) {
      const [row] = await db
        .select({ id: coursewares.id, courseId: coursewares.courseId, resource: resources })
        .from(coursewares)
        .innerJoin(resources, and(eq(resources.id, coursewares.resourceId), eq(resources.enterpriseId, eid)))
        .where(and(eq(coursewares.enterpriseId, eid), eq(coursewares.id, id)));
      return row;
    },

    async resource(id: string) {
      const [row] = await db.select().from(resources).where(and(eq(resources.enterpriseId, eid), eq(resources.id, id)));
      return row;
    },

    // ---- authorised purchase

    /** Purchase requests with the course's name and the asking member, newest first. */
    purchaseRequests(where: { id?: string; courseId?: string; memberId?: string; status?: number }, limit: number, offset = 0) {
      const filter = and(
        eq(coursePurchaseRequests.enterpriseId, eid),
        where.id === undefined ? undefined : eq(coursePurchaseRequests.id, where.id),
        where.courseId === undefined ? undefined : eq(coursePurchaseRequests.courseId, where.courseId),
        where.memberId === undefined ? undefined : eq(coursePurchaseRequests.enterpriseUserId, where.memberId),
        where.status === undefined ? undefined : eq(coursePurchaseRequests.status, where.status),
      );
      return {
        rows: db
          .select({
            request: coursePurchaseRequests,
            courseZh: courses.nameZh,
            courseEn: courses.nameEn,
            userName: enterpriseUsers.userName,
            empNo: enterpriseUsers.empNo,
            departmentName: enterpriseUsers.departmentName,
          })
          .from(coursePurchaseRequests)
          .innerJoin(courses, and(eq(courses.id, coursePurchaseRequests.courseId), eq(courses.enterpriseId, eid)))
          .innerJoin(
            enterpriseUsers,
            and(eq(enterpriseUsers.id, coursePurchaseRequests.enterpriseUserId), eq(enterpriseUsers.enterpriseId, eid)),
          )
          .where(filter)
          .orderBy(desc(coursePurchaseRequests.createdAt), desc(coursePurchaseRequests.id))
          .limit(limit)
          .offset(offset),
        total: async () => (await db.select({ n: count() }).from(coursePurchaseRequests).where(filter))[0]?.n ?? 0,
      };
    },

    /** Records a waiting request; undefined when the member already has one waiting for the course. */
    async addPurchaseRequest(courseId: string, memberId: string, note: string): Promise<string | undefined> {
      const [row] = await db
        .insert(coursePurchaseRequests)
        .values({ enterpriseId: eid, courseId, enterpriseUserId: memberId, note })
        .onConflictDoNothing()
        .returning({ id: coursePurchaseRequests.id });
      return row?.id;
    },

    /**
     * Decides a waiting request, and on approval gives the member the course, in one transaction;
     * false when it is no longer waiting (decided meanwhile).
     */
    async decidePurchaseRequest(id: string, decision: { approve: boolean; reason: string; by: string }): Promise<boolean> {
      return db.transaction(async (tx) => {
        const [row] = await tx
          .update(coursePurchaseRequests)
          .set({ status: decision.approve ? 1 : 2, reason: decision.reason, decidedBy: decision.by, decidedAt: sql`now()` })
          .where(and(eq(coursePurchaseRequests.enterpriseId, eid), eq(coursePurchaseRequests.id, id), eq(coursePurchaseRequests.status, 0)))
          .returning({ courseId: coursePurchaseRequests.courseId, memberId: coursePurchaseRequests.enterpriseUserId });
        if (!row) return false;
        if (decision.approve) {
          await tx
            .insert(coursePurchases)
            .values({ enterpriseId: eid, courseId: row.courseId, enterpriseUserId: row.memberId })
            .onConflictDoNothing();
        }
        return true;
      });
    },

    /** Courses that use a resource in a period or as courseware, published ones first. */
    async coursesUsing(resourceId: string): Promise<string[]> {
      const rows = await db
        .selectDistinct({ id: courses.id, status: courses.status, isFree: courses.isFree })
        .from(courses)
        .where(
          and(
            eq(courses.enterpriseId, eid),
            or(usesResource(courseItems, resourceId), usesResource(coursewares, resourceId)),
          ),
        )
        .orderBy(desc(courses.status), desc(courses.isFree), asc(courses.id));
      return rows.map((r) => r.id);
    },
  };
}

export type CourseData = ReturnType<typeof courseData>;
