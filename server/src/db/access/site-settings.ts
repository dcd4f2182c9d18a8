/**
 * What the back office's site settings read and write for one company: its branding (its own
 * `enterprises` row), its domains, navigation items, banners, home zones with their picks, and
 * its own enum options (which replace the global list of that enum).
 */
import { and, asc, count, eq, getTableColumns, inArray, isNull, max, notInArray, or, sql } from 'drizzle-orm';
import type { Db } from '../client';
import {
  banners,
  courses,
  enterpriseDomains,
  enterpriseUsers,
  enterprises,
  enums,
  homeZoneCourses,
  homeZoneLecturers,
  homeZones,
  lecturers,
  navItems,
  uploadedFiles,
} from '../schema';
import { containsPattern } from './rows';

/** Branding columns of the company's row (never the initial-password hash). */
const { initPasswordHash: _secret, code: _code, createdAt: _created, ...brandingColumns } = getTableColumns(enterprises);
export type Branding = Omit<typeof enterprises.$inferSelect, 'initPasswordHash' | 'code' | 'createdAt'>;
export type BrandingPatch = Omit<Branding, 'id'>;

export type NavRow = typeof navItems.$inferSelect;
export type NavPatch = Omit<typeof navItems.$inferInsert, 'id' | 'enterpriseId' | 'sort'>;
export type BannerRow = typeof banners.$inferSelect;
export type BannerPatch = Omit<typeof banners.$inferInsert, 'id' | 'enterpriseId' | 'sort' | 'createdAt'>;
export type ZoneRow = typeof homeZones.$inferSelect;
export type EnumRow = typeof enums.$inferSelect;
export type EnumOptionRow = Pick<EnumRow, 'value' | 'labelZh' | 'labelEn' | 'groupZh' | 'groupEn'>;

/** Options a picker offers at most per search. */
const OPTIONS_LIMIT = 50;

export function siteSettingsQueries(db: Db, eid: string) {
  /** Gives the rows of `table` whose ids are listed the position of their id as `sort`. */
  async function reorder(table: typeof navItems | typeof banners | typeof homeZones, ids: string[]) {
    if (ids.length === 0) return;
    const cases = sql.join(
      ids.map((rowId, i) => sql`when ${rowId}::uuid then ${i}::int`),
      sql` `,
    );
    await db
      .update(table)
      .set({ sort: sql`case ${table.id} ${cases} end` })
      .where(and(eq(table.enterpriseId, eid), inArray(table.id, ids)));
  }

  return {
    // ---- branding and domains

    async branding(): Promise<Branding | undefined> {
      const [row] = await db.select(brandingColumns).from(enterprises).where(eq(enterprises.id, eid));
      return row;
    },

    async saveBranding(patch: BrandingPatch): Promise<void> {
      await db.update(enterprises).set(patch).where(eq(enterprises.id, eid));
    },

    async domains(): Promise<string[]> {
      const rows = await db
        .select({ domain: enterpriseDomains.domain })
        .from(enterpriseDomains)
        .where(eq(enterpriseDomains.enterpriseId, eid))
        .orderBy(asc(enterpriseDomains.domain));
      return rows.map((r) => r.domain);
    },

    /** Whether a host already serves a company: this one (`own`), another (`other`), or none. */
    async domainHolder(domain: string): Promise<'own' | 'other' | undefined> {
      // Which company owns a host is readable by every company (migration 0007, domain_lookup).
      const [row] = await db
        .select({ enterpriseId: enterpriseDomains.enterpriseId })
        .from(enterpriseDomains)
        .where(eq(enterpriseDomains.domain, domain));
      if (!row) return undefined;
      return row.enterpriseId === eid ? 'own' : 'other';
    },

    /** Adds a host to this company; false when some company (another, meanwhile) holds it. */
    async addDomain(domain: string): Promise<boolean> {
      const rows = await db
        .insert(enterpriseDomains)
        .values({ domain, enterpriseId: eid })
        .onConflictDoNothing()
        .returning({ domain: enterpriseDomains.domain });
      return rows.length > 0;
    },

    async removeDomain(domain: string): Promise<boolean> {
      const rows = await db
        .delete(enterpriseDomains)
        .where(and(eq(enterpriseDomains.enterpriseId, eid), eq(enterpriseDomains.domain, domain)))
        .returning({ domain: enterpriseDomains.domain });
      return rows.length > 0;
    },

    /** An upload of this company by its store key: its size and type. */
    async upload(key: string): Promise<{ size: number; contentType: string } | undefined> {
      const [row] = await db
        .select({ size: uploadedFiles.size, contentType: uploadedFiles.contentType })
        .from(uploadedFiles)
        .where(and(eq(uploadedFiles.enterpriseId, eid), eq(uploadedFiles.key, key)));
      return row;
    },

    // ---- navigation

    nav(): Promise<NavRow[]> {
      return db
        .select()
        .from(navItems)
        .where(eq(navItems.enterpriseId, eid))
        .orderBy(asc(navItems.sort), asc(navItems.id));
    },

    async navItem(id: string): Promise<NavRow | undefined> {
      const [row] = await db.select().from(navItems).where(and(eq(navItems.enterpriseId, eid), eq(navItems.id, id)));
      return row;
    },

    /** Adds an item after the last one. */
    async insertNav(patch: NavPatch): Promise<NavRow> {
      const [last] = await db.select({ sort: max(navItems.sort) }).from(navItems).where(eq(navItems.enterpriseId, eid));
      const [row] = await db
        .insert(navItems)
        .values({ ...patch, enterpriseId: eid, sort: (last?.sort ?? -1) + 1 })
        .returning();
      return row!;
    },

    async updateNav(id: string, patch: Partial<NavPatch>): Promise<NavRow | undefined> {
      const [row] = await db
        .update(navItems)
        .set(patch)
        .where(and(eq(navItems.enterpriseId, eid), eq(navItems.id, id)))
        .returning();
      return row;
    },

    async deleteNav(id: string): Promise<boolean> {
      const rows = await db
        .delete(navItems)
        .where(and(eq(navItems.enterpriseId, eid), eq(navItems.id, id)))
        .returning({ id: navItems.id });
      return rows.length > 0;
    },

    reorderNav: (ids: string[]) => reorder(navItems, ids),

    // ---- banners

    /** Every banner, shown now or not, in order. */
    banners(): Promise<BannerRow[]> {
      return db
        .select()
        .from(banners)
        .where(eq(banners.enterpriseId, eid))
        .orderBy(asc(banners.sort), asc(banners.createdAt), asc(banners.id));
    },

    async banner(id: string): Promise<BannerRow | undefined> {
      const [row] = await db.select().from(banners).where(and(eq(banners.enterpriseId, eid), eq(banners.id, id)));
      return row;
    },

    async insertBanner(patch: BannerPatch): Promise<BannerRow> {
      const [last] = await db.select({ sort: max(banners.sort) }).from(banners).where(eq(banners.enterpriseId, eid));
      const [row] = await db
        .insert(banners)
        .values({ ...patch, enterpriseId: eid, sort: (last?.sort ?? -1) + 1 })
        .returning();
      return row!;
    },

    async updateBanner(id: string, patch: BannerPatch): Promise<BannerRow | undefined> {
      const [row] = await db
        .update(banners)
        .set(patch)
        .where(and(eq(banners.enterpriseId, eid), eq(banners.id, id)))
        .returning();
      return row;
    },

    async deleteBanner(id: string): Promise<BannerRow | undefined> {
      const [row] = await db
        .delete(banners)
        .where(and(eq(banners.enterpriseId, eid), eq(banners.id, id)))
        .returning();
      return row;
    },

    reorderBanners: (ids: string[]) => reorder(banners, ids),

    // ---- home zones

    zones(): Promise<ZoneRow[]> {
      return db
        .select()
        .from(homeZones)
        .where(eq(homeZones.enterpriseId, eid))
        .orderBy(asc(homeZones.sort), asc(homeZones.id));
    },

    async zone(id: string): Promise<ZoneRow | undefined> {
      const [row] = await db.select().from(homeZones).where(and(eq(homeZones.enterpriseId, eid), eq(homeZones.id, id)));
      return row;
    },

    async updateZone(id: string, patch: Pick<ZoneRow, 'titleZh' | 'titleEn' | 'relationType'>): Promise<ZoneRow | undefined> {
      const [row] = await db
        .update(homeZones)
        .set(patch)
        .where(and(eq(homeZones.enterpriseId, eid), eq(homeZones.id, id)))
        .returning();
      return row;
    },

    reorderZones: (ids: string[]) => reorder(homeZones, ids),

    /** The picks of every course zone, in zone then pick order, with each course's names and status. */
    zonePicks() {
      return db
        .select({ zoneId: homeZoneCourses.zoneId, id: courses.id, nameZh: courses.nameZh, nameEn: courses.nameEn, status: courses.status })
        .from(homeZoneCourses)
        .innerJoin(courses, and(eq(courses.id, homeZoneCourses.courseId), eq(courses.enterpriseId, eid)))
        .where(eq(homeZoneCourses.enterpriseId, eid))
        .orderBy(asc(homeZoneCourses.zoneId), asc(homeZoneCourses.sort));
    },

    async zoneCourseIds(zoneId: string): Promise<string[]> {
      const rows = await db
        .select({ id: homeZoneCourses.courseId })
        .from(homeZoneCourses)
        .where(and(eq(homeZoneCourses.enterpriseId, eid), eq(homeZoneCourses.zoneId, zoneId)))
        .orderBy(asc(homeZoneCourses.sort));
      return rows.map((r) => r.id);
    },

    async setZoneCourses(zoneId: string, courseIds: string[]): Promise<void> {
      await db.delete(homeZoneCourses).where(and(eq(homeZoneCourses.enterpriseId, eid), eq(homeZoneCourses.zoneId, zoneId)));
      if (courseIds.length === 0) return;
      await db.insert(homeZoneCourses).values(courseIds.map((courseId, sort) => ({ enterpriseId: eid, zoneId, courseId, sort })));
    },

    /** The featured lecturers in order, with their names. */
    featured() {
      return db
        .select({ id: lecturers.id, nameZh: lecturers.nameZh, nameEn: lecturers.nameEn })
        .from(homeZoneLecturers)
        .innerJoin(lecturers, and(eq(lecturers.id, homeZoneLecturers.lecturerId), eq(lecturers.enterpriseId, eid)))
        .where(eq(homeZoneLecturers.enterpriseId, eid))
        .orderBy(asc(homeZoneLecturers.sort), asc(lecturers.sort), asc(lecturers.id));
    },

    async setFeatured(lecturerIds: string[]): Promise<void> {
      await db.delete(homeZoneLecturers).where(eq(homeZoneLecturers.enterpriseId, eid));
      if (lecturerIds.length === 0) return;
      await db.insert(homeZoneLecturers).values(lecturerIds.map((lecturerId, sort) => ({ enterpriseId: eid, lecturerId, sort })));
    },

    /** Of these course ids, those of this company, with their names. */
    coursesByIds(ids: string[]) {
      if (ids.length === 0) return Promise.resolve([]);
      return db
        .select({ id: courses.id, nameZh: courses.nameZh, nameEn: courses.nameEn, status: courses.status })
        .from(courses)
        .where(and(eq(courses.enterpriseId, eid), inArray(courses.id, ids)));
    },

    /** Of these lecturer ids, those of this company, with their names. */
    lecturersByIds(ids: string[]) {
      if (ids.length === 0) return Promise.resolve([]);
      return db
        .select({ id: lecturers.id, nameZh: lecturers.nameZh, nameEn: lecturers.nameEn })
        .from(lecturers)
        .where(and(eq(lecturers.enterpriseId, eid), inArray(lecturers.id, ids)));
    },

    /** Courses a zone may pick, by name, published first. */
    courseOptions(keyword: string | undefined) {
      const pattern = keyword ? containsPattern(keyword) : undefined;
      return db
        .select({ id: courses.id, nameZh: courses.nameZh, nameEn: courses.nameEn, status: courses.status })
        .from(courses)
        .where(
          and(
            eq(courses.enterpriseId, eid),
            pattern ? or(sql`${courses.nameZh} ilike ${pattern}`, sql`${courses.nameEn} ilike ${pattern}`) : undefined,
          ),
        )
        .orderBy(sql`${courses.status} <> 1`, asc(courses.nameZh), asc(courses.id))
        .limit(OPTIONS_LIMIT);
    },

    /** Lecturers the lecturer zone may feature, by name. */
    lecturerOptions(keyword: string | undefined) {
      const pattern = keyword ? containsPattern(keyword) : undefined;
      return db
        .select({ id: lecturers.id, nameZh: lecturers.nameZh, nameEn: lecturers.nameEn })
        .from(lecturers)
        .where(
          and(
            eq(lecturers.enterpriseId, eid),
            pattern ? or(sql`${lecturers.nameZh} ilike ${pattern}`, sql`${lecturers.nameEn} ilike ${pattern}`) : undefined,
          ),
        )
        .orderBy(asc(lecturers.sort), asc(lecturers.nameZh), asc(lecturers.id))
        .limit(OPTIONS_LIMIT);
    },

    // ---- enum lists

    /** Every enum name with global options or options of this company: how many each has. */
    enumNames() {
      return db
        .select({
          enumName: enums.enumName,
          global: sql<number>`(count(*) filter (where ${enums.enterpriseId} is null))::int`,
          own: sql<number>`(count(*) filter (where ${enums.enterpriseId} is not null))::int`,
        })
        .from(enums)
        .where(or(isNull(enums.enterpriseId), eq(enums.enterpriseId, eid)))
        .groupBy(enums.enumName)
        .orderBy(asc(enums.enumName));
    },

    /** One enum's options: this company's own, and the global ones, each in order. */
    async enumOptions(enumName: string): Promise<{ own: EnumRow[]; global: EnumRow[] }> {
      const rows = await db
        .select()
        .from(enums)
        .where(and(eq(enums.enumName, enumName), or(isNull(enums.enterpriseId), eq(enums.enterpriseId, eid))))
        .orderBy(asc(enums.sort), asc(enums.value));
      return { own: rows.filter((r) => r.enterpriseId !== null), global: rows.filter((r) => r.enterpriseId === null) };
    },

    /** Replaces this company's own options of an enum (none: the global list applies again). */
    async setEnumOptions(enumName: string, options: EnumOptionRow[]): Promise<void> {
      await db.delete(enums).where(and(eq(enums.enterpriseId, eid), eq(enums.enumName, enumName)));
      if (options.length === 0) return;
      await db.insert(enums).values(options.map((o, sort) => ({ ...o, enumName, enterpriseId: eid, sort })));
    },

    /** Post levels members of this company hold that are not among `values`, with how many hold each. */
    async postLevelsOutside(values: string[]): Promise<{ value: string; members: number }[]> {
      return db
        .select({ value: enterpriseUsers.postLevel, members: count() })
        .from(enterpriseUsers)
        .where(
          and(
            eq(enterpriseUsers.enterpriseId, eid),
            sql`${enterpriseUsers.postLevel} <> ''`,
            values.length ? notInArray(enterpriseUsers.postLevel, values) : undefined,
          ),
        )
        .groupBy(enterpriseUsers.postLevel)
        .orderBy(asc(enterpriseUsers.postLevel));
    },
  };
}
