/**
 * The company's members in the back office: the list (search, filters, sort), create and edit
 * with the shared rules, disable and enable, reset to the initial password, and a department
 * for many at once. A new member is on the company's initial password (changed at first sign-in);
 * one whose phone is already a person's becomes a membership of that person (one identity across
 * companies). Disabling or resetting ends the member's sessions at once, on every replica. Every
 * change is audited in its transaction; a password hash is never among the audited fields.
 */
import { randomBytes } from 'node:crypto';
import { Code } from '@/api/codes';
import type { BulkDepartmentResult, CrmMember, CrmMemberFilters, MemberFields, MemberUpdateBody } from '@/api/crm-people-types';
import type { PageResult } from '@/api/types';
import type { Locale } from '@/i18n/routes';
import { memberFieldProblems } from '@/lib/schemas/people';
import { changesOf, recordAudit } from '../../audit';
import { scoped } from '../../db/access';
import type { MemberValues, OrgRecord, PeopleMember } from '../../db/access/people';
import { peopleGlobal } from '../../db/access/people';
import { acrossTenants } from '../../db/tenant-lock';
import { ApiError } from '../../envelope';
import { pageResult, pageWindow, type Paging } from '../../paging';
import type { AuthContext } from '../../routing';
import { assignJoiningMembers } from '../tasks/service';
import { orgPaths, subtreeIds } from './org';
import { inLang } from '../../localized';

/** Fields of a member the audit log compares (never the password). */
export const MEMBER_AUDITED = [
  'userName',
  'empNo',
  'phone',
  'email',
  'idCard',
  'sex',
  'joiningTime',
  'departmentId',
  'postId',
  'postLevel',
  'userType',
  'isAdmin',
  'dataSource',
  'status',
] as const;

/** The organisation of a company as members are checked against it. */
export interface Organisation {
  departments: OrgRecord[];
  posts: OrgRecord[];
  postLevels: Set<string>;
}

export async function organisationOf(scope: AuthContext['scope']): Promise<Organisation> {
  const [departments, posts, levels] = await Promise.all([
    scope.people.orgNodes('department'),
    scope.people.orgNodes('post'),
    scope.enumOptions('postLevel'),
  ]);
  return { departments, posts, postLevels: new Set(levels.map((l) => l.value)) };
}

/** A member as the back office shows them: the department's path and the post's name in the caller's language. */
export function toCrmMember(m: PeopleMember, org: Pick<Organisation, 'departments' | 'posts'>, lang: Locale): CrmMember {
  const department = orgPaths(org.departments).get(m.departmentId);
  const post = org.posts.find((p) => p.id === m.postId);
  return {
    id: m.id,
    userNo: m.userNo,
    empNo: m.empNo,
    userName: m.userName,
    phone: m.phone ?? '',
    email: m.email,
    idCard: m.idCard,
    sex: m.sex === '1' || m.sex === '2' ? m.sex : '',
    joiningTime: m.joiningTime ?? '',
    departmentId: m.departmentId,
    departmentName: department ? department[lang] : m.departmentName,
    postId: m.postId,
    postName: post ? (inLang(lang, post.nameZh, post.nameEn)) : m.postName,
    postLevel: m.postLevel,
    userType: (m.userType === 2 || m.userType === 3 ? m.userType : 1) as CrmMember['userType'],
    isAdmin: m.isAdmin,
    dataSource: m.dataSource === 1 ? 1 : 0,
    status: m.status === 0 ? 0 : 1,
    isInitPassword: m.isInitPassword,
    createdAt: m.createdAt.toISOString(),
  };
}

/** The audited view of a member (what {@link MEMBER_AUDITED} names). */
function audited(m: PeopleMember | (MemberValues & { phone: string | null; status: number })): Record<string, unknown> {
  return { ...m, phone: m.phone ?? '', joiningTime: m.joiningTime ?? '' };
}

export async function memberPage(ctx: AuthContext, body: Paging & CrmMemberFilters): Promise<PageResult<CrmMember>> {
  const org = await organisationOf(ctx.scope);
  const { rows, count } = await ctx.scope.people.memberPage(
    {
      keyword: body.keyword || undefined,
      departmentIds: body.departmentId ? subtreeIds(org.departments, body.departmentId) : undefined,
      postIds: body.postId ? subtreeIds(org.posts, body.postId) : undefined,
      role: body.role,
      status: body.status,
    },
    { by: body.sortBy ?? 'empNo', order: body.sortOrder ?? 'asc' },
    pageWindow(body),
  );
  return pageResult(rows.map((r) => toCrmMember(r, org, ctx.lang)), body, count);
}

const invalid = (key: ConstructorParameters<typeof ApiError>[1], params: Record<string, string | number> = {}) =>
  new ApiError(Code.INVALID, key, null, params);

/**
 * The values to store of a member's fields: the shared rules first (the first problem is
 * answered), then the department, post and post level against the company's lists.
 */
function checkedValues(body: MemberFields, org: Organisation): MemberValues {
  const [problem] = memberFieldProblems(body);
  if (problem) throw invalid(problem.key);
  const department = body.departmentId ? orgPaths(org.departments).get(body.departmentId) : undefined;
  if (body.departmentId && !department) throw invalid('people.rule.departmentUnknown');
  const post = body.postId ? org.posts.find((p) => p.id === body.postId) : undefined;
  if (body.postId && !post) throw invalid('people.rule.postUnknown');
  if (body.postLevel && !org.postLevels.has(body.postLevel)) throw invalid('people.rule.postLevelUnknown');
  return {
    userName: body.userName,
    empNo: body.empNo,
    email: body.email,
    idCard: body.idCard.toUpperCase(),
    sex: body.sex,
    joiningTime: body.joiningTime || null,
    departmentId: body.departmentId,
    departmentName: department?.zh ?? '',
    postId: body.postId,
    postName: post?.nameZh ?? '',
    postLevel: body.postLevel,
    userType: body.userType,
    isAdmin: body.isAdmin,
    dataSource: body.dataSource,
  };
}

/** A PostgreSQL unique violation (of any constraint, or of the one named). */
function isUniqueViolation(error: unknown, constraint?: string): boolean {
  for (let e = error as { code?: string; constraint?: string; cause?: unknown } | undefined; e; e = e.cause as typeof e) {
    if (e.code === '23505') return constraint === undefined || e.constraint === constraint || String(e).includes(constraint);
  }
  return false;
}

/** A user number for a new member: `<company>-<employee number>`, with a random tail if a member had it before. */
export function userNoFor(code: string, empNo: string, taken: Set<string>): string {
  const plain = `${code}-${empNo}`;
  return taken.has(plain) ? `${plain}-${randomBytes(3).toString('hex')}` : plain;
}

async function viewOf(ctx: AuthContext, id: string): Promise<CrmMember> {
  const [member, org] = await Promise.all([ctx.scope.people.member(id), organisationOf(ctx.scope)]);
  if (!member) throw new ApiError(Code.NOT_FOUND, 'people.member.notFound');
  return toCrmMember(member, org, ctx.lang);
}

export async function memberCreate(ctx: AuthContext, body: MemberFields): Promise<CrmMember> {
  const people = ctx.scope.people;
  const values = checkedValues(body, await organisationOf(ctx.scope));
  if (await people.memberByEmpNo(values.empNo)) throw invalid('people.member.empNoTaken', { empNo: values.empNo });
  const phone = body.phone || null;
  const person = phone ? await people.personByPhone(phone) : undefined;
  if (person) {
    const here = await people.memberOfPerson(person.id);
    if (here) throw invalid('people.member.phoneTaken', { name: here.userName });
  }
  const userNo = userNoFor(ctx.tenant.code, values.empNo, await people.takenUserNos([`${ctx.tenant.code}-${values.empNo}`]));
  let id: string;
  try {
    id = await ctx.db.transaction(async (tx) => {
      const t = scoped(tx, ctx.tenant.id);
      // A phone registered meanwhile is that person's too.
      const userId = person?.id ?? (await t.people.createPerson(phone)) ?? (phone ? (await t.people.personByPhone(phone))?.id : undefined);
      if (!userId) throw invalid('people.rule.phoneTaken');
      const created = await t.people.insertMember({ ...values, userId, userNo });
      await assignJoiningMembers(tx, ctx.tenant.id, [created]);
      await recordAudit(t, ctx.member, [
        { action: 'create', objectType: 'member', objectId: created, objectLabel: values.userName, changes: changesOf(null, audited({ ...values, phone, status: 1 }), MEMBER_AUDITED) },
      ]);
      return created;
    });
  } catch (error) {
    if (isUniqueViolation(error, 'enterprise_users_emp_no_key')) throw invalid('people.member.empNoTaken', { empNo: values.empNo });
    if (isUniqueViolation(error, 'enterprise_users_person_key')) throw invalid('people.rule.phoneTaken');
    throw error;
  }
  return viewOf(ctx, id);
}

/**
 * Saves a member's fields. The phone is the person's, shared by all their companies: it changes
 * only for a person who belongs to this company alone, and never to another person's phone.
 */
export async function memberUpdate(ctx: AuthContext, body: MemberUpdateBody): Promise<CrmMember> {
  const people = ctx.scope.people;
  const before = await people.member(body.id);
  if (!before) throw new ApiError(Code.NOT_FOUND, 'people.member.notFound');
  const values = checkedValues(body, await organisationOf(ctx.scope));
  if (body.id === ctx.member.id && before.isAdmin && !values.isAdmin) throw new ApiError(Code.FORBIDDEN, 'people.member.demoteSelf');
  if (values.empNo !== before.empNo && (await people.memberByEmpNo(values.empNo, body.id))) {
    throw invalid('people.member.empNoTaken', { empNo: values.empNo });
  }
  const phone = body.phone || null;
  const phoneChanged = phone !== (before.phone || null);
  if (phoneChanged) {
    const owner = phone ? await people.personByPhone(phone) : undefined;
    if (owner && owner.id !== before.userId) {
      const here = await people.memberOfPerson(owner.id);
      throw here ? invalid('people.member.phoneTaken', { name: here.userName }) : invalid('people.rule.phoneTaken');
    }
    // Other companies' rows are out of this company's sight: counted as the owner.
    if ((await acrossTenants(async () => await peopleGlobal.membershipCount(ctx.db, before.userId))) > 1) {
      throw invalid('people.member.phoneShared');
    }
  }
  try {
    await ctx.db.transaction(async (tx) => {
      const t = scoped(tx, ctx.tenant.id);
      if (phoneChanged && !(await t.people.setPersonPhone(before.userId, phone))) throw invalid('people.rule.phoneTaken');
      await t.people.updateMember(body.id, values);
      if (values.departmentId !== before.departmentId || values.postId !== before.postId) await assignJoiningMembers(tx, ctx.tenant.id, [body.id]);
      await recordAudit(t, ctx.member, [
        {
          action: 'update',
          objectType: 'member',
          objectId: body.id,
          objectLabel: values.userName,
          changes: changesOf(audited(before), audited({ ...values, phone, status: before.status }), MEMBER_AUDITED),
        },
      ]);
    });
  } catch (error) {
    if (isUniqueViolation(error, 'enterprise_users_emp_no_key')) throw invalid('people.member.empNoTaken', { empNo: values.empNo });
    if (isUniqueViolation(error)) throw invalid('people.rule.phoneTaken');
    throw error;
  }
  await ctx.sessions.forgetMember(ctx.tenant.id, body.id);
  return viewOf(ctx, body.id);
}

/** Disables (0) or enables (1) a member. Disabling ends their sessions at once; no one disables themself. */
export async function memberStatus(ctx: AuthContext, id: string, status: 0 | 1): Promise<CrmMember> {
  const before = await ctx.scope.people.member(id);
  if (!before) throw new ApiError(Code.NOT_FOUND, 'people.member.notFound');
  if (status === 0 && id === ctx.member.id) throw new ApiError(Code.FORBIDDEN, 'people.member.disableSelf');
  if (before.status !== status) {
    await ctx.db.transaction(async (tx) => {
      const t = scoped(tx, ctx.tenant.id);
      await t.people.setStatus(id, status);
      if (status === 0) await t.people.revokeSessions(id);
      await recordAudit(t, ctx.member, [
        {
          action: status === 0 ? 'disable' : 'enable',
          objectType: 'member',
          objectId: id,
          objectLabel: before.userName,
          changes: [{ field: 'status', before: before.status, after: status }],
        },
      ]);
    });
  }
  await ctx.sessions.forgetMember(ctx.tenant.id, id);
  return viewOf(ctx, id);
}

/** Puts a member back on the company's initial password (the change dialog at next sign-in); their sessions end. */
export async function memberResetPassword(ctx: AuthContext, id: string): Promise<null> {
  const before = await ctx.scope.people.member(id);
  if (!before) throw new ApiError(Code.NOT_FOUND, 'people.member.notFound');
  await ctx.db.transaction(async (tx) => {
    const t = scoped(tx, ctx.tenant.id);
    await t.people.resetToInitialPassword(id);
    await t.people.revokeSessions(id);
    await t.accounts.expireResetTokens(id);
    await recordAudit(t, ctx.member, [
      {
        action: 'reset-password',
        objectType: 'member',
        objectId: id,
        objectLabel: before.userName,
        changes: [{ field: 'isInitPassword', before: before.isInitPassword, after: 0 }],
      },
    ]);
  });
  await ctx.sessions.forgetMember(ctx.tenant.id, id);
  return null;
}

/** Puts up to 500 members into one department (`''`: none); answers each one's department before, for an undo. */
export async function memberBulkDepartment(ctx: AuthContext, ids: string[], departmentId: string): Promise<BulkDepartmentResult> {
  const unique = [...new Set(ids)];
  const [members, departments] = await Promise.all([ctx.scope.people.members(unique), ctx.scope.people.orgNodes('department')]);
  if (members.length !== unique.length) throw new ApiError(Code.NOT_FOUND, 'people.member.notFound');
  const path = departmentId ? orgPaths(departments).get(departmentId) : undefined;
  if (departmentId && !path) throw new ApiError(Code.NOT_FOUND, 'people.department.notFound');
  const changed = members.filter((m) => m.departmentId !== departmentId);
  if (changed.length > 0) {
    await ctx.db.transaction(async (tx) => {
      const t = scoped(tx, ctx.tenant.id);
      await t.people.setDepartment(changed.map((m) => m.id), departmentId, path?.zh ?? '');
      await assignJoiningMembers(tx, ctx.tenant.id, changed.map((m) => m.id));
      await recordAudit(
        t,
        ctx.member,
        changed.map((m) => ({
          action: 'update',
          objectType: 'member',
          objectId: m.id,
          objectLabel: m.userName,
          changes: [{ field: 'departmentId', before: m.departmentId, after: departmentId }],
        })),
      );
    });
    await Promise.all(changed.map((m) => ctx.sessions.forgetMember(ctx.tenant.id, m.id)));
  }
  return { updated: changed.length, previous: members.map((m) => ({ id: m.id, departmentId: m.departmentId })) };
}
