/**
 * Demo banners, zones, featured lecturers, points, credit hours and certificates of one company
 * (`seed.home` of its tenant file). Courses, projects and lecturers of the learning section are
 * found by their seeded Chinese names; a key or employee number that names nothing stops the
 * seed with an error naming it. Dates count back from the seeding moment.
 */
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import { issueWays, type HomeSeed } from './config/home';
import { localize, type LearningSeed, type LocalizedText } from './config/tenant-config';
import type { Db } from '../db/client';
import {
  banners,
  certificates,
  courses,
  homeSettings,
  homeZoneCourses,
  homeZoneLecturers,
  homeZones,
  lecturers,
  pointRecords,
  projects,
  userCertificates,
} from '../db/schema';
import { verificationCode } from '../db/access/certificate-code';
import { memberLookup } from './members';

const DAY = 86_400_000;

/** Zone kind and relation type of each zone type of the tenant file. */
const zoneTypes = {
  recommended: { kind: 1, relationType: 1 },
  newest: { kind: 1, relationType: 2 },
  hottest: { kind: 1, relationType: 3 },
  lecturers: { kind: 2, relationType: 1 },
} as const;

const texts = (text: LocalizedText) => ({ zh: localize(text, 'zh'), en: localize(text, 'en') });

/** `months` calendar months after `date`. */
function addMonths(date: Date, months: number): Date {
  const next = new Date(date);
  next.setUTCMonth(next.getUTCMonth() + months);
  return next;
}

/**
 * Ids of the learning section's objects of one kind by key: the object's key gives its seeded
 * Chinese name, which finds the row. An unknown key, or a name the company has twice, throws.
 */
async function keyLookup(
  db: Db,
  enterpriseId: string,
  kind: 'course' | 'project' | 'lecturer',
  items: { key: string; name: LocalizedText }[],
): Promise<(key: string, where: string) => string> {
  const table = kind === 'course' ? courses : kind === 'project' ? projects : lecturers;
  const rows = await db.select({ id: table.id, nameZh: table.nameZh }).from(table).where(eq(table.enterpriseId, enterpriseId));
  const byName = new Map<string, string[]>();
  for (const r of rows) byName.set(r.nameZh, [...(byName.get(r.nameZh) ?? []), r.id]);
  const names = new Map(items.map((i) => [i.key, localize(i.name, 'zh')]));
  return (key, where) => {
    const name = names.get(key);
    const ids = name === undefined ? [] : (byName.get(name) ?? []);
    if (ids.length !== 1) throw new Error(`home seed: ${where} names unknown ${kind} '${key}'`);
    return ids[0]!;
  };
}

/** Writes a company's home demo content; `now` is the seeding moment all dates count from. */
export async function seedHome(
  db: Db,
  enterpriseId: string,
  section: HomeSeed,
  learning: LearningSeed | undefined,
  now = new Date(),
): Promise<void> {
  const daysAgo = (n: number) => new Date(now.getTime() - n * DAY);
  const member = await memberLookup(db, enterpriseId, 'home');
  const course = await keyLookup(db, enterpriseId, 'course', learning?.courses ?? []);
  const project = await keyLookup(db, enterpriseId, 'project', learning?.projects ?? []);
  const lecturer = await keyLookup(db, enterpriseId, 'lecturer', learning?.lecturers ?? []);

  const bannerRows = section.banners.map((b, sort) => {
    const title = texts(b.title);
    return { enterpriseId, titleZh: title.zh, titleEn: title.en, image: b.image, linkUrl: b.link, target: b.target, sort };
  });

  const settingsRows = section.zoneLogo
    ? [
        {
          enterpriseId,
          zoneLogo: section.zoneLogo.image,
          zoneLogoLink: section.zoneLogo.link,
          sloganZh: texts(section.zoneLogo.slogan).zh,
          sloganEn: texts(section.zoneLogo.slogan).en,
        },
      ]
    : [];

  const zoneRows: (typeof homeZones.$inferInsert)[] = [];
  const zoneCourseRows: (typeof homeZoneCourses.$inferInsert)[] = [];
  section.zones.forEach((z, sort) => {
    const id = randomUUID();
    const title = texts(z.title);
    zoneRows.push({ id, enterpriseId, ...zoneTypes[z.type], titleZh: title.zh, titleEn: title.en, sort });
    if (z.type === 'recommended') {
      z.courses.forEach((key, i) =>
        zoneCourseRows.push({ enterpriseId, zoneId: id, courseId: course(key, `zones[${sort}].courses`), sort: i }),
      );
    }
  });

  const lecturerRows = section.lecturers.map((key, sort) => ({ enterpriseId, lecturerId: lecturer(key, 'lecturers'), sort }));

  const sourceOf = (reasonKey: string) => {
    const reason = section.reasons[reasonKey]!;
    const where = `reasons.${reasonKey}`;
    const sourceId =
      reason.ref === undefined ? null : reason.source === 'course' ? course(reason.ref, where) : project(reason.ref, where);
    const text = texts(reason.text);
    return { reasonZh: text.zh, reasonEn: text.en, sourceType: reason.source, sourceId };
  };
  const ledgerRows: (typeof pointRecords.$inferInsert)[] = [];
  for (const [kind, ledger] of [
    [1, section.points],
    [2, section.creditHours],
  ] as const) {
    for (const [empNo, rows] of Object.entries(ledger)) {
      const enterpriseUserId = member(empNo);
      for (const [amount, reason, days] of rows) {
        ledgerRows.push({ enterpriseId, enterpriseUserId, kind, amount, ...sourceOf(reason), createdAt: daysAgo(days) });
      }
    }
  }

  const certificateRows: (typeof certificates.$inferInsert)[] = [];
  const heldRows: (typeof userCertificates.$inferInsert)[] = [];
  section.certificates.forEach((c, i) => {
    const id = randomUUID();
    const name = texts(c.name);
    certificateRows.push({
      id,
      enterpriseId,
      nameZh: name.zh,
      nameEn: name.en,
      courseId: c.course === undefined ? null : course(c.course, `certificates[${i}].course`),
      projectId: c.project === undefined ? null : project(c.project, `certificates[${i}].project`),
      validMonths: c.validMonths ?? null,
      createdAt: daysAgo(Math.max(0, ...c.holders.map(([, , days]) => days)) + 30),
    });
    for (const [empNo, way, days] of c.holders) {
      const issuedAt = daysAgo(days);
      heldRows.push({
        enterpriseId,
        certificateId: id,
        enterpriseUserId: member(empNo),
        issueWay: issueWays[way],
        issuedAt,
        expiresAt: c.validMonths === undefined ? null : addMonths(issuedAt, c.validMonths),
        code: verificationCode(),
      });
    }
  });

  const insert = async <T extends PgTable>(table: T, rows: T['$inferInsert'][]) => {
    if (rows.length) await db.insert(table).values(rows);
  };
  await insert(banners, bannerRows);
  await insert(homeSettings, settingsRows);
  await insert(homeZones, zoneRows);
  await insert(homeZoneCourses, zoneCourseRows);
  await insert(homeZoneLecturers, lecturerRows);
  await insert(pointRecords, ledgerRows);
  await insert(certificates, certificateRows);
  await insert(userCertificates, heldRows);
}

