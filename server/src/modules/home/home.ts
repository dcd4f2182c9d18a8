/**
 * The home page's own content: banners, zones, the zone picture, the zones' course cards and
 * the featured lecturers, in the caller's language and held to the caller's company.
 */
import { and, asc, eq, sql } from 'drizzle-orm';
import { RelationType, type Banner, type Zone, type ZoneCourse, type ZoneLecturer, type ZoneLogo } from '@/api/home-types';
import { banners, courses, homeSettings, homeZoneCourses, homeZoneLecturers, homeZones, lecturers } from '../../db/schema';
import type { AuthContext } from '../../routing';
import { courseCards, toLecturerBrief } from '../../db/access/course-cards';
import { scoped } from '../../db/access';

/** Cards and lecturers a zone shows at most. */
export const ZONE_LIMIT = 8;

const inLang = (ctx: AuthContext, zh: string, en: string) => (ctx.lang === 'en' ? en : zh);

export async function bannerList(ctx: AuthContext): Promise<Banner[]> {
  const rows = await ctx.db
    .select()
    .from(banners)
    .where(eq(banners.enterpriseId, ctx.tenant.id))
    .orderBy(asc(banners.sort), asc(banners.createdAt), asc(banners.id));
  return rows.map((b) => ({ id: b.id, title: inLang(ctx, b.titleZh, b.titleEn), image: b.image, linkUrl: b.linkUrl, target: b.target }));
}

export async function zoneList(ctx: AuthContext): Promise<Zone[]> {
  const rows = await ctx.db
    .select()
    .from(homeZones)
    .where(eq(homeZones.enterpriseId, ctx.tenant.id))
    .orderBy(asc(homeZones.sort), asc(homeZones.id));
  return rows.map((z) => ({ id: z.id, kind: z.kind, relationType: z.relationType, title: inLang(ctx, z.titleZh, z.titleEn) }));
}

export async function zoneLogo(ctx: AuthContext): Promise<ZoneLogo> {
  const [row] = await ctx.db.select().from(homeSettings).where(eq(homeSettings.enterpriseId, ctx.tenant.id));
  if (!row) return { image: '', linkUrl: '', slogan: '' };
  return { image: row.zoneLogo, linkUrl: row.zoneLogoLink, slogan: inLang(ctx, row.sloganZh, row.sloganEn) };
}

/** The published courses picked for the recommended zones (or one of them), in zone then pick order. */
async function pickedCourseIds(ctx: AuthContext, zoneId: string | undefined): Promise<string[]> {
  const eid = ctx.tenant.id;
  const rows = await ctx.db
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
    .innerJoin(courses, and(eq(courses.id, homeZoneCourses.courseId), eq(courses.enterpriseId, eid), eq(courses.status, 1)))
    .where(eq(homeZoneCourses.enterpriseId, eid))
    .orderBy(asc(homeZones.sort), asc(homeZones.id), asc(homeZoneCourses.sort));
  return [...new Set(rows.map((r) => r.courseId))].slice(0, ZONE_LIMIT);
}

/**
 * `zoneCourseList?relationType[&zoneId]`: 1 the picks of the recommended zones (of `zoneId`
 * only, when given), 2 the newest courses, 3 the most studied; at most 8 published courses,
 * as cards with the caller's progress.
 */
export async function zoneCourseList(ctx: AuthContext, input: { relationType: number; zoneId?: string }): Promise<ZoneCourse[]> {
  let ids: string[];
  if (input.relationType === RelationType.recommended) {
    ids = await pickedCourseIds(ctx, input.zoneId);
  } else {
    const sort = input.relationType === RelationType.newest ? 'new' : 'hot';
    ({ ids } = await scoped(ctx.db, ctx.tenant.id).courses.coursePageIds(ctx.member.id, { sort }, 0, ZONE_LIMIT));
  }
  return courseCards(ctx.db, ctx.tenant.id, ctx.member.id, ctx.lang, ids);
}

/** `zoneLecturerList`: the featured lecturers in order, each with their published courses counted. */
export async function zoneLecturerList(ctx: AuthContext): Promise<ZoneLecturer[]> {
  const eid = ctx.tenant.id;
  const rows = await ctx.db
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
    .limit(ZONE_LIMIT);
  return rows.map(({ lecturer, courseCount }) => ({
    ...toLecturerBrief(lecturer, ctx.lang),
    intro: inLang(ctx, lecturer.introZh, lecturer.introEn),
    courseCount,
  }));
}
