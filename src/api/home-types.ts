/**
 * Response and body shapes of the home page, search, rankings, announcements and messages, and
 * the download centre's own calls. Named as the spec's entities (section 3); the gateway
 * produces exactly these. Ids are UUID strings; times ISO 8601; texts in the request's language.
 */
import type { CourseItem, LecturerBrief } from '@/api/learning-types';

// ---- home

/** `bannerList`: the home carousel, in order. */
export interface Banner {
  id: string;
  title: string;
  image: string;
  /** A site path (`/knowledge/course/…`), an address, or '' for no link. */
  linkUrl: string;
  /** `_blank`: open in a new tab. */
  target: string;
}

/** Zone kinds: a course list, or the featured lecturers. */
export const ZoneKind = { courses: 1, lecturers: 2 } as const;

/** `zoneCourseList?relationType`: 1 recommended (the zone's picks), 2 newest, 3 most studied. */
export const RelationType = { recommended: 1, newest: 2, hottest: 3 } as const;

/** `zoneList`: the home zones, in order. */
export interface Zone {
  id: string;
  kind: number;
  relationType: number;
  title: string;
}

/** `zoneLogo`: the home's zone picture and slogan ('' when none). */
export interface ZoneLogo {
  image: string;
  linkUrl: string;
  slogan: string;
}

/** `zoneCourseList?relationType` (at most 8): course cards. */
export type ZoneCourse = CourseItem;

/** `zoneLecturerList`: the featured lecturers (at most 8), with how many courses each teaches. */
export interface ZoneLecturer extends LecturerBrief {
  intro: string;
  courseCount: number;
}

// ---- rankings (integral points, credit hours, certificates)

/** One place of a ranking page: equal values share a place (1, 2, 2, 4). */
export interface RankEntry {
  rank: number;
  enterpriseUserId: string;
  userName: string;
  headPortrait: string;
  departmentName: string;
  /** Points, credit hours (one decimal) or certificates held. */
  value: number;
}

/** `…/current/…/rank`: the caller's own place; `rank` null when they have nothing yet. */
export interface CurrentRank {
  rank: number | null;
  value: number;
  /** Members ranked (with a value above zero). */
  total: number;
}

// ---- search

/** Spec section 2: search types. 1 courses (default), 2 live, 4 resources, 5 exams, 6 blogs, 7 questions, 8 announcements. */
export const SearchType = { default: 1, live: 2, resource: 4, exam: 5, blog: 6, question: 7, info: 8 } as const;
export type SearchTypeValue = (typeof SearchType)[keyof typeof SearchType];

export interface SearchBody {
  keyword: string;
  type: SearchTypeValue;
  pageCurrent?: number;
  pageSize?: number;
}

/** One search result; the site builds the link from `type` and `id`. */
export interface SearchHit {
  type: SearchTypeValue;
  id: string;
  title: string;
  /** Intro, description or start of the text, at most 200 characters. */
  description: string;
  cover: string;
  /** Created, published or start time. */
  time: string | null;
  /** Resources (type 4): a published course that plays or offers it, where the resource opens. */
  courseId?: string | null;
}

/** `searchPage`: one page of the asked type, and how many hits every type has. */
export interface SearchResult {
  list: SearchHit[];
  pageCurrent: number;
  pageSize: number;
  totalCount: number;
  totalPage: number;
  /** Hits per type for the same keyword, keyed by type. */
  counts: Record<string, number>;
}

// ---- announcements and messages

/** Record kinds: 1 announcement (to the whole company), 2 message (to one member). */
export const RecordKind = { announcement: 1, message: 2 } as const;
/** `format` of a record's text: plain text (shown escaped), or HTML the gateway sanitised when it was saved. */
export const RecordFormat = { text: 0, html: 1 } as const;

/** An announcement or message as the caller sees it (the "user record"). */
export interface MessageRecord {
  id: string;
  kind: number;
  title: string;
  /**
   * The whole text in `messageView`, as `format` says (plain text, or sanitised HTML); in lists
   * the start of it as plain text (at most 120 characters).
   */
  content: string;
  /** {@link RecordFormat}. */
  format: number;
  linkUrl: string;
  pinned: boolean;
  allowComment: boolean;
  authorName: string;
  publishedAt: string;
  read: boolean;
  readAt: string | null;
  admired: boolean;
  admireCount: number;
  commentCount: number;
}

export interface MessageRecordPageBody {
  pageCurrent?: number;
  pageSize?: number;
  /** Only this kind; both by default. */
  kind?: number;
  /** Only read (true) or unread (false) ones. */
  read?: boolean;
}

/** `unreadCount`: unread announcements and messages; also each `count` event of `unreadStream`. */
export interface UnreadCount {
  total: number;
  announcements: number;
  messages: number;
}

/** `messageReadCount`: the caller's records by state. */
export interface ReadCount {
  total: number;
  read: number;
  unread: number;
  announcements: number;
  messages: number;
}

/** `messageBatchRead`, `messageBatchDelete`: the records (empty `ids` with `all: true`: every one). */
export interface BatchBody {
  ids: string[];
  all?: boolean;
}

/** `messageBatchRead`, `messageBatchDelete`, `messageAdmire`: what changed, and the new unread count. */
export interface BatchResult {
  changed: number;
  unread: UnreadCount;
}

/** `messageAdmire?id`: the new state. */
export interface AdmireResult {
  admired: boolean;
  admireCount: number;
}

/** `announcementSave` (admins): publish to the company. Texts in both languages. */
export interface AnnouncementSaveBody {
  titleZh: string;
  titleEn: string;
  contentZh: string;
  contentEn: string;
  allowComment?: boolean;
  pinned?: boolean;
}

/** Comment limits, shared by the site and the gateway. */
export const COMMENT_MAX_LENGTH = 500;

/** An announcement comment with its replies (oldest first). Content is plain text. */
export interface AnnouncementComment {
  id: string;
  content: string;
  enterpriseUserId: string;
  userName: string;
  headPortrait: string;
  createdAt: string;
  /** The caller wrote it: they may delete it. */
  mine: boolean;
  replies: AnnouncementReply[];
}

export interface AnnouncementReply {
  id: string;
  commentId: string;
  content: string;
  enterpriseUserId: string;
  userName: string;
  headPortrait: string;
  /** The user the reply answers, when it answers a reply. */
  replyToName: string;
  createdAt: string;
  mine: boolean;
}

export interface AnnouncementCommentPageBody {
  announcementId: string;
  pageCurrent?: number;
  pageSize?: number;
}

export interface AnnouncementCommentSaveBody {
  announcementId: string;
  content: string;
}

export interface AnnouncementReplySaveBody {
  commentId: string;
  content: string;
  /** The reply this one answers, if any. */
  replyId?: string;
}

// ---- download centre

/** Spec section 9: the download popover's page size, and its infinite scroll distance in px. */
export const DOWNLOAD_PAGE_SIZE = 20;
export const DOWNLOAD_SCROLL_DISTANCE = 100;

/** `exportRecordDelete?id`, `exportRecordAllDelete`: how many records went. */
export interface DeleteResult {
  deleted: number;
}
