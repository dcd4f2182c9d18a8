/** The enterprises of a person: list, switch, register a new company, add another one. */
import { randomBytes } from 'node:crypto';
import { Code } from '@/api/codes';
import type { AddEnterpriseBody, EnterpriseItem, LoginResult, RegisterEnterpriseBody } from '@/api/types';
import type { Locale } from '@/i18n/routes';
import { validateConfirmPassword, validateNewPassword } from '@/lib/password';
import { isValidPhone } from '@/lib/phone';
import { scoped, global, isUuid, type Enterprise, type Member } from '../../db/access';
import { ApiError } from '../../envelope';
import type { AuthContext, PublicContext } from '../../routing';
import { accountGlobal } from '../../db/access/accounts';
import { verifyAndConsumeCode } from '../auth/service';
import { hashPassword } from '../../passwords';
import { issueSession } from '../user/service';
import { createCompany, createPerson } from '../../db/access/enterprises';
import { inLang } from '../../localized';

/** Spec section 5: a name has at most 15 characters. */
export const USER_NAME_MAX = 15;
export const COMPANY_NAME_MIN = 2;
export const COMPANY_NAME_MAX = 50;
/** Companies one person may belong to; `addEnterprise` stops there. */
export const MAX_MEMBERSHIPS = 20;

const invalid = (key: ConstructorParameters<typeof ApiError>[1]) => new ApiError(Code.INVALID, key);
const length = (text: string) => [...text].length;

function toItem(enterprise: Enterprise, member: Member, current: boolean, lang: Locale): EnterpriseItem {
  return {
    eid: enterprise.id,
    name: inLang(lang, enterprise.nameZh, enterprise.nameEn),
    logo: enterprise.logo,
    empNo: member.empNo,
    current,
  };
}

/** Every enterprise the signed-in person belongs to; the token's own is `current`. */
export async function listEnterprises(ctx: AuthContext): Promise<EnterpriseItem[]> {
  const memberships = await accountGlobal.memberships(ctx.db, ctx.member.userId);
  return memberships.map(({ enterprise, member }) =>
    toItem(enterprise, member, enterprise.id === ctx.tenant.id, ctx.lang),
  );
}

/**
 * Moves the session to another enterprise of the same person: a new token bound to it, and
 * the current token revoked. A company the person is not a member of is refused with 460.
 */
export async function chooseEnterprise(ctx: AuthContext, eid: string): Promise<LoginResult> {
  const target = isUuid(eid) ? await global.enterpriseById(ctx.db, eid) : undefined;
  const member = target ? await scoped(ctx.db, target.id).accounts.memberOfPerson(ctx.member.userId) : undefined;
  if (!target || !member) throw new ApiError(Code.FORBIDDEN, 'enterprise.notMember');
  const result = await issueSession(ctx.db, target, member, ctx.lang);
  await ctx.scope.revokeSession(ctx.sessionId);
  await ctx.sessions.forgetMember(ctx.tenant.id, ctx.member.id);
  return result;
}

function checkCompanyName(name: string): string {
  const clean = name.trim();
  if (length(clean) < COMPANY_NAME_MIN || length(clean) > COMPANY_NAME_MAX) throw invalid('enterprise.nameLength');
  return clean;
}

/** A throw-away initial password for a company without a tenant file; its admin sets accounts up. */
const randomInitialPasswordHash = () => hashPassword(`${randomBytes(18).toString('base64url')}#1`);

/**
 * Registers a new company and its admin, a new person identified by phone (spec: phone not
 * yet registered, `register` verification code, section 5 password rules), and signs them in.
 * The code is checked last, so a form error does not use it up.
 */
export async function registerEnterprise(ctx: PublicContext, body: RegisterEnterpriseBody): Promise<LoginResult> {
  const name = checkCompanyName(body.enterpriseName);
  const userName = body.userName.trim();
  if (!userName) throw invalid('enterprise.userNameRequired');
  if (length(userName) > USER_NAME_MAX) throw invalid('enterprise.userNameLength');
  const phone = body.phone.trim();
  if (!isValidPhone(phone)) throw invalid('account.phoneInvalid');
  const rule = validateNewPassword(body.password) ?? validateConfirmPassword(body.confirmPassword, body.password);
  if (rule) throw invalid(rule);
  if (await accountGlobal.personByPhone(ctx.db, phone)) throw invalid('enterprise.accountExists');
  const site = await ctx.findTenant();
  if (!(await verifyAndConsumeCode(ctx.db, { eid: site?.id, phone, scene: 'register', code: body.code }))) {
    throw invalid('account.codeInvalid');
  }

  const [passwordHash, initPasswordHash] = await Promise.all([
    hashPassword(body.password),
    randomInitialPasswordHash(),
  ]);
  const created = await ctx.db.transaction(async (tx) => {
    const userId = await createPerson(tx, phone);
    // Registered by someone else between the check and now.
    if (!userId) throw invalid('enterprise.accountExists');
    return createCompany(tx, { name, userId, userName, passwordHash, initPasswordHash });
  });
  const enterprise = (await global.enterpriseById(ctx.db, created.enterpriseId))!;
  const member = (await scoped(ctx.db, enterprise.id).accounts.memberById(created.enterpriseUserId))!;
  return issueSession(ctx.db, enterprise, member, ctx.lang);
}

/**
 * The signed-in person creates another company and becomes its admin (same name and password
 * as in the current one). The session stays where it is; `chooseEnterprise` switches.
 */
export async function addEnterprise(ctx: AuthContext, body: AddEnterpriseBody): Promise<EnterpriseItem> {
  const name = checkCompanyName(body.enterpriseName);
  if ((await accountGlobal.memberships(ctx.db, ctx.member.userId)).length >= MAX_MEMBERSHIPS) {
    throw new ApiError(Code.FORBIDDEN, 'enterprise.tooMany', null, { max: MAX_MEMBERSHIPS });
  }
  const initPasswordHash = await randomInitialPasswordHash();
  const created = await ctx.db.transaction((tx) =>
    createCompany(tx, {
      name,
      userId: ctx.member.userId,
      userName: ctx.member.userName,
      passwordHash: ctx.member.passwordHash,
      initPasswordHash,
    }),
  );
  const enterprise = (await global.enterpriseById(ctx.db, created.enterpriseId))!;
  const member = (await scoped(ctx.db, enterprise.id).accounts.memberById(created.enterpriseUserId))!;
  return toItem(enterprise, member, false, ctx.lang);
}
