/**
 * Helpers for the certificate tests: certificates held by name, a course played to the end
 * through the player's calls, and what a PDF holds (its text as pdf.js reads it, its images).
 */
import { PDFDict, PDFDocument, PDFName } from '@cantoo/pdf-lib';
import { and, eq } from 'drizzle-orm';
import { certificates, courses, userCertificates } from '../../db/schema';
import type { TestGateway } from '../../testing';
import { memberOf } from '../home/test-support';
import { elapse, idOf, open, periodOf, report, type Viewer } from '../player/test-support';

/** The certificate of the company at `host` with this Chinese name. */
export async function certificateNamed(gw: TestGateway, nameZh: string) {
  const rows = await gw.database.db.select().from(certificates).where(eq(certificates.nameZh, nameZh));
  if (rows.length !== 1) throw new Error(`expected one certificate "${nameZh}", found ${rows.length}`);
  return rows[0]!;
}

/** The rows of a certificate a member holds (0 or 1: the table allows one). */
export async function heldRows(gw: TestGateway, certificateId: string, memberId: string) {
  return gw.database.db
    .select()
    .from(userCertificates)
    .where(and(eq(userCertificates.certificateId, certificateId), eq(userCertificates.enterpriseUserId, memberId)));
}

/** The verification code of the certificate `empNo` holds. */
export async function codeOf(gw: TestGateway, nameZh: string, empNo: string, host?: string): Promise<string> {
  const certificate = await certificateNamed(gw, nameZh);
  const member = await memberOf(gw, empNo, host);
  const [row] = await heldRows(gw, certificate.id, member.id);
  if (!row) throw new Error(`${empNo} holds no "${nameZh}"`);
  return row.code;
}

/**
 * Plays the one-video course named `nameEn` to the end as `who` (the demo's single-clip
 * courses), with wall time stood in by moving the session's clock.
 */
export async function playCourse(gw: TestGateway, who: Viewer, nameEn: string): Promise<{ courseId: string; completed: boolean }> {
  const courseId = await idOf(gw, courses, nameEn);
  const itemId = await periodOf(gw, courseId, `${nameEn} in brief`);
  const watch = await open(gw, who, courseId, itemId);
  await elapse(gw, watch.watchId, 10);
  const res = await report(gw, who, { watchId: watch.watchId, intervals: [[0, watch.totalDuration]], position: watch.totalDuration }, true);
  if (res.code !== 200) throw new Error(`progressSave: ${res.code} ${res.msg}`);
  return { courseId, completed: res.data.learningStatus === 2 };
}

/** The text pdf.js finds on each page, each text item followed by a space. */
export async function pdfPages(bytes: Uint8Array): Promise<string[]> {
  const pdfjs = await import('pdfjs-dist/legacy/build/pdf.mjs');
  const task = pdfjs.getDocument({ data: bytes.slice(), verbosity: 0 });
  const doc = await task.promise;
  const pages = await Promise.all(
    Array.from({ length: doc.numPages }, async (_, i) => {
      const { items } = await (await doc.getPage(i + 1)).getTextContent();
      return items.map((item) => `${'str' in item ? item.str : ''} `).join('');
    }),
  );
  await task.destroy();
  return pages;
}

/** How many images the first page draws (logo and QR code). */
export async function imageCount(bytes: Uint8Array): Promise<number> {
  const pdf = await PDFDocument.load(bytes);
  const resources = pdf.getPage(0).node.Resources();
  const objects = resources?.lookupMaybe(PDFName.of('XObject'), PDFDict);
  return objects ? objects.keys().length : 0;
}
