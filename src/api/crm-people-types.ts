/** Shapes of the back office's people and organisation calls: departments, posts, post levels, members and their import. */
import type { MemberRole, UserType } from '@/lib/people-rules';
import type { MemberFields } from '@/lib/schemas/people';

export type { MemberFields, MemberRole, UserType };

/** A department or post with its sub-departments (or a post group with its posts). */
export interface CrmOrgNode {
  /** The company's own code (`D110`). */
  id: string;
  /** `''` at the root. */
  parentId: string;
  /** In the caller's language. */
  name: string;
  nameZh: string;
  nameEn: string;
  sort: number;
  /** Members in this node itself. */
  memberCount: number;
  /** Members in this node and every node under it. */
  totalMemberCount: number;
  children: CrmOrgNode[];
}

export interface OrgCreateBody {
  /** The code to give it; a new one (`D612`) is made when left out. */
  id?: string;
  parentId: string;
  nameZh: string;
  nameEn: string;
}

export interface OrgRenameBody {
  id: string;
  nameZh: string;
  nameEn: string;
}

/** Moves a node under `parentId` (`''`: the root), at position `index` among its new siblings. */
export interface OrgMoveBody {
  id: string;
  parentId: string;
  index: number;
}

/** A post level group (`1岗`) and its levels (`1_01` …), read-only: the spec fixes them. */
export interface PostLevelGroup {
  value: string;
  label: string;
  children: { value: string; label: string }[];
}

export type MemberSortField = 'empNo' | 'userName' | 'joiningTime';

/** Filters and sort of the member list, each optional. */
export interface CrmMemberFilters {
  /** Matched against the name, the employee number and the phone. */
  keyword?: string;
  /** A department and every department under it. */
  departmentId?: string;
  /** A post, or a post group and its posts. */
  postId?: string;
  role?: MemberRole;
  /** 1 enabled, 0 disabled. */
  status?: 0 | 1;
  sortBy?: MemberSortField;
  sortOrder?: 'asc' | 'desc';
}

export interface CrmMemberPageBody extends CrmMemberFilters {
  pageCurrent?: number;
  pageSize?: number;
}

/** A member as the back office lists and edits them. */
export interface CrmMember {
  id: string;
  userNo: string;
  empNo: string;
  userName: string;
  phone: string;
  email: string;
  idCard: string;
  sex: '' | '1' | '2';
  /** `YYYY-MM-DD`, or `''`. */
  joiningTime: string;
  departmentId: string;
  /** The department's path in the caller's language (`R&D Centre · Architecture`). */
  departmentName: string;
  postId: string;
  postName: string;
  postLevel: string;
  userType: UserType;
  isAdmin: boolean;
  dataSource: 0 | 1;
  /** 1 enabled, 0 disabled. */
  status: 0 | 1;
  /** 0 while on the company's initial password. */
  isInitPassword: number;
  /** ISO 8601. */
  createdAt: string;
}

export interface MemberUpdateBody extends MemberFields {
  id: string;
}

/** `crmMemberBulkDepartment`: how many changed and each member's department before, for an undo. */
export interface BulkDepartmentResult {
  updated: number;
  previous: { id: string; departmentId: string }[];
}

/** A problem of one field of an imported row, its message in the caller's language. */
export interface ImportProblem {
  field: string;
  key: string;
  message: string;
}

export interface ImportPreviewRow {
  /** The row's number in the sheet (the header is row 1). */
  row: number;
  values: Record<string, string>;
  problems: ImportProblem[];
}

/** A spreadsheet read and checked, waiting to be imported. */
export interface ImportPreview {
  id: string;
  fileName: string;
  total: number;
  valid: number;
  refused: number;
  rows: ImportPreviewRow[];
}

export type ImportStatus = 'preview' | 'importing' | 'done' | 'failed';

/** `crmMemberImportCommit`: the import runs in the background; refused rows go to the download centre (export record `exportId`). */
export interface ImportStarted {
  id: string;
  status: ImportStatus;
  /** The download-centre record of the refused rows, `null` when no row was refused. */
  exportId: string | null;
}

/** Where an import stands (`crmMemberImportStatus`). */
export interface ImportState {
  id: string;
  fileName: string;
  status: ImportStatus;
  /** 0 to 100. */
  progress: number;
  total: number;
  imported: number;
  refused: number;
}
