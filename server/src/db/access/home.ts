/** The home page's rows: banners, zones, the zone picture, the recommended zones' picks and the featured lecturers. */
import { and, asc, eq, gt, inArray, isNull, lte, or, sql } from 'drizzle-orm';
import { RelationType } from '@/api/home-types';
import type { Db } from '../client';
import { banners, courses, homeSettings, homeZoneCourses, homeZoneLecturers, homeZones, lecturers } from '../schema';

export function homeQueries(db: Db, eid: string) {
  return {
    /** The banners learners see now: inside their window (either end open), in order. */
    banners() {
      return db
        .select()
        .from(banners)
        .where(
          and(
            eq(banners.enterpriseId, eid),
            or(isNull(banners.activeFrom), lte(banners.activeFrom, sql`now()`)),
            or(isNull(banners.activeUntil), gt(banners.activeUntil, sql`now()`)),
          ),
        )
        .orderBy(asc(banners.sort), asc(banners.createdAt), asc(banners.id));
    },

    zones() {
      return db
        .select()
        .from(homeZones)
        .where(eq(homeZones.enterpriseId, eid))
        .orderBy(asc(homeZones.sort), asc(homeZones.id));
    },

    async settings() {
      const [row] = await db.select().from(homeSettings).where(eq(homeSettings.enterpriseId, eid));
      return row;
    },

    /** The published courses picked for the recommended zones (or one of them), in zone then pick order, each once. */
    async pickedCourseIds(zoneId: string | undefined, limit: number, visible: readonly string[] = []): Promise<string[]> {
      const rows = await db
        .select({ courseId: homeZoneCourses.courseId })
        .from(homeZoneCourses)
        .innerJoin(
          homeZones,
          and(
            eq(homeZones.id, homeZoneCourses.zoneId),
            eq(homeZones.enterpriseId, eid),
            eq(homeZones.kind, 1),
            eq(homeZones.relationType, RelationType.recommended),
            zoneId === undefined ? undefined : eq(homeZones.id, zoneId),
          ),
        )
        .innerJoin(
          courses,
          and(
            eq(courses.id, homeZoneCourses.courseId),
            eq(courses.enterpriseId, eid),
            eq(courses.status, 1),
            // The whole company's courses, and the limited ones shown to the caller.
            visible.length ? or(eq(courses.audience, 0), inArray(courses.id, [...visible])) : eq(courses.audience, 0),
          ),
        )
        .where(eq(homeZoneCourses.enterpriseId, eid))
        .orderBy(asc(homeZones.sort), asc(homeZones.id), asc(homeZoneCourses.sort));
      return [...new Set(rows.map((r) => r.courseId))].slice(0, limit);
    },

    /** The featured lecturers in order, each with their published courses counted. */
    featuredLecturers(limit: number) {
      return db
        .select({
          lecturer: lecturers,
          courseCount: sql<number>`(select count(*) from course_lecturers cl
            join courses c on c.id = cl.course_id and c.enterprise_id = ${eid} and c.status = 1
            where cl.enterprise_id = ${eid} and cl.lecturer_id = ${lecturers.id})`.mapWith(Number),
        })
        .from(homeZoneLecturers)
        .innerJoin(lecturers, and(eq(lecturers.id, homeZoneLecturers.lecturerId), eq(lecturers.enterpriseId, eid)))
        .where(eq(homeZoneLecturers.enterpriseId, eid))
        .orderBy(asc(homeZoneLecturers.sort), asc(lecturers.sort), asc(lecturers.id))
        .limit(limit);
    },
  };
}
