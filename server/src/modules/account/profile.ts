/**
 * The member's own profile: the supplementary information (email, ID card), the profile
 * dialog's save (`postgrade/save`: sex, email, ID card, joining date, avatar, post level;
 * everything else is read-only and ignored), post level options, and the organisation lists.
 */
import { Code } from '@/api/codes';
import type {
  PostGradeGroup,
  PostGradeInfo,
  SavePostGradeBody,
  TreeOption,
  UpdateUserInfoBody,
  UserInfo,
} from '@/api/types';
import type { Locale } from '@/i18n/routes';
import { validateEmail } from '@/lib/email';
import { validateIdCard } from '@/lib/id-card';
import { ApiError } from '../../envelope';
import type { MessageKey } from '../../i18n';
import { isFileKey } from '../../files/store';
import type { AuthContext } from '../../routing';
import { toUserInfo } from '../user/service';
import { type MemberPatch, type OrgRow } from '../../db/access/accounts';
import { scoped } from '../../db/access';
import { inLang } from '../../localized';

/** The profile fields the save reads; any other field sent is ignored. */
export type ProfileInput = { userNo: string } & Partial<
  Pick<SavePostGradeBody, 'sex' | 'email' | 'idCard' | 'joiningTime' | 'headPortrait' | 'postLevel'>
>;

const invalid = (key: MessageKey, params: Record<string, string> = {}) =>
  new ApiError(Code.INVALID, key, null, params);

async function currentInfo(ctx: AuthContext): Promise<UserInfo> {
  const member = await scoped(ctx.db, ctx.tenant.id).accounts.memberById(ctx.member.id);
  return toUserInfo(member!, ctx.tenant, ctx.lang);
}

function checkedEmail(value: string | undefined): string {
  const rule = validateEmail(value);
  if (rule) throw invalid(rule);
  return value!.trim();
}

function checkedIdCard(value: string | undefined): string {
  const rule = validateIdCard(value);
  if (rule) throw invalid(rule);
  return value!.trim().toUpperCase();
}

/** The supplementary information dialog: email and ID card, each checked when sent. */
export async function updateUserInfo(ctx: AuthContext, body: UpdateUserInfoBody): Promise<UserInfo> {
  const patch: MemberPatch = {};
  if (body.email !== undefined) patch.email = checkedEmail(body.email);
  if (body.idCard !== undefined) patch.idCard = checkedIdCard(body.idCard);
  await scoped(ctx.db, ctx.tenant.id).accounts.updateMember(ctx.member.id, patch);
  await ctx.sessions.forgetMember(ctx.tenant.id, ctx.member.id);
  return currentInfo(ctx);
}

/** Profile calls name a user number; only the caller's own is accepted. */
function requireOwn(ctx: AuthContext, userNo: string): void {
  if (userNo !== ctx.member.userNo) throw new ApiError(Code.FORBIDDEN, 'profile.notYours');
}

/** The four post groups of the enterprise's `postLevel` enum, with the member's level. */
export async function getPostGrade(ctx: AuthContext, userNo: string): Promise<PostGradeInfo> {
  requireOwn(ctx, userNo);
  const rows = await ctx.scope.enumOptions('postLevel');
  const groups = new Map<string, PostGradeGroup>();
  for (const row of rows) {
    const value = row.value.split('_')[0]!;
    const label = (inLang(ctx.lang, row.groupZh, row.groupEn)) ?? value;
    const group = groups.get(value) ?? { label, value, children: [] };
    group.children.push({ label: inLang(ctx.lang, row.labelZh, row.labelEn), value: row.value, group: label });
    groups.set(value, group);
  }
  return { postLevel: ctx.member.postLevel, groups: [...groups.values()] };
}

/** `YYYY-MM-DD` (a date-time is cut to its date) that exists; undefined otherwise. */
function isoDate(value: string): string | undefined {
  const match = /^(\d{4})-(\d{2})-(\d{2})(?:[T ][\d:.]+(?:Z|[+-]\d{2}:?\d{2})?)?$/.exec(value);
  if (!match) return undefined;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  const real = date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
  return real && year >= 1900 ? `${match[1]}-${match[2]}-${match[3]}` : undefined;
}

/** Today's date where the day is furthest ahead (UTC+14), so no time zone's today is "future". */
function latestToday(): string {
  return new Date(Date.now() + 14 * 3_600_000).toISOString().slice(0, 10);
}

/** The stored value of a sex given as a value or a label of the `sex` enum (`1`, `男`, `Male`). */
async function checkedSex(ctx: AuthContext, value: string | undefined): Promise<string> {
  const given = value?.trim() ?? '';
  if (!given) throw invalid('profile.sexRequired');
  const options = await ctx.scope.enumOptions('sex');
  const found = options.find(
    (o) => o.value === given || o.labelZh === given || o.labelEn.toLowerCase() === given.toLowerCase(),
  );
  if (!found) throw invalid('invalid.field', { field: 'sex' });
  return found.value;
}

/**
 * An avatar URL is accepted only as one our upload issued for this enterprise
 * (`/files/<eid>/<name>`), or unchanged, or empty to remove it.
 */
async function checkedAvatar(ctx: AuthContext, value: string): Promise<string> {
  const url = value.trim();
  if (url === '' || url === ctx.member.headPortrait) return url;
  const prefix = `/files/${ctx.tenant.id}/`;
  const key = url.startsWith(prefix) ? url.slice('/files/'.length) : '';
  if (!isFileKey(key) || !(await scoped(ctx.db, ctx.tenant.id).uploads.claim(key))) {
    throw invalid('profile.avatarInvalid');
  }
  return url;
}

/**
 * The profile dialog's save. Fields are checked in the form's order with the spec's
 * messages; read-only fields (name, employee number, phone, department, post, user type, …)
 * are not read at all, and a changed post level is refused.
 */
export async function savePostGrade(ctx: AuthContext, body: ProfileInput): Promise<UserInfo> {
  requireOwn(ctx, body.userNo);
  const patch: MemberPatch = {};
  patch.sex = await checkedSex(ctx, body.sex);
  patch.email = checkedEmail(body.email);
  patch.idCard = checkedIdCard(body.idCard);
  const joining = body.joiningTime?.trim() ?? '';
  if (!joining) throw invalid('profile.joiningTimeRequired');
  const date = isoDate(joining);
  if (!date) throw invalid('profile.joiningTimeInvalid');
  if (date > latestToday()) throw invalid('profile.joiningTimeFuture');
  patch.joiningTime = date;
  if (body.headPortrait !== undefined) patch.headPortrait = await checkedAvatar(ctx, body.headPortrait);
  // Spec section 6: the profile edits sex, email, ID card, joining time and avatar only. The post
  // level is shown; an old client that sends it unchanged is let through, a change is refused.
  if (body.postLevel !== undefined && body.postLevel !== (ctx.member.postLevel ?? '')) {
    throw new ApiError(Code.FORBIDDEN, 'profile.postLevelReadOnly');
  }
  await scoped(ctx.db, ctx.tenant.id).accounts.updateMember(ctx.member.id, patch);
  await ctx.sessions.forgetMember(ctx.tenant.id, ctx.member.id);
  return currentInfo(ctx);
}

/**
 * Rows with `parentId` as a tree; a row whose parent is missing becomes a root. `children`
 * is present only on nodes that have some.
 */
export function toTree(rows: OrgRow[], lang: Locale): TreeOption[] {
  const nodes = new Map<string, TreeOption>(
    rows.map((r) => [r.id, { id: r.id, name: inLang(lang, r.nameZh, r.nameEn), parentId: r.parentId }]),
  );
  const roots: TreeOption[] = [];
  for (const row of rows) {
    const node = nodes.get(row.id)!;
    const parent = row.parentId && row.parentId !== row.id ? nodes.get(row.parentId) : undefined;
    if (parent) (parent.children ??= []).push(node);
    else roots.push(node);
  }
  return roots;
}

export async function departmentList(ctx: AuthContext): Promise<TreeOption[]> {
  return toTree(await scoped(ctx.db, ctx.tenant.id).accounts.departments(), ctx.lang);
}

export async function postList(ctx: AuthContext): Promise<TreeOption[]> {
  return toTree(await scoped(ctx.db, ctx.tenant.id).accounts.posts(), ctx.lang);
}
