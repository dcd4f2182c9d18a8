/** The messages the certificates page and the public verification page receive. */
import { loadStateMessageKeys } from '@/components/ui/messages';
import type { Messages } from '@/i18n/index';

/** Dates, status and issue way, shown by both pages. */
const factKeys = [
  'certificate.status.1',
  'certificate.status.2',
  'certificate.issuedAt',
  'certificate.expiresAt',
  'certificate.longTerm',
] as const;

/** `/certificate`: the caller's certificates by status. */
export const certificatesPageMessageKeys = [
  ...loadStateMessageKeys,
  ...factKeys,
  'auth.loginFirst',
  'study.signIn',
  'certificate.title',
  'certificate.intro',
  'certificate.tabs',
  'certificate.tabCount',
  'certificate.list',
  'certificate.emptyHeld',
  'certificate.emptyExpired',
  'certificate.issueWay.1',
  'certificate.issueWay.2',
  'certificate.source',
  'certificate.source.course',
  'certificate.source.project',
  'certificate.source.none',
  'certificate.code',
  'certificate.download',
  'certificate.downloadOf',
  'certificate.downloading',
  'certificate.downloadingOf',
  'certificate.verifyOnline',
  'certificate.verifyOnlineOf',
] as const;
export type CertificatesPageMessages = Messages<(typeof certificatesPageMessageKeys)[number]>;

/** `/certificate/verify`: the code field and the three answers. */
export const verifyPageMessageKeys = [
  ...factKeys,
  'learning.loadFailed',
  'learning.retry',
  'route.certificateVerify',
  'certificate.verify.intro',
  'certificate.verify.code',
  'certificate.verify.placeholder',
  'certificate.verify.submit',
  'certificate.verify.checking',
  'certificate.verify.empty',
  'certificate.verify.result',
  'certificate.verify.genuine',
  'certificate.verify.genuineText',
  'certificate.verify.expired',
  'certificate.verify.expiredText',
  'certificate.verify.notFound',
  'certificate.verify.notFoundText',
  'certificate.verify.holder',
  'certificate.verify.certificate',
  'certificate.verify.company',
  'certificate.verify.status',
] as const;
export type VerifyPageMessages = Messages<(typeof verifyPageMessageKeys)[number]>;
