/**
 * The home page's own content: banners, zones, the zone picture, the zones' course cards and
 * the featured lecturers, in the caller's language and held to the caller's company.
 */
import { RelationType, type Banner, type Zone, type ZoneCourse, type ZoneLecturer, type ZoneLogo } from '@/api/home-types';
import type { AuthContext } from '../../routing';
import { toLecturerBrief } from '../../db/access/course-cards';
import { scoped } from '../../db/access';
import { visibleCourses } from '../course/service';

/** Cards and lecturers a zone shows at most. */
export const ZONE_LIMIT = 8;

const inLang = (ctx: AuthContext, zh: string, en: string) => (ctx.lang === 'en' && en ? en : zh);

export async function bannerList(ctx: AuthContext): Promise<Banner[]> {
  const rows = await scoped(ctx.db, ctx.tenant.id).home.banners();
  return rows.map((b) => ({ id: b.id, title: inLang(ctx, b.titleZh, b.titleEn), image: b.image, linkUrl: b.linkUrl, target: b.target }));
}

export async function zoneList(ctx: AuthContext): Promise<Zone[]> {
  const rows = await scoped(ctx.db, ctx.tenant.id).home.zones();
  return rows.map((z) => ({ id: z.id, kind: z.kind, relationType: z.relationType, title: inLang(ctx, z.titleZh, z.titleEn) }));
}

export async function zoneLogo(ctx: AuthContext): Promise<ZoneLogo> {
  const row = await scoped(ctx.db, ctx.tenant.id).home.settings();
  if (!row) return { image: '', linkUrl: '', slogan: '' };
  return { image: row.zoneLogo, linkUrl: row.zoneLogoLink, slogan: inLang(ctx, row.sloganZh, row.sloganEn) };
}

/**
 * `zoneCourseList?relationType[&zoneId]`: 1 the picks of the recommended zones (of `zoneId`
 * only, when given), 2 the newest courses, 3 the most studied; at most 8 published courses,
 * as cards with the caller's progress.
 */
export async function zoneCourseList(ctx: AuthContext, input: { relationType: number; zoneId?: string }): Promise<ZoneCourse[]> {
  let ids: string[];
  const visible = await visibleCourses(ctx.db, ctx.tenant.id, ctx.member);
  if (input.relationType === RelationType.recommended) {
    ids = await scoped(ctx.db, ctx.tenant.id).home.pickedCourseIds(input.zoneId, ZONE_LIMIT, visible);
  } else {
    const sort = input.relationType === RelationType.newest ? 'new' : 'hot';
    ({ ids } = await scoped(ctx.db, ctx.tenant.id).courses.coursePageIds(ctx.member.id, { sort, visible }, 0, ZONE_LIMIT));
  }
  return scoped(ctx.db, ctx.tenant.id).cards.forMember(ctx.member.id, ctx.lang, ids);
}

/** `zoneLecturerList`: the featured lecturers in order, each with their published courses counted. */
export async function zoneLecturerList(ctx: AuthContext): Promise<ZoneLecturer[]> {
  const rows = await scoped(ctx.db, ctx.tenant.id).home.featuredLecturers(ZONE_LIMIT);
  return rows.map(({ lecturer, courseCount }) => ({
    ...toLecturerBrief(lecturer, ctx.lang),
    intro: inLang(ctx, lecturer.introZh, lecturer.introEn),
    courseCount,
  }));
}
