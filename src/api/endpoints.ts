/**
 * Every call the site makes, one row each (product spec section 7). Client functions and
 * gateway routes are both built from this table; a gateway test fails when a row has no
 * handler. Paths are relative to the gateway prefix (default `/gateway`). In the browser build,
 * each `call('name')` of the API module files is replaced by its row
 * (scripts/lib/inline-endpoints.mjs), so a page carries only the rows it calls.
 */
import type { BackOfficeRole } from '@/lib/roles';

export type Method = 'GET' | 'POST' | 'DELETE';
export type Access = 'public' | 'auth';

export interface Paging {
  pageCurrent: number;
  pageSize: number;
}

export interface EndpointDef {
  method: Method;
  /** Relative path; `{name}` segments are filled from the call's `params` (`getpostgrade/{userNo}`). */
  path: string;
  /** `public` calls need no token; `auth` calls need a valid token for the request's tenant. */
  access: Access;
  /** Default paging merged into the body of page calls. */
  paging?: Paging;
  /** Back-office rows (`auth` only): the role the caller must hold (`src/lib/roles.ts`), checked by the gateway. */
  role?: BackOfficeRole;
}

/** Spec section 9: default paging. */
export const DEFAULT_PAGING: Paging = { pageCurrent: 1, pageSize: 10 };

export const endpoints = {
  // System and site
  websiteViewPublic: { method: 'GET', path: 'system/api/website/view', access: 'public' },
  websiteView: { method: 'GET', path: 'system/auth/website/view', access: 'auth' },
  enumList: { method: 'GET', path: 'system/api/enum/list', access: 'public' },
  navBarList: { method: 'GET', path: 'system/auth/pc/zone/info/nav/bar/list', access: 'auth' },

  // User and account
  loginByEmpNo: { method: 'POST', path: 'user/api/user/info/emp/no/pwd', access: 'public' },
  currentUser: { method: 'GET', path: 'user/auth/enterprise/user/info/current/view', access: 'auth' },
  logout: { method: 'POST', path: 'user/auth/user/info/logout', access: 'auth' },

  // Sign-in ways (issue: sign-in, enterprises and account basics)
  imageCaptcha: { method: 'GET', path: 'user/api/user/info/get/image/verification/code', access: 'public' },
  sendVerificationCode: { method: 'POST', path: 'user/api/user/info/send/verification/code', access: 'public' },
  checkVerificationCode: { method: 'POST', path: 'user/api/user/info/check/verification/code', access: 'public' },
  loginByPhonePassword: { method: 'POST', path: 'user/api/user/info/phone/pwd', access: 'public' },
  loginByPhoneCode: { method: 'POST', path: 'user/api/user/info/phone/code', access: 'public' },
  scanConfig: { method: 'GET', path: 'user/api/user/info/scan/config', access: 'public' },
  scanLogin: { method: 'POST', path: 'user/api/user/info/scan/login', access: 'public' },
  ssoConfig: { method: 'GET', path: 'user/api/user/info/sso/config', access: 'public' },
  loginBySso: { method: 'POST', path: 'user/api/user/info/emp/no/sso', access: 'public' },
  checkPhoneExist: { method: 'GET', path: 'user/api/user/info/check/phone/exist', access: 'public' },

  // Enterprises
  enterpriseList: { method: 'GET', path: 'user/auth/user/info/enterprise/list', access: 'auth' },
  chooseEnterprise: { method: 'POST', path: 'user/auth/user/info/choose/enterprise', access: 'auth' },
  registerEnterprise: { method: 'POST', path: 'user/api/enterprise/info/register', access: 'public' },
  addEnterprise: { method: 'POST', path: 'user/auth/enterprise/info/add', access: 'auth' },

  // Passwords
  updatePassword: { method: 'POST', path: 'user/auth/enterprise/user/info/update/password', access: 'auth' },
  updateInitPassword: { method: 'POST', path: 'user/auth/enterprise/user/info/update/init/password', access: 'auth' },
  resetPassword: { method: 'POST', path: 'user/api/user/info/reset/password', access: 'public' },
  resetPasswordMail: { method: 'GET', path: 'user/api/user/info/reset/password/mail', access: 'public' },

  // Profile
  updateUserInfo: { method: 'POST', path: 'user/auth/enterprise/user/info/update', access: 'auth' },
  getPostGrade: { method: 'GET', path: 'user/auth/enterprise/user/info/getpostgrade/{userNo}', access: 'auth' },
  savePostGrade: { method: 'POST', path: 'user/auth/enterprise/user/info/postgrade/save', access: 'auth' },
  departmentList: { method: 'POST', path: 'user/auth/deparment/list', access: 'auth' },
  postList: { method: 'POST', path: 'user/auth/post/list', access: 'auth' },
  regionList: { method: 'POST', path: 'system/api/region/list', access: 'public' },
  uploadPic: { method: 'POST', path: 'system/auth/upload/pic', access: 'auth' },
  // Courses (issue: learning)
  categoryList: { method: 'POST', path: 'system/auth/category/list', access: 'auth' },
  coursePage: { method: 'POST', path: 'course/auth/course/info/page', access: 'auth', paging: { pageCurrent: 1, pageSize: 8 } },
  courseLecturerPage: { method: 'POST', path: 'course/auth/course/info/lecturer/page', access: 'auth', paging: { pageCurrent: 1, pageSize: 8 } },
  courseCount: { method: 'POST', path: 'course/auth/course/info/count', access: 'auth' },
  courseView: { method: 'GET', path: 'course/auth/course/info/view', access: 'auth' },
  // Authorised purchase of a paid course (spec section 6): a member asks, an administrator decides.
  coursePurchaseState: { method: 'GET', path: 'course/auth/course/purchase/state', access: 'auth' },
  coursePurchaseApply: { method: 'POST', path: 'course/auth/course/purchase/apply', access: 'auth' },
  coursePurchaseRequestPage: { method: 'POST', path: 'course/auth/course/purchase/request/page', access: 'auth', paging: DEFAULT_PAGING },
  coursePurchaseDecide: { method: 'POST', path: 'course/auth/course/purchase/request/decide', access: 'auth' },
  chapterPeriodList: { method: 'GET', path: 'course/auth/course/chapter/period/list', access: 'auth' },
  courseCommentPage: { method: 'POST', path: 'course/auth/course/comment/page', access: 'auth', paging: DEFAULT_PAGING },
  courseCommentSave: { method: 'POST', path: 'course/auth/course/comment/save', access: 'auth' },
  courseCommentDelete: { method: 'POST', path: 'course/auth/course/comment/delete', access: 'auth' },
  courseAdmire: { method: 'POST', path: 'course/auth/course/info/admire', access: 'auth' },
  courseMarkSave: { method: 'POST', path: 'course/auth/user/course/mark/save', access: 'auth' },
  collectionSave: { method: 'POST', path: 'course/auth/collection/save', access: 'auth' },
  collectionDelete: { method: 'POST', path: 'course/auth/collection/delete', access: 'auth' },
  coursewareList: { method: 'GET', path: 'course/auth/courseware/list', access: 'auth' },
  coursewareDownload: { method: 'GET', path: 'course/auth/courseware/download', access: 'auth' },
  coursewareWatermarkDownload: { method: 'GET', path: 'course/auth/coursewareWatermark/download', access: 'auth' },
  coursewarePreview: { method: 'GET', path: 'course/auth/courseware/preview', access: 'auth' },
  resourceLibraryDownload: { method: 'GET', path: 'course/auth/resource/library/download', access: 'auth' },

  // The player and progress
  resourceWatch: { method: 'POST', path: 'course/auth/course/info/resource/watch', access: 'auth' },
  imageTextWatch: { method: 'GET', path: 'course/auth/course/info/image/text/watch', access: 'auth' },
  courseConfig: { method: 'GET', path: 'course/auth/course/info/config', access: 'auth' },
  resourceLogUpdate: { method: 'POST', path: 'data/auth/resource/log/update', access: 'auth' },
  progressGet: { method: 'GET', path: 'course/auth/study/progress/get', access: 'auth' },
  progressResource: { method: 'GET', path: 'course/auth/study/progress/resource', access: 'auth' },
  progressSave: { method: 'POST', path: 'course/auth/study/progress/save', access: 'auth' },
  progressCheckResource: { method: 'GET', path: 'course/auth/study/progress/check/resource', access: 'auth' },
  saveExamTaskByCourseId: { method: 'POST', path: 'exam/auth/exam/task/saveExamTaskByCourseId', access: 'auth' },
  getTaskIsOk: { method: 'GET', path: 'exam/auth/exam/task/getTaskIsOk', access: 'auth' },

  // Study tasks and projects
  studyTaskPage: { method: 'POST', path: 'course/auth/study/task/page', access: 'auth', paging: DEFAULT_PAGING },
  studyDynamicPage: { method: 'POST', path: 'course/auth/study/dynamic/page', access: 'auth', paging: DEFAULT_PAGING },
  studyTaskCount: { method: 'POST', path: 'course/auth/study/task/count', access: 'auth' },
  studyTaskView: { method: 'GET', path: 'course/auth/study/task/view/task', access: 'auth' },
  studyTaskMarkSave: { method: 'POST', path: 'course/auth/study/task/mark/save', access: 'auth' },
  studyTaskCommentPage: { method: 'POST', path: 'course/auth/study/task/comment/page', access: 'auth', paging: DEFAULT_PAGING },
  studyTaskCommentSave: { method: 'POST', path: 'course/auth/study/task/comment/save', access: 'auth' },
  studyTaskCommentDelete: { method: 'POST', path: 'course/auth/study/task/comment/delete', access: 'auth' },
  studyCollectionSave: { method: 'POST', path: 'course/auth/study/collection/save', access: 'auth' },
  studyCollectionDelete: { method: 'POST', path: 'course/auth/study/collection/delete', access: 'auth' },
  projectApply: { method: 'POST', path: 'course/auth/study/project/apply', access: 'auth' },
  projectCount: { method: 'POST', path: 'course/auth/study/project/count', access: 'auth' },
  projectPage: { method: 'POST', path: 'course/auth/study/project/page', access: 'auth', paging: DEFAULT_PAGING },
  projectView: { method: 'GET', path: 'course/auth/study/project/view/project', access: 'auth' },
  projectStudyCourse: { method: 'GET', path: 'course/auth/study/project/view/studyCourse', access: 'auth' },
  projectStudyElectiveCourse: { method: 'GET', path: 'course/auth/study/project/view/studyElectiveCourse', access: 'auth' },
  projectAdmire: { method: 'POST', path: 'course/auth/study/project/admire', access: 'auth' },
  projectLecturerPage: { method: 'POST', path: 'course/auth/study/project/lecturer/page', access: 'auth', paging: DEFAULT_PAGING },
  projectMemberPage: { method: 'POST', path: 'course/auth/study/project/member/page', access: 'auth', paging: DEFAULT_PAGING },
  projectApprove: { method: 'POST', path: 'course/auth/study/project/member/approve', access: 'auth' },
  projectPhaseContent: { method: 'GET', path: 'course/auth/study/viem/phase/content', access: 'auth' },
  relationPage: { method: 'POST', path: 'course/auth/study/relation/page', access: 'auth', paging: DEFAULT_PAGING },
  relationProjectPage: { method: 'POST', path: 'course/auth/study/relation/project/page', access: 'auth', paging: DEFAULT_PAGING },
  trainingProgressPage: { method: 'POST', path: 'course/auth/study/training/progress/page', access: 'auth', paging: DEFAULT_PAGING },
  studyExport: { method: 'POST', path: 'course/auth/study/training/progress/export', access: 'auth' },
  courseUserRecordList: { method: 'GET', path: 'course/auth/study/course/user/record/list', access: 'auth' },
  courseUserRecordSave: { method: 'POST', path: 'course/auth/study/course/user/record/save', access: 'auth' },
  courseUserRecordEdit: { method: 'POST', path: 'course/auth/study/course/user/record/edit', access: 'auth' },
  // Research periods (a questionnaire) and periods the course's lecturers or an administrator record
  periodResearchView: { method: 'GET', path: 'course/auth/study/period/research/view', access: 'auth' },
  periodResearchSubmit: { method: 'POST', path: 'course/auth/study/period/research/submit', access: 'auth' },
  periodResearchExport: { method: 'GET', path: 'course/auth/study/period/research/export', access: 'auth' },
  periodRecordView: { method: 'GET', path: 'course/auth/study/period/record/view', access: 'auth' },
  periodLearnerPage: { method: 'POST', path: 'course/auth/study/period/record/learner/page', access: 'auth', paging: DEFAULT_PAGING },
  periodRecordSave: { method: 'POST', path: 'course/auth/study/period/record/save', access: 'auth' },

  // Live rooms and playbacks
  liveRoomPage: { method: 'POST', path: 'course/auth/live/room/page', access: 'auth', paging: DEFAULT_PAGING },
  liveRoomWatchUrl: { method: 'GET', path: 'course/api/live/room/watch/url', access: 'public' },
  liveWatch: { method: 'POST', path: 'course/auth/live/watch', access: 'auth' },
  liveLeave: { method: 'POST', path: 'course/auth/live/leave', access: 'auth' },
  playBackWatch: { method: 'GET', path: 'course/auth/play/back/watch', access: 'auth' },
  attendanceSign: { method: 'POST', path: 'data/auth/attendance/sign/record/sign', access: 'auth' },
  attendanceHangUp: { method: 'POST', path: 'data/auth/attendance/sign/record/course/hang/up', access: 'auth' },

  // Data and exports
  courseProgressPage: { method: 'POST', path: 'data/auth/course/user/progress/course/page', access: 'auth', paging: DEFAULT_PAGING },
  progressExport: { method: 'POST', path: 'data/auth/course/user/progress/export', access: 'auth' },
  exportRecordPage: { method: 'POST', path: 'data/crm/export/record/page', access: 'auth', paging: DEFAULT_PAGING },
  exportRecordDownloadUrl: { method: 'GET', path: 'data/crm/export/record/get/file/download/url', access: 'auth' },
  /** The file behind a download URL: public, but only with the URL's unexpired signature. */
  exportFileDownload: { method: 'GET', path: 'data/crm/export/record/file', access: 'public' },
  // Exams (issue: exams)
  examTaskRecordPage: { method: 'POST', path: 'exam/auth/user/exam/task/record/page', access: 'auth', paging: DEFAULT_PAGING },
  examTaskRecordCount: { method: 'POST', path: 'exam/auth/exam/task/record/current/user/count', access: 'auth' },
  examTaskPage: { method: 'POST', path: 'exam/auth/exam/task/page', access: 'auth', paging: DEFAULT_PAGING },
  examTaskView: { method: 'GET', path: 'exam/auth/exam/task/view', access: 'auth' },
  examTaskExport: { method: 'POST', path: 'exam/auth/exam/task/export', access: 'auth' },
  examTaskGetRecord: { method: 'GET', path: 'exam/auth/exam/task/get/record', access: 'auth' },
  examStart: { method: 'POST', path: 'exam/auth/exam/paper/record/start/exam', access: 'auth' },
  examAnswerSave: { method: 'POST', path: 'exam/auth/exam/paper/record/answer/save', access: 'auth' },
  examScreenSwitch: { method: 'POST', path: 'exam/auth/exam/paper/record/screen/switch', access: 'auth' },
  examFinish: { method: 'POST', path: 'exam/auth/exam/paper/record/finish/exam', access: 'auth' },
  examFinishView: { method: 'GET', path: 'exam/auth/exam/paper/record/finish/examview', access: 'auth' },
  examPaperView: { method: 'GET', path: 'exam/auth/exam/paper/record/view', access: 'auth' },
  examPaperPage: { method: 'POST', path: 'exam/auth/exam/paper/record/page', access: 'auth', paging: DEFAULT_PAGING },
  examGetPaperRecord: { method: 'GET', path: 'exam/auth/exam/paper/record/getPaperRecord', access: 'auth', paging: DEFAULT_PAGING },
  examMarkingPage: { method: 'POST', path: 'exam/auth/exam/paper/record/marking/page', access: 'auth', paging: DEFAULT_PAGING },
  examMarkAnswer: { method: 'POST', path: 'exam/auth/exam/paper/record/update/paper/answer', access: 'auth' },
  examBatchList: { method: 'POST', path: 'exam/auth/exam/batch/reservation/list', access: 'auth' },
  examBatchSave: { method: 'POST', path: 'exam/auth/exam/batch/reservation/save', access: 'auth' },
  examBatchDelete: { method: 'DELETE', path: 'exam/auth/exam/batch/reservation/delete', access: 'auth' },

  // Home, search and the header's centres (issue: home, search, announcements, messages, downloads)
  bannerList: { method: 'GET', path: 'system/auth/banner/setting/list', access: 'auth' },
  zoneList: { method: 'GET', path: 'system/auth/pc/zone/info/list', access: 'auth' },
  zoneLogo: { method: 'GET', path: 'system/auth/pc/zone/info/logo', access: 'auth' },
  zoneCourseList: { method: 'GET', path: 'system/auth/pc/zone/info/course/list', access: 'auth' },
  zoneLecturerList: { method: 'GET', path: 'system/auth/pc/zone/info/lecturer/list', access: 'auth' },
  integralRankPage: { method: 'POST', path: 'user/auth/enterprise/user/account/integral/rank/page', access: 'auth', paging: { pageCurrent: 1, pageSize: 3 } },
  integralRankCurrent: { method: 'GET', path: 'user/auth/enterprise/user/account/current/integral/rank', access: 'auth' },
  creditHourRankPage: { method: 'POST', path: 'user/auth/enterprise/user/account/credit/hour/rank/page', access: 'auth', paging: { pageCurrent: 1, pageSize: 9 } },
  creditHourRankCurrent: { method: 'GET', path: 'user/auth/enterprise/user/account/current/credit/hour/rank', access: 'auth' },
  certificateRankPage: { method: 'POST', path: 'user/auth/enterprise/user/account/certificate/rank/page', access: 'auth', paging: { pageCurrent: 1, pageSize: 3 } },
  certificateRankCurrent: { method: 'GET', path: 'user/auth/enterprise/user/account/current/certificate/rank', access: 'auth' },
  /** Search across courses, live rooms, resources, exams, blogs, questions and announcements (`type`). */
  searchPage: { method: 'POST', path: 'system/auth/search/page', access: 'auth', paging: DEFAULT_PAGING },

  // Announcements and messages: the home list, the message centre and the unread badge
  announcementPage: { method: 'POST', path: 'user/auth/announcement/user/record/page', access: 'auth', paging: { pageCurrent: 1, pageSize: 5 } },
  unreadCount: { method: 'POST', path: 'user/auth/announcement/user/record/wait/read/count', access: 'auth' },
  /** The unread count as server-sent events, one `count` event per change. */
  unreadStream: { method: 'GET', path: 'user/auth/announcement/user/record/wait/read/stream', access: 'auth' },
  messageRecordPage: { method: 'POST', path: 'user/auth/announcement/record/page', access: 'auth', paging: DEFAULT_PAGING },
  messageReadCount: { method: 'POST', path: 'user/auth/announcement/record/read/count', access: 'auth' },
  messageBatchRead: { method: 'POST', path: 'user/auth/announcement/record/batch/read', access: 'auth' },
  messageBatchDelete: { method: 'POST', path: 'user/auth/announcement/record/batch/delete', access: 'auth' },
  messageView: { method: 'GET', path: 'user/auth/announcement/record/view', access: 'auth' },
  messageAdmire: { method: 'POST', path: 'user/auth/announcement/record/update/admire', access: 'auth' },
  /** Publishes an announcement to the company (admins only). */
  announcementSave: { method: 'POST', path: 'user/auth/announcement/info/save', access: 'auth' },
  announcementCommentPage: { method: 'POST', path: 'user/auth/announcement/comment/page', access: 'auth', paging: DEFAULT_PAGING },
  announcementCommentSave: { method: 'POST', path: 'user/auth/announcement/comment/save', access: 'auth' },
  announcementReplySave: { method: 'POST', path: 'user/auth/announcement/comment/reply/save', access: 'auth' },
  announcementReplyDelete: { method: 'POST', path: 'user/auth/announcement/comment/reply/delete', access: 'auth' },
  announcementCommentDelete: { method: 'POST', path: 'user/auth/announcement/comment/delete', access: 'auth' },

  // Download centre
  exportRecordDelete: { method: 'POST', path: 'data/crm/export/record/delete', access: 'auth' },
  exportRecordAllDelete: { method: 'POST', path: 'data/crm/export/record/all/delete', access: 'auth' },

  // Lecturers (issue: people and achievements)
  lecturerRankList: { method: 'GET', path: 'user/auth/lecturer/rank/list', access: 'auth' },
  lecturerPage: { method: 'POST', path: 'user/auth/lecturer/info/page', access: 'auth', paging: DEFAULT_PAGING },
  lecturerView: { method: 'GET', path: 'user/auth/lecturer/info/detail/view', access: 'auth' },

  // Certificates: the caller's, as a PDF, a public verification by code, and granting by hand (admins)
  certificatePage: { method: 'POST', path: 'user/auth/enterprise/user/certificate/page', access: 'auth', paging: DEFAULT_PAGING },
  certificateCount: { method: 'GET', path: 'user/auth/enterprise/user/certificate/count', access: 'auth' },
  certificatePdf: { method: 'GET', path: 'user/auth/enterprise/user/certificate/pdf', access: 'auth' },
  certificateVerify: { method: 'GET', path: 'user/api/certificate/verify', access: 'public' },
  certificateGrant: { method: 'POST', path: 'user/auth/enterprise/user/certificate/grant', access: 'auth' },

  // Points and credit hours: the caller's ledger (`kind` 1 points, 2 credit hours)
  accountRecordPage: { method: 'POST', path: 'user/auth/enterprise/user/account/record/page', access: 'auth', paging: DEFAULT_PAGING },

  // The organisation centre and the back office's reports (organisation users, over their departments and below; administrators, the whole company)
  organizationOverview: { method: 'GET', path: 'data/auth/organization/overview', access: 'auth', role: 'organization' },
  organizationLearnerPage: { method: 'POST', path: 'data/auth/organization/learner/page', access: 'auth', role: 'organization', paging: DEFAULT_PAGING },
  organizationLearnerExport: { method: 'POST', path: 'data/auth/organization/learner/export', access: 'auth', role: 'organization' },

  // The community: blogs (kind 1) and questions (kind 2) with answers. Reading is public (a token,
  // when sent, adds the caller's own likes and bookmarks); writing and reacting need a session.
  communityPostPage: { method: 'POST', path: 'community/api/post/page', access: 'public', paging: DEFAULT_PAGING },
  communityPostView: { method: 'GET', path: 'community/api/post/view', access: 'public' },
  communityPostSave: { method: 'POST', path: 'community/auth/post/save', access: 'auth' },
  communityPostDelete: { method: 'POST', path: 'community/auth/post/delete', access: 'auth' },
  communityAnswerPage: { method: 'POST', path: 'community/api/answer/page', access: 'public', paging: DEFAULT_PAGING },
  communityAnswerSave: { method: 'POST', path: 'community/auth/answer/save', access: 'auth' },
  communityAnswerDelete: { method: 'POST', path: 'community/auth/answer/delete', access: 'auth' },
  communityAnswerAccept: { method: 'POST', path: 'community/auth/answer/accept', access: 'auth' },
  communityAdmire: { method: 'POST', path: 'community/auth/admire', access: 'auth' },
  communityCollectionSave: { method: 'POST', path: 'community/auth/collection/save', access: 'auth' },
  communityCollectionDelete: { method: 'POST', path: 'community/auth/collection/delete', access: 'auth' },
  communityCommentPage: { method: 'POST', path: 'community/api/comment/page', access: 'public', paging: DEFAULT_PAGING },
  communityCommentSave: { method: 'POST', path: 'community/auth/comment/save', access: 'auth' },
  communityCommentDelete: { method: 'POST', path: 'community/auth/comment/delete', access: 'auth' },

  // ---- The back office (/crm/). Each row names the role its caller must hold (src/lib/roles.ts);
  // a row without one is any member's own (their uploads).
  /** The audit log of back-office changes, newest first, filtered (administrators). */
  auditPage: { method: 'POST', path: 'user/crm/audit/log/page', access: 'auth', role: 'admin', paging: { pageCurrent: 1, pageSize: 20 } },
  /** The caller's own uploaded files ("my uploads"), newest first. */
  myUploadPage: { method: 'POST', path: 'system/crm/my/upload/page', access: 'auth', paging: { pageCurrent: 1, pageSize: 20 } },
  /** The courses the caller teaches, with their learners' figures (lecturers, and administrators who teach). */
  teachingCoursePage: { method: 'POST', path: 'course/crm/teaching/course/page', access: 'auth', role: 'lecturer', paging: { pageCurrent: 1, pageSize: 20 } },

  // Back office: course authoring (administrators). A course made here is a draft (status 2)
  // until published; learners see only published courses.
  crmCategoryTree: { method: 'GET', path: 'course/crm/category/tree', access: 'auth', role: 'admin' },
  crmCategorySave: { method: 'POST', path: 'course/crm/category/save', access: 'auth', role: 'admin' },
  crmCategoryDelete: { method: 'POST', path: 'course/crm/category/delete', access: 'auth', role: 'admin' },
  crmCategoryReorder: { method: 'POST', path: 'course/crm/category/reorder', access: 'auth', role: 'admin' },
  crmCoursePage: { method: 'POST', path: 'course/crm/course/page', access: 'auth', role: 'admin', paging: { pageCurrent: 1, pageSize: 20 } },
  crmCourseView: { method: 'GET', path: 'course/crm/course/view', access: 'auth', role: 'admin' },
  crmCourseSave: { method: 'POST', path: 'course/crm/course/save', access: 'auth', role: 'admin' },
  crmCourseStatus: { method: 'POST', path: 'course/crm/course/status', access: 'auth', role: 'admin' },
  crmCourseCopy: { method: 'POST', path: 'course/crm/course/copy', access: 'auth', role: 'admin' },
  /** A course's chapters with their periods, and the library resources and exams a period may name. */
  crmCourseItems: { method: 'GET', path: 'course/crm/course/item/list', access: 'auth', role: 'admin' },
  crmCourseItemSave: { method: 'POST', path: 'course/crm/course/item/save', access: 'auth', role: 'admin' },
  crmCourseItemDelete: { method: 'POST', path: 'course/crm/course/item/delete', access: 'auth', role: 'admin' },
  crmCourseItemReorder: { method: 'POST', path: 'course/crm/course/item/reorder', access: 'auth', role: 'admin' },
  crmResourceOptions: { method: 'GET', path: 'course/crm/resource/options', access: 'auth', role: 'admin' },
  /** The resource library: every file once, searchable, with where each is used. */
  crmResourcePage: { method: 'POST', path: 'course/crm/resource/page', access: 'auth', role: 'admin', paging: { pageCurrent: 1, pageSize: 20 } },
  crmResourceRetry: { method: 'POST', path: 'course/crm/resource/retry', access: 'auth', role: 'admin' },
  crmResourceDelete: { method: 'POST', path: 'course/crm/resource/delete', access: 'auth', role: 'admin' },
  myResourcePage: { method: 'POST', path: 'course/crm/my/resource/page', access: 'auth', paging: { pageCurrent: 1, pageSize: 20 } },
  myResourceSubmit: { method: 'POST', path: 'course/crm/my/resource/submit', access: 'auth' },
  myResourceRetry: { method: 'POST', path: 'course/crm/my/resource/retry', access: 'auth' },
  myResourceDelete: { method: 'POST', path: 'course/crm/my/resource/delete', access: 'auth' },
  crmReviewPage: { method: 'POST', path: 'course/crm/review/page', access: 'auth', role: 'admin', paging: { pageCurrent: 1, pageSize: 20 } },
  crmReviewDecide: { method: 'POST', path: 'course/crm/review/decide', access: 'auth', role: 'admin' },
  crmLivePage: { method: 'POST', path: 'live/crm/room/page', access: 'auth', role: 'admin', paging: { pageCurrent: 1, pageSize: 20 } },
  crmLiveView: { method: 'GET', path: 'live/crm/room/view', access: 'auth', role: 'admin' },
  crmLiveSave: { method: 'POST', path: 'live/crm/room/save', access: 'auth', role: 'admin' },
  crmLiveDelete: { method: 'POST', path: 'live/crm/room/delete', access: 'auth', role: 'admin' },
  crmLiveStream: { method: 'POST', path: 'live/crm/room/stream', access: 'auth', role: 'admin' },
  crmLiveAttendance: { method: 'POST', path: 'live/crm/room/attendance', access: 'auth', role: 'admin', paging: { pageCurrent: 1, pageSize: 20 } },
  crmLiveAttendanceExport: { method: 'POST', path: 'live/crm/room/attendance/export', access: 'auth', role: 'admin' },
  /** Study tasks: contents, who must do them, reminders, and each assigned member's progress. */
  crmTaskPage: { method: 'POST', path: 'course/crm/task/page', access: 'auth', role: 'admin', paging: { pageCurrent: 1, pageSize: 20 } },
  crmTaskView: { method: 'GET', path: 'course/crm/task/view', access: 'auth', role: 'admin' },
  crmTaskSave: { method: 'POST', path: 'course/crm/task/save', access: 'auth', role: 'admin' },
  crmTaskDelete: { method: 'POST', path: 'course/crm/task/delete', access: 'auth', role: 'admin' },
  crmTaskProgress: { method: 'POST', path: 'course/crm/task/progress', access: 'auth', role: 'admin', paging: { pageCurrent: 1, pageSize: 20 } },
  crmTaskProgressExport: { method: 'POST', path: 'course/crm/task/progress/export', access: 'auth', role: 'admin' },
  crmTaskRemind: { method: 'POST', path: 'course/crm/task/remind', access: 'auth', role: 'admin' },
  /** Study projects: phases with their courses, lecturers, the certificate issued, and the registration queue. */
  crmProjectPage: { method: 'POST', path: 'course/crm/project/page', access: 'auth', role: 'admin', paging: { pageCurrent: 1, pageSize: 20 } },
  crmProjectView: { method: 'GET', path: 'course/crm/project/view', access: 'auth', role: 'admin' },
  crmProjectSave: { method: 'POST', path: 'course/crm/project/save', access: 'auth', role: 'admin' },
  crmProjectDelete: { method: 'POST', path: 'course/crm/project/delete', access: 'auth', role: 'admin' },
  crmProjectCertificateOptions: { method: 'GET', path: 'course/crm/project/certificate/options', access: 'auth', role: 'admin' },
  crmProjectMembers: { method: 'POST', path: 'course/crm/project/member/page', access: 'auth', role: 'admin', paging: { pageCurrent: 1, pageSize: 20 } },
  crmProjectDecide: { method: 'POST', path: 'course/crm/project/member/decide', access: 'auth', role: 'admin' },
  /** The files a course offers for download (coursewares), from the library. */
  crmCoursewareList: { method: 'GET', path: 'course/crm/courseware/list', access: 'auth', role: 'admin' },
  crmCoursewareAdd: { method: 'POST', path: 'course/crm/courseware/add', access: 'auth', role: 'admin' },
  crmCoursewareRemove: { method: 'POST', path: 'course/crm/courseware/remove', access: 'auth', role: 'admin' },
  crmExamOptions: { method: 'GET', path: 'course/crm/exam/options', access: 'auth', role: 'admin' },

  // Back office: people and organisation (administrators).
  // Departments and posts as trees, post levels, members, member import.
  crmDepartmentTree: { method: 'POST', path: 'user/crm/department/tree', access: 'auth', role: 'admin' },
  crmDepartmentCreate: { method: 'POST', path: 'user/crm/department/create', access: 'auth', role: 'admin' },
  crmDepartmentRename: { method: 'POST', path: 'user/crm/department/rename', access: 'auth', role: 'admin' },
  crmDepartmentMove: { method: 'POST', path: 'user/crm/department/move', access: 'auth', role: 'admin' },
  crmDepartmentDelete: { method: 'POST', path: 'user/crm/department/delete', access: 'auth', role: 'admin' },
  crmPostTree: { method: 'POST', path: 'user/crm/post/tree', access: 'auth', role: 'admin' },
  crmPostCreate: { method: 'POST', path: 'user/crm/post/create', access: 'auth', role: 'admin' },
  crmPostRename: { method: 'POST', path: 'user/crm/post/rename', access: 'auth', role: 'admin' },
  crmPostMove: { method: 'POST', path: 'user/crm/post/move', access: 'auth', role: 'admin' },
  crmPostDelete: { method: 'POST', path: 'user/crm/post/delete', access: 'auth', role: 'admin' },
  /** The post level options (read-only: spec section 3 fixes the four groups). */
  crmPostLevelList: { method: 'GET', path: 'user/crm/post/level/list', access: 'auth', role: 'admin' },
  crmMemberPage: { method: 'POST', path: 'user/crm/member/page', access: 'auth', role: 'admin', paging: { pageCurrent: 1, pageSize: 20 } },
  crmMemberCreate: { method: 'POST', path: 'user/crm/member/create', access: 'auth', role: 'admin' },
  crmMemberUpdate: { method: 'POST', path: 'user/crm/member/update', access: 'auth', role: 'admin' },
  /** Disables (0) or enables (1) a member; disabling ends their sessions. */
  crmMemberStatus: { method: 'POST', path: 'user/crm/member/status', access: 'auth', role: 'admin' },
  crmMemberResetPassword: { method: 'POST', path: 'user/crm/member/password/reset', access: 'auth', role: 'admin' },
  crmMemberBulkDepartment: { method: 'POST', path: 'user/crm/member/department/bulk', access: 'auth', role: 'admin' },
  /** The import spreadsheet's template (`?format=xlsx`), headers in the caller's language. */
  crmMemberImportTemplate: { method: 'GET', path: 'user/crm/member/import/template', access: 'auth', role: 'admin' },
  /** Multipart field `file`: an .xlsx read and checked row by row, kept as a preview. */
  crmMemberImportPreview: { method: 'POST', path: 'user/crm/member/import/preview', access: 'auth', role: 'admin' },
  crmMemberImportCommit: { method: 'POST', path: 'user/crm/member/import/commit', access: 'auth', role: 'admin' },
  crmMemberImportStatus: { method: 'POST', path: 'user/crm/member/import/status', access: 'auth', role: 'admin' },

  // Back office: the site: branding, navigation, banners, home zones, enum lists (administrators).
  /** The company's branding (names, titles, logo, favicon, colours) and domains. */
  siteView: { method: 'GET', path: 'system/crm/site/view', access: 'auth', role: 'admin' },
  siteSave: { method: 'POST', path: 'system/crm/site/save', access: 'auth', role: 'admin' },
  siteDomainAdd: { method: 'POST', path: 'system/crm/site/domain/add', access: 'auth', role: 'admin' },
  siteDomainRemove: { method: 'POST', path: 'system/crm/site/domain/remove', access: 'auth', role: 'admin' },
  /** The navigation menu, every item (shown or hidden), in order. */
  siteNavList: { method: 'GET', path: 'system/crm/nav/list', access: 'auth', role: 'admin' },
  siteNavSave: { method: 'POST', path: 'system/crm/nav/save', access: 'auth', role: 'admin' },
  siteNavDelete: { method: 'POST', path: 'system/crm/nav/delete', access: 'auth', role: 'admin' },
  siteNavReorder: { method: 'POST', path: 'system/crm/nav/reorder', access: 'auth', role: 'admin' },
  siteNavShow: { method: 'POST', path: 'system/crm/nav/show', access: 'auth', role: 'admin' },
  /** The home banners, every one (shown now or not), in order. */
  siteBannerList: { method: 'GET', path: 'system/crm/banner/list', access: 'auth', role: 'admin' },
  siteBannerSave: { method: 'POST', path: 'system/crm/banner/save', access: 'auth', role: 'admin' },
  siteBannerDelete: { method: 'POST', path: 'system/crm/banner/delete', access: 'auth', role: 'admin' },
  siteBannerReorder: { method: 'POST', path: 'system/crm/banner/reorder', access: 'auth', role: 'admin' },
  /** The home zones in order with their picked courses, and the featured lecturers. */
  siteZoneList: { method: 'GET', path: 'system/crm/zone/list', access: 'auth', role: 'admin' },
  siteZoneSave: { method: 'POST', path: 'system/crm/zone/save', access: 'auth', role: 'admin' },
  siteZoneReorder: { method: 'POST', path: 'system/crm/zone/reorder', access: 'auth', role: 'admin' },
  siteZoneCoursesSave: { method: 'POST', path: 'system/crm/zone/courses/save', access: 'auth', role: 'admin' },
  siteZoneLecturersSave: { method: 'POST', path: 'system/crm/zone/lecturers/save', access: 'auth', role: 'admin' },
  /** Courses and lecturers a zone may pick, by name (at most 50). */
  siteCourseOptions: { method: 'GET', path: 'system/crm/zone/course/options', access: 'auth', role: 'admin' },
  siteLecturerOptions: { method: 'GET', path: 'system/crm/zone/lecturer/options', access: 'auth', role: 'admin' },
  /** Enum lists: which the company may keep its own options for, and those options. */
  siteEnumList: { method: 'GET', path: 'system/crm/enum/list', access: 'auth', role: 'admin' },
  siteEnumView: { method: 'GET', path: 'system/crm/enum/view', access: 'auth', role: 'admin' },
  siteEnumSave: { method: 'POST', path: 'system/crm/enum/save', access: 'auth', role: 'admin' },
  siteEnumReset: { method: 'POST', path: 'system/crm/enum/reset', access: 'auth', role: 'admin' },

  // Back office: announcements and messages (administrators).
  /** Announcements of the company, all states, filtered, by publishing time. */
  noticePage: { method: 'POST', path: 'user/crm/announcement/page', access: 'auth', role: 'admin', paging: { pageCurrent: 1, pageSize: 20 } },
  noticeView: { method: 'GET', path: 'user/crm/announcement/view', access: 'auth', role: 'admin' },
  /** Creates or changes an announcement: a draft, published now, or scheduled. */
  noticeSave: { method: 'POST', path: 'user/crm/announcement/save', access: 'auth', role: 'admin' },
  noticePublish: { method: 'POST', path: 'user/crm/announcement/publish', access: 'auth', role: 'admin' },
  /** Back to a draft. */
  noticeUnpublish: { method: 'POST', path: 'user/crm/announcement/unpublish', access: 'auth', role: 'admin' },
  noticePin: { method: 'POST', path: 'user/crm/announcement/pin', access: 'auth', role: 'admin' },
  noticeDelete: { method: 'POST', path: 'user/crm/announcement/delete', access: 'auth', role: 'admin' },
  noticeReadStats: { method: 'GET', path: 'user/crm/announcement/read/stats', access: 'auth', role: 'admin' },
  noticeReadPage: { method: 'POST', path: 'user/crm/announcement/read/page', access: 'auth', role: 'admin', paging: { pageCurrent: 1, pageSize: 20 } },
  /** The readers list into the caller's download centre. */
  noticeReadExport: { method: 'POST', path: 'user/crm/announcement/read/export', access: 'auth', role: 'admin' },
  /** A message to departments (with sub-departments) and members: one per recipient. */
  noticeMessageSend: { method: 'POST', path: 'user/crm/message/send', access: 'auth', role: 'admin' },
  noticeRecipientSearch: { method: 'POST', path: 'user/crm/message/recipient/search', access: 'auth', role: 'admin' },
} as const satisfies Record<string, EndpointDef>;

export type EndpointName = keyof typeof endpoints;

/** The module a path belongs to (`user`, `system`, …): its first segment. */
export function moduleOf(def: Pick<EndpointDef, 'path'>): string {
  return def.path.split('/')[0]!;
}
