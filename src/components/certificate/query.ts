/**
 * The certificates page's state as URL query (`?tab=expired&page=2`), so back, forward, reload
 * and shared links keep it; the verification page's code (`?code=…`). Bad values are dropped.
 */
import { CertificateStatus, type CertificateStatusValue } from '@/api/certificate-types';

/** Tab names in the URL, by status. */
const TAB_OF: Record<CertificateStatusValue, string> = { [CertificateStatus.held]: 'held', [CertificateStatus.expired]: 'expired' };

/** Longest code the verification field takes (a code is 16 characters; spaces and dashes may be typed). */
export const CODE_INPUT_MAX = 40;

export interface CertificateQuery {
  status: CertificateStatusValue;
  page: number;
}

/**
 * The certificates page's state in a query string.
 *
 * @example parseCertificateQuery('?tab=expired&page=2') → { status: 2, page: 2 }
 */
export function parseCertificateQuery(search: string): CertificateQuery {
  const params = new URLSearchParams(search);
  const page = Number(params.get('page'));
  return {
    status: params.get('tab') === TAB_OF[CertificateStatus.expired] ? CertificateStatus.expired : CertificateStatus.held,
    page: Number.isInteger(page) && page > 1 ? page : 1,
  };
}

/**
 * The query string of a state, defaults left out.
 *
 * @example certificateSearch({ status: 1, page: 1 }) → ''; certificateSearch({ status: 2, page: 3 }) → '?tab=expired&page=3'
 */
export function certificateSearch(query: CertificateQuery): string {
  const params = new URLSearchParams();
  if (query.status !== CertificateStatus.held) params.set('tab', TAB_OF[query.status]);
  if (query.page > 1) params.set('page', String(query.page));
  const text = params.toString();
  return text ? `?${text}` : '';
}

/**
 * The code in the verification page's query, cut to the field's length.
 *
 * @example codeFromQuery('?code=K7QW2M4XPA3RZC5N') → 'K7QW2M4XPA3RZC5N'
 */
export function codeFromQuery(search: string): string {
  return (new URLSearchParams(search).get('code') ?? '').trim().slice(0, CODE_INPUT_MAX);
}

/**
 * The verification page of a code, in the page's language.
 *
 * @example verifyHref('K7QW2M4XPA3RZC5N', '/en/certificate/verify') → '/en/certificate/verify?code=K7QW2M4XPA3RZC5N'
 */
export function verifyHref(code: string, verifyPath: string): string {
  return `${verifyPath}?${new URLSearchParams({ code })}`;
}
