/** Types of the back office's announcement and message calls (`notice*` rows). */
import type { NoticeState } from '@/lib/schemas/notice-rules';

export type { NoticeState };
export type { NoticeMessageInput, NoticeSaveInput } from '@/lib/schemas/notice';

/** `noticePage` filters (besides paging). */
export interface NoticePageBody {
  pageCurrent?: number;
  pageSize?: number;
  /** In either title. */
  keyword?: string;
  state?: NoticeState;
  pinned?: boolean;
  /** By publishing time; newest first by default. */
  sortOrder?: 'asc' | 'desc';
}

/** An announcement in the back office's list. */
export interface NoticeItem {
  id: string;
  titleZh: string;
  titleEn: string;
  state: NoticeState;
  pinned: boolean;
  allowComment: boolean;
  /** 0 plain text, 1 HTML. */
  format: number;
  authorName: string;
  /** When it was, or will be, published (of a draft: when it was last saved). */
  publishedAt: string;
  createdAt: string;
  /** Members who have read it. */
  readCount: number;
  commentCount: number;
}

/** `noticeView`: an announcement as the editor loads it. */
export interface NoticeDetail extends NoticeItem {
  contentZh: string;
  contentEn: string;
}

/** `noticeReadStats`: how far an announcement reached. */
export interface NoticeReadStats {
  id: string;
  title: string;
  state: NoticeState;
  publishedAt: string;
  /** Enabled members of the company. */
  reach: number;
  read: number;
  unread: number;
}

/** `noticeReadPage` filters. */
export interface NoticeReadPageBody {
  id: string;
  pageCurrent?: number;
  pageSize?: number;
  read?: boolean;
  /** In the name or employee number. */
  keyword?: string;
}

/** A member with their state of one announcement. */
export interface NoticeReader {
  memberId: string;
  userName: string;
  empNo: string;
  departmentName: string;
  read: boolean;
  readAt: string | null;
}

/** `noticeMessageSend`: how many members received it. */
export interface NoticeSent {
  count: number;
}

/** `noticeRecipientSearch`: a member to pick. */
export interface NoticeRecipient {
  id: string;
  userName: string;
  empNo: string;
  departmentName: string;
}
