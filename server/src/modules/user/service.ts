/** Sign-in, sessions and the current user of the `user` module. */
import { createHash, randomBytes } from 'node:crypto';
import { Code } from '@/api/codes';
import type { LoginResult, UserInfo } from '@/api/types';
import type { Locale } from '@/i18n/routes';
import { global, scoped, type Enterprise, type Member } from '../../db/access';
import type { Db } from '../../db/client';
import { ApiError } from '../../envelope';
import { verifyPassword } from './password';

/** Spec section 9: the token lasts one day. */
export const SESSION_TTL_SECONDS = 86_400;
/** Failed sign-ins allowed per employee number and enterprise in 15 minutes. */
export const MAX_FAILURES_PER_ACCOUNT = 10;
/** Failed sign-ins allowed per client address in 15 minutes. */
export const MAX_FAILURES_PER_IP = 30;

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
}

/**
 * Signs in with employee number and password. Failures are counted in the database per
 * account (employee number in the enterprise) and per client address; past the limits the
 * answer is 429 without checking the password.
 */
export async function loginByEmpNo(
  db: Db,
  enterprise: Enterprise,
  { empNo, password }: Credentials,
  ip: string | null,
  lang: Locale,
): Promise<LoginResult> {
  const scope = scoped(db, enterprise.id);
  const [accountFailures, ipFailures] = await Promise.all([
    scope.failuresFor(empNo),
    ip === null ? 0 : global.failuresFromIp(db, ip),
  ]);
  if (accountFailures >= MAX_FAILURES_PER_ACCOUNT || ipFailures >= MAX_FAILURES_PER_IP) {
    throw new ApiError(Code.TOO_MANY_REQUESTS, 'tooManyAttempts');
  }
  const member = await scope.memberByEmpNo(empNo);
  const valid = await verifyPassword(member?.passwordHash, password);
  if (!member || !valid) {
    await scope.recordFailure(empNo, ip);
    throw new ApiError(Code.LOGIN_ERROR, 'loginError', { errorCount: accountFailures + 1 });
  }
  await scope.clearFailures(empNo);
  const token = randomBytes(32).toString('base64url');
  await scope.createSession({
    tokenHash: hashToken(token),
    enterpriseUserId: member.id,
    ttlSeconds: SESSION_TTL_SECONDS,
  });
  return { token, expiresIn: SESSION_TTL_SECONDS, user: toUserInfo(member, enterprise, lang) };
}
