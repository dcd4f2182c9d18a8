/**
 * Conditions shared by the data-access layer's queries: a member's own rows of an enterprise,
 * and the rows about one course, task or project in likes, ratings, collections and comments.
 */
import { and, eq, or, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Locale } from '@/i18n/routes';
import { courses } from '../schema';

/** The rows of member `memberId` of enterprise `eid`, with any further conditions. */
export function memberRows(
  table: { enterpriseId: AnyPgColumn; enterpriseUserId: AnyPgColumn },
  eid: string,
  memberId: string,
  ...more: (SQL | undefined)[]
): SQL | undefined {
  return and(eq(table.enterpriseId, eid), eq(table.enterpriseUserId, memberId), ...more);
}

/** The rows of enterprise `eid` about one target; only member `memberId`'s when given. */
export function targetRows(
  table: { enterpriseId: AnyPgColumn; enterpriseUserId: AnyPgColumn; targetType: AnyPgColumn; targetId: AnyPgColumn },
  eid: string,
  targetType: string,
  targetId: string | SQL,
  memberId?: string,
): SQL | undefined {
  return and(
    eq(table.enterpriseId, eid),
    eq(table.targetType, targetType),
    eq(table.targetId, targetId),
    memberId === undefined ? undefined : eq(table.enterpriseUserId, memberId),
  );
}

/** A row's name and intro in the caller's language. */
export function nameAndIntro(
  row: { nameZh: string; nameEn: string; introZh: string; introEn: string },
  lang: Locale,
): { name: string; intro: string } {
  // English where the course has it, else the Chinese (an English name is optional).
  return lang === 'en' ? { name: row.nameEn || row.nameZh, intro: row.introEn || row.introZh } : { name: row.nameZh, intro: row.introZh };
}

/** A UUID string, so that ids from headers never reach a uuid column malformed. */
export function isUuid(value: string): boolean {
  return /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(value);
}

/** A LIKE pattern matching `text` anywhere, with the pattern characters taken literally. */
export function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`;
}

/**
 * Each term in at least one of the columns, case aside, with `%`, `_` and `\` taken literally.
 * Also the community's own list filter.
 */
export function matchesAll(terms: string[], columns: AnyPgColumn[]): SQL | undefined {
  return and(
    ...terms.map((term) => {
      const pattern = containsPattern(term);
      return or(...columns.map((column) => sql`${column} ilike ${pattern}`));
    }),
  );
}

/** Join condition: the published course (status 1) of enterprise `eid` whose id is `courseId`. */
export function publishedCourse(eid: string, courseId: AnyPgColumn): SQL | undefined {
  return and(eq(courses.id, courseId), eq(courses.enterpriseId, eid), eq(courses.status, 1));
}
