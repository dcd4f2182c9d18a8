/**
 * The home page's content as the back office edits it: banners (picture, titles, link, the
 * window in which learners see it, order) and zones (titles, what a course zone lists, order,
 * the courses a recommended zone picks and the lecturers featured).
 */
import { Code } from '@/api/codes';
import type { SiteBanner, SitePick, SiteZones } from '@/api/crm-site-types';
import { ZoneKind } from '@/api/home-types';
import type { bannerSchema, ZoneBody } from '@/lib/schemas/site';
import type { z } from 'zod';
import { changesOf, recordAudit } from '../../audit';
import { scoped } from '../../db/access';
import type { BannerRow } from '../../db/access/site-settings';
import { ApiError } from '../../envelope';
import type { AuthContext } from '../../routing';
import { checkedLink, checkedPicture, inOrder, requireSameItems } from './checks';

type BannerInput = z.output<typeof bannerSchema>;

const BANNER_FIELDS = ['titleZh', 'titleEn', 'image', 'linkUrl', 'target', 'activeFrom', 'activeUntil'] as const;
const ZONE_FIELDS = ['titleZh', 'titleEn', 'relationType'] as const;

/** Whether learners see a banner at `now`: inside its window (either end open). */
export function bannerActive(b: Pick<BannerRow, 'activeFrom' | 'activeUntil'>, now = new Date()): boolean {
  return (!b.activeFrom || b.activeFrom <= now) && (!b.activeUntil || b.activeUntil > now);
}

function toBanner(b: BannerRow): SiteBanner {
  return {
    id: b.id,
    titleZh: b.titleZh,
    titleEn: b.titleEn,
    image: b.image,
    linkUrl: b.linkUrl,
    target: b.target,
    activeFrom: b.activeFrom?.toISOString() ?? null,
    activeUntil: b.activeUntil?.toISOString() ?? null,
    active: bannerActive(b),
  };
}

/** A banner row's fields for the audit log (times as ISO text). */
function auditedBanner(b: BannerRow | undefined) {
  return b && { ...b, activeFrom: b.activeFrom?.toISOString() ?? null, activeUntil: b.activeUntil?.toISOString() ?? null };
}

const bannerNotFound = () => new ApiError(Code.NOT_FOUND, 'site.bannerNotFound');
const zoneNotFound = () => new ApiError(Code.NOT_FOUND, 'site.zoneNotFound');

// ---- banners

export async function siteBannerList(ctx: AuthContext): Promise<SiteBanner[]> {
  return (await ctx.scope.siteSettings.banners()).map(toBanner);
}

/** Creates a banner (no `id`, added last) or edits one. */
export async function siteBannerSave(ctx: AuthContext, body: BannerInput): Promise<SiteBanner> {
  return ctx.db.transaction(async (tx) => {
    const s = scoped(tx, ctx.tenant.id);
    const before = body.id ? await s.siteSettings.banner(body.id) : undefined;
    if (body.id && !before) throw bannerNotFound();
    const patch = {
      titleZh: body.titleZh,
      titleEn: body.titleEn,
      image: await checkedPicture(s, 'image', body.image, before?.image ?? ''),
      linkUrl: await checkedLink(s, 'linkUrl', body.linkUrl, before?.linkUrl ?? ''),
      target: body.target,
      activeFrom: body.activeFrom ? new Date(body.activeFrom) : null,
      activeUntil: body.activeUntil ? new Date(body.activeUntil) : null,
    };
    const row = before ? await s.siteSettings.updateBanner(before.id, patch) : await s.siteSettings.insertBanner(patch);
    if (!row) throw bannerNotFound();
    await recordAudit(s, ctx.member, [
      {
        action: before ? 'update' : 'create',
        objectType: 'banner',
        objectId: row.id,
        objectLabel: row.titleZh,
        changes: changesOf(auditedBanner(before), auditedBanner(row), BANNER_FIELDS),
      },
    ]);
    return toBanner(row);
  });
}

export async function siteBannerDelete(ctx: AuthContext, id: string): Promise<null> {
  await ctx.db.transaction(async (tx) => {
    const s = scoped(tx, ctx.tenant.id);
    const before = await s.siteSettings.deleteBanner(id);
    if (!before) throw bannerNotFound();
    await recordAudit(s, ctx.member, [
      { action: 'delete', objectType: 'banner', objectId: id, objectLabel: before.titleZh, changes: changesOf(auditedBanner(before), null, BANNER_FIELDS) },
    ]);
  });
  return null;
}

export async function siteBannerReorder(ctx: AuthContext, ids: string[]): Promise<SiteBanner[]> {
  const eid = ctx.tenant.id;
  return ctx.db.transaction(async (tx) => {
    const s = scoped(tx, eid);
    const current = await s.siteSettings.banners();
    requireSameItems(current, ids);
    await s.siteSettings.reorderBanners(ids);
    const titles = (list: BannerRow[]) => list.map((r) => r.titleZh);
    const changes = changesOf({ order: titles(current) }, { order: titles(inOrder(current, ids)) }, ['order']);
    if (changes.length > 0) {
      await recordAudit(s, ctx.member, [{ action: 'reorder', objectType: 'banner', objectId: eid, objectLabel: 'order', changes }]);
    }
    return (await s.siteSettings.banners()).map(toBanner);
  });
}

// ---- zones

const pick = (r: { id: string; nameZh: string; nameEn: string; status?: number }): SitePick => ({
  id: r.id,
  nameZh: r.nameZh,
  nameEn: r.nameEn,
  ...(r.status === undefined ? {} : { published: r.status === 1 }),
});

export async function siteZoneList(ctx: AuthContext): Promise<SiteZones> {
  const s = ctx.scope.siteSettings;
  const [zones, picks, featured] = await Promise.all([s.zones(), s.zonePicks(), s.featured()]);
  return {
    zones: zones.map((z) => ({
      id: z.id,
      kind: z.kind,
      relationType: z.relationType,
      titleZh: z.titleZh,
      titleEn: z.titleEn,
      courses: picks.filter((p) => p.zoneId === z.id).map(pick),
    })),
    lecturers: featured.map(pick),
  };
}

/** Edits a zone's titles and, for a course zone, what it lists; the lecturer zone keeps its own. */
export async function siteZoneSave(ctx: AuthContext, body: ZoneBody): Promise<SiteZones> {
  await ctx.db.transaction(async (tx) => {
    const s = scoped(tx, ctx.tenant.id);
    const before = await s.siteSettings.zone(body.id);
    if (!before) throw zoneNotFound();
    const relationType = before.kind === ZoneKind.courses ? body.relationType : before.relationType;
    const row = await s.siteSettings.updateZone(body.id, { titleZh: body.titleZh, titleEn: body.titleEn, relationType });
    if (!row) throw zoneNotFound();
    await recordAudit(s, ctx.member, [
      { action: 'update', objectType: 'zone', objectId: row.id, objectLabel: row.titleZh, changes: changesOf(before, row, ZONE_FIELDS) },
    ]);
  });
  return siteZoneList(ctx);
}

export async function siteZoneReorder(ctx: AuthContext, ids: string[]): Promise<SiteZones> {
  const eid = ctx.tenant.id;
  await ctx.db.transaction(async (tx) => {
    const s = scoped(tx, eid);
    const current = await s.siteSettings.zones();
    requireSameItems(current, ids);
    await s.siteSettings.reorderZones(ids);
    const titles = (list: typeof current) => list.map((r) => r.titleZh);
    const changes = changesOf({ order: titles(current) }, { order: titles(inOrder(current, ids)) }, ['order']);
    if (changes.length > 0) {
      await recordAudit(s, ctx.member, [{ action: 'reorder', objectType: 'zone', objectId: eid, objectLabel: 'order', changes }]);
    }
  });
  return siteZoneList(ctx);
}

/** The courses a course zone picks, in order (shown while it lists its picks: relation type 1). */
export async function siteZoneCoursesSave(ctx: AuthContext, body: { zoneId: string; courseIds: string[] }): Promise<SiteZones> {
  await ctx.db.transaction(async (tx) => {
    const s = scoped(tx, ctx.tenant.id);
    const zone = await s.siteSettings.zone(body.zoneId);
    if (!zone) throw zoneNotFound();
    if (zone.kind !== ZoneKind.courses) throw new ApiError(Code.INVALID, 'site.zoneNotCourses');
    const found = await s.siteSettings.coursesByIds(body.courseIds);
    if (found.length !== body.courseIds.length) throw new ApiError(Code.INVALID, 'site.coursesNotFound');
    const beforeIds = await s.siteSettings.zoneCourseIds(zone.id);
    const before = await s.siteSettings.coursesByIds(beforeIds);
    await s.siteSettings.setZoneCourses(zone.id, body.courseIds);
    const names = (rows: { id: string; nameZh: string }[], ids: string[]) => inOrder(rows, ids).map((r) => r.nameZh);
    await recordAudit(s, ctx.member, [
      {
        action: 'update',
        objectType: 'zone',
        objectId: zone.id,
        objectLabel: zone.titleZh,
        changes: changesOf({ courses: names(before, beforeIds) }, { courses: names(found, body.courseIds) }, ['courses']),
      },
    ]);
  });
  return siteZoneList(ctx);
}

/** The lecturers the lecturer zone features, in order. */
export async function siteZoneLecturersSave(ctx: AuthContext, body: { lecturerIds: string[] }): Promise<SiteZones> {
  await ctx.db.transaction(async (tx) => {
    const s = scoped(tx, ctx.tenant.id);
    const found = await s.siteSettings.lecturersByIds(body.lecturerIds);
    if (found.length !== body.lecturerIds.length) throw new ApiError(Code.INVALID, 'site.lecturersNotFound');
    const before = await s.siteSettings.featured();
    await s.siteSettings.setFeatured(body.lecturerIds);
    const zone = (await s.siteSettings.zones()).find((z) => z.kind === ZoneKind.lecturers);
    await recordAudit(s, ctx.member, [
      {
        action: 'update',
        objectType: 'zone',
        objectId: zone?.id ?? 'lecturers',
        objectLabel: zone?.titleZh ?? 'lecturers',
        changes: changesOf(
          { lecturers: before.map((r) => r.nameZh) },
          { lecturers: inOrder(found, body.lecturerIds).map((r) => r.nameZh) },
          ['lecturers'],
        ),
      },
    ]);
  });
  return siteZoneList(ctx);
}

/** Courses of the company a zone may pick, by name; published ones first. */
export async function siteCourseOptions(ctx: AuthContext, keyword: string | undefined): Promise<SitePick[]> {
  return (await ctx.scope.siteSettings.courseOptions(keyword)).map(pick);
}

/** Lecturers of the company the lecturer zone may feature, by name. */
export async function siteLecturerOptions(ctx: AuthContext, keyword: string | undefined): Promise<SitePick[]> {
  return (await ctx.scope.siteSettings.lecturerOptions(keyword)).map(pick);
}
