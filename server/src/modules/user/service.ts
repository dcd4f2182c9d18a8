/** Sign-in, sessions and the current user of the `user` module. */
import { createHash, randomBytes } from 'node:crypto';
import { Code } from '@/api/codes';
import type { LoginErrorData, LoginResult, UserInfo } from '@/api/types';
import type { Locale } from '@/i18n/routes';
import { global, scoped, type Enterprise, type Member, type Scoped } from '../../db/access';
import type { Db } from '../../db/client';
import { ApiError } from '../../envelope';
import type { MessageKey } from '../../i18n';
import { consumeCaptcha } from '../auth/captcha';
import { verifyPassword } from './password';

/** Spec section 9: the token lasts one day. */
export const SESSION_TTL_SECONDS = 86_400;
/** Failed sign-ins allowed per employee number and enterprise in 15 minutes. */
export const MAX_FAILURES_PER_ACCOUNT = 10;
/** Failed sign-ins allowed per client address in 15 minutes. */
export const MAX_FAILURES_PER_IP = 30;
/** Failed sign-ins of an account after which every attempt needs the image captcha. */
export const CAPTCHA_AFTER_FAILURES = 2;

/** The stored form of a token: its SHA-256, hex. */
export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

export function toUserInfo(m: Member, enterprise: Enterprise, lang: Locale): UserInfo {
  return {
    id: m.id,
    userNo: m.userNo,
    realId: m.userId,
    empNo: m.empNo,
    userName: m.userName,
    dataSource: m.dataSource,
    sex: m.sex,
    phone: m.phone ?? '',
    email: m.email,
    idCard: m.idCard,
    headPortrait: m.headPortrait,
    joiningTime: m.joiningTime ?? '',
    departmentName: m.departmentName,
    departmentId: m.departmentId,
    postId: m.postId,
    postName: m.postName,
    postLevel: m.postLevel,
    professional: m.professional,
    assessmentMethod: m.assessmentMethod,
    assessmentUserCategory: m.assessmentUserCategory,
    userType: m.userType,
    isAdmin: m.isAdmin,
    isInitPassword: m.isInitPassword,
    isLecturer: m.userType === 2,
    eid: enterprise.id,
    enterpriseName: lang === 'en' ? enterprise.nameEn : enterprise.nameZh,
  };
}

export interface Credentials {
  empNo: string;
  password: string;
  /** The image captcha, required once the account has {@link CAPTCHA_AFTER_FAILURES} failures. */
  captchaKey?: string;
  captchaCode?: string;
}

export interface PasswordAttempt {
  /** What failures are counted under in the enterprise: the employee number, or `tel:<phone>`. */
  account: string;
  password: string;
  captchaKey?: string;
  captchaCode?: string;
  /** The message of a refusal (wrong account or password, in the words of the form used). */
  errorKey: MessageKey;
  /** The member the account names, if any. */
  findMember(): Promise<Member | undefined>;
}

function loginError(key: MessageKey, data: LoginErrorData): ApiError {
  return new ApiError(Code.LOGIN_ERROR, key, data);
}

/**
 * Checks a password sign-in and returns the member. Failures are counted in the database per
 * account and per client address; past the limits the answer is 429 without checking the
 * password. The attempt is recorded before it is checked, so concurrent attempts see each
 * other and cannot pass the limits together; it is taken back when it turns out not to count.
 * Every refusal is 321 with {@link LoginErrorData}: after
 * {@link CAPTCHA_AFTER_FAILURES} failures `captchaRequired` is set, and from then on an attempt
 * without the right image captcha is refused before the password is looked at (and is not
 * counted). An unknown account is checked against a throw-away hash and answered exactly
 * like a wrong password.
 */
export async function checkPassword(
  db: Db,
  scope: Scoped,
  attempt: PasswordAttempt,
  ip: string | null,
): Promise<Member> {
  const pending = await scope.recordFailure(attempt.account, ip);
  try {
    const [withThis, ipWithThis] = await Promise.all([
      scope.failuresFor(attempt.account),
      ip === null ? 0 : global.failuresFromIp(db, ip),
    ]);
    // Failures before this attempt (and the ones running beside it).
    const accountFailures = withThis - 1;
    if (accountFailures >= MAX_FAILURES_PER_ACCOUNT || ipWithThis - 1 >= MAX_FAILURES_PER_IP) {
      await scope.forgetAttempt(pending);
      throw new ApiError(Code.TOO_MANY_REQUESTS, 'tooManyAttempts');
    }
    if (
      accountFailures >= CAPTCHA_AFTER_FAILURES &&
      !(await consumeCaptcha(db, attempt.captchaKey, attempt.captchaCode))
    ) {
      await scope.forgetAttempt(pending);
      throw loginError('signIn.captchaRequired', { errorCount: accountFailures, captchaRequired: true });
    }
    const member = await attempt.findMember();
    const valid = await verifyPassword(member?.passwordHash, attempt.password);
    if (!member || !valid) {
      const errorCount = accountFailures + 1;
      throw loginError(attempt.errorKey, { errorCount, captchaRequired: errorCount >= CAPTCHA_AFTER_FAILURES });
    }
    await scope.clearFailures(attempt.account);
    return member;
  } catch (error) {
    // A sign-in cut off by the database or another fault is not a wrong password: take it back.
    if (!(error instanceof ApiError)) await scope.forgetAttempt(pending).catch(() => {});
    throw error;
  }
}

/** Opens a session for a member: every sign-in way ends here. */
export async function issueSession(
  db: Db,
  enterprise: Enterprise,
  member: Member,
  lang: Locale,
): Promise<LoginResult> {
  const token = randomBytes(32).toString('base64url');
  await scoped(db, enterprise.id).createSession({
    tokenHash: hashToken(token),
    enterpriseUserId: member.id,
    ttlSeconds: SESSION_TTL_SECONDS,
  });
  return { token, expiresIn: SESSION_TTL_SECONDS, user: toUserInfo(member, enterprise, lang) };
}

/** Signs in with employee number and password (see {@link checkPassword}). */
export async function loginByEmpNo(
  db: Db,
  enterprise: Enterprise,
  { empNo, password, captchaKey, captchaCode }: Credentials,
  ip: string | null,
  lang: Locale,
): Promise<LoginResult> {
  const scope = scoped(db, enterprise.id);
  const member = await checkPassword(
    db,
    scope,
    { account: empNo, password, captchaKey, captchaCode, errorKey: 'loginError', findMember: () => scope.memberByEmpNo(empNo) },
    ip,
  );
  return issueSession(db, enterprise, member, lang);
}
