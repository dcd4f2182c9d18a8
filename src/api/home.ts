/**
 * The home page's calls (spec section 7, system): the banner carousel, the zones with their
 * picture and slogan, a zone's courses and the featured lecturers; and the home list of
 * announcements. The rankings are in `@/api/rank`, the study dynamics in `@/api/player`, the
 * exam record count in `@/api/exam`.
 */
import { call, type CallOptions } from '@/api/client';
import type { Banner, MessageRecord, Zone, ZoneCourse, ZoneLecturer, ZoneLogo } from '@/api/home-types';
import type { PageResult } from '@/api/types';

type Extra = Pick<CallOptions, 'isShowErrTip' | 'signal'>;

/** The home carousel, in order. */
export function getBanners(opts?: Extra): Promise<Banner[]> {
  return call<Banner[]>('bannerList', { ...opts });
}

/** The home zones, in order: course lists and the featured lecturers. */
export function getZones(opts?: Extra): Promise<Zone[]> {
  return call<Zone[]>('zoneList', { ...opts });
}

/** The zone picture and slogan. */
export function getZoneLogo(opts?: Extra): Promise<ZoneLogo> {
  return call<ZoneLogo>('zoneLogo', { ...opts });
}

/** The courses of a course zone (at most 8): 1 recommended, 2 newest, 3 most studied. */
export function getZoneCourses(relationType: number, opts?: Extra): Promise<ZoneCourse[]> {
  return call<ZoneCourse[]>('zoneCourseList', { ...opts, query: { relationType } });
}

/** The featured lecturers (at most 8) with how many courses each teaches. */
export function getZoneLecturers(opts?: Extra): Promise<ZoneLecturer[]> {
  return call<ZoneLecturer[]>('zoneLecturerList', { ...opts });
}

/** The home list of announcements: pinned first, then newest; 5 a page. */
export function getAnnouncementPage(
  body: { pageCurrent?: number; pageSize?: number } = {},
  opts?: Extra,
): Promise<PageResult<MessageRecord>> {
  return call<PageResult<MessageRecord>>('announcementPage', { ...opts, body: { ...body } });
}
