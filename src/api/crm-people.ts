/**
 * The back office's people and organisation calls (administrators; others are refused with the
 * FORBIDDEN code): departments and posts as trees, post levels, members and the member import.
 */
import { call, type CallOptions } from '@/api/client';
import type {
  BulkDepartmentResult,
  CrmMember,
  CrmMemberPageBody,
  CrmOrgNode,
  ImportPreview,
  ImportStarted,
  ImportState,
  MemberFields,
  MemberUpdateBody,
  OrgCreateBody,
  OrgMoveBody,
  OrgRenameBody,
  PostLevelGroup,
} from '@/api/crm-people-types';
import type { PageResult } from '@/api/types';
import { upload, type UploadOptions } from '@/api/upload';

type Extra = Pick<CallOptions, 'isShowErrTip' | 'signal'>;

/** Which tree: the company's departments or its posts (post groups and posts). */
export type OrgKind = 'department' | 'post';

/** The whole tree with member counts. */
export function getOrgTree(kind: OrgKind, opts?: Extra): Promise<CrmOrgNode[]> {
  return kind === 'department' ? call<CrmOrgNode[]>('crmDepartmentTree', { ...opts, body: {} }) : call<CrmOrgNode[]>('crmPostTree', { ...opts, body: {} });
}

/** A new node; its code is made by the gateway unless `id` is given. */
export function createOrgNode(kind: OrgKind, body: OrgCreateBody, opts?: Extra): Promise<CrmOrgNode> {
  return kind === 'department'
    ? call<CrmOrgNode>('crmDepartmentCreate', { ...opts, body: { ...body } })
    : call<CrmOrgNode>('crmPostCreate', { ...opts, body: { ...body } });
}

export function renameOrgNode(kind: OrgKind, body: OrgRenameBody, opts?: Extra): Promise<null> {
  return kind === 'department' ? call<null>('crmDepartmentRename', { ...opts, body: { ...body } }) : call<null>('crmPostRename', { ...opts, body: { ...body } });
}

/** Puts a node under `parentId` (`''`: the root) at `index` among its new siblings. */
export function moveOrgNode(kind: OrgKind, body: OrgMoveBody, opts?: Extra): Promise<null> {
  return kind === 'department' ? call<null>('crmDepartmentMove', { ...opts, body: { ...body } }) : call<null>('crmPostMove', { ...opts, body: { ...body } });
}

/** Deletes a node without members and sub-nodes (the gateway says which stops it otherwise). */
export function deleteOrgNode(kind: OrgKind, id: string, opts?: Extra): Promise<null> {
  return kind === 'department' ? call<null>('crmDepartmentDelete', { ...opts, body: { id } }) : call<null>('crmPostDelete', { ...opts, body: { id } });
}

/** The four post level groups and their levels (read-only). */
export function getPostLevels(opts?: Extra): Promise<PostLevelGroup[]> {
  return call<PostLevelGroup[]>('crmPostLevelList', { ...opts });
}

/** A page of members, 20 a page by default, filtered and sorted. */
export function getMemberPage(body: CrmMemberPageBody = {}, opts?: Extra): Promise<PageResult<CrmMember>> {
  return call<PageResult<CrmMember>>('crmMemberPage', { ...opts, body: { ...body } });
}

/** A new member, on the company's initial password. */
export function createMember(body: MemberFields, opts?: Extra): Promise<CrmMember> {
  return call<CrmMember>('crmMemberCreate', { ...opts, body: { ...body } });
}

export function updateMember(body: MemberUpdateBody, opts?: Extra): Promise<CrmMember> {
  return call<CrmMember>('crmMemberUpdate', { ...opts, body: { ...body } });
}

/** Disables (0; their sessions end) or enables (1) a member. */
export function setMemberStatus(id: string, status: 0 | 1, opts?: Extra): Promise<CrmMember> {
  return call<CrmMember>('crmMemberStatus', { ...opts, body: { id, status } });
}

/** Puts a member back on the company's initial password; their sessions end. */
export function resetMemberPassword(id: string, opts?: Extra): Promise<null> {
  return call<null>('crmMemberResetPassword', { ...opts, body: { id } });
}

/** One department (`''`: none) for up to 500 members; answers each one's department before. */
export function setMembersDepartment(ids: string[], departmentId: string, opts?: Extra): Promise<BulkDepartmentResult> {
  return call<BulkDepartmentResult>('crmMemberBulkDepartment', { ...opts, body: { ids, departmentId } });
}

/** The import spreadsheet's template, headers in the page's language. */
export function downloadImportTemplate(opts?: Extra): Promise<Blob> {
  return call<Blob>('crmMemberImportTemplate', { ...opts, query: { format: 'xlsx' }, responseType: 'blob' });
}

/** Sends a spreadsheet to be read and checked; answers its rows with their problems. */
export function previewImport(file: Blob, fileName: string, opts?: Pick<UploadOptions, 'onProgress' | 'isShowErrTip' | 'signal'>): Promise<ImportPreview> {
  const form = new FormData();
  form.append('file', file, fileName);
  return upload<ImportPreview>('crmMemberImportPreview', form, opts);
}

/** Starts importing a checked spreadsheet's valid rows. */
export function commitImport(id: string, opts?: Extra): Promise<ImportStarted> {
  return call<ImportStarted>('crmMemberImportCommit', { ...opts, body: { id } });
}

export function getImportStatus(id: string, opts?: Extra): Promise<ImportState> {
  return call<ImportState>('crmMemberImportStatus', { ...opts, body: { id } });
}
