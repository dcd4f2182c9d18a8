/**
 * The spec's routes (product spec section 2), listed once. Every entry is built as a static
 * page at `/path` (zh) and `/en/path` (en); a test checks `dist/` against this list.
 *
 * A route with `param` is one static shell served at `path/` for `path/` and `path/<value>`;
 * the value is read from the URL at run time. The gateway and the nginx sample rewrite to it.
 */
import { localizePath, splitLocale, type Locale } from './locale-path';

export { defaultLocale, localizePath, locales, splitLocale, type Locale } from './locale-path';

export interface RouteEntry {
  /** Stable id; the page title is the dictionary key `route.<id>`. */
  id: string;
  /** Path without the locale prefix, no trailing slash (the root is `/`). */
  path: string;
  /** Name of the optional trailing parameter, for parameterised routes. */
  param?: string;
  /** The parameter may span several segments (`/redirect/a/b`). */
  rest?: boolean;
  /** Needs a signed-in user; anonymous visitors are sent to `/login?t=login`. */
  auth?: boolean;
}

export const routes = [
  // Top-level pages
  { id: 'index', path: '/' },
  { id: 'home', path: '/home' },
  { id: 'train', path: '/train', auth: true },
  { id: 'knowledge', path: '/knowledge' },
  { id: 'knowledgeOld', path: '/knowledgeOld' },
  { id: 'exam', path: '/exam', auth: true },
  { id: 'lecturer', path: '/lecturer' },
  { id: 'certificate', path: '/certificate', auth: true },
  { id: 'community', path: '/community' },
  { id: 'account', path: '/account', auth: true },
  { id: 'company', path: '/company', auth: true },
  { id: 'appCompany', path: '/appCompany' },
  { id: 'agreement', path: '/agreement' },
  { id: 'login', path: '/login' },
  { id: 'loginV1', path: '/login_v1' },
  { id: 'loginV2', path: '/login_v2' },
  { id: 'loginV3', path: '/login_v3' },
  { id: 'loginV4', path: '/login_v4' },
  { id: 'loginOld', path: '/loginOld' },
  { id: 'loginSso', path: '/loginsso' },
  { id: 'register', path: '/register' },
  { id: 'forget', path: '/forget' },
  { id: 'watch', path: '/watch', auth: true },
  { id: 'test', path: '/test' },
  { id: 'tpl', path: '/tpl' },
  // Nested and older pages
  { id: 'accountIndexOld', path: '/account/indexOld', auth: true },
  { id: 'examIndexBak', path: '/exam/index_bak', auth: true },
  { id: 'homeIndexOld', path: '/home/indexOld' },
  { id: 'homeRank', path: '/home/rank' },
  { id: 'lecturerIndexOld', path: '/lecturer/indexOld' },
  { id: 'testId', path: '/test/id' },
  // Watch pages
  { id: 'watchCatePanel', path: '/watch/catePanel', auth: true },
  { id: 'watchCourse', path: '/watch/course', auth: true },
  { id: 'watchFreeCatePanel', path: '/watch/free_catePanel' },
  { id: 'watchFreeTask', path: '/watch/free_task' },
  { id: 'watchPreviewCourseware', path: '/watch/previewCourseware', auth: true },
  { id: 'watchTask', path: '/watch/task', auth: true },
  // Account exam pages and their copy variants
  { id: 'examDetail', path: '/account/exam/detail', auth: true },
  { id: 'examDetailCopy', path: '/account/exam/detail_copy', auth: true },
  { id: 'examQuestion', path: '/account/exam/examQuestion', auth: true },
  { id: 'examQuestionCopy', path: '/account/exam/examQuestion_copy', auth: true },
  { id: 'examSuccess', path: '/account/exam/examSuccess', auth: true },
  { id: 'waitExamSuccess', path: '/account/exam/waitExamSuccess', auth: true },
  // Knowledge pages
  { id: 'courseHistory', path: '/knowledge/course/his_id' },
  { id: 'projectFreeList', path: '/knowledge/project/free_list' },
  { id: 'projectFreeListCopy', path: '/knowledge/project/free_list_copy' },
  { id: 'projectFree', path: '/knowledge/project/free_project_id' },
  { id: 'projectHistory', path: '/knowledge/project/his_id' },
  { id: 'projectById', path: '/knowledge/project/project_id' },
  { id: 'projectFreeListPreview', path: '/knowledge/project/conponent/proviewFreeList' },
  // Parameterised routes (the parameter is optional)
  { id: 'accountExam', path: '/account/exam', param: 'id', auth: true },
  { id: 'accountTask', path: '/account/task', param: 'id', auth: true },
  { id: 'knowledgeCourse', path: '/knowledge/course', param: 'id' },
  { id: 'knowledgeProject', path: '/knowledge/project', param: 'id' },
  { id: 'knowledgeOldCourse', path: '/knowledgeOld/course', param: 'id' },
  { id: 'knowledgeOldProject', path: '/knowledgeOld/project', param: 'id' },
  { id: 'lecturerView', path: '/lecturer/view', param: 'id' },
  { id: 'liveWatch', path: '/live/watch', param: 'watch', auth: true },
  { id: 'trainCourse', path: '/train/course', param: 'id', auth: true },
  { id: 'trainProject', path: '/train/project', param: 'id', auth: true },
  { id: 'redirect', path: '/redirect', param: 'path', rest: true },
  // Other routes
  { id: 'redirectAccount', path: '/redirect/account', auth: true },
  { id: 'accountMessage', path: '/account/message', auth: true },
  { id: 'accountOrganizationVod', path: '/account/organization/vod', auth: true },
  { id: 'search', path: '/search', param: 'str' },
  // Added to the spec's routes: the public check of a certificate's verification code (query `code`)
  { id: 'certificateVerify', path: '/certificate/verify' },
  // The back office (the header's admin and "my upload" entries): each page's role is in
  // src/components/crm/shell/areas.ts, and the gateway checks it on every call.
  { id: 'crm', path: '/crm', auth: true },
  { id: 'crmUploads', path: '/crm/uploads', auth: true },
  { id: 'crmAudit', path: '/crm/audit', auth: true },
  { id: 'crmTeaching', path: '/crm/teaching', auth: true },
  { id: 'crmMarking', path: '/crm/marking', auth: true },
  { id: 'crmReports', path: '/crm/reports', auth: true },
  { id: 'crmCourses', path: '/crm/courses', auth: true },
  { id: 'crmCourseEdit', path: '/crm/courses/edit', auth: true },
  { id: 'crmCategories', path: '/crm/categories', auth: true },
  { id: 'crmResources', path: '/crm/resources', auth: true },
  { id: 'crmReviews', path: '/crm/reviews', auth: true },
  { id: 'crmLive', path: '/crm/live', auth: true },
  { id: 'crmLiveEdit', path: '/crm/live/edit', auth: true },
  { id: 'crmLiveAttendance', path: '/crm/live/attendance', auth: true },
  { id: 'crmProjects', path: '/crm/projects', auth: true },
  { id: 'crmProjectEdit', path: '/crm/projects/edit', auth: true },
  { id: 'crmProjectMembers', path: '/crm/projects/members', auth: true },
  { id: 'crmTasks', path: '/crm/tasks', auth: true },
  { id: 'crmTaskEdit', path: '/crm/tasks/edit', auth: true },
  { id: 'crmTaskProgress', path: '/crm/tasks/progress', auth: true },
  { id: 'crmDepartments', path: '/crm/departments', auth: true },
  { id: 'crmPosts', path: '/crm/posts', auth: true },
  { id: 'crmMembers', path: '/crm/members', auth: true },
  { id: 'crmMemberImport', path: '/crm/members/import', auth: true },
  { id: 'crmSite', path: '/crm/site', auth: true },
  { id: 'crmNav', path: '/crm/nav', auth: true },
  { id: 'crmHome', path: '/crm/home', auth: true },
  { id: 'crmEnums', path: '/crm/enums', auth: true },
  { id: 'crmAnnouncements', path: '/crm/announcements', auth: true },
  { id: 'crmAnnouncementEdit', path: '/crm/announcements/edit', auth: true },
  { id: 'crmAnnouncementReads', path: '/crm/announcements/reads', auth: true },
  { id: 'crmMessages', path: '/crm/messages', auth: true },
] as const satisfies readonly RouteEntry[];

export type RouteId = (typeof routes)[number]['id'];

/** The error pages, built in both languages beside the routes. */
export const errorPages = [
  { id: 'notFound', path: '/404', status: 404 },
  { id: 'error', path: '/500', status: 500 },
] as const;

function trimSlash(path: string): string {
  return path.length > 1 && path.endsWith('/') ? path.slice(0, -1) : path;
}

/**
 * Finds the route a pathname belongs to, with the parameter value of a parameterised route.
 * Exact routes win over a parameterised shell (`/account/exam/detail` is not exam `detail`).
 *
 * @example matchRoute('/en/knowledge/course/123') → { route: knowledgeCourse, locale: 'en', param: '123' }
 */
export function matchRoute(
  pathname: string,
): { route: RouteEntry; locale: Locale; param?: string } | undefined {
  const { locale, path: raw } = splitLocale(pathname);
  const path = trimSlash(raw);
  const exact = routes.find((r) => r.path === path);
  if (exact) return { route: exact, locale };
  let best: { route: RouteEntry; param: string } | undefined;
  for (const r of routes as readonly RouteEntry[]) {
    if (!r.param || !path.startsWith(`${r.path}/`)) continue;
    const param = path.slice(r.path.length + 1);
    if (!r.rest && param.includes('/')) continue;
    if (!best || r.path.length > best.route.path.length) best = { route: r, param };
  }
  return best && { route: best.route, locale, param: decodeURIComponent(best.param) };
}

/** The file in `dist/` that serves a route in a language: `knowledge/course/index.html`. */
export function routeFile(route: Pick<RouteEntry, 'path'>, locale: Locale): string {
  const path = localizePath(route.path, locale);
  return path === '/' ? 'index.html' : `${path.slice(1)}/index.html`;
}
