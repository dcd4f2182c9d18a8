/**
 * Response and body shapes of the learning calls (courses, the player and progress, study
 * tasks and projects, live rooms, data exports). Named as the spec's entities (section 3); the
 * gateway produces exactly these. Ids are UUID strings; times are ISO 8601 strings.
 * Texts come in the request's language (`lang` header).
 */

/** Spec section 3: contentType of a course item. */
export const ContentType = {
  directoryOrVideo: 2,
  exam: 3,
  image: 4,
  research: 5,
  offlineTraining: 6,
  realOperation: 7,
  jobEvaluation: 8,
} as const;

/** Spec section 3: resourceType of a resource. */
export const ResourceType = { video: 2, audio: 3, document: 4, image: 5, archive: 6 } as const;

/** Learning status (spec section 3): 0 not started, 1 learning, 2 completed. */
export type LearningStatus = 0 | 1 | 2;

/** Paging and filters of `coursePage`; every filter optional. */
export interface CoursePageBody {
  pageCurrent?: number;
  pageSize?: number;
  /** A category and all categories under it. */
  categoryId?: string;
  /** Matched against the name and intro in both languages. */
  keyword?: string;
  /** Only courses in this learning status for the caller. */
  learningStatus?: LearningStatus;
  /** Only courses the caller collected. */
  collected?: boolean;
  /** 1 online, 2 live. */
  courseType?: 1 | 2;
  /** `new` (default), `hot` (most learners), `rating`. */
  sort?: 'new' | 'hot' | 'rating';
}

/** A category (`categoryList`), with its children. */
export interface Category {
  id: string;
  name: string;
  parentId: string | null;
  /** Published courses in the category and its children. */
  courseCount: number;
  children: Category[];
}

export interface LecturerBrief {
  id: string;
  name: string;
  title: string;
  avatar: string;
}

/** A course in lists. */
export interface CourseItem {
  id: string;
  name: string;
  intro: string;
  cover: string;
  categoryId: string | null;
  categoryName: string;
  courseType: number;
  isFree: boolean;
  /** Price of a paid course in yuan (two decimals); null when free or not priced. */
  price: number | null;
  creditHours: number;
  /** Total length of its video and audio periods, seconds. */
  totalDuration: number;
  periodCount: number;
  learnerCount: number;
  /** Average rating 0–5 with one decimal; 0 when unrated. */
  rating: number;
  admireCount: number;
  lecturers: LecturerBrief[];
  /** The caller's progress 0–100 and learning status. */
  studyProgress: number;
  learningStatus: LearningStatus;
}

/** `courseCount`: the caller's courses by learning status, and all published courses. */
export interface CourseCount {
  total: number;
  notStarted: number;
  learning: number;
  completed: number;
  collected: number;
}

/** `courseView`: a course's detail. */
export interface CourseDetail extends CourseItem {
  /** 1 published, 0 removed. A removed course answers code 460 (FORBIDDEN) 'The course has been removed'. */
  status: number;
  /** False when the course is paid and the caller has not bought it. */
  purchased: boolean;
  watermark: boolean;
  antiSkip: boolean;
  ratingCount: number;
  commentCount: number;
  /** The caller's own rating, 0 when none. */
  myRating: number;
  admired: boolean;
  collected: boolean;
  /** The period to continue with, if the caller started. */
  lastItemId: string | null;
  createdAt: string;
}

/** A request to join a paid course's authorised purchase. `status`: 0 waiting, 1 approved, 2 refused. */
export interface CoursePurchaseRequest {
  id: string;
  courseId: string;
  courseName: string;
  status: 0 | 1 | 2;
  /** What the member wrote with it. */
  note: string;
  /** Why it was refused ('' otherwise). */
  reason: string;
  createdAt: string;
  decidedAt: string | null;
  /** Who asked (in an administrator's list). */
  userName: string;
  empNo: string;
  departmentName: string;
}

/** `coursePurchaseState`: the caller's latest request for a course, if any. */
export interface CoursePurchaseState {
  request: CoursePurchaseRequest | null;
}

/** Body of `coursePurchaseApply`. */
export interface CoursePurchaseApplyBody {
  courseId: string;
  note?: string;
}

/** Body of `coursePurchaseRequestPage` (administrators). */
export interface CoursePurchaseRequestPageBody {
  courseId?: string;
  status?: 0 | 1 | 2;
  pageCurrent?: number;
  pageSize?: number;
}

/** Body of `coursePurchaseDecide` (administrators): a refusal needs a reason. */
export interface CoursePurchaseDecideBody {
  id: string;
  approve: boolean;
  reason?: string;
}

/** Spec section 3: a course resource item. Chapters have children; periods have a resource. */
export interface CourseResourceItem {
  subResourceId: string;
  subResourceName: string;
  contentType: number;
  /** 0 for chapters and periods without a resource (exam, offline training, …). */
  resourceType: number;
  /** For documents: the file name that tells xls, doc, txt, pdf and ppt apart. */
  fileName: string;
  /** Seconds (video, audio); 0 otherwise. */
  totalDuration: number;
  /** The caller's progress 0–100. */
  studyProgress: number;
  /** Exam of an exam period (content type 3). */
  examId: string | null;
  /** The period's resource (for `coursewarePreview?resourceId` and `resourceLibraryDownload?id`); null for chapters and periods without one. */
  resourceId?: string | null;
  subTrainingProgress: CourseResourceItem[];
}

export interface Comment {
  id: string;
  content: string;
  userId: string;
  userName: string;
  headPortrait: string;
  createdAt: string;
  /** The caller wrote it (may delete it). */
  mine: boolean;
}

/** Target of comments, likes, ratings and collections. */
export type TargetType = 'course' | 'task' | 'project';

export interface CommentPageBody {
  pageCurrent?: number;
  pageSize?: number;
  /** Course id (`courseCommentPage`) or task/project id (`studyTaskCommentPage` with targetType). */
  targetId: string;
  targetType?: TargetType;
}

export interface CommentSaveBody {
  targetId: string;
  targetType?: TargetType;
  /** 1–500 characters after trimming. */
  content: string;
}

/** `courseAdmire`, `projectAdmire`: toggles the caller's like; answers the new state. */
export interface AdmireResult {
  admired: boolean;
  admireCount: number;
}

/** `courseMarkSave`, `studyTaskMarkSave`: score 1–5. */
export interface MarkSaveBody {
  targetId: string;
  score: number;
}
export interface MarkResult {
  rating: number;
  ratingCount: number;
  myRating: number;
}

export interface CollectionBody {
  targetType: TargetType;
  targetId: string;
}

/** `coursewareList`: files offered with a course. */
export interface Courseware {
  id: string;
  resourceId: string;
  name: string;
  fileName: string;
  resourceType: number;
  size: number;
  /** The file can be shown in the page (pdf, image, video, audio) or through `coursewarePreview`. */
  previewable: boolean;
  /** A copy stamped with the viewer's name and employee number can be downloaded (PDF). */
  watermarkable: boolean;
}

/**
 * `coursewarePreview?id`: how to show a courseware file in the page. `kind` 'pdf' gives a
 * URL for pdf.js; 'html' gives escaped-safe text paragraphs (txt, csv, the text of doc/xls/ppt
 * where extractable); 'none' means download only.
 */
export interface CoursewarePreview {
  kind: 'pdf' | 'image' | 'video' | 'audio' | 'text' | 'none';
  url: string;
  fileName: string;
  /** For `text`: the paragraphs. */
  paragraphs: string[];
}

/** `courseConfig?courseId&studyTaskId`: how the player behaves for the caller. */
export interface CourseConfig {
  courseId: string;
  watermark: boolean;
  /** True while the caller has not completed the period once: no seeking beyond the furthest point. */
  antiSkip: boolean;
  completeRatio: number;
  /** Playback rates the player offers. The gateway credits at most the highest. */
  playbackRates: number[];
  /** Seconds between heartbeats. */
  heartbeatSeconds: number;
  /** Seconds a document page must stay shown before the player reports it as read. */
  pageSeconds: number;
  /** The viewer's name and employee number for the watermark. */
  watermarkText: string;
}

/** `resourceWatch` body: opening a period in the player. */
export interface ResourceWatchBody {
  courseId: string;
  /** The period (subResourceId). */
  itemId: string;
  studyTaskId?: string;
  projectId?: string;
}

/** Spec section 3: the playback response. `videoConfig` is a JSON string the player parses. */
export interface ResourceWatchResult {
  /** Heartbeats quote it. */
  watchId: string;
  itemId: string;
  courseId: string;
  name: string;
  contentType: number;
  resourceType: number;
  fileName: string;
  /** Direct URL of audio, document, image or archive resources. */
  url: string;
  /** The period's resource, for `coursewarePreview?resourceId` and `resourceLibraryDownload?id`. */
  resourceId?: string;
  /** Video sources; empty when the video has not been uploaded ('This video has not been updated'). */
  playUrls: PlayUrl[];
  /** JSON string: `{ "poster"?, "autoplay"?, "startTime"?, … }`, merged with `playUrls` by the player. */
  videoConfig: string;
  totalDuration: number;
  /** Where the caller stopped last time, seconds. */
  lastPosition: number;
  studyProgress: number;
  /** Furthest point the caller has played (for anti-skip), seconds. */
  furthest: number;
  completed: boolean;
  examId: string | null;
  /** Server time at opening, so the client can relate its clock. */
  serverTime: string;
  /**
   * How the period's progress is made: `time` played (video, audio), `pages` shown (a document
   * the page shows), `download` (a file without preview counts once downloaded), `opening`
   * (images, image and text), `none` (exam, survey and offline periods).
   */
  progressBy: ProgressBy;
  /** Pages that count for a `pages` period (a PDF's pages; 1 for a text preview), else 0. */
  pageCount: number;
  /** Pages the caller has been credited with so far. */
  pagesShown: number;
}

export type ProgressBy = 'time' | 'pages' | 'download' | 'opening' | 'none';

export interface PlayUrl {
  url: string;
  /** `hls` (application/vnd.apple.mpegurl) or `mp4`. */
  type: 'hls' | 'mp4';
  definition?: string;
}

/**
 * `resourceLogUpdate` (heartbeat) and `progressSave` (final, on pause, end or leave):
 * the spans the player actually played since the last report, in media seconds.
 */
export interface ProgressReportBody {
  watchId: string;
  /** Played spans `[start, end]` in seconds, start < end, since the last accepted report. */
  intervals: [number, number][];
  /** Current position, seconds (for a document: the page shown). */
  position: number;
  /**
   * Pages of a document (1-based) shown for at least the course's `pageSeconds` each, since the
   * last accepted report. The gateway credits a page only as far as the time the viewing has
   * been open allows, and only pages the document has.
   */
  pages?: number[];
}

export interface ProgressReportResult {
  /** The period's progress 0–100 as the gateway computed it. */
  studyProgress: number;
  /** Seconds the gateway credited from this report (less than claimed when claims outrun wall time). */
  credited: number;
  /** The course's progress 0–100 and status after this report. */
  courseProgress: number;
  learningStatus: LearningStatus;
  completed: boolean;
  furthest: number;
  /** For a document counted by pages: pages credited so far, and how many count. */
  pagesShown?: number;
  pageCount?: number;
}

/** `imageTextWatch?courseId&itemId`: an image-and-text period. */
export interface ImageTextContent {
  itemId: string;
  name: string;
  blocks: { type: 'text' | 'image'; value: string }[];
  studyProgress: number;
}

/** `progressGet?courseId[&studyTaskId]`: the caller's progress per period of a course. */
export interface CourseProgressInfo {
  courseId: string;
  studyProgress: number;
  learningStatus: LearningStatus;
  lastItemId: string | null;
  periods: { itemId: string; studyProgress: number; lastPosition: number }[];
}

/** `progressResource?itemId`: one period's progress. */
export interface ResourceProgress {
  itemId: string;
  studyProgress: number;
  lastPosition: number;
  furthest: number;
  completed: boolean;
  /** For a document counted by pages: pages credited so far, and how many count. */
  pagesShown?: number;
  pageCount?: number;
}

/**
 * `progressCheckResource?courseId&itemId[&studyTaskId&projectId]`: whether the caller may open a
 * period; `message` carries the spec's text when not ('The course has been removed', 'You can
 * only watch it after purchase', 'Unable to study, please register first', …).
 */
export interface ResourceCheck {
  allowed: boolean;
  message: string;
}

/** `saveExamTaskByCourseId` body and answer: one task per learner, course and exam. */
export interface ExamTaskByCourseBody {
  courseId: string;
  itemId: string;
  examId: string;
  /** The spec's `type` (default 1); accepted from older clients and ignored: the gateway decides. */
  type?: number;
}
export interface ExamTaskRef {
  taskId: string;
  examId: string;
  /** Exam status: 0 waiting for test, 1 pass, 2 fail, 3 waiting to be marked, 4 absent. */
  status: number;
}
/** `getTaskIsOk?taskId`: the task exists for the caller and can be started now. */
export interface ExamTaskOk {
  ok: boolean;
  taskId: string;
  status: number;
  message: string;
  /** The latest handed-in paper of the task (its result and review), or null before the first hand-in. */
  paper?: { paperId: string; taskId: string; status: number } | null;
}

// ---- study dynamics

/** What a study dynamic records (`study_dynamics.kind`). */
export const StudyDynamicKind = {
  startedCourse: 1,
  completedPeriod: 2,
  completedCourse: 3,
  joinedProject: 4,
  joinedLive: 5,
} as const;
export type StudyDynamicKind = (typeof StudyDynamicKind)[keyof typeof StudyDynamicKind];

/**
 * `studyDynamicPage`: one study dynamic of the caller (or of their company), newest first.
 * Names are in the request's language, '' when the dynamic has no such object (or it no
 * longer exists).
 */
export interface StudyDynamic {
  id: string;
  kind: StudyDynamicKind;
  /** The member whose dynamic it is. */
  userName: string;
  headPortrait: string;
  /** Kinds 1–3: the course (it may since have been removed). */
  courseId: string | null;
  courseName: string;
  /** Kind 2: the period completed. */
  itemId: string | null;
  itemName: string;
  /** Kind 4: the project joined. */
  projectId: string | null;
  projectName: string;
  /** Kind 5: the live room joined. */
  liveRoomId: string | null;
  liveRoomName: string;
  createdAt: string;
}

export interface StudyDynamicPageBody {
  pageCurrent?: number;
  pageSize?: number;
  /** Only dynamics of this course. */
  courseId?: string;
  /** Only dynamics of this kind. */
  kind?: StudyDynamicKind;
  /** `own` (default): the caller's; `company`: everyone's of the caller's company (the home page). */
  scope?: StudyDynamicScope;
}

export type StudyDynamicScope = 'own' | 'company';

// ---- study tasks

/** Task type: 1 learning, 2 exam, 3 assessment, 4 coaching. */
export interface StudyTaskItem {
  id: string;
  name: string;
  intro: string;
  cover: string;
  taskType: number;
  startAt: string;
  endAt: string | null;
  courseCount: number;
  studyProgress: number;
  learningStatus: LearningStatus;
  /** The end has passed and the task is not completed. */
  expired: boolean;
}

export interface StudyTaskPageBody {
  pageCurrent?: number;
  pageSize?: number;
  learningStatus?: LearningStatus;
  taskType?: number;
  keyword?: string;
}

export interface StudyTaskCount {
  total: number;
  notStarted: number;
  learning: number;
  completed: number;
}

/** `studyTaskView?id`: a task with its courses (and exam). */
export interface StudyTaskDetail extends StudyTaskItem {
  courses: (CourseItem & { required: boolean })[];
  /** The task's exams, each with the member's exam task (`/account/exam/{taskId}`); null when none is assigned. */
  exams: { examId: string; taskId: string | null; name: string; status: number }[];
  rating: number;
  myRating: number;
  collected: boolean;
}

// ---- projects

/** registration: 0 open, 1 register first, 2 register and wait for approval. */
export interface ProjectItem {
  id: string;
  name: string;
  intro: string;
  cover: string;
  registration: number;
  isFree: boolean;
  startAt: string;
  studyEndAt: string | null;
  creditHours: number;
  courseCount: number;
  learnerCount: number;
  admireCount: number;
  /** The caller's registration: null none, 0 waiting for review, 1 approved, 2 rejected. */
  memberStatus: number | null;
  studyProgress: number;
  learningStatus: LearningStatus;
}

export interface ProjectPageBody {
  pageCurrent?: number;
  pageSize?: number;
  keyword?: string;
  /** Only free projects (`/knowledge/project/free_list`). */
  isFree?: boolean;
  /** Only projects the caller joined. */
  joined?: boolean;
}

export interface ProjectCount {
  total: number;
  joined: number;
  learning: number;
  completed: number;
}

export interface ProjectPhase {
  id: string;
  name: string;
  intro: string;
  courseCount: number;
  studyProgress: number;
}

/** `projectView?id`. */
export interface ProjectDetail extends ProjectItem {
  phases: ProjectPhase[];
  lecturers: LecturerBrief[];
  admired: boolean;
  collected: boolean;
  /**
   * Whether the caller may study now, and the spec's message when not: 'Unable to study,
   * please register first', 'Unable to study, please wait for registration review',
   * 'The available learning time has expired'.
   */
  canStudy: boolean;
  accessMessage: string;
  /** When the caller's learning time ends (joined + study days, or the project's end). */
  studyUntil: string | null;
}

/** `projectStudyCourse?id[&phaseId]`, `projectStudyElectiveCourse?id`. */
export type ProjectCourse = CourseItem & { required: boolean; phaseId: string | null };

/** `projectPhaseContent?id` (a phase id). */
export interface PhaseContent {
  phase: ProjectPhase;
  courses: ProjectCourse[];
}

/** `projectApply` answers the caller's registration status. */
export interface ProjectApplyResult {
  memberStatus: number;
  message: string;
}

/**
 * `projectMemberPage` (body `{ projectId, status? }`) lists registrations for an admin or a
 * lecturer of the project; `projectApprove` (body `{ projectId, userId, approve }`) decides one.
 */
export interface ProjectMember {
  userId: string;
  userName: string;
  empNo: string;
  departmentName: string;
  status: number;
  appliedAt: string;
  approvedAt: string | null;
}

/** `relationPage` / `relationProjectPage`: courses / projects related to a course or project. */
export interface RelationPageBody {
  pageCurrent?: number;
  pageSize?: number;
  courseId?: string;
  projectId?: string;
}

/** `trainingProgressPage`: the caller's progress in projects and tasks. */
export interface TrainingProgressItem {
  id: string;
  kind: 'project' | 'task';
  name: string;
  studyProgress: number;
  learningStatus: LearningStatus;
  requiredCount: number;
  requiredCompleted: number;
  electiveCount: number;
  electiveCompleted: number;
  creditHours: number;
  updatedAt: string;
}

export interface CourseUserRecord {
  id: string;
  courseId: string;
  projectId: string | null;
  content: string;
  createdAt: string;
  updatedAt: string;
}

// ---- live

/** Live status by the clock: 1 upcoming, 2 live, 3 ended. */
export interface LiveRoom {
  id: string;
  name: string;
  intro: string;
  cover: string;
  lecturer: LecturerBrief | null;
  startAt: string;
  endAt: string;
  liveStatus: 1 | 2 | 3;
  /** A recording exists (`playBackWatch`). */
  hasPlayback: boolean;
}

/**
 * `liveRoomPage`: the rooms of the caller's company, live first, then upcoming by start, then
 * ended newest first. `keyword` matches the name in either language.
 */
export interface LiveRoomPageBody {
  pageCurrent?: number;
  pageSize?: number;
  liveStatus?: LiveRoom['liveStatus'];
  keyword?: string;
}

/** `liveRoomWatchUrl?id` (public): where to watch a room. */
export interface LiveWatchUrl {
  roomId: string;
  /** Site path of the watch page (`/live/watch/{id}`). */
  watchUrl: string;
  /** Mobile live watch page (`/h5/#/pages/live/watch/watch?id={id}`). */
  h5Url: string;
  room: LiveRoom;
}

/** `liveWatch` (join) answers the stream; `liveLeave` ends attendance. */
export interface LiveWatchResult {
  room: LiveRoom;
  /** The live HLS source while live; empty otherwise. */
  playUrls: PlayUrl[];
  videoConfig: string;
  signedAt: string | null;
  /** Seconds between the player's presence beats (`attendanceHangUp`). */
  heartbeatSeconds: number;
}

/** `playBackWatch?id`: a room's recording. */
export interface PlaybackResult {
  room: LiveRoom;
  playUrls: PlayUrl[];
  videoConfig: string;
  totalDuration: number;
}

/** `attendanceHangUp`: a presence beat; `hungUp` true when the gateway counted a gap as a hang-up. */
export interface AttendanceResult {
  signedAt: string | null;
  watchSeconds: number;
  hangUps: number;
  hungUp: boolean;
}

// ---- data

/** `courseProgressPage`: learners' progress in courses (own rows; organisation users: their organisation's). */
export interface CourseProgressRow {
  userId: string;
  userName: string;
  empNo: string;
  departmentName: string;
  courseId: string;
  courseName: string;
  studyProgress: number;
  learningStatus: LearningStatus;
  studySeconds: number;
  startedAt: string;
  completedAt: string | null;
}

export interface CourseProgressPageBody {
  pageCurrent?: number;
  pageSize?: number;
  courseId?: string;
  learningStatus?: LearningStatus;
}

/** Spec section 3: an export record. exportStatus 1 in progress, 2 finished, 3 failed. */
export interface ExportRecord {
  id: string;
  fileName: string;
  fileSize: number;
  gmtCreate: string;
  exportStatus: number;
}

/** `progressExport`, `studyExport`: the record that will fill in. */
export type ExportStarted = ExportRecord;

/** `exportRecordDownloadUrl?id`: a short-lived URL of the file. */
export interface DownloadUrl {
  url: string;
}
