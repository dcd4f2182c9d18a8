/** Sign-in, sessions and the current user of the `user` module. */
import { randomBytes } from 'node:crypto';
import { Code } from '@/api/codes';
import type { LoginErrorData, LoginResult, UserInfo } from '@/api/types';
import type { Locale } from '@/i18n/routes';
import { global, scoped, type Enterprise, type Member, type Scoped } from '../../db/access';
import type { Db } from '../../db/client';
import { lockUntilCommit, oneAtATime } from '../../db/locks';
import { ApiError } from '../../envelope';
import type { MessageKey } from '../../i18n';
import { hashToken } from '../../sessions/tokens';
import { readCaptchaAnswer, spendCaptcha } from '../../captcha';
import { verifyPassword } from '../../passwords';
import { inLang } from '../../localized';

/** Spec section 9: the token lasts one day. */
export const SESSION_TTL_SECONDS = 86_400;
/** Failed sign-ins allowed per employee number and enterprise in 15 minutes. */
export const MAX_FAILURES_PER_ACCOUNT = 10;
/** Failed sign-ins allowed per client address in 15 minutes. */
export const MAX_FAILURES_PER_IP = 30;
/** Failed sign-ins of an account after which every attempt needs the image captcha. */
export const CAPTCHA_AFTER_FAILURES = 2;

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
    enterpriseName: inLang(lang, enterprise.nameZh, enterprise.nameEn),
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

/** Lock spaces (`db/locks.ts`) of the sign-in checks: one account of an enterprise, one client address. */
const ACCOUNT_LOCKS = 101;
const ADDRESS_LOCKS = 102;

type Outcome = { member: Member } | { refusal: ApiError };

/**
 * Checks a password sign-in and returns the member. Failures are counted in the database per
 * account and per client address; past the limits the answer is 429 without checking the
 * password. Only confirmed failures count: the attempts of one account run one after another
 * (an advisory lock held across the check, on every replica), each seeing exactly the failures
 * of those before it, so attempts at once are decided as if they came in turn and correct ones
 * never count against each other. The address limit is not a lock for the attempts of an
 * address, which may be a whole company behind one NAT address signing in at 9:00: its
 * failures are read as they stand, and a wrong password is counted against it under a short lock
 * taken only after the password was found wrong, where an address that reached its limit
 * meanwhile answers 429 instead (the password's result is not told).
 * Every refusal is 321 with {@link LoginErrorData}: after {@link CAPTCHA_AFTER_FAILURES} failures
 * `captchaRequired` is set, and from then on an attempt without the right image captcha is
 * refused before the password is looked at (and is not counted). An unknown account is checked
 * against a throw-away hash and answered exactly like a wrong password. A sign-in cut off by a
 * fault counts for nothing: its transaction is rolled back.
 */
export async function checkPassword(
  db: Db,
  scope: Scoped,
  attempt: PasswordAttempt,
  ip: string | null,
): Promise<Member> {
  const member = await attempt.findMember();
  const captcha = await readCaptchaAnswer(db, attempt.captchaKey, attempt.captchaCode);
  const outcome = await oneAtATime(db, ACCOUNT_LOCKS, `${scope.enterpriseId}:${attempt.account}`, async (tx): Promise<Outcome> => {
    const account = scoped(tx, scope.enterpriseId);
    const failures = await global.signInFailures(tx, scope.enterpriseId, attempt.account, ip);
    const accountFailures = failures.account;
    if (accountFailures >= MAX_FAILURES_PER_ACCOUNT || failures.address >= MAX_FAILURES_PER_IP) {
      return { refusal: new ApiError(Code.TOO_MANY_REQUESTS, 'tooManyAttempts') };
    }
    if (accountFailures >= CAPTCHA_AFTER_FAILURES && !(await spendCaptcha(tx, captcha))) {
      return { refusal: loginError('signIn.captchaRequired', { errorCount: accountFailures, captchaRequired: true }) };
    }
    const valid = await verifyPassword(member?.passwordHash, attempt.password);
    if (member && valid) {
      if (accountFailures > 0) await account.clearFailures(attempt.account);
      return { member };
    }
    if (ip !== null) {
      // Wrong passwords for other accounts from this address may have been counted meanwhile.
      await lockUntilCommit(tx, ADDRESS_LOCKS, ip);
      if ((await global.failuresFromIp(tx, ip)) >= MAX_FAILURES_PER_IP) {
        return { refusal: new ApiError(Code.TOO_MANY_REQUESTS, 'tooManyAttempts') };
      }
    }
    await account.recordFailure(attempt.account, ip);
    const errorCount = accountFailures + 1;
    return { refusal: loginError(attempt.errorKey, { errorCount, captchaRequired: errorCount >= CAPTCHA_AFTER_FAILURES }) };
  });
  // Thrown after the transaction, which keeps what the refusal counted (a failure, a spent captcha).
  if ('refusal' in outcome) throw outcome.refusal;
  return outcome.member;
}

/**
 * Opens a session for a member: every sign-in way ends here, so a member the back office disabled
 * is refused here, after their password or code was found right (the refusal tells no stranger
 * whether the account exists).
 */
export async function issueSession(
  db: Db,
  enterprise: Enterprise,
  member: Member,
  lang: Locale,
): Promise<LoginResult> {
  if (member.status === 0) throw new ApiError(Code.FORBIDDEN, 'signIn.accountDisabled');
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
