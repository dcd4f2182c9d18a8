/**
 * Data access of the back office's course authoring, bound to one enterprise: categories (a
 * tree by `parent_id`, in `sort` order) and courses of any status with their lecturers,
 * chapters, periods and coursewares (a copy takes them all).
 */
import { and, asc, count, eq, inArray, isNull, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../client';
import { categories, courseAudience, courseItems, courseLecturers, courses, coursewares, departments, enterpriseUsers, exams, lecturers, resources } from '../schema';
import type { RowWindow } from '../../paging';
import { containsPattern } from './rows';

export type CategoryRow = typeof categories.$inferSelect;
export type ItemRow = typeof courseItems.$inferSelect;
export type AuthoredCourseRow = typeof courses.$inferSelect;
export type CourseValues = Omit<typeof courses.$inferInsert, 'id' | 'enterpriseId' | 'createdAt'>;

export interface CourseListFilters {
  keyword?: string;
  categoryId?: string;
  status?: number;
}

/** Resources in the library: an administrator's or seeded, or a member's once approved (not those still in a member's own space). */
export const inLibrary = () => inArray(resources.review, ['library', 'approved']);

export function authoringQueries(db: Db, eid: string) {
  const ownCategory = (id: string) => and(eq(categories.enterpriseId, eid), eq(categories.id, id));
  const ownCourse = (id: string) => and(eq(courses.enterpriseId, eid), eq(courses.id, id));

  return {
    /** Every category with the number of its own courses (any status), in order. */
    async categories(): Promise<(CategoryRow & { courseCount: number })[]> {
      const used = db
        .select({ categoryId: courses.categoryId, n: count().as('n') })
        .from(courses)
        .where(eq(courses.enterpriseId, eid))
        .groupBy(courses.categoryId)
        .as('used');
      const rows = await db
        .select({ category: categories, n: used.n })
        .from(categories)
        .leftJoin(used, eq(used.categoryId, categories.id))
        .where(eq(categories.enterpriseId, eid))
        .orderBy(asc(categories.sort), asc(categories.nameZh), asc(categories.id));
      return rows.map((r) => ({ ...r.category, courseCount: Number(r.n ?? 0) }));
    },

    async category(id: string): Promise<CategoryRow | undefined> {
      const [row] = await db.select().from(categories).where(ownCategory(id));
      return row;
    },

    /** The categories under `parentId` (null: the top), in order. */
    siblings(parentId: string | null): Promise<CategoryRow[]> {
      return db
        .select()
        .from(categories)
        .where(and(eq(categories.enterpriseId, eid), parentId ? eq(categories.parentId, parentId) : isNull(categories.parentId)))
        .orderBy(asc(categories.sort), asc(categories.id));
    },

    /** Adds a category last under its parent. */
    async insertCategory(values: Pick<CategoryRow, 'parentId' | 'nameZh' | 'nameEn'>): Promise<CategoryRow> {
      const [{ next } = { next: 0 }] = await db
        .select({ next: sql<number>`coalesce(max(${categories.sort}) + 1, 0)::int` })
        .from(categories)
        .where(and(eq(categories.enterpriseId, eid), values.parentId ? eq(categories.parentId, values.parentId) : isNull(categories.parentId)));
      const [row] = await db.insert(categories).values({ ...values, enterpriseId: eid, sort: Number(next) }).returning();
      return row!;
    },

    async updateCategory(id: string, patch: Partial<Pick<CategoryRow, 'parentId' | 'nameZh' | 'nameEn' | 'sort'>>): Promise<CategoryRow | undefined> {
      const [row] = await db.update(categories).set(patch).where(ownCategory(id)).returning();
      return row;
    },

    /** Whether anything stands in a category: categories under it, courses in it. */
    async categoryUse(id: string): Promise<{ children: number; courses: number }> {
      const [children] = await db.select({ n: count() }).from(categories).where(and(eq(categories.enterpriseId, eid), eq(categories.parentId, id)));
      const [held] = await db.select({ n: count() }).from(courses).where(and(eq(courses.enterpriseId, eid), eq(courses.categoryId, id)));
      return { children: Number(children?.n ?? 0), courses: Number(held?.n ?? 0) };
    },

    async deleteCategory(id: string): Promise<boolean> {
      return (await db.delete(categories).where(ownCategory(id)).returning({ id: categories.id })).length > 0;
    },

    /** Gives each id its place in the list as its sort. */
    async reorderCategories(ids: string[]): Promise<void> {
      for (const [sort, id] of ids.entries()) await db.update(categories).set({ sort }).where(ownCategory(id));
    },

    /** A page of the company's courses of any status, newest first, filtered; with the total. */
    async coursePage(filters: CourseListFilters, { limit, offset }: RowWindow) {
      const conditions: SQL[] = [eq(courses.enterpriseId, eid)];
      if (filters.keyword) {
        const pattern = containsPattern(filters.keyword);
        conditions.push(sql`(${courses.nameZh} ilike ${pattern} or ${courses.nameEn} ilike ${pattern})`);
      }
      if (filters.categoryId) conditions.push(eq(courses.categoryId, filters.categoryId));
      if (filters.status !== undefined) conditions.push(eq(courses.status, filters.status));
      const where = and(...conditions);
      const [total] = await db.select({ n: count() }).from(courses).where(where);
      const rows = await db
        .select({
          course: courses,
          categoryZh: categories.nameZh,
          categoryEn: categories.nameEn,
          periods: sql<number>`(select count(*) from ${courseItems} i where i.enterprise_id = ${eid} and i.course_id = ${courses.id} and i.parent_id is not null)::int`,
          learners: sql<number>`(select count(*) from course_progress p where p.enterprise_id = ${eid} and p.course_id = ${courses.id})::int`,
        })
        .from(courses)
        .leftJoin(categories, and(eq(categories.enterpriseId, eid), eq(categories.id, courses.categoryId)))
        .where(where)
        .orderBy(sql`${courses.createdAt} desc`, asc(courses.id))
        .limit(limit)
        .offset(offset);
      return { rows, total: Number(total?.n ?? 0) };
    },

    async course(id: string): Promise<AuthoredCourseRow | undefined> {
      const [row] = await db.select().from(courses).where(ownCourse(id));
      return row;
    },

    /** The lecturers of each course, in order. */
    async lecturersOf(courseIds: string[]): Promise<{ courseId: string; id: string; nameZh: string; nameEn: string }[]> {
      if (courseIds.length === 0) return [];
      return db
        .select({ courseId: courseLecturers.courseId, id: lecturers.id, nameZh: lecturers.nameZh, nameEn: lecturers.nameEn })
        .from(courseLecturers)
        .innerJoin(lecturers, and(eq(lecturers.id, courseLecturers.lecturerId), eq(lecturers.enterpriseId, eid)))
        .where(and(eq(courseLecturers.enterpriseId, eid), inArray(courseLecturers.courseId, courseIds)))
        .orderBy(asc(courseLecturers.sort), asc(lecturers.id));
    },

    /** How many of `ids` are lecturers of this company. */
    async lecturerCount(ids: string[]): Promise<number> {
      if (ids.length === 0) return 0;
      const [row] = await db.select({ n: count() }).from(lecturers).where(and(eq(lecturers.enterpriseId, eid), inArray(lecturers.id, ids)));
      return Number(row?.n ?? 0);
    },

    async insertCourse(values: CourseValues): Promise<AuthoredCourseRow> {
      const [row] = await db.insert(courses).values({ ...values, enterpriseId: eid }).returning();
      return row!;
    },

    async updateCourse(id: string, patch: Partial<CourseValues>): Promise<AuthoredCourseRow | undefined> {
      const [row] = await db.update(courses).set(patch).where(ownCourse(id)).returning();
      return row;
    },

    /** Makes `ids` the course's lecturers, in that order. */
    async setLecturers(courseId: string, ids: string[]): Promise<void> {
      await db.delete(courseLecturers).where(and(eq(courseLecturers.enterpriseId, eid), eq(courseLecturers.courseId, courseId)));
      if (ids.length) {
        await db.insert(courseLecturers).values(ids.map((lecturerId, sort) => ({ enterpriseId: eid, courseId, lecturerId, sort })));
      }
    },

    /** Who a course is shown to: its departments' codes and its members with their names. */
    async audienceOf(courseId: string) {
      const rows = await db
        .select({
          departmentId: courseAudience.departmentId,
          memberId: courseAudience.enterpriseUserId,
          userName: enterpriseUsers.userName,
          empNo: enterpriseUsers.empNo,
          departmentNameZh: departments.nameZh,
          departmentNameEn: departments.nameEn,
        })
        .from(courseAudience)
        .leftJoin(enterpriseUsers, and(eq(enterpriseUsers.enterpriseId, eid), eq(enterpriseUsers.id, courseAudience.enterpriseUserId)))
        .leftJoin(departments, and(eq(departments.enterpriseId, eid), eq(departments.id, enterpriseUsers.departmentId)))
        .where(and(eq(courseAudience.enterpriseId, eid), eq(courseAudience.courseId, courseId)))
        .orderBy(asc(courseAudience.departmentId), asc(enterpriseUsers.empNo));
      return rows;
    },

    /** Replaces who a course is shown to. */
    async setAudience(courseId: string, departmentIds: readonly string[], memberIds: readonly string[]): Promise<void> {
      await db.delete(courseAudience).where(and(eq(courseAudience.enterpriseId, eid), eq(courseAudience.courseId, courseId)));
      const rows = [
        ...departmentIds.map((departmentId) => ({ enterpriseId: eid, courseId, departmentId })),
        ...memberIds.map((enterpriseUserId) => ({ enterpriseId: eid, courseId, enterpriseUserId })),
      ];
      if (rows.length) await db.insert(courseAudience).values(rows);
    },

    /** How many of the department codes, and of the member ids, are this company's. */
    async audienceCounts(departmentIds: readonly string[], memberIds: readonly string[]) {
      const [d] = departmentIds.length
        ? await db.select({ n: count() }).from(departments).where(and(eq(departments.enterpriseId, eid), inArray(departments.id, [...departmentIds])))
        : [{ n: 0 }];
      const [m] = memberIds.length
        ? await db.select({ n: count() }).from(enterpriseUsers).where(and(eq(enterpriseUsers.enterpriseId, eid), inArray(enterpriseUsers.id, [...memberIds])))
        : [{ n: 0 }];
      return { departments: Number(d?.n ?? 0), members: Number(m?.n ?? 0) };
    },

    /** Copies a course's chapters and periods (parents mapped to the copies) and coursewares to `toId`. */
    async copyContent(fromId: string, toId: string): Promise<void> {
      const items = await db
        .select()
        .from(courseItems)
        .where(and(eq(courseItems.enterpriseId, eid), eq(courseItems.courseId, fromId)))
        .orderBy(asc(courseItems.sort), asc(courseItems.id));
      const newIds = new Map(items.map((i) => [i.id, crypto.randomUUID()]));
      // Chapters first, so that a period's parent exists when it is written.
      const ordered = [...items.filter((i) => i.parentId === null), ...items.filter((i) => i.parentId !== null)];
      if (ordered.length) {
        await db.insert(courseItems).values(
          ordered.map(({ id, courseId: _c, parentId, ...rest }) => ({
            ...rest,
            id: newIds.get(id)!,
            courseId: toId,
            parentId: parentId === null ? null : (newIds.get(parentId) ?? null),
          })),
        );
      }
      const audience = await db.select().from(courseAudience).where(and(eq(courseAudience.enterpriseId, eid), eq(courseAudience.courseId, fromId)));
      if (audience.length) {
        await db.insert(courseAudience).values(audience.map(({ id: _i, courseId: _c, ...rest }) => ({ ...rest, courseId: toId })));
      }
      const files = await db.select().from(coursewares).where(and(eq(coursewares.enterpriseId, eid), eq(coursewares.courseId, fromId)));
      if (files.length) {
        await db.insert(coursewares).values(files.map(({ id: _i, courseId: _c, ...rest }) => ({ ...rest, courseId: toId })));
      }
    },

    /** A course's chapters and periods in order, each with its resource's and exam's names. */
    items(courseId: string) {
      return db
        .select({
          item: courseItems,
          resourceZh: resources.nameZh,
          resourceEn: resources.nameEn,
          resourceType: resources.resourceType,
          examZh: exams.nameZh,
          examEn: exams.nameEn,
        })
        .from(courseItems)
        .leftJoin(resources, and(eq(resources.enterpriseId, eid), eq(resources.id, courseItems.resourceId)))
        .leftJoin(exams, and(eq(exams.enterpriseId, eid), eq(exams.id, courseItems.examId)))
        .where(and(eq(courseItems.enterpriseId, eid), eq(courseItems.courseId, courseId)))
        .orderBy(asc(courseItems.sort), asc(courseItems.id));
    },

    async item(id: string): Promise<ItemRow | undefined> {
      const [row] = await db.select().from(courseItems).where(and(eq(courseItems.enterpriseId, eid), eq(courseItems.id, id)));
      return row;
    },

    /** The items under `parentId` of a course (null: its chapters), in order. */
    siblingItems(courseId: string, parentId: string | null): Promise<ItemRow[]> {
      return db
        .select()
        .from(courseItems)
        .where(
          and(
            eq(courseItems.enterpriseId, eid),
            eq(courseItems.courseId, courseId),
            parentId ? eq(courseItems.parentId, parentId) : isNull(courseItems.parentId),
          ),
        )
        .orderBy(asc(courseItems.sort), asc(courseItems.id));
    },

    /** Adds an item last among its siblings. */
    async insertItem(values: Omit<typeof courseItems.$inferInsert, 'id' | 'enterpriseId' | 'sort'>): Promise<ItemRow> {
      const [{ next } = { next: 0 }] = await db
        .select({ next: sql<number>`coalesce(max(${courseItems.sort}) + 1, 0)::int` })
        .from(courseItems)
        .where(
          and(
            eq(courseItems.enterpriseId, eid),
            eq(courseItems.courseId, values.courseId),
            values.parentId ? eq(courseItems.parentId, values.parentId) : isNull(courseItems.parentId),
          ),
        );
      const [row] = await db.insert(courseItems).values({ ...values, enterpriseId: eid, sort: Number(next) }).returning();
      return row!;
    },

    async updateItem(id: string, patch: Partial<Pick<ItemRow, 'parentId' | 'nameZh' | 'nameEn' | 'contentType' | 'resourceId' | 'examId' | 'sort'>>): Promise<ItemRow | undefined> {
      const [row] = await db.update(courseItems).set(patch).where(and(eq(courseItems.enterpriseId, eid), eq(courseItems.id, id))).returning();
      return row;
    },

    async deleteItem(id: string): Promise<boolean> {
      return (await db.delete(courseItems).where(and(eq(courseItems.enterpriseId, eid), eq(courseItems.id, id))).returning({ id: courseItems.id })).length > 0;
    },

    async reorderItems(ids: string[]): Promise<void> {
      for (const [sort, id] of ids.entries()) await db.update(courseItems).set({ sort }).where(and(eq(courseItems.enterpriseId, eid), eq(courseItems.id, id)));
    },

    async resource(id: string) {
      const [row] = await db.select().from(resources).where(and(eq(resources.enterpriseId, eid), eq(resources.id, id), inLibrary()));
      return row;
    },

    async exam(id: string) {
      const [row] = await db.select({ id: exams.id }).from(exams).where(and(eq(exams.enterpriseId, eid), eq(exams.id, id)));
      return row;
    },

    /** Up to 50 of the library's resources whose name holds `keyword`, of one type when given, by name. */
    resourceOptions(keyword: string | undefined, resourceType: number | undefined) {
      const conditions: SQL[] = [eq(resources.enterpriseId, eid), inLibrary()];
      if (keyword) {
        const pattern = containsPattern(keyword);
        conditions.push(sql`(${resources.nameZh} ilike ${pattern} or ${resources.nameEn} ilike ${pattern} or ${resources.fileName} ilike ${pattern})`);
      }
      if (resourceType !== undefined) conditions.push(eq(resources.resourceType, resourceType));
      return db
        .select({ id: resources.id, nameZh: resources.nameZh, nameEn: resources.nameEn, resourceType: resources.resourceType, duration: resources.duration })
        .from(resources)
        .where(and(...conditions))
        .orderBy(asc(resources.nameZh), asc(resources.id))
        .limit(50);
    },

    /** Up to 50 of the company's exams whose name holds `keyword`, by name. */
    examOptions(keyword: string | undefined) {
      const named = keyword
        ? sql`(${exams.nameZh} ilike ${containsPattern(keyword)} or ${exams.nameEn} ilike ${containsPattern(keyword)})`
        : undefined;
      return db
        .select({ id: exams.id, nameZh: exams.nameZh, nameEn: exams.nameEn })
        .from(exams)
        .where(and(eq(exams.enterpriseId, eid), named))
        .orderBy(asc(exams.nameZh), asc(exams.id))
        .limit(50);
    },

    /** A course's coursewares in order, with their resources. */
    coursewares(courseId: string) {
      return db
        .select({ id: coursewares.id, resource: resources })
        .from(coursewares)
        .innerJoin(resources, and(eq(resources.enterpriseId, eid), eq(resources.id, coursewares.resourceId)))
        .where(and(eq(coursewares.enterpriseId, eid), eq(coursewares.courseId, courseId)))
        .orderBy(asc(coursewares.sort), asc(coursewares.id));
    },

    async courseware(id: string) {
      const [row] = await db.select().from(coursewares).where(and(eq(coursewares.enterpriseId, eid), eq(coursewares.id, id)));
      return row;
    },

    /** Adds a courseware last. */
    async addCourseware(courseId: string, resourceId: string) {
      const [{ next } = { next: 0 }] = await db
        .select({ next: sql<number>`coalesce(max(${coursewares.sort}) + 1, 0)::int` })
        .from(coursewares)
        .where(and(eq(coursewares.enterpriseId, eid), eq(coursewares.courseId, courseId)));
      const [row] = await db.insert(coursewares).values({ enterpriseId: eid, courseId, resourceId, sort: Number(next) }).returning();
      return row!;
    },

    async removeCourseware(id: string): Promise<boolean> {
      return (await db.delete(coursewares).where(and(eq(coursewares.enterpriseId, eid), eq(coursewares.id, id))).returning({ id: coursewares.id })).length > 0;
    },

    /**
     * A page of the library, newest first, found by name or file name and of one type when
     * given; each with the courses using it (periods or coursewares) and the live rooms
     * replaying it.
     */
    async resourcePage(filters: { keyword?: string; resourceType?: number }, { limit, offset }: RowWindow) {
      const conditions: SQL[] = [eq(resources.enterpriseId, eid), inLibrary()];
      if (filters.keyword) {
        const pattern = containsPattern(filters.keyword);
        conditions.push(sql`(${resources.nameZh} ilike ${pattern} or ${resources.nameEn} ilike ${pattern} or ${resources.fileName} ilike ${pattern})`);
      }
      if (filters.resourceType !== undefined) conditions.push(eq(resources.resourceType, filters.resourceType));
      const where = and(...conditions);
      const [total] = await db.select({ n: count() }).from(resources).where(where);
      const users = sql`(
        select c.id, c.name_zh, c.name_en from courses c where c.enterprise_id = ${eid} and c.id in (
          select i.course_id from course_items i where i.enterprise_id = ${eid} and i.resource_id = ${resources.id}
          union select w.course_id from coursewares w where w.enterprise_id = ${eid} and w.resource_id = ${resources.id}
        )
      )`;
      const rows = await db
        .select({
          resource: resources,
          usedCount: sql<number>`(select count(*) from ${users} u)::int`,
          usedIn: sql<{ zh: string; en: string }[]>`(select coalesce(json_agg(json_build_object('zh', u.name_zh, 'en', u.name_en)), '[]'::json)
            from (select * from ${users} u0 order by u0.name_zh limit 3) u)`,
          liveCount: sql<number>`(select count(*) from live_rooms l where l.enterprise_id = ${eid} and l.playback_resource_id = ${resources.id})::int`,
          progress: sql<number>`coalesce((select j.progress from jobs j where j.id = ${resources.jobId}), 0)::int`,
        })
        .from(resources)
        .where(where)
        .orderBy(sql`${resources.createdAt} desc`, asc(resources.id))
        .limit(limit)
        .offset(offset);
      return { rows, total: Number(total?.n ?? 0) };
    },
  };
}
