/**
 * The back office's pages, grouped as its side navigation shows them, each with the role it
 * needs (`src/lib/roles.ts`; none: every signed-in member) and, for pages under another, that
 * page (the breadcrumbs' middle step). The gateway checks the same roles on every call.
 */
import type { RouteId } from '@/i18n/routes';
import { hasRole, type BackOfficeRole, type RoleHolder } from '@/lib/roles';

export type CrmGroup = 'mine' | 'teaching' | 'reports' | 'people' | 'course' | 'site' | 'notice' | 'system';

export interface CrmArea {
  id: RouteId;
  group: CrmGroup;
  role?: BackOfficeRole;
  /** Shown in the side navigation (sub-pages are reached from their parent). */
  nav: boolean;
  parent?: RouteId;
}

export const crmAreas: readonly CrmArea[] = [
  { id: 'crmUploads', group: 'mine', nav: true },
  { id: 'crmTeaching', group: 'teaching', role: 'lecturer', nav: true },
  { id: 'crmMarking', group: 'teaching', role: 'lecturer', nav: true },
  { id: 'crmReports', group: 'reports', role: 'organization', nav: true },
  { id: 'crmDepartments', group: 'people', role: 'admin', nav: true },
  { id: 'crmPosts', group: 'people', role: 'admin', nav: true },
  { id: 'crmMembers', group: 'people', role: 'admin', nav: true },
  { id: 'crmMemberImport', group: 'people', role: 'admin', nav: false, parent: 'crmMembers' },
  { id: 'crmCourses', group: 'course', role: 'admin', nav: true },
  { id: 'crmCourseEdit', group: 'course', role: 'admin', nav: false, parent: 'crmCourses' },
  { id: 'crmCategories', group: 'course', role: 'admin', nav: true },
  { id: 'crmResources', group: 'course', role: 'admin', nav: true },
  { id: 'crmReviews', group: 'course', role: 'admin', nav: true },
  { id: 'crmLive', group: 'course', role: 'admin', nav: true },
  { id: 'crmLiveEdit', group: 'course', role: 'admin', nav: false, parent: 'crmLive' },
  { id: 'crmLiveAttendance', group: 'course', role: 'admin', nav: false, parent: 'crmLive' },
  { id: 'crmProjects', group: 'course', role: 'admin', nav: true },
  { id: 'crmProjectEdit', group: 'course', role: 'admin', nav: false, parent: 'crmProjects' },
  { id: 'crmProjectMembers', group: 'course', role: 'admin', nav: false, parent: 'crmProjects' },
  { id: 'crmTasks', group: 'course', role: 'admin', nav: true },
  { id: 'crmTaskEdit', group: 'course', role: 'admin', nav: false, parent: 'crmTasks' },
  { id: 'crmTaskProgress', group: 'course', role: 'admin', nav: false, parent: 'crmTasks' },
  { id: 'crmSite', group: 'site', role: 'admin', nav: true },
  { id: 'crmNav', group: 'site', role: 'admin', nav: true },
  { id: 'crmHome', group: 'site', role: 'admin', nav: true },
  { id: 'crmEnums', group: 'site', role: 'admin', nav: true },
  { id: 'crmAnnouncements', group: 'notice', role: 'admin', nav: true },
  { id: 'crmAnnouncementEdit', group: 'notice', role: 'admin', nav: false, parent: 'crmAnnouncements' },
  { id: 'crmAnnouncementReads', group: 'notice', role: 'admin', nav: false, parent: 'crmAnnouncements' },
  { id: 'crmMessages', group: 'notice', role: 'admin', nav: true },
  { id: 'crmAudit', group: 'system', role: 'admin', nav: true },
];

export const crmGroups: readonly CrmGroup[] = ['mine', 'teaching', 'reports', 'people', 'course', 'site', 'notice', 'system'];

export function crmArea(id: RouteId): CrmArea | undefined {
  return crmAreas.find((a) => a.id === id);
}

/** Whether a member may open a back-office page. */
export function mayOpen(member: RoleHolder, area: Pick<CrmArea, 'role'>): boolean {
  return !area.role || hasRole(member, area.role);
}

/** The pages a member's side navigation lists. */
export function navAreas(member: RoleHolder): CrmArea[] {
  return crmAreas.filter((a) => a.nav && mayOpen(member, a));
}
