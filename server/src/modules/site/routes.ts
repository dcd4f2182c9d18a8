/** Handlers of the back office's site settings: branding, navigation, banners, home zones, enum lists (administrators). */
import { z } from 'zod';
import {
  bannerSchema,
  domainSchema,
  enumNameSchema,
  enumSaveSchema,
  idSchema,
  navItemSchema,
  navShowSchema,
  reorderSchema,
  siteSettingsSchema,
  zoneCoursesSchema,
  zoneLecturersSchema,
  zoneSchema,
} from '@/lib/schemas/site';
import { authRoute, type RouteTable } from '../../routing';
import { siteDomainAdd, siteDomainRemove, siteSave, siteView } from './branding';
import { siteEnumList, siteEnumReset, siteEnumSave, siteEnumView } from './enums';
import {
  siteBannerDelete,
  siteBannerList,
  siteBannerReorder,
  siteBannerSave,
  siteCourseOptions,
  siteLecturerOptions,
  siteZoneCoursesSave,
  siteZoneLecturersSave,
  siteZoneList,
  siteZoneReorder,
  siteZoneSave,
} from './home-content';
import { siteNavDelete, siteNavList, siteNavReorder, siteNavSave, siteNavShow } from './menu';

const keyword = z.object({ keyword: z.string().trim().max(50).optional() });

export const siteRoutes = {
  siteView: authRoute({ handle: (ctx) => siteView(ctx) }),
  siteSave: authRoute({ input: siteSettingsSchema, handle: (ctx, body) => siteSave(ctx, body) }),
  siteDomainAdd: authRoute({ input: domainSchema, handle: (ctx, body) => siteDomainAdd(ctx, body) }),
  siteDomainRemove: authRoute({ input: domainSchema, handle: (ctx, body) => siteDomainRemove(ctx, body) }),

  siteNavList: authRoute({ handle: (ctx) => siteNavList(ctx) }),
  siteNavSave: authRoute({ input: navItemSchema, handle: (ctx, body) => siteNavSave(ctx, body) }),
  siteNavDelete: authRoute({ input: idSchema, handle: (ctx, { id }) => siteNavDelete(ctx, id) }),
  siteNavReorder: authRoute({ input: reorderSchema, handle: (ctx, { ids }) => siteNavReorder(ctx, ids) }),
  siteNavShow: authRoute({ input: navShowSchema, handle: (ctx, body) => siteNavShow(ctx, body) }),

  siteBannerList: authRoute({ handle: (ctx) => siteBannerList(ctx) }),
  siteBannerSave: authRoute({ input: bannerSchema, handle: (ctx, body) => siteBannerSave(ctx, body) }),
  siteBannerDelete: authRoute({ input: idSchema, handle: (ctx, { id }) => siteBannerDelete(ctx, id) }),
  siteBannerReorder: authRoute({ input: reorderSchema, handle: (ctx, { ids }) => siteBannerReorder(ctx, ids) }),

  siteZoneList: authRoute({ handle: (ctx) => siteZoneList(ctx) }),
  siteZoneSave: authRoute({ input: zoneSchema, handle: (ctx, body) => siteZoneSave(ctx, body) }),
  siteZoneReorder: authRoute({ input: reorderSchema, handle: (ctx, { ids }) => siteZoneReorder(ctx, ids) }),
  siteZoneCoursesSave: authRoute({ input: zoneCoursesSchema, handle: (ctx, body) => siteZoneCoursesSave(ctx, body) }),
  siteZoneLecturersSave: authRoute({ input: zoneLecturersSchema, handle: (ctx, body) => siteZoneLecturersSave(ctx, body) }),
  siteCourseOptions: authRoute({ input: keyword, handle: (ctx, { keyword }) => siteCourseOptions(ctx, keyword) }),
  siteLecturerOptions: authRoute({ input: keyword, handle: (ctx, { keyword }) => siteLecturerOptions(ctx, keyword) }),

  siteEnumList: authRoute({ handle: (ctx) => siteEnumList(ctx) }),
  siteEnumView: authRoute({ input: enumNameSchema, handle: (ctx, { enumName }) => siteEnumView(ctx, enumName) }),
  siteEnumSave: authRoute({ input: enumSaveSchema, handle: (ctx, body) => siteEnumSave(ctx, body) }),
  siteEnumReset: authRoute({ input: enumNameSchema, handle: (ctx, { enumName }) => siteEnumReset(ctx, enumName) }),
} satisfies Partial<RouteTable>;
