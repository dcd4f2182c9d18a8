/** Handlers of the points and credit-hour ledger of the caller. */
import { z } from 'zod';
import { AccountRecordKind } from '@/api/people-types';
import { authRoute, type RouteTable } from '../../routing';
import { pagingFields } from '../../paging';
import { accountRecordPage } from './service';

export const ledgerRoutes = {
  accountRecordPage: authRoute({
    input: z.object({
      // A number range rather than literals, so a missing or wrong kind gets a message naming it.
      kind: z
        .number()
        .int()
        .min(AccountRecordKind.points)
        .max(AccountRecordKind.creditHours)
        .transform((kind) => kind as AccountRecordKind),
      ...pagingFields('accountRecordPage'),
    }),
    handle: (ctx, input) => accountRecordPage(ctx, input),
  }),
} satisfies Partial<RouteTable>;
