/**
 * The certificate calls: the caller's certificates by status and their counts, one of them as
 * a PDF, and the public verification of a code (spec section 3: issue way, status).
 */
import { call, type CallOptions } from '@/api/client';
import type {
  CertificateCount,
  CertificateItem,
  CertificatePageBody,
  CertificateVerification,
} from '@/api/certificate-types';
import { outcomeOf } from '@/api/outcome';
import type { PageResult } from '@/api/types';

type Extra = Pick<CallOptions, 'isShowErrTip' | 'signal'>;

/** The caller's certificates of one status (held by default), 10 a page. */
export function getCertificatePage(body: CertificatePageBody = {}, opts?: Extra): Promise<PageResult<CertificateItem>> {
  return call<PageResult<CertificateItem>>('certificatePage', { ...opts, body: { ...body } });
}

/** How many certificates the caller holds and has let expire. */
export function getCertificateCount(opts?: Extra): Promise<CertificateCount> {
  return call<CertificateCount>('certificateCount', { ...opts });
}

/** One of the caller's certificates as a PDF, in the page's language. */
export function downloadCertificatePdf(id: string, opts?: Extra): Promise<Blob> {
  return call<Blob>('certificatePdf', { ...opts, query: { id }, responseType: 'blob' });
}

/** What a verification found: a genuine certificate, none, or a refusal to say (too many tries). */
export type VerifyOutcome =
  | { kind: 'found'; certificate: CertificateVerification }
  | { kind: 'notFound' }
  | { kind: 'refused'; message: string };

/**
 * Checks a verification code with the company of this site (public). Rejects only when the
 * gateway could not answer (network, server error).
 */
export async function verifyCertificate(code: string, opts?: Extra): Promise<VerifyOutcome> {
  try {
    const certificate = await call<CertificateVerification>('certificateVerify', { ...opts, query: { code } });
    return { kind: 'found', certificate };
  } catch (error) {
    const outcome = outcomeOf(error);
    if (outcome.kind === 'notFound' || outcome.kind === 'invalid') return { kind: 'notFound' };
    if (outcome.kind === 'tooMany') return { kind: 'refused', message: outcome.msg };
    throw error;
  }
}
