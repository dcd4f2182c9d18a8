/** Handlers of the back office's people and organisation: departments, posts, members, imports (administrators). */
import { z } from 'zod';
import { MEMBER_ROLES, memberIdsSchema, memberSchema, memberUpdateSchema, ORG_ID_MAX, orgCreateSchema, orgIdSchema, orgMoveSchema, orgRenameSchema } from '@/lib/schemas/people';
import { pagingFields } from '../../paging';
import { authRoute, type AuthContext, type RouteTable } from '../../routing';
import { importCommit, importPreview, importStatus, importTemplate } from './import';
import { memberBulkDepartment, memberCreate, memberPage, memberResetPassword, memberStatus, memberUpdate } from './members';
import { orgCreate, orgDelete, orgMove, orgRename, orgTree } from './org';
import { inLang } from '../../localized';

/** The post level options, grouped (`1岗`: `1_01` … `1_15`); the spec fixes them, so they are read-only. */
async function postLevelList(ctx: AuthContext) {
  const groups = new Map<string, { value: string; label: string; children: { value: string; label: string }[] }>();
  for (const row of await ctx.scope.enumOptions('postLevel')) {
    const value = row.value.split('_')[0]!;
    const group = groups.get(value) ?? { value, label: (inLang(ctx.lang, row.groupZh, row.groupEn)) ?? value, children: [] };
    group.children.push({ value: row.value, label: inLang(ctx.lang, row.labelZh, row.labelEn) });
    groups.set(value, group);
  }
  return [...groups.values()];
}

const memberId = z.object({ id: z.uuid() });
const importId = z.object({ id: z.uuid() });

export const peopleRoutes = {
  crmDepartmentTree: authRoute({ handle: (ctx) => orgTree(ctx, 'department') }),
  crmDepartmentCreate: authRoute({ input: orgCreateSchema, handle: (ctx, body) => orgCreate(ctx, 'department', body) }),
  crmDepartmentRename: authRoute({ input: orgRenameSchema, handle: (ctx, body) => orgRename(ctx, 'department', body) }),
  crmDepartmentMove: authRoute({ input: orgMoveSchema, handle: (ctx, body) => orgMove(ctx, 'department', body) }),
  crmDepartmentDelete: authRoute({ input: orgIdSchema, handle: (ctx, { id }) => orgDelete(ctx, 'department', id) }),
  crmPostTree: authRoute({ handle: (ctx) => orgTree(ctx, 'post') }),
  crmPostCreate: authRoute({ input: orgCreateSchema, handle: (ctx, body) => orgCreate(ctx, 'post', body) }),
  crmPostRename: authRoute({ input: orgRenameSchema, handle: (ctx, body) => orgRename(ctx, 'post', body) }),
  crmPostMove: authRoute({ input: orgMoveSchema, handle: (ctx, body) => orgMove(ctx, 'post', body) }),
  crmPostDelete: authRoute({ input: orgIdSchema, handle: (ctx, { id }) => orgDelete(ctx, 'post', id) }),
  crmPostLevelList: authRoute({ handle: (ctx) => postLevelList(ctx) }),
  crmMemberPage: authRoute({
    input: z.object({
      ...pagingFields('crmMemberPage'),
      keyword: z.string().trim().max(50).optional(),
      departmentId: z.string().trim().max(ORG_ID_MAX).optional(),
      postId: z.string().trim().max(ORG_ID_MAX).optional(),
      role: z.enum(MEMBER_ROLES).optional(),
      status: z.union([z.literal(0), z.literal(1)]).optional(),
      sortBy: z.enum(['empNo', 'userName', 'joiningTime']).optional(),
      sortOrder: z.enum(['asc', 'desc']).optional(),
    }),
    handle: (ctx, body) => memberPage(ctx, body),
  }),
  crmMemberCreate: authRoute({ input: memberSchema, handle: (ctx, body) => memberCreate(ctx, body) }),
  crmMemberUpdate: authRoute({ input: memberUpdateSchema, handle: (ctx, body) => memberUpdate(ctx, body) }),
  crmMemberStatus: authRoute({
    input: memberId.extend({ status: z.union([z.literal(0), z.literal(1)]) }),
    handle: (ctx, { id, status }) => memberStatus(ctx, id, status),
  }),
  crmMemberResetPassword: authRoute({ input: memberId, handle: (ctx, { id }) => memberResetPassword(ctx, id) }),
  crmMemberBulkDepartment: authRoute({
    input: z.object({ ids: memberIdsSchema, departmentId: z.union([z.literal(''), z.string().trim().max(ORG_ID_MAX)]) }),
    handle: (ctx, { ids, departmentId }) => memberBulkDepartment(ctx, ids, departmentId),
  }),
  // A required `format` keeps the download apart from calls that send anything at all.
  crmMemberImportTemplate: authRoute({ input: z.object({ format: z.literal('xlsx') }), handle: (ctx) => importTemplate(ctx) }),
  crmMemberImportPreview: authRoute({ handle: (ctx) => importPreview(ctx) }),
  crmMemberImportCommit: authRoute({ input: importId, handle: (ctx, { id }) => importCommit(ctx, id) }),
  crmMemberImportStatus: authRoute({ input: importId, handle: (ctx, { id }) => importStatus(ctx, id) }),
} satisfies Partial<RouteTable>;
