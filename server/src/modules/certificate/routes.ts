/** Handlers of the certificate rows of the call table: the caller's certificates, the PDF, the public verification and granting by hand. */
import { z } from 'zod';
import { CertificateStatus } from '@/api/certificate-types';
import { authRoute, publicRoute, type RouteTable } from '../../routing';
import { pagingFields } from '../../paging';
import {
  certificateCount,
  certificatePage,
  certificatePdfDownload,
  grantCertificate,
  verifyCertificate,
} from './service';

export const certificateRoutes = {
  certificatePage: authRoute({
    input: z.object({
      ...pagingFields('certificatePage'),
      status: z.union([z.literal(CertificateStatus.held), z.literal(CertificateStatus.expired)]).default(CertificateStatus.held),
    }),
    handle: (ctx, body) => certificatePage(ctx, body),
  }),
  certificateCount: authRoute({ handle: (ctx) => certificateCount(ctx) }),
  certificatePdf: authRoute({
    input: z.object({ id: z.uuid() }),
    handle: (ctx, { id }) => certificatePdfDownload(ctx, id),
  }),
  certificateVerify: publicRoute({
    // Any text is looked up the same way: a malformed code is simply not found (a missing one is a bad call).
    input: z.object({ code: z.string() }),
    handle: (ctx, { code }) => verifyCertificate(ctx, code),
  }),
  certificateGrant: authRoute({
    input: z.object({ certificateId: z.uuid(), empNo: z.string().trim().min(1).max(20) }),
    handle: (ctx, body) => grantCertificate(ctx, body),
  }),
} satisfies Partial<RouteTable>;
