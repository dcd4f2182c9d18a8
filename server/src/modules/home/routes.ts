/** Handlers of the home rows of the call table: banners, zones and the three rankings. */
import { z } from 'zod';
import type { EndpointName } from '@/api/endpoints';
import { authRoute, type RouteTable } from '../../routing';
import { pagingFields } from '../../paging';
import { bannerList, zoneCourseList, zoneLecturerList, zoneList, zoneLogo } from './home';
import { currentRank, rankPage, type RankMeasure } from './rankings';

/** The page and current-user routes of one ranking. */
function rankRoutes(measure: RankMeasure, pageRow: EndpointName) {
  return {
    page: authRoute({
      input: z.object(pagingFields(pageRow)),
      handle: (ctx, paging) => rankPage(ctx.db, ctx.tenant.id, measure, paging),
    }),
    current: authRoute({ handle: (ctx) => currentRank(ctx.db, ctx.tenant.id, ctx.member.id, measure) }),
  };
}

const integral = rankRoutes('integral', 'integralRankPage');
const creditHour = rankRoutes('creditHour', 'creditHourRankPage');
const certificate = rankRoutes('certificate', 'certificateRankPage');

export const homeRoutes = {
  bannerList: authRoute({ handle: (ctx) => bannerList(ctx) }),
  zoneList: authRoute({ handle: (ctx) => zoneList(ctx) }),
  zoneLogo: authRoute({ handle: (ctx) => zoneLogo(ctx) }),
  zoneCourseList: authRoute({
    input: z.object({
      relationType: z.coerce.number().pipe(z.union([z.literal(1), z.literal(2), z.literal(3)])),
      /** One recommended zone's picks; all recommended zones' without it. */
      zoneId: z.uuid().optional(),
    }),
    handle: (ctx, input) => zoneCourseList(ctx, input),
  }),
  zoneLecturerList: authRoute({ handle: (ctx) => zoneLecturerList(ctx) }),
  integralRankPage: integral.page,
  integralRankCurrent: integral.current,
  creditHourRankPage: creditHour.page,
  creditHourRankCurrent: creditHour.current,
  certificateRankPage: certificate.page,
  certificateRankCurrent: certificate.current,
} satisfies Partial<RouteTable>;
