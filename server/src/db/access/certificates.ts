/**
 * Data access of certificates. `scoped(db, eid).certificates` binds every query to one enterprise;
 * a member's own certificates are also read by member id. `db` may be a transaction.
 */
import { and, asc, count, desc, eq, gt, inArray, isNull, lte, or, sql, type SQL } from 'drizzle-orm';
import { CertificateStatus, type CertificateStatusValue } from '@/api/certificate-types';
import type { Db } from '../client';
import { certificates, courses, enterpriseUsers, projectCourses, projects, userCertificates } from '../schema';
import { verificationCode } from './certificate-code';
import type { RowWindow } from '../../paging';

export type CertificateRow = typeof certificates.$inferSelect;
export type HeldRow = typeof userCertificates.$inferSelect;

/** A held certificate with its kind, the course or project that grants it, and the holder. */
export interface HeldCertificate {
  held: HeldRow;
  certificate: CertificateRow;
  course: { id: string; nameZh: string; nameEn: string } | null;
  project: { id: string; nameZh: string; nameEn: string } | null;
  holder: { userName: string; empNo: string };
}

/** Held (no expiry, or expiring later) or expired, at the database's clock. */
export function statusCondition(status: CertificateStatusValue): SQL | undefined {
  return status === CertificateStatus.held
    ? or(isNull(userCertificates.expiresAt), gt(userCertificates.expiresAt, sql`now()`))
    : lte(userCertificates.expiresAt, sql`now()`);
}

export type CertificateScope = ReturnType<typeof certificateScope>;

export function certificateScope(db: Db, eid: string) {
  const heldQuery = () =>
    db
      .select({
        held: userCertificates,
        certificate: certificates,
        course: { id: courses.id, nameZh: courses.nameZh, nameEn: courses.nameEn },
        project: { id: projects.id, nameZh: projects.nameZh, nameEn: projects.nameEn },
        holder: { userName: enterpriseUsers.userName, empNo: enterpriseUsers.empNo },
      })
      .from(userCertificates)
      .innerJoin(certificates, and(eq(certificates.id, userCertificates.certificateId), eq(certificates.enterpriseId, eid)))
      .innerJoin(
        enterpriseUsers,
        and(eq(enterpriseUsers.id, userCertificates.enterpriseUserId), eq(enterpriseUsers.enterpriseId, eid)),
      )
      .leftJoin(courses, and(eq(courses.id, certificates.courseId), eq(courses.enterpriseId, eid)))
      .leftJoin(projects, and(eq(projects.id, certificates.projectId), eq(projects.enterpriseId, eid)));
  const ofMember = (memberId: string, ...more: (SQL | undefined)[]) =>
    and(eq(userCertificates.enterpriseId, eid), eq(userCertificates.enterpriseUserId, memberId), ...more);

  return {
    /** A page of the member's certificates of one status: newest first (held), latest expired first (expired). */
    async page(memberId: string, status: CertificateStatusValue, paging: RowWindow) {
      const where = ofMember(memberId, statusCondition(status));
      const order =
        status === CertificateStatus.held
          ? [desc(userCertificates.issuedAt), asc(userCertificates.id)]
          : [desc(userCertificates.expiresAt), asc(userCertificates.id)];
      const [rows, [total]] = await Promise.all([
        heldQuery()
          .where(where)
          .orderBy(...order)
          .limit(paging.limit)
          .offset(paging.offset),
        db.select({ n: count() }).from(userCertificates).where(where),
      ]);
      return { rows: rows as HeldCertificate[], total: total?.n ?? 0 };
    },

    /** The member's certificates by status. */
    async counts(memberId: string): Promise<{ held: number; expired: number }> {
      const [row] = await db
        .select({
          held: sql<number>`count(*) filter (where ${statusCondition(CertificateStatus.held)})::int`.mapWith(Number),
          expired: sql<number>`count(*) filter (where ${statusCondition(CertificateStatus.expired)})::int`.mapWith(Number),
        })
        .from(userCertificates)
        .where(ofMember(memberId));
      return { held: row?.held ?? 0, expired: row?.expired ?? 0 };
    },

    /** One certificate the member holds, by id; undefined for another member's or company's. */
    async heldByMember(memberId: string, id: string): Promise<HeldCertificate | undefined> {
      const [row] = await heldQuery().where(ofMember(memberId, eq(userCertificates.id, id)));
      return row as HeldCertificate | undefined;
    },

    /** A certificate held in this company, by its verification code. */
    async heldByCode(code: string): Promise<HeldCertificate | undefined> {
      const [row] = await heldQuery().where(and(eq(userCertificates.enterpriseId, eid), eq(userCertificates.code, code)));
      return row as HeldCertificate | undefined;
    },

    /** A certificate of the company, by id. */
    async certificate(id: string): Promise<CertificateRow | undefined> {
      const [row] = await db
        .select()
        .from(certificates)
        .where(and(eq(certificates.enterpriseId, eid), eq(certificates.id, id)));
      return row;
    },

    /** The company's certificates granted by the course or by a project the course belongs to. */
    byCourse(courseId: string): Promise<CertificateRow[]> {
      const inProject = db
        .select({ id: projectCourses.projectId })
        .from(projectCourses)
        .where(and(eq(projectCourses.enterpriseId, eid), eq(projectCourses.courseId, courseId)));
      return db
        .select()
        .from(certificates)
        .where(and(eq(certificates.enterpriseId, eid), or(eq(certificates.courseId, courseId), inArray(certificates.projectId, inProject))));
    },

    /** The company's certificates granted by the project. */
    byProject(projectId: string): Promise<CertificateRow[]> {
      return db
        .select()
        .from(certificates)
        .where(and(eq(certificates.enterpriseId, eid), eq(certificates.projectId, projectId)));
    },

    /**
     * Issues a certificate to a member now, unless the member holds it already: then nothing
     * changes and the answer is undefined. Expiry follows from the certificate's months.
     */
    async insert(certificate: Pick<CertificateRow, 'id' | 'validMonths'>, memberId: string, issueWay: number) {
      const [row] = await db
        .insert(userCertificates)
        .values({
          enterpriseId: eid,
          certificateId: certificate.id,
          enterpriseUserId: memberId,
          issueWay,
          issuedAt: sql`now()`,
          expiresAt: expiry(certificate.validMonths),
          code: verificationCode(),
        })
        .onConflictDoNothing({ target: [userCertificates.certificateId, userCertificates.enterpriseUserId] })
        .returning();
      return row;
    },

    /** Issues an expired certificate again from now, by hand; undefined when it has not expired. */
    async renewExpired(certificate: Pick<CertificateRow, 'id' | 'validMonths'>, memberId: string, issueWay: number) {
      const [row] = await db
        .update(userCertificates)
        .set({ issueWay, issuedAt: sql`now()`, expiresAt: expiry(certificate.validMonths) })
        .where(ofMember(memberId, eq(userCertificates.certificateId, certificate.id), statusCondition(CertificateStatus.expired)))
        .returning();
      return row;
    },
  };
}

/** Expiry `validMonths` calendar months from now; null (long-term) without months. */
function expiry(validMonths: number | null): SQL | null {
  return validMonths === null ? null : sql`now() + make_interval(months => ${validMonths}::int)`;
}
