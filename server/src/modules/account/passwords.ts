/**
 * Password changes of the signed-in member, the forced change of the initial password, and
 * the two ways of resetting a forgotten one (phone code, mailed link). Every success revokes
 * all sessions of the membership: the client signs out and the user signs in again.
 */
import { createHash, randomBytes } from 'node:crypto';
import { Code } from '@/api/codes';
import type {
  UpdateInitPasswordBody,
  UpdatePasswordBody,
} from '@/api/types';
import type { Locale } from '@/i18n/routes';
import {
  validateConfirmPassword,
  validateNewPassword,
  validatePasswordChanged,
  type PasswordMessageKey,
} from '@/lib/password';
import { global, scoped, type Enterprise, type Member } from '../../db/access';
import { ApiError } from '../../envelope';
import { defineJob, type JobContext } from '../../jobs/queue';
import { t } from '../../i18n';
import type { AuthContext, PublicContext } from '../../routing';
import { overTls } from '../../security';
import { originFor } from '../../tenant';
import { sendMail } from '../../messaging/mailer';
import { verifyAndConsumeCode } from '../auth/service';
import { isValidPhone } from '@/lib/phone';
import { hashPassword, verifyPassword } from '../../passwords';
import { MAX_FAILURES_PER_ACCOUNT } from '../user/service';
import { accountGlobal } from '../../db/access/accounts';
import { inLang } from '../../localized';

/** A mailed reset link works for 30 minutes, once. */
export const RESET_TOKEN_TTL_SECONDS = 30 * 60;
/** Reset mails allowed per employee number of an enterprise in 15 minutes. */
export const MAX_RESET_MAILS_PER_ACCOUNT = 3;
/** Reset mails allowed per client address in 15 minutes. */
export const MAX_RESET_MAILS_PER_IP = 10;

const invalid = (key: ConstructorParameters<typeof ApiError>[1]) => new ApiError(Code.INVALID, key);

/** The section 5 rules for a new password and its confirmation. */
function checkNewPassword(newPassword: string, confirmPassword: string): void {
  const rule: PasswordMessageKey | undefined =
    validateNewPassword(newPassword) ?? validateConfirmPassword(confirmPassword, newPassword);
  if (rule) throw invalid(rule);
}

/** Stores a new password for a membership and ends everything the old one opened. */
async function replacePassword(ctx: PublicContext, enterpriseId: string, member: Member, newPassword: string): Promise<void> {
  const { db } = ctx;
  const account = scoped(db, enterpriseId).accounts;
  await account.setPassword(member.id, await hashPassword(newPassword));
  await account.revokeMemberSessions(member.id);
  await ctx.sessions.forgetMember(enterpriseId, member.id);
  await account.expireResetTokens(member.id);
  await scoped(db, enterpriseId).clearFailures(member.empNo);
}

/**
 * Changes the signed-in member's password: the current one must verify (wrong guesses count
 * towards the sign-in limit), the new one must follow the rules and differ from it.
 */
export async function updatePassword(ctx: AuthContext, body: UpdatePasswordBody): Promise<null> {
  checkNewPassword(body.newPassword, body.confirmPassword);
  const same = validatePasswordChanged(body.password, body.newPassword);
  if (same) throw invalid(same);
  if ((await ctx.scope.failuresFor(ctx.member.empNo)) >= MAX_FAILURES_PER_ACCOUNT) {
    throw new ApiError(Code.TOO_MANY_REQUESTS, 'tooManyAttempts');
  }
  if (!(await verifyPassword(ctx.member.passwordHash, body.password))) {
    await ctx.scope.recordFailure(ctx.member.empNo, ctx.ip);
    throw invalid('password.currentWrong');
  }
  await replacePassword(ctx, ctx.tenant.id, ctx.member, body.newPassword);
  return null;
}

/**
 * The forced change of the initial password. The initial value is the enterprise's secret:
 * the browser sends none; the call is accepted only while the member's password is still it.
 */
export async function updateInitPassword(ctx: AuthContext, body: UpdateInitPasswordBody): Promise<null> {
  const account = scoped(ctx.db, ctx.tenant.id).accounts;
  if (ctx.member.isInitPassword !== 0 || !(await account.hasInitialPassword(ctx.member.id))) {
    throw new ApiError(Code.FORBIDDEN, 'password.notInitial');
  }
  checkNewPassword(body.newPassword, body.confirmPassword);
  if (await account.isInitialPassword(body.newPassword)) throw invalid('validation.password.sameAsOld');
  await replacePassword(ctx, ctx.tenant.id, ctx.member, body.newPassword);
  return null;
}

export interface ResetInput {
  phone?: string;
  code?: string;
  mailToken?: string;
  newPassword: string;
  confirmPassword: string;
}

const hashResetToken = (token: string) => createHash('sha256').update(token).digest('hex');

/**
 * Resets a forgotten password, by the single-use token of a mailed link (which names its
 * membership) or by phone and a `reset` code (the membership of the request's enterprise).
 */
export async function resetPassword(ctx: PublicContext, body: ResetInput): Promise<null> {
  checkNewPassword(body.newPassword, body.confirmPassword);
  const mailToken = body.mailToken?.trim();
  if (mailToken) {
    const owner = await accountGlobal.consumeResetToken(ctx.db, hashResetToken(mailToken));
    const member = owner && (await scoped(ctx.db, owner.enterpriseId).accounts.memberById(owner.enterpriseUserId));
    if (!owner || !member) throw invalid('reset.tokenInvalid');
    await replacePassword(ctx, owner.enterpriseId, member, body.newPassword);
    return null;
  }
  const phone = body.phone?.trim() ?? '';
  if (!isValidPhone(phone)) throw invalid('account.phoneInvalid');
  const enterprise = await ctx.requireTenant();
  if (!(await verifyAndConsumeCode(ctx.db, { eid: enterprise.id, phone, scene: 'reset', code: body.code ?? '' }))) {
    throw invalid('account.codeInvalid');
  }
  const member = await scoped(ctx.db, enterprise.id).accounts.memberByPhone(phone);
  if (!member) throw invalid('reset.noAccount');
  await replacePassword(ctx, enterprise.id, member, body.newPassword);
  return null;
}

const escapeHtml = (text: string) =>
  text.replace(/[<>&'"]/g, (ch) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', "'": '&#39;', '"': '&quot;' })[ch]!);

function resetMail(enterprise: Enterprise, member: Member, link: string, lang: Locale) {
  const site = inLang(lang, enterprise.titleZh, enterprise.titleEn);
  const text = t(lang, 'reset.mail.text', { name: member.userName, site, empNo: member.empNo, link });
  const html = text
    .split('\n\n')
    .map((paragraph) =>
      paragraph === link
        ? `<p><a href="${escapeHtml(link)}">${escapeHtml(link)}</a></p>`
        : `<p>${escapeHtml(paragraph).replaceAll('\n', '<br>')}</p>`,
    )
    .join('\n');
  return { to: member.email, subject: t(lang, 'reset.mail.subject', { site }), text, html };
}

/** What the reset-mail job needs; the token is made by the job, never kept here. */
interface ResetMailRequest {
  /** The recorded request (`password_resets`) that becomes the token. */
  resetId: string;
  empNo: string;
  lang: Locale;
  /** The request's host and whether it came over TLS, for the link. */
  host: string;
  https: boolean;
}

/**
 * Sends the reset mail of a request, if the employee number has a member with an address on
 * file: makes the single-use token, keeps its hash with the request, and mails the link. A try
 * made again makes a new token (the earlier one was never delivered).
 */
async function sendResetMail(request: ResetMailRequest, job: JobContext): Promise<void> {
  const { db } = job;
  const enterpriseId = job.enterpriseId;
  if (!enterpriseId) return;
  const member = await scoped(db, enterpriseId).memberByEmpNo(request.empNo);
  if (!member?.email) return;
  const [enterprise, origin] = await Promise.all([global.enterpriseById(db, enterpriseId), originFor(db, request.host, request.https)]);
  if (!enterprise) return;
  if (!origin) {
    console.warn('[gateway] reset mail not sent: the request host serves no company and PUBLIC_ORIGIN is not set');
    return;
  }
  const token = randomBytes(32).toString('base64url');
  const account = scoped(db, enterpriseId).accounts;
  const tokenRow = { enterpriseUserId: member.id, tokenHash: hashResetToken(token), ttlSeconds: RESET_TOKEN_TTL_SECONDS };
  // A request older than the counting window may have been pruned meanwhile: it is recorded again.
  if (!(await account.attachResetToken(request.resetId, tokenRow))) {
    await account.recordReset({ empNo: request.empNo, ip: null, ...tokenRow });
  }
  const page = request.lang === 'en' ? '/en/forget' : '/forget';
  const link = `${origin}${page}?mailToken=${encodeURIComponent(token)}`;
  await sendMail(resetMail(enterprise, member, link, request.lang), { db });
}

export const resetMailJob = defineJob<ResetMailRequest>('account.reset-mail', sendResetMail);

/**
 * Asks for a reset link for an employee number of the request's enterprise, mailed to the
 * address on file by a job (`resetMailJob`). The answer comes first and after the same work
 * whatever the account: the limits, the request recorded and the job enqueued, with no look-up
 * of the member, so neither its content nor its timing tells whether the account exists or has
 * an address. Rate limited per account and per client address.
 */
export async function resetPasswordMail(ctx: PublicContext, empNo: string): Promise<null> {
  const enterprise = await ctx.requireTenant();
  const account = scoped(ctx.db, enterprise.id).accounts;
  const [forAccount, fromIp] = await Promise.all([
    account.resetsFor(empNo),
    ctx.ip === null ? 0 : accountGlobal.resetsFromIp(ctx.db, ctx.ip),
  ]);
  if (forAccount >= MAX_RESET_MAILS_PER_ACCOUNT || fromIp >= MAX_RESET_MAILS_PER_IP) {
    throw new ApiError(Code.TOO_MANY_REQUESTS, 'reset.tooMany');
  }
  const request = { empNo, lang: ctx.lang, host: new URL(ctx.c.req.url).host, https: overTls(ctx.c, ctx.trustProxy) };
  await ctx.db.transaction(async (tx) => {
    const resetId = await scoped(tx, enterprise.id).accounts.recordReset({ empNo, ip: ctx.ip, ttlSeconds: RESET_TOKEN_TTL_SECONDS });
    await resetMailJob.enqueue(tx, { resetId, ...request }, { enterpriseId: enterprise.id });
  });
  return null;
}
