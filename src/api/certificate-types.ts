/**
 * Response and body shapes of the certificate calls (spec section 3: a certificate's issue way is
 * automatic or manual, its status held or expired). The gateway produces exactly these. Ids are
 * UUID strings; times ISO 8601; names in the request's language.
 */

/** Issue ways: 1 automatic (on completing the course or project), 2 manual (granted by hand). */
export const IssueWay = { automatic: 1, manual: 2 } as const;
export type IssueWayValue = (typeof IssueWay)[keyof typeof IssueWay];

/** Statuses: 1 held (valid), 2 expired. */
export const CertificateStatus = { held: 1, expired: 2 } as const;
export type CertificateStatusValue = (typeof CertificateStatus)[keyof typeof CertificateStatus];

/** What grants a certificate automatically: a course or a study project of the company. */
export interface CertificateSource {
  type: 'course' | 'project';
  id: string;
  name: string;
}

/** One certificate the caller holds (`certificatePage`). */
export interface CertificateItem {
  /** The certificate held (what `certificatePdf?id` takes). */
  id: string;
  /** The kind of certificate. */
  certificateId: string;
  name: string;
  issueWay: IssueWayValue;
  issuedAt: string;
  /** null: long-term. */
  expiresAt: string | null;
  status: CertificateStatusValue;
  /** null for a certificate only ever granted by hand. */
  source: CertificateSource | null;
  /** The public verification code. */
  code: string;
}

/** `certificatePage` body: paging and the status of the tab. */
export interface CertificatePageBody {
  pageCurrent?: number;
  pageSize?: number;
  status?: CertificateStatusValue;
}

/** `certificateCount`: the caller's certificates by status, for the tabs. */
export interface CertificateCount {
  held: number;
  expired: number;
}

/** `certificateVerify?code`: all that the public learns of a genuine certificate. */
export interface CertificateVerification {
  userName: string;
  certificateName: string;
  companyName: string;
  issuedAt: string;
  expiresAt: string | null;
  status: CertificateStatusValue;
}

/** `certificateGrant` body (admins): which certificate, to which employee number. */
export interface CertificateGrantBody {
  certificateId: string;
  empNo: string;
}

/** `certificateGrant`: the certificate as its new holder sees it, with the holder. */
export interface CertificateGrantResult extends CertificateItem {
  userName: string;
  empNo: string;
}
