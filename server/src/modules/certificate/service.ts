/**
 * Certificates: the caller's own (by status, with counts), a held certificate as a PDF, the
 * public verification of a code, and granting by hand (admins).
 *
 * - Everything is scoped to the caller's enterprise, the list and the PDF also to the caller:
 *   another member's or company's certificate answers "not found".
 * - Verification is public and tells only the holder's name, the certificate's and company's
 *   names, the dates and the status. The company is the request host's; an unknown code, one of
 *   another company and a malformed one all get the same answer. Each client address may
 *   verify {@link VERIFY_LIMIT} times in the window.
 * - A grant issues the certificate now (issue way 2); an expired one is issued again, one still
 *   held is refused.
 */
import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import {
  CertificateStatus,
  IssueWay,
  type CertificateCount,
  type CertificateGrantBody,
  type CertificateGrantResult,
  type CertificateItem,
  type CertificateStatusValue,
  type CertificateVerification,
} from '@/api/certificate-types';
import { Code } from '@/api/codes';
import type { PageResult } from '@/api/types';
import { localizePath } from '@/i18n/locale-path';
import type { Locale } from '@/i18n/routes';
import { global, scoped, type Enterprise } from '../../db/access';
import { ApiError } from '../../envelope';
import { mediaFile } from '../../files/media';
import type { FileStore } from '../../files/store';
import type { AuthContext, PublicContext } from '../../routing';
import { normalizeHost, siteOrigin } from '../../tenant';
import { takeHit, type Limit } from '../../limits';
import { downloadResponse, openFile } from '../../files/resources';
import { pageResult, pageWindow, type Paging } from '../../paging';
import { type HeldCertificate } from '../../db/access/certificates';
import { certificatePdf, type LogoImage } from './pdf';
import { inLang } from '../../localized';

export { issueOnCompletion, type Completion } from './issue';

/** Verifications one client address may make. */
export const VERIFY_LIMIT: Limit = { max: 30, windowSeconds: 600 };

/** Verification codes: 16 base32 characters (see `db/access/certificate-code.ts`). */
const CODE_PATTERN = /^[A-Z2-7]{16}$/;

/** Logos larger than this (the spec's logo limit, 5 MB) are not read. */
const MAX_LOGO_BYTES = 5 * 1024 * 1024;

/** The site's public folder, for logos at site paths such as `/tenants/<host>/logo.png`. */
const PUBLIC_DIR = fileURLToPath(new URL('../../../../public', import.meta.url));

const notFound = () => new ApiError(Code.NOT_FOUND, 'certificate.notFound');

/**
 * A typed code as stored: spaces and dashes dropped, upper case; '' when it cannot be a code.
 *
 * @example normalizeCode(' k7qw-2m4x pa3r zc5n ') → 'K7QW2M4XPA3RZC5N'
 */
export function normalizeCode(raw: string): string {
  const code = raw.replace(/[\s-]+/g, '').toUpperCase();
  return CODE_PATTERN.test(code) ? code : '';
}

/** Held or expired at `now`. */
function statusOf(expiresAt: Date | null, now = Date.now()): CertificateStatusValue {
  return expiresAt && expiresAt.getTime() <= now ? CertificateStatus.expired : CertificateStatus.held;
}

const named = (row: { nameZh: string; nameEn: string }, lang: Locale) => (inLang(lang, row.nameZh, row.nameEn));

function sourceOf(row: HeldCertificate, lang: Locale): CertificateItem['source'] {
  if (row.course) return { type: 'course', id: row.course.id, name: named(row.course, lang) };
  if (row.project) return { type: 'project', id: row.project.id, name: named(row.project, lang) };
  return null;
}

function toItem(row: HeldCertificate, lang: Locale): CertificateItem {
  const { held } = row;
  return {
    id: held.id,
    certificateId: row.certificate.id,
    name: named(row.certificate, lang),
    issueWay: held.issueWay === IssueWay.manual ? IssueWay.manual : IssueWay.automatic,
    issuedAt: held.issuedAt.toISOString(),
    expiresAt: held.expiresAt ? held.expiresAt.toISOString() : null,
    status: statusOf(held.expiresAt),
    source: sourceOf(row, lang),
    code: held.code,
  };
}

// ---- the caller's certificates

export async function certificatePage(
  ctx: AuthContext,
  body: Paging & { status: CertificateStatusValue },
): Promise<PageResult<CertificateItem>> {
  const { rows, total } = await scoped(ctx.db, ctx.tenant.id).certificates.page(ctx.member.id, body.status, pageWindow(body));
  return pageResult(
    rows.map((r) => toItem(r, ctx.lang)),
    body,
    total,
  );
}

export function certificateCount(ctx: AuthContext): Promise<CertificateCount> {
  return scoped(ctx.db, ctx.tenant.id).certificates.counts(ctx.member.id);
}

// ---- the PDF

/** The first bytes of PNG and JPEG files. */
function imageType(bytes: Uint8Array): LogoImage['type'] | undefined {
  if (bytes[0] === 0x89 && bytes[1] === 0x50 && bytes[2] === 0x4e && bytes[3] === 0x47) return 'png';
  if (bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'jpg';
  return undefined;
}

/**
 * The company's logo when it is a PNG or JPEG the gateway holds: in the file store
 * (`/files/…`), the media folder (`/media/…`) or the site's public folder; never fetched from
 * elsewhere. Anything else (SVG, an address, a missing file): undefined, and the PDF shows the
 * company's name alone.
 */
export async function readLogo(files: FileStore, url: string): Promise<LogoImage | undefined> {
  const path = url.trim().split(/[?#]/, 1)[0]!;
  if (!path.startsWith('/') || path.startsWith('//')) return undefined;
  try {
    let bytes: Uint8Array | undefined;
    const opened = path.startsWith('/files/') || path.startsWith('/media/') ? await openFile(files, path) : undefined;
    if (opened) {
      if (opened.size > MAX_LOGO_BYTES) return undefined;
      bytes = await opened.bytes();
    } else if (!path.startsWith('/files/')) {
      // The media folder's guard against leaving its root serves the public folder as well.
      const file = mediaFile(`/media${path}`, PUBLIC_DIR);
      bytes = file ? new Uint8Array(await readFile(file)) : undefined;
    }
    if (!bytes || bytes.length > MAX_LOGO_BYTES) return undefined;
    const type = imageType(bytes);
    return type ? { bytes, type } : undefined;
  } catch {
    return undefined;
  }
}

/**
 * The public verification page of a code, on the request's origin when that host serves the
 * certificate's company (else `PUBLIC_ORIGIN`, under the same condition); undefined otherwise,
 * since verification finds the company by host.
 */
async function verifyPageUrl(ctx: AuthContext, code: string): Promise<string | undefined> {
  const origin = await siteOrigin(ctx);
  if (!origin) return undefined;
  const owner = await global.enterpriseByDomain(ctx.db, normalizeHost(new URL(origin).host));
  if (owner?.id !== ctx.tenant.id) return undefined;
  return `${origin}${localizePath('/certificate/verify', ctx.lang)}?code=${encodeURIComponent(code)}`;
}

/** A file name without the characters file systems refuse. */
const safeFileName = (name: string) => name.replace(/[\\/:*?"<>|\u0000-\u001f]+/g, '_').trim();

/** `certificatePdf?id`: one of the caller's certificates as a PDF download. */
export async function certificatePdfDownload(ctx: AuthContext, id: string): Promise<Response> {
  const row = await scoped(ctx.db, ctx.tenant.id).certificates.heldByMember(ctx.member.id, id);
  if (!row) throw notFound();
  const item = toItem(row, ctx.lang);
  const { tenant, lang } = ctx;
  const bytes = await certificatePdf({
    lang,
    companyName: inLang(lang, tenant.nameZh, tenant.nameEn),
    primaryColor: tenant.colorPrimary,
    logo: tenant.logo ? await readLogo(ctx.c.get('files'), tenant.logo) : undefined,
    holderName: row.holder.userName,
    certificateName: item.name,
    source: item.source,
    issuedAt: row.held.issuedAt,
    expiresAt: row.held.expiresAt,
    issueWay: item.issueWay,
    code: item.code,
    verifyUrl: await verifyPageUrl(ctx, item.code),
  });
  return downloadResponse(bytes, bytes.byteLength, `${safeFileName(`${item.name}-${row.holder.userName}`)}.pdf`);
}

// ---- public verification

/** The company of the request's host; the `eid` header's only when the host serves none. */
async function hostTenant(ctx: PublicContext): Promise<Enterprise | undefined> {
  const byHost = await global.enterpriseByDomain(ctx.db, normalizeHost(new URL(ctx.c.req.url).host));
  return byHost ?? (await ctx.findTenant());
}

/** `certificateVerify?code`: what the public may know of a genuine certificate. */
export async function verifyCertificate(ctx: PublicContext, raw: string): Promise<CertificateVerification> {
  if (!(await takeHit(ctx.db, 'certificate-verify', ctx.ip, VERIFY_LIMIT))) {
    throw new ApiError(Code.TOO_MANY_REQUESTS, 'certificate.tooManyVerifications');
  }
  const code = normalizeCode(raw);
  const tenant = code ? await hostTenant(ctx) : undefined;
  const row = tenant ? await scoped(ctx.db, tenant.id).certificates.heldByCode(code) : undefined;
  if (!tenant || !row) throw new ApiError(Code.NOT_FOUND, 'certificate.noSuch');
  return {
    userName: row.holder.userName,
    certificateName: named(row.certificate, ctx.lang),
    companyName: inLang(ctx.lang, tenant.nameZh, tenant.nameEn),
    issuedAt: row.held.issuedAt.toISOString(),
    expiresAt: row.held.expiresAt ? row.held.expiresAt.toISOString() : null,
    status: statusOf(row.held.expiresAt),
  };
}

// ---- granting by hand

/** `certificateGrant` (admins): issues a certificate of the company to one of its members. */
export async function grantCertificate(ctx: AuthContext, body: CertificateGrantBody): Promise<CertificateGrantResult> {
  if (!ctx.member.isAdmin) throw new ApiError(Code.FORBIDDEN, 'certificate.adminOnly');
  const scope = scoped(ctx.db, ctx.tenant.id).certificates;
  const certificate = await scope.certificate(body.certificateId);
  if (!certificate) throw notFound();
  const member = await scoped(ctx.db, ctx.tenant.id).memberByEmpNo(body.empNo);
  if (!member) throw new ApiError(Code.NOT_FOUND, 'certificate.memberNotFound', null, { empNo: body.empNo });
  const row =
    (await scope.insert(certificate, member.id, IssueWay.manual)) ??
    (await scope.renewExpired(certificate, member.id, IssueWay.manual));
  if (!row) throw new ApiError(Code.INVALID, 'certificate.alreadyHeld', null, { name: member.userName });
  const held = await scope.heldByMember(member.id, row.id);
  if (!held) throw notFound();
  return { ...toItem(held, ctx.lang), userName: member.userName, empNo: member.empNo };
}
