/**
 * The tenant and object isolation matrix: every `auth` row of the call table, called
 *  (a) by a member of company two, on company two's host, aimed at company one's objects, and
 *  (b) by one member of company one aimed at another member's private objects.
 * A row either names the objects it aims at (`probe`) or says why it has none (`none`); a new
 * `auth` row without an entry fails the first test. Every answer must be an envelope that is not
 * an error of the gateway and must carry none of the other party's data (their row ids, codes
 * and texts); after all calls the other party's rows in the database must be unchanged. A token
 * of company one sent to company two's host, by host or by `eid` header, is refused on every row.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Code, EID_HEADER, LANG_HEADER, TOKEN_HEADER } from '@/api/codes';
import { endpoints, type EndpointName } from '@/api/endpoints';
import { createTestApp, HOST_ONE, HOST_TWO, type TestGateway } from './testing';

type AuthName = { [N in EndpointName]: (typeof endpoints)[N]['access'] extends 'auth' ? N : never }[EndpointName];

/** Ids and texts of the victim's objects (company one, member E1001). */
interface Target {
  eid: string;
  member: string;
  userNo: string;
  empNo: string;
  course: string;
  /** 数据分析进阶, which the victim asked to buy (`purchaseRequest`). */
  paidCourse: string;
  purchaseRequest: string;
  item: string;
  examItem: string;
  resource: string;
  comment: string;
  courseware: string;
  studyTask: string;
  project: string;
  phase: string;
  lecturer: string;
  watch: string;
  examTask: string;
  exam: string;
  paper: string;
  question: string;
  batch: string;
  reservation: string;
  room: string;
  exportRecord: string;
  message: string;
  announcement: string;
  announcementComment: string;
  userCertificate: string;
  certificate: string;
  note: string;
  post: string;
  question2: string;
  answer: string;
  communityComment: string;
  zone: string;
  department: string;
  /** A post (job position) code of company one, and a member import of its own. */
  orgPost: string;
  memberImport: string;
  nav: string;
  banner: string;
  category: string;
}

type Params = Record<string, unknown>;
/** Aimed at the victim's objects: the parameters (query for GET, body otherwise; `{name}` path segments filled). */
interface Probe {
  probe: (t: Target) => Params;
  /** Ends or replaces the caller's session: called after every other row. */
  endsSession?: true;
}
/** No object parameter: the answer is the caller's own or its company's; called with `params`. */
interface NoObject {
  none: string;
  params?: Params;
  endsSession?: true;
}
type Case = Probe | NoObject;

const own = (why: string, params?: Params): NoObject => ({ none: why, params });
const page = { pageCurrent: 1, pageSize: 50 };

const matrix: Record<AuthName, Case> = {
  websiteView: own("the caller's company settings"),
  navBarList: own("the caller's company navigation"),
  currentUser: own('the caller'),
  logout: { none: "ends the caller's own session", endsSession: true },
  enterpriseList: own("the caller's own memberships"),
  chooseEnterprise: { probe: (t) => ({ eid: t.eid }), endsSession: true },
  addEnterprise: own('creates a new company owned by the caller', { enterpriseName: '隔离测试公司' }),
  updatePassword: own("the caller's own password (wrong current password)", { password: 'Wrong@2026', newPassword: 'Other@2026x', confirmPassword: 'Other@2026x' }),
  updateInitPassword: own("the caller's own initial password", { newPassword: 'Other@2026x', confirmPassword: 'Other@2026x' }),
  updateUserInfo: own("the caller's own profile", {}),
  getPostGrade: { probe: (t) => ({ userNo: t.userNo }) },
  savePostGrade: { probe: (t) => ({ userNo: t.userNo, email: 'x@example.com' }) },
  departmentList: own("the caller's company departments"),
  postList: own("the caller's company posts"),
  uploadPic: own("stores the caller's own upload (no file sent)"),
  categoryList: own("the caller's company categories"),
  coursePage: { probe: (t) => ({ ...page, categoryId: t.department, keyword: '入职' }) },
  courseLecturerPage: { probe: (t) => ({ ...page, lecturerId: t.lecturer }) },
  courseCount: { probe: () => ({ keyword: '入职' }) },
  courseView: { probe: (t) => ({ courseId: t.course }) },
  coursePurchaseState: { probe: (t) => ({ courseId: t.paidCourse }) },
  coursePurchaseApply: { probe: (t) => ({ courseId: t.paidCourse, note: '隔离测试' }) },
  coursePurchaseRequestPage: { probe: (t) => ({ ...page, courseId: t.paidCourse }) },
  coursePurchaseDecide: { probe: (t) => ({ id: t.purchaseRequest, approve: true }) },
  chapterPeriodList: { probe: (t) => ({ courseId: t.course }) },
  courseCommentPage: { probe: (t) => ({ ...page, targetId: t.course }) },
  courseCommentSave: { probe: (t) => ({ targetId: t.course, content: '越界评论' }) },
  courseCommentDelete: { probe: (t) => ({ id: t.comment }) },
  courseAdmire: { probe: (t) => ({ courseId: t.course }) },
  courseMarkSave: { probe: (t) => ({ targetId: t.course, score: 1 }) },
  collectionSave: { probe: (t) => ({ targetType: 1, targetId: t.course }) },
  collectionDelete: { probe: (t) => ({ targetType: 1, targetId: t.course }) },
  coursewareList: { probe: (t) => ({ courseId: t.course }) },
  coursewareDownload: { probe: (t) => ({ id: t.courseware }) },
  coursewareWatermarkDownload: { probe: (t) => ({ id: t.courseware }) },
  coursewarePreview: { probe: (t) => ({ id: t.courseware }) },
  resourceLibraryDownload: { probe: (t) => ({ id: t.resource, courseId: t.course }) },
  resourceWatch: { probe: (t) => ({ courseId: t.course, itemId: t.item }) },
  imageTextWatch: { probe: (t) => ({ courseId: t.course, itemId: t.item }) },
  courseConfig: { probe: (t) => ({ courseId: t.course }) },
  resourceLogUpdate: { probe: (t) => ({ watchId: t.watch, intervals: [[0, 5]], position: 5 }) },
  progressGet: { probe: (t) => ({ courseId: t.course }) },
  progressResource: { probe: (t) => ({ itemId: t.item }) },
  progressSave: { probe: (t) => ({ watchId: t.watch, intervals: [[0, 5]], position: 5 }) },
  progressCheckResource: { probe: (t) => ({ courseId: t.course, itemId: t.item }) },
  saveExamTaskByCourseId: { probe: (t) => ({ courseId: t.course, itemId: t.examItem, examId: t.exam }) },
  getTaskIsOk: { probe: (t) => ({ taskId: t.examTask }) },
  studyTaskPage: own("the caller's own study tasks", page),
  studyDynamicPage: { probe: (t) => ({ ...page, courseId: t.course }) },
  studyTaskCount: own("the caller's own study tasks"),
  studyTaskView: { probe: (t) => ({ id: t.studyTask }) },
  studyTaskMarkSave: { probe: (t) => ({ targetId: t.studyTask, score: 1 }) },
  studyTaskCommentPage: { probe: (t) => ({ ...page, targetId: t.studyTask }) },
  studyTaskCommentSave: { probe: (t) => ({ targetId: t.studyTask, content: '越界评论' }) },
  studyTaskCommentDelete: { probe: (t) => ({ id: t.comment }) },
  studyCollectionSave: { probe: (t) => ({ targetType: 2, targetId: t.studyTask }) },
  studyCollectionDelete: { probe: (t) => ({ targetType: 2, targetId: t.studyTask }) },
  projectApply: { probe: (t) => ({ projectId: t.project }) },
  projectCount: own("the caller's own projects"),
  projectPage: own("the caller's company projects", page),
  projectView: { probe: (t) => ({ id: t.project }) },
  projectStudyCourse: { probe: (t) => ({ id: t.project, phaseId: t.phase }) },
  projectStudyElectiveCourse: { probe: (t) => ({ id: t.project }) },
  projectAdmire: { probe: (t) => ({ projectId: t.project, id: t.project }) },
  projectLecturerPage: { probe: (t) => ({ ...page, projectId: t.project }) },
  projectMemberPage: { probe: (t) => ({ ...page, projectId: t.project }) },
  projectApprove: { probe: (t) => ({ projectId: t.project, userId: t.member, approve: true }) },
  projectPhaseContent: { probe: (t) => ({ id: t.phase }) },
  relationPage: { probe: (t) => ({ ...page, courseId: t.course, projectId: t.project }) },
  relationProjectPage: { probe: (t) => ({ ...page, courseId: t.course }) },
  trainingProgressPage: own("the caller's own training progress", page),
  studyExport: own("exports the caller's own records"),
  courseUserRecordList: { probe: (t) => ({ courseId: t.course }) },
  courseUserRecordSave: { probe: (t) => ({ courseId: t.course, content: '越界笔记' }) },
  courseUserRecordEdit: { probe: (t) => ({ id: t.note, content: '越界修改' }) },
  periodResearchView: { probe: (t) => ({ courseId: t.course, itemId: t.item }) },
  periodResearchSubmit: { probe: (t) => ({ courseId: t.course, itemId: t.item, answers: {} }) },
  periodResearchExport: { probe: (t) => ({ courseId: t.course, itemId: t.item }) },
  periodRecordView: { probe: (t) => ({ courseId: t.course, itemId: t.item }) },
  periodLearnerPage: { probe: (t) => ({ ...page, courseId: t.course, itemId: t.item }) },
  periodRecordSave: { probe: (t) => ({ courseId: t.course, itemId: t.item, memberIds: [t.member], passed: true, recordedOn: '2026-01-05' }) },
  liveRoomPage: own("the caller's company live rooms", page),
  liveWatch: { probe: (t) => ({ roomId: t.room }) },
  liveLeave: { probe: (t) => ({ roomId: t.room }) },
  playBackWatch: { probe: (t) => ({ id: t.room }) },
  attendanceSign: { probe: (t) => ({ roomId: t.room }) },
  attendanceHangUp: { probe: (t) => ({ roomId: t.room }) },
  courseProgressPage: { probe: (t) => ({ ...page, courseId: t.course }) },
  progressExport: { probe: (t) => ({ courseId: t.course }) },
  exportRecordPage: own("the caller's own export records", page),
  exportRecordDownloadUrl: { probe: (t) => ({ id: t.exportRecord }) },
  examTaskRecordPage: own("the caller's own exam records", page),
  examTaskRecordCount: own("the caller's own exam counts"),
  examTaskPage: own("the caller's own exam tasks", page),
  examTaskView: { probe: (t) => ({ id: t.examTask }) },
  examTaskExport: own("exports the caller's own exam tasks", {}),
  examTaskGetRecord: { probe: (t) => ({ taskId: t.examTask }) },
  examStart: { probe: (t) => ({ taskId: t.examTask }) },
  examAnswerSave: { probe: (t) => ({ paperId: t.paper, questionId: t.question, answer: ['A'], seq: 99 }) },
  examScreenSwitch: { probe: (t) => ({ paperId: t.paper, eventId: 'iso-1', kind: 'hidden', clientAt: new Date().toISOString() }) },
  examFinish: { probe: (t) => ({ paperId: t.paper }) },
  examFinishView: { probe: (t) => ({ paperId: t.paper }) },
  examPaperView: { probe: (t) => ({ id: t.paper }) },
  examPaperPage: { probe: (t) => ({ ...page, taskId: t.examTask }) },
  examGetPaperRecord: { probe: (t) => ({ taskId: t.examTask }) },
  examMarkingPage: own('papers the caller may mark', page),
  examMarkAnswer: { probe: (t) => ({ id: t.paper, mark: 100 }) },
  examBatchList: { probe: (t) => ({ examId: t.exam }) },
  examBatchSave: { probe: (t) => ({ batchId: t.batch }) },
  examBatchDelete: { probe: (t) => ({ id: t.reservation }) },
  bannerList: own("the caller's company banners"),
  zoneList: own("the caller's company zones"),
  zoneLogo: own("the caller's company logo"),
  zoneCourseList: { probe: (t) => ({ zoneId: t.zone, relationType: 1 }) },
  zoneLecturerList: own("the caller's company lecturers"),
  integralRankPage: own("the caller's company ranking", page),
  integralRankCurrent: own("the caller's own place"),
  creditHourRankPage: own("the caller's company ranking", page),
  creditHourRankCurrent: own("the caller's own place"),
  certificateRankPage: own("the caller's company ranking", page),
  certificateRankCurrent: own("the caller's own place"),
  searchPage: { probe: () => ({ keyword: '入职', type: 1, ...page }) },
  announcementPage: own("the caller's company announcements", page),
  unreadCount: own("the caller's own unread count"),
  unreadStream: own("the caller's own unread count (a stream; not read here)"),
  messageRecordPage: own("the caller's own messages", page),
  messageReadCount: own("the caller's own message counts"),
  messageBatchRead: { probe: (t) => ({ ids: [t.message] }) },
  messageBatchDelete: { probe: (t) => ({ ids: [t.message] }) },
  messageView: { probe: (t) => ({ id: t.message }) },
  messageAdmire: { probe: (t) => ({ id: t.announcement }) },
  announcementSave: own('publishes to the caller’s company (admins only)', { titleZh: '越界', titleEn: 'x', contentZh: '越界', contentEn: 'x' }),
  announcementCommentPage: { probe: (t) => ({ ...page, announcementId: t.announcement }) },
  announcementCommentSave: { probe: (t) => ({ announcementId: t.announcement, content: '越界评论' }) },
  announcementReplySave: { probe: (t) => ({ commentId: t.announcementComment, content: '越界回复' }) },
  announcementReplyDelete: { probe: (t) => ({ id: t.announcementComment }) },
  announcementCommentDelete: { probe: (t) => ({ id: t.announcementComment }) },
  exportRecordDelete: { probe: (t) => ({ id: t.exportRecord }) },
  exportRecordAllDelete: own("deletes the caller's own export records"),
  lecturerRankList: own("the caller's company lecturers"),
  lecturerPage: own("the caller's company lecturers", page),
  lecturerView: { probe: (t) => ({ lecturerId: t.lecturer }) },
  certificatePage: own("the caller's own certificates", page),
  certificateCount: own("the caller's own certificates"),
  certificatePdf: { probe: (t) => ({ id: t.userCertificate }) },
  certificateGrant: { probe: (t) => ({ certificateId: t.certificate, empNo: t.empNo }) },
  accountRecordPage: own("the caller's own ledger", { kind: 1, ...page }),
  organizationOverview: own("the caller's company, or their departments (organisation users and administrators)"),
  organizationLearnerPage: own("the caller's company learners, or their departments' (organisation users and administrators)", page),
  organizationLearnerExport: own("exports the caller's company learners, or their departments' (organisation users and administrators)", {}),
  communityPostSave: { probe: (t) => ({ id: t.post, kind: 1, title: '越界修改', content: '越界修改' }) },
  communityPostDelete: { probe: (t) => ({ id: t.post }) },
  communityAnswerSave: { probe: (t) => ({ id: t.answer, postId: t.question2, content: '越界修改' }) },
  communityAnswerDelete: { probe: (t) => ({ id: t.answer }) },
  communityAnswerAccept: { probe: (t) => ({ postId: t.question2, answerId: t.answer }) },
  communityAdmire: { probe: (t) => ({ targetType: 1, id: t.post }) },
  communityCollectionSave: { probe: (t) => ({ postId: t.post }) },
  communityCollectionDelete: { probe: (t) => ({ postId: t.post }) },
  communityCommentSave: { probe: (t) => ({ postId: t.post, content: '越界评论', commentId: t.communityComment }) },
  communityCommentDelete: { probe: (t) => ({ id: t.communityComment }) },
  // The back office (rows with a role are also refused to members without it: roles.test.ts).
  auditPage: own("the caller's company's audit log", page),
  myUploadPage: own("the caller's own uploads", page),
  teachingCoursePage: own('the courses the caller teaches', page),
  // Back office: course authoring.
  crmCategoryTree: own("the caller's company's categories"),
  crmCategorySave: { probe: (t) => ({ id: t.category, parentId: null, nameZh: '越界' }) },
  crmCategoryDelete: { probe: (t) => ({ id: t.category }) },
  crmCategoryReorder: { probe: (t) => ({ parentId: null, ids: [t.category] }) },
  crmCoursePage: own("the caller's company's courses", page),
  crmCourseView: { probe: (t) => ({ id: t.course }) },
  crmCourseSave: { probe: (t) => ({ id: t.course, nameZh: '越界', isFree: true, creditHours: 0, watermark: false, antiSkip: false }) },
  crmCourseStatus: { probe: (t) => ({ id: t.course, status: 0 }) },
  crmCourseCopy: { probe: (t) => ({ id: t.course }) },
  crmCourseItems: { probe: (t) => ({ courseId: t.course }) },
  crmCourseItemSave: { probe: (t) => ({ id: t.item, courseId: t.course, parentId: null, nameZh: '越界' }) },
  crmCourseItemDelete: { probe: (t) => ({ id: t.item }) },
  crmCourseItemReorder: { probe: (t) => ({ courseId: t.course, parentId: null, ids: [t.item] }) },
  crmResourceOptions: own("the caller's company's library"),
  crmExamOptions: own("the caller's company's exams"),
  crmResourcePage: own("the caller's company's library", page),
  crmCoursewareList: { probe: (t) => ({ courseId: t.course }) },
  crmCoursewareAdd: { probe: (t) => ({ courseId: t.course, resourceId: t.resource }) },
  crmCoursewareRemove: { probe: (t) => ({ id: t.courseware }) },
  crmResourceRetry: { probe: (t) => ({ id: t.resource }) },
  crmResourceDelete: { probe: (t) => ({ id: t.resource }) },
  myResourcePage: own("the caller's own space", page),
  myResourceSubmit: { probe: (t) => ({ id: t.resource }) },
  myResourceRetry: { probe: (t) => ({ id: t.resource }) },
  myResourceDelete: { probe: (t) => ({ id: t.resource }) },
  crmReviewPage: own("the caller's company's uploads under review", page),
  crmReviewDecide: { probe: (t) => ({ id: t.resource, approve: true }) },
  crmLivePage: own("the caller's company's live rooms", page),
  crmLiveView: { probe: (t) => ({ id: t.room }) },
  crmLiveSave: { probe: (t) => ({ id: t.room, nameZh: '改名', startAt: '2026-12-01T02:00:00Z', endAt: '2026-12-01T03:00:00Z', hangUpSeconds: 90 }) },
  crmLiveDelete: { probe: (t) => ({ id: t.room }) },
  crmLiveStream: { probe: (t) => ({ id: t.room }) },
  crmLiveAttendance: { probe: (t) => ({ id: t.room, ...page }) },
  crmLiveAttendanceExport: { probe: (t) => ({ id: t.room }) },
  crmTaskPage: own("the caller's company's study tasks", page),
  crmTaskView: { probe: (t) => ({ id: t.studyTask }) },
  crmTaskSave: {
    probe: (t) => ({
      id: t.studyTask,
      nameZh: '改名',
      startAt: '2026-12-01T02:00:00Z',
      items: [{ kind: 'course', id: t.course, required: true }, { kind: 'exam', id: t.exam, required: true }],
      audience: 1,
      departmentIds: [t.department],
      memberIds: [t.member],
    }),
  },
  crmTaskDelete: { probe: (t) => ({ id: t.studyTask }) },
  crmTaskProgress: { probe: (t) => ({ id: t.studyTask, ...page }) },
  crmTaskProgressExport: { probe: (t) => ({ id: t.studyTask }) },
  crmTaskRemind: { probe: (t) => ({ id: t.studyTask }) },
  crmProjectPage: own("the caller's company's study projects", page),
  crmProjectView: { probe: (t) => ({ id: t.project }) },
  crmProjectSave: { probe: (t) => ({ id: t.project, nameZh: '改名', startAt: '2026-12-01T02:00:00Z', certificateId: t.certificate }) },
  crmProjectDelete: { probe: (t) => ({ id: t.project }) },
  crmProjectCertificateOptions: own("the caller's company's certificates"),
  crmProjectMembers: { probe: (t) => ({ id: t.project, ...page }) },
  crmProjectDecide: { probe: (t) => ({ id: t.project, userId: t.member, approve: true }) },
  // Back office: the site.
  siteView: own("the caller's company's branding and domains"),
  siteSave: own("the caller's company's branding", { nameZh: '青禾', nameEn: 'Qinghe', titleZh: '青禾学堂', titleEn: 'Qinghe Academy', logo: '', icon: '', colorPrimary: '#123456', colorPrimaryForeground: '#ffffff', colorAccent: '#abcdef' }),
  siteDomainAdd: { probe: () => ({ domain: 'localhost' }) },
  siteDomainRemove: { probe: () => ({ domain: 'localhost' }) },
  siteNavList: own("the caller's company's navigation items"),
  siteNavSave: { probe: (t) => ({ id: t.nav, titleZh: '越界', titleEn: 'Across', navMenuType: 1 }) },
  siteNavDelete: { probe: (t) => ({ id: t.nav }) },
  siteNavReorder: { probe: (t) => ({ ids: [t.nav] }) },
  siteNavShow: { probe: (t) => ({ id: t.nav, isMenu: 0 }) },
  siteBannerList: own("the caller's company's banners"),
  siteBannerSave: { probe: (t) => ({ id: t.banner, titleZh: '越界', titleEn: 'Across', image: '/media/x.png' }) },
  siteBannerDelete: { probe: (t) => ({ id: t.banner }) },
  siteBannerReorder: { probe: (t) => ({ ids: [t.banner] }) },
  siteZoneList: own("the caller's company's home zones"),
  siteZoneSave: { probe: (t) => ({ id: t.zone, titleZh: '越界', titleEn: 'Across', relationType: 1 }) },
  siteZoneReorder: { probe: (t) => ({ ids: [t.zone] }) },
  siteZoneCoursesSave: { probe: (t) => ({ zoneId: t.zone, courseIds: [t.course] }) },
  siteZoneLecturersSave: { probe: (t) => ({ lecturerIds: [t.lecturer] }) },
  siteCourseOptions: own("searches the caller's company's courses", { keyword: '入职' }),
  siteLecturerOptions: own("the caller's company's lecturers"),
  siteEnumList: own("the caller's company's and the global enum lists"),
  siteEnumView: own("the caller's company's or the global options", { enumName: 'postLevel' }),
  siteEnumSave: own("the caller's company's own options (a platform enum: refused)", { enumName: 'sex', options: [{ value: '1', labelZh: '男', labelEn: 'Male' }] }),
  siteEnumReset: own("the caller's company's own options", { enumName: 'postLevel' }),
  // Back office: announcements and messages.
  noticePage: own("the caller's company's announcements", page),
  noticeView: { probe: (t) => ({ id: t.announcement }) },
  noticeSave: { probe: (t) => ({ id: t.announcement, titleZh: '越界', contentZh: '<p>越界</p>', publish: 'now' }) },
  noticePublish: { probe: (t) => ({ id: t.announcement }) },
  noticeUnpublish: { probe: (t) => ({ id: t.announcement }) },
  noticePin: { probe: (t) => ({ id: t.announcement, pinned: false }) },
  noticeDelete: { probe: (t) => ({ id: t.announcement }) },
  noticeReadStats: { probe: (t) => ({ id: t.announcement }) },
  noticeReadPage: { probe: (t) => ({ ...page, id: t.announcement }) },
  noticeReadExport: { probe: (t) => ({ id: t.announcement }) },
  noticeMessageSend: { probe: (t) => ({ titleZh: '越界', contentZh: '越界', memberIds: [t.member], departmentIds: [t.department] }) },
  noticeRecipientSearch: own("searches the caller's company's members", { keyword: 'E10' }),
  // Back office: people and organisation.
  crmDepartmentTree: own("the caller's company's departments"),
  crmDepartmentCreate: { probe: (t) => ({ parentId: t.department, nameZh: '越界', nameEn: 'Across' }) },
  crmDepartmentRename: { probe: (t) => ({ id: t.department, nameZh: '越界', nameEn: 'Across' }) },
  crmDepartmentMove: { probe: (t) => ({ id: t.department, parentId: '', index: 0 }) },
  crmDepartmentDelete: { probe: (t) => ({ id: t.department }) },
  crmPostTree: own("the caller's company's posts"),
  crmPostCreate: { probe: (t) => ({ parentId: t.orgPost, nameZh: '越界', nameEn: 'Across' }) },
  crmPostRename: { probe: (t) => ({ id: t.orgPost, nameZh: '越界', nameEn: 'Across' }) },
  crmPostMove: { probe: (t) => ({ id: t.orgPost, parentId: '', index: 0 }) },
  crmPostDelete: { probe: (t) => ({ id: t.orgPost }) },
  crmPostLevelList: own("the post level options of the caller's company"),
  crmMemberPage: { probe: (t) => ({ ...page, keyword: t.empNo, departmentId: t.department }) },
  crmMemberCreate: { probe: (t) => ({ userName: '越界', empNo: 'ISO-1', departmentId: t.department, postId: t.orgPost }) },
  crmMemberUpdate: { probe: (t) => ({ id: t.member, userName: '越界', empNo: t.empNo }) },
  crmMemberStatus: { probe: (t) => ({ id: t.member, status: 0 }) },
  crmMemberResetPassword: { probe: (t) => ({ id: t.member }) },
  crmMemberBulkDepartment: { probe: (t) => ({ ids: [t.member], departmentId: '' }) },
  crmMemberImportTemplate: own("the caller's company's import template", { format: 'xlsx' }),
  crmMemberImportPreview: own("reads the caller's own upload (no file sent)"),
  crmMemberImportCommit: { probe: (t) => ({ id: t.memberImport }) },
  crmMemberImportStatus: { probe: (t) => ({ id: t.memberImport }) },
};

const authRows = (Object.keys(endpoints) as EndpointName[]).filter((n) => endpoints[n].access === 'auth');

let gw: TestGateway;
let target: Target;

async function rows<T = Record<string, unknown>>(query: ReturnType<typeof sql>): Promise<T[]> {
  return ((await gw.database.db.execute(query)) as unknown as { rows: T[] }).rows;
}
async function one(query: ReturnType<typeof sql>): Promise<string> {
  const [row] = await rows<{ v: unknown }>(query);
  if (row?.v === undefined || row.v === null) throw new Error(`no row for ${JSON.stringify(query)}`);
  return String(row.v);
}

/** Calls a row as the site does, path segments filled; answers the code and the raw text. */
async function request(name: EndpointName, token: string, host: string, params: Params = {}, headers: Record<string, string> = {}) {
  const def = endpoints[name];
  const rest = { ...params };
  const path = def.path.replace(/\{(\w+)\}/g, (_, key: string) => {
    const value = String(rest[key] ?? '');
    delete rest[key];
    return encodeURIComponent(value);
  });
  const url = new URL(`http://${host}${gw.prefix}/${path}`);
  const init: RequestInit & { headers: Record<string, string> } = {
    method: def.method,
    headers: { [LANG_HEADER]: 'zh', [TOKEN_HEADER]: token, ...headers },
  };
  if (def.method === 'GET' || name === 'examBatchDelete' || name === 'examMarkAnswer') {
    for (const [k, v] of Object.entries(rest)) url.searchParams.set(k, String(v));
  } else {
    init.body = JSON.stringify(rest);
    init.headers['content-type'] = 'application/json';
  }
  if (name === 'unreadStream') {
    const controller = new AbortController();
    const res = await gw.app.request(url, { ...init, signal: controller.signal });
    if (!(res.headers.get('content-type') ?? '').includes('event-stream')) {
      const text = await res.text();
      return { status: res.status, code: (JSON.parse(text) as { code: number }).code, text };
    }
    controller.abort();
    await res.body?.cancel().catch(() => {});
    return { status: res.status, code: Code.OK, text: '' };
  }
  const res = await gw.app.request(url, init);
  const text = await res.text();
  let code: number = res.status;
  if ((res.headers.get('content-type') ?? '').includes('json')) code = (JSON.parse(text) as { code: number }).code;
  return { status: res.status, code, text };
}

/** Rows of every table owned by a company, for before/after comparison. */
async function companySnapshot(eid: string): Promise<Record<string, string>> {
  const tables = await rows<{ t: string }>(sql`
    select table_name as t from information_schema.columns
    where table_schema = current_schema() and column_name = 'enterprise_id' order by 1`);
  const out: Record<string, string> = {};
  for (const { t } of tables) {
    const list = await rows(sql`select to_jsonb(x)::text as j from ${sql.identifier(t)} x where enterprise_id = ${eid} order by 1`);
    out[t] = JSON.stringify(list.map((r) => r.j));
  }
  return out;
}

/** Every table with a member column: each must be classed as private to the member or shared in the company. */
const PRIVATE_TABLES = [
  'announcement_reads', 'collections', 'course_progress', 'course_purchase_requests', 'course_purchases', 'course_user_records', 'exam_papers',
  'exam_reservations', 'exam_tasks', 'export_records', 'live_attendance', 'media_uploads', 'member_identities', 'password_resets',
  'period_progress', 'period_records', 'point_records', 'project_members', 'research_answers', 'sessions', 'study_task_members', 'uploaded_files',
  'user_certificates', 'watch_sessions',
];
/** Rows a member writes that the company sees by design (comments, posts, ratings, activity, lecturer profiles). */
const SHARED_TABLES = [
  'comments', 'community_answers', 'community_posts', 'course_audience', 'exam_markers', 'lecturers', 'likes', 'ratings', 'study_dynamics', 'study_task_audience',
];

/** The victim's own rows: every table with a member column, the messages sent to them, their answers. */
async function memberSnapshot(member: string): Promise<Record<string, string>> {
  const out: Record<string, string> = {};
  for (const t of [...PRIVATE_TABLES, ...SHARED_TABLES]) {
    const list = await rows(sql`select to_jsonb(x)::text as j from ${sql.identifier(t)} x where enterprise_user_id = ${member} order by 1`);
    out[t] = JSON.stringify(list.map((r) => r.j));
  }
  const messages = await rows(sql`select to_jsonb(x)::text as j from announcements x where recipient_id = ${member} order by 1`);
  out.announcements = JSON.stringify(messages.map((r) => r.j));
  const answers = await rows(sql`
    select to_jsonb(a)::text as j from exam_answers a join exam_papers p on p.id = a.paper_id
    where p.enterprise_user_id = ${member} order by 1`);
  out.exam_answers = JSON.stringify(answers.map((r) => r.j));
  return out;
}

/** Everything of company one that company two must never see: every row id, user number and code. */
async function companyMarkers(eid: string, otherEid: string): Promise<string[]> {
  const tables = await rows<{ t: string }>(sql`
    select c.table_name as t from information_schema.columns c
    join information_schema.columns k on k.table_schema = c.table_schema and k.table_name = c.table_name and k.column_name = 'id'
    where c.table_schema = current_schema() and c.column_name = 'enterprise_id' and k.data_type = 'uuid'`);
  const ids = new Set<string>([eid]);
  for (const { t } of tables) {
    for (const r of await rows<{ id: string }>(sql`select id::text as id from ${sql.identifier(t)} where enterprise_id = ${eid}`)) ids.add(r.id);
  }
  for (const r of await rows<{ v: string }>(sql`select user_no as v from enterprise_users where enterprise_id = ${eid} and user_no is not null`)) ids.add(r.v);
  for (const r of await rows<{ v: string }>(sql`select code as v from user_certificates where enterprise_id = ${eid}`)) ids.add(r.v);
  // Texts only company one has (course and people names), checked as they are stored.
  for (const r of await rows<{ v: string }>(sql`
    select name_zh as v from courses where enterprise_id = ${eid}
    except select name_zh from courses where enterprise_id = ${otherEid}`)) ids.add(r.v);
  for (const r of await rows<{ v: string }>(sql`
    select user_name as v from enterprise_users where enterprise_id = ${eid}
    except select user_name from enterprise_users where enterprise_id = ${otherEid}`)) ids.add(r.v);
  return [...ids];
}

/** What only the victim may see: ids of their private rows, messages to them, their certificate codes and notes. */
async function memberMarkers(member: string): Promise<string[]> {
  const ids = new Set<string>();
  for (const t of PRIVATE_TABLES) {
    const hasId = await rows(sql`
      select 1 from information_schema.columns
      where table_schema = current_schema() and table_name = ${t} and column_name = 'id' and data_type = 'uuid'`);
    if (hasId.length === 0) continue;
    for (const r of await rows<{ id: string }>(sql`select id::text as id from ${sql.identifier(t)} where enterprise_user_id = ${member}`)) ids.add(r.id);
  }
  for (const r of await rows<{ v: string }>(sql`select id::text as v from announcements where recipient_id = ${member}`)) ids.add(r.v);
  for (const r of await rows<{ v: string }>(sql`select code as v from user_certificates where enterprise_user_id = ${member}`)) ids.add(r.v);
  for (const r of await rows<{ v: string }>(sql`select content as v from course_user_records where enterprise_user_id = ${member}`)) ids.add(r.v);
  for (const r of await rows<{ v: string }>(sql`select file_key as v from export_records where enterprise_user_id = ${member} and file_key is not null`)) ids.add(r.v);
  return [...ids];
}

function leaks(text: string, markers: string[]): string[] {
  return markers.filter((m) => m.length >= 4 && text.includes(m));
}

/** Codes an isolated answer may carry: data (own or empty), refused, not found, invalid, or not allowed. */
const ACCEPTABLE = new Set<number>([Code.OK, Code.WHOLE, Code.FORBIDDEN, Code.NOT_FOUND, Code.INVALID, Code.UNSUPPORTED_MEDIA_TYPE, 200, 403, 404]);

interface Finding {
  name: AuthName;
  code: number;
  leaked: string[];
}

async function walk(token: () => Promise<string>, host: string, markers: string[]): Promise<{ findings: Finding[]; refusedObjects: AuthName[]; calls: number }> {
  const findings: Finding[] = [];
  const refusedObjects: AuthName[] = [];
  const order = [...authRows].sort((a, b) => Number(!!matrix[a as AuthName].endsSession) - Number(!!matrix[b as AuthName].endsSession));
  let current = await token();
  let calls = 0;
  for (const name of order as AuthName[]) {
    const entry = matrix[name];
    const params = 'probe' in entry ? entry.probe(target) : (entry.params ?? {});
    const answer = await request(name, current, host, params);
    calls++;
    const leaked = leaks(answer.text, markers);
    if (leaked.length > 0 || !ACCEPTABLE.has(answer.code)) findings.push({ name, code: answer.code, leaked: leaked.slice(0, 3) });
    if ('probe' in entry && answer.code !== Code.OK && answer.code !== Code.WHOLE) refusedObjects.push(name);
    if (entry.endsSession) current = await token();
  }
  return { findings, refusedObjects, calls };
}

beforeAll(async () => {
  gw = await createTestApp();
  const victim = await gw.login('E1001');
  const eid = await one(sql`select enterprise_id as v from enterprise_domains where domain = ${HOST_ONE}`);
  const member = await one(sql`select id as v from enterprise_users where enterprise_id = ${eid} and emp_no = 'E1001'`);
  const course = await one(sql`select id as v from courses where enterprise_id = ${eid} and name_zh = '新员工入职培训'`);
  const item = await one(sql`select id as v from course_items where course_id = ${course} and resource_id is not null order by sort limit 1`);
  const examItem = await one(sql`select id as v from course_items where course_id = ${course} and exam_id is not null limit 1`);

  // The victim's private objects that the seed does not make: a comment, a note, posts, an answer, a watch.
  const comment = await gw.call<{ id: string }>('courseCommentSave', { token: victim, body: { targetId: course, content: '张伟的私人评论' } });
  await gw.call('courseUserRecordSave', { token: victim, body: { courseId: course, content: '张伟的私人笔记 iso-note-1' } });
  const post = await gw.call<{ id: string }>('communityPostSave', { token: victim, body: { kind: 1, title: '张伟的博客', content: '正文' } });
  const question = await gw.call<{ id: string }>('communityPostSave', { token: victim, body: { kind: 2, title: '张伟的提问', content: '问题' } });
  const answer = await gw.call<{ id: string }>('communityAnswerSave', { token: victim, body: { postId: question.body.data.id, content: '张伟的回答' } });
  const ccomment = await gw.call<{ id: string }>('communityCommentSave', { token: victim, body: { postId: post.body.data.id, content: '张伟的评论' } });
  const watch = await gw.call<{ watchId: string }>('resourceWatch', { token: victim, body: { courseId: course, itemId: item } });
  const announcement = await one(sql`select id as v from announcements where enterprise_id = ${eid} and kind = 1 and allow_comment and published_at <= now() order by published_at desc limit 1`);
  const acomment = await gw.call<{ id: string }>('announcementCommentSave', { token: victim, body: { announcementId: announcement, content: '张伟的公告评论' } });
  const paidCourse = await one(sql`select id as v from courses where enterprise_id = ${eid} and name_zh = '数据分析进阶'`);
  const purchase = await gw.call<{ id: string }>('coursePurchaseApply', { token: victim, body: { courseId: paidCourse, note: '张伟的购买申请' } });
  for (const r of [comment, post, question, answer, ccomment, watch, acomment, purchase]) expect([r.body.code, r.body.msg]).toEqual([Code.OK, r.body.msg]);

  expect((await gw.call('studyExport', { token: victim, body: {} })).body.code).toBe(Code.OK);
  for (let i = 0; i < 100; i++) {
    const done = await rows(sql`select 1 from export_records where enterprise_user_id = ${member} and export_status = 2`);
    if (done.length > 0) break;
    await new Promise((r) => setTimeout(r, 50));
  }

  const examTask = await one(sql`select t.id as v from exam_tasks t join exams e on e.id = t.exam_id where t.enterprise_user_id = ${member} and e.name_zh = '综合能力测评'`);
  const started = await gw.call<{ id?: string; paperId?: string }>('examStart', { token: victim, body: { taskId: examTask } });
  expect(started.body.code).toBe(Code.OK);
  const paper = await one(sql`select id as v from exam_papers where enterprise_user_id = ${member} order by created_at desc limit 1`);
  const exam = await one(sql`select exam_id as v from exam_papers where id = ${paper}`);

  target = {
    eid,
    member,
    userNo: await one(sql`select user_no as v from enterprise_users where id = ${member}`),
    empNo: 'E1001',
    course,
    paidCourse,
    purchaseRequest: purchase.body.data.id,
    item,
    examItem,
    resource: await one(sql`select resource_id as v from course_items where id = ${item}`),
    comment: comment.body.data.id,
    courseware: await one(sql`select id as v from coursewares where enterprise_id = ${eid} limit 1`),
    studyTask: await one(sql`select id as v from study_tasks where enterprise_id = ${eid} limit 1`),
    project: await one(sql`select id as v from projects where enterprise_id = ${eid} limit 1`),
    phase: await one(sql`select id as v from project_phases where enterprise_id = ${eid} limit 1`),
    lecturer: await one(sql`select id as v from lecturers where enterprise_id = ${eid} limit 1`),
    watch: watch.body.data.watchId,
    examTask,
    exam,
    paper,
    question: await one(sql`select id as v from exam_questions where exam_id = ${exam} order by sort limit 1`),
    batch: await one(sql`select id as v from exam_batches where enterprise_id = ${eid} limit 1`),
    reservation: await one(sql`
      select coalesce((select id::text from exam_reservations where enterprise_user_id = ${member} limit 1),
                      (select id::text from exam_reservations where enterprise_id = ${eid} limit 1), ${eid}) as v`),
    room: await one(sql`select id as v from live_rooms where enterprise_id = ${eid} limit 1`),
    exportRecord: await one(sql`select id as v from export_records where enterprise_user_id = ${member} and export_status = 2 limit 1`),
    message: await one(sql`select id as v from announcements where recipient_id = ${member} limit 1`),
    announcement,
    announcementComment: acomment.body.data.id,
    userCertificate: await one(sql`select id as v from user_certificates where enterprise_user_id = ${member} limit 1`),
    certificate: await one(sql`select id as v from certificates where enterprise_id = ${eid} limit 1`),
    note: await one(sql`select id as v from course_user_records where enterprise_user_id = ${member} limit 1`),
    post: post.body.data.id,
    question2: question.body.data.id,
    answer: answer.body.data.id,
    communityComment: ccomment.body.data.id,
    zone: await one(sql`select id as v from home_zones where enterprise_id = ${eid} limit 1`),
    department: await one(sql`select id as v from departments where enterprise_id = ${eid} limit 1`),
    orgPost: await one(sql`select id as v from posts where enterprise_id = ${eid} order by id limit 1`),
    memberImport: await one(sql`insert into member_imports (enterprise_id, file_name, rows) values (${eid}, 'iso.xlsx', '[]'::jsonb) returning id as v`),
    nav: await one(sql`select id as v from nav_items where enterprise_id = ${eid} limit 1`),
    banner: await one(sql`select id as v from banners where enterprise_id = ${eid} limit 1`),
    category: await one(sql`select id as v from categories where enterprise_id = ${eid} order by sort, id limit 1`),
  };
}, 120_000);
afterAll(() => gw?.close());

describe('the isolation matrix', () => {
  it('has an entry for every auth row of the call table, and no entry for any other', () => {
    const missing = authRows.filter((n) => !(n in matrix));
    const extra = Object.keys(matrix).filter((n) => !authRows.includes(n as EndpointName));
    expect({ missing, extra }).toEqual({ missing: [], extra: [] });
    for (const [name, entry] of Object.entries(matrix)) {
      if ('none' in entry) expect(entry.none.length, name).toBeGreaterThan(8);
    }
  });

  it('classes every table with a member column as private or shared', async () => {
    const tables = (await rows<{ t: string }>(sql`
      select table_name as t from information_schema.columns
      where table_schema = current_schema() and column_name = 'enterprise_user_id' order by 1`)).map((r) => r.t);
    expect(tables.filter((t) => !PRIVATE_TABLES.includes(t) && !SHARED_TABLES.includes(t))).toEqual([]);
  });

  it('refuses a token of company one on company two, by host and by eid header, on every auth row', async () => {
    const token = await gw.login('E1001');
    const eidTwo = await one(sql`select enterprise_id as v from enterprise_domains where domain = ${HOST_TWO}`);
    const accepted: string[] = [];
    for (const name of authRows) {
      const entry = matrix[name as AuthName];
      const params = 'probe' in entry ? entry.probe(target) : (entry.params ?? {});
      const byHost = await request(name, token, HOST_TWO, params);
      const byHeader = await request(name, token, HOST_ONE, params, { [EID_HEADER]: eidTwo });
      if (byHost.code !== Code.UNAUTHORIZED) accepted.push(`${name} by host: ${byHost.code}`);
      if (byHeader.code !== Code.UNAUTHORIZED) accepted.push(`${name} by eid: ${byHeader.code}`);
    }
    expect(accepted).toEqual([]);
    // The token still works on its own company: the refusals above were about the tenant.
    expect((await request('currentUser', token, HOST_ONE)).code).toBe(Code.OK);
  });

  it('shows the markers in their owner’s own answers, so that a leak would be caught', async () => {
    const victim = await gw.login('E1001');
    const member = await memberMarkers(target.member);
    const eidTwo = await one(sql`select enterprise_id as v from enterprise_domains where domain = ${HOST_TWO}`);
    const company = await companyMarkers(target.eid, eidTwo);
    const seen = async (name: AuthName, markers: string[]) => {
      const entry = matrix[name];
      const params = 'probe' in entry ? entry.probe(target) : (entry.params ?? {});
      return leaks((await request(name, victim, HOST_ONE, params)).text, markers);
    };
    for (const name of ['exportRecordPage', 'messageRecordPage', 'certificatePage', 'examTaskPage'] as AuthName[]) {
      expect((await seen(name, member)).length, name).toBeGreaterThan(0);
    }
    expect((await seen('courseUserRecordList', member)).length).toBeGreaterThan(0);
    for (const name of ['lecturerPage', 'integralRankPage', 'currentUser', 'courseView'] as AuthName[]) {
      expect((await seen(name, company)).length, name).toBeGreaterThan(0);
    }
  });

  it('(a) a member of company two sees and changes nothing of company one', async () => {
    const eidTwo = await one(sql`select enterprise_id as v from enterprise_domains where domain = ${HOST_TWO}`);
    const markers = await companyMarkers(target.eid, eidTwo);
    expect(markers.length).toBeGreaterThan(500);
    // The strongest caller of company two: its administrator, whom the back-office rows answer.
    await gw.database.db.execute(sql`update enterprise_users set is_admin = true where emp_no = 'B2001' and enterprise_id = ${eidTwo}`);
    const before = await companySnapshot(target.eid);
    const { findings, refusedObjects, calls } = await walk(() => gw.login('B2001', undefined, { host: HOST_TWO }), HOST_TWO, markers);
    expect(findings).toEqual([]);
    expect(calls).toBe(authRows.length);
    // Every row aimed at company one's objects is refused, except the searches and filters that answer empty.
    const probes = authRows.filter((n) => 'probe' in matrix[n as AuthName]);
    const answered = probes.filter((n) => !refusedObjects.includes(n as AuthName));
    expect(answered.sort()).toEqual(CROSS_TENANT_EMPTY.slice().sort());
    expect(await companySnapshot(target.eid)).toEqual(before);
  });

  it('(b) a member of company one sees and changes nothing private of another member', async () => {
    const markers = await memberMarkers(target.member);
    expect(markers.length).toBeGreaterThan(30);
    const before = await memberSnapshot(target.member);
    const { findings, calls } = await walk(() => gw.login('E1007'), HOST_ONE, markers);
    expect(findings).toEqual([]);
    expect(calls).toBe(authRows.length);
    expect(await memberSnapshot(target.member)).toEqual(before);
  });
});

/**
 * Rows aimed at company one's objects that answer 200 to company two: a filter or search that
 * matches nothing of company two, so the answer is empty (a count of 0, an empty page or list, an
 * export of no rows into the caller's own download centre). The leak check above holds for them too.
 */
const CROSS_TENANT_EMPTY: string[] = [
  'crmMemberPage',
  'courseCount',
  // Company two's administrator filtering its purchase requests by company one's course: none.
  'coursePurchaseRequestPage',
  'courseProgressPage',
  'examBatchList',
  'progressExport',
  'searchPage',
  'studyDynamicPage',
  'zoneCourseList',
];
