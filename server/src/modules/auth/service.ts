/**
 * Sign-in by phone (password or SMS code), the image captcha and SMS code calls, and the
 * registration check of a phone.
 */
import { Code } from '@/api/codes';
import type {
  CheckCodeBody,
  ImageCaptcha,
  LoginResult,
  PhoneCodeLoginBody,
  PhonePasswordLoginBody,
  SendCodeBody,
  SendCodeResult,
} from '@/api/types';
import type { Locale } from '@/i18n/routes';
import { isValidPhone } from '@/lib/phone';
import { global, scoped, type Enterprise, type Member } from '../../db/access';
import type { Db } from '../../db/client';
import { ApiError } from '../../envelope';
import { t } from '../../i18n';
import { checkPassword, issueSession } from '../user/service';
import { signInGlobal } from '../../db/access/sign-in';
import { consumeCaptcha, createCaptcha } from '../../captcha';
import { checkCode, CODE_TTL_SECONDS, issueCode, verifyAndConsumeCode } from './codes';
import { countHit, takeHit, type Limit } from '../../limits';
import { inLang } from '../../localized';

/** Captchas one client address may ask for. */
export const CAPTCHA_LIMIT: Limit = { max: 60, windowSeconds: 600 };
/** Phone checks one client address may make (registration form). */
export const PHONE_CHECK_LIMIT: Limit = { max: 30, windowSeconds: 600 };
/**
 * Phone checks one client address makes in {@link PHONE_CHECK_LIMIT}'s window before each
 * further one needs the image captcha: enough for a person filling in the form, too few to
 * go through a list of numbers.
 */
export const PHONE_CHECKS_WITHOUT_CAPTCHA = 5;

function requirePhone(phone: string): string {
  if (!isValidPhone(phone)) throw new ApiError(Code.INVALID, 'signIn.phoneInvalid');
  return phone;
}

/** What failed password sign-ins by phone are counted under (beside employee numbers). */
export function phoneAccount(phone: string): string {
  return `tel:${phone}`;
}

export async function imageCaptcha(db: Db, ip: string | null): Promise<ImageCaptcha> {
  if (!(await takeHit(db, 'captcha', ip, CAPTCHA_LIMIT))) {
    throw new ApiError(Code.TOO_MANY_REQUESTS, 'signIn.tooManyRequests');
  }
  const { answer: _answer, ...captcha } = await createCaptcha(db);
  return captcha;
}

/**
 * Whether a code for this phone goes out: login codes only to a phone that could sign in here
 * (see {@link memberForPhone}), reset codes only to a member of the request's enterprise (any
 * person when there is none); the answer is the same either way.
 */
async function deliverTo(db: Db, enterprise: Enterprise | undefined, { phone, scene }: SendCodeBody): Promise<boolean> {
  if (scene === 'register') return true;
  if (!enterprise) return signInGlobal.phoneExists(db, phone);
  if (scene === 'login') return (await memberForPhone(db, enterprise, phone)) !== undefined;
  return (await scoped(db, enterprise.id).signIn.memberByPhone(phone)) !== undefined;
}

export async function sendCode(
  db: Db,
  enterprise: Enterprise | undefined,
  body: SendCodeBody,
  ip: string | null,
  lang: Locale,
): Promise<SendCodeResult> {
  requirePhone(body.phone);
  if (!(await consumeCaptcha(db, body.captchaKey, body.captchaCode))) {
    throw new ApiError(Code.INVALID, 'signIn.captchaRequired');
  }
  const site = enterprise ? (inLang(lang, enterprise.titleZh, enterprise.titleEn)) : lang === 'en' ? 'Xuetang' : '学堂';
  return issueCode(db, {
    phone: body.phone,
    scene: body.scene,
    enterpriseId: enterprise?.id ?? null,
    ip,
    deliver: await deliverTo(db, enterprise, body),
    message: (code) => t(lang, 'signIn.sms', { site, code, minutes: CODE_TTL_SECONDS / 60 }),
  });
}

export async function checkVerificationCode(
  db: Db,
  enterprise: Enterprise | undefined,
  body: CheckCodeBody,
): Promise<{ valid: boolean }> {
  requirePhone(body.phone);
  return { valid: await checkCode(db, { ...body, eid: enterprise?.id }) };
}

/**
 * The membership a phone sign-in lands in: the person's membership of the request's
 * enterprise, else their first one in a company without a domain of its own.
 */
async function memberForPhone(db: Db, enterprise: Enterprise, phone: string): Promise<Member | undefined> {
  return (await scoped(db, enterprise.id).signIn.memberByPhone(phone)) ?? signInGlobal.firstDomainlessMemberByPhone(db, phone);
}

/** Starts the session in the member's own enterprise, which may differ from the host's. */
async function sessionFor(db: Db, host: Enterprise, member: Member, lang: Locale): Promise<LoginResult> {
  const enterprise = member.enterpriseId === host.id ? host : await global.enterpriseById(db, member.enterpriseId);
  if (!enterprise) throw new ApiError(Code.INVALID, 'signIn.codeInvalid');
  return issueSession(db, enterprise, member, lang);
}

/**
 * Phone and password: the person with this phone signs in (see {@link memberForPhone}). An
 * unknown phone is refused exactly like a wrong password.
 */
export async function loginByPhonePassword(
  db: Db,
  enterprise: Enterprise,
  { phone, password, captchaKey, captchaCode }: PhonePasswordLoginBody,
  ip: string | null,
  lang: Locale,
): Promise<LoginResult> {
  requirePhone(phone);
  const member = await checkPassword(
    db,
    scoped(db, enterprise.id),
    {
      account: phoneAccount(phone),
      password,
      captchaKey,
      captchaCode,
      errorKey: 'signIn.phoneLoginError',
      findMember: () => memberForPhone(db, enterprise, phone),
    },
    ip,
  );
  return sessionFor(db, enterprise, member, lang);
}

/** Phone and a `login` code; a wrong code and a phone without membership answer the same. */
export async function loginByPhoneCode(
  db: Db,
  enterprise: Enterprise,
  { phone, code }: PhoneCodeLoginBody,
  lang: Locale,
): Promise<LoginResult> {
  requirePhone(phone);
  const valid = await verifyAndConsumeCode(db, { eid: enterprise.id, phone, scene: 'login', code });
  const member = valid ? await memberForPhone(db, enterprise, phone) : undefined;
  if (!member) throw new ApiError(Code.INVALID, 'signIn.codeInvalid');
  return sessionFor(db, enterprise, member, lang);
}

/**
 * Whether the phone is already registered (spec: the registration form's check). Rate limited
 * per client address; past {@link PHONE_CHECKS_WITHOUT_CAPTCHA} checks in the window each one
 * needs a right image captcha (422 with `{ captchaRequired: true }` otherwise).
 */
export async function checkPhoneExist(
  db: Db,
  { phone, captchaKey, captchaCode }: { phone: string; captchaKey?: string; captchaCode?: string },
  ip: string | null,
): Promise<boolean> {
  requirePhone(phone);
  const before = await countHit(db, 'phone-exist', ip, PHONE_CHECK_LIMIT);
  if (before === undefined) throw new ApiError(Code.TOO_MANY_REQUESTS, 'signIn.tooManyRequests');
  if (before >= PHONE_CHECKS_WITHOUT_CAPTCHA && !(await consumeCaptcha(db, captchaKey, captchaCode))) {
    const key = captchaKey || captchaCode ? 'signIn.captchaRequired' : 'signIn.phoneCheckCaptcha';
    throw new ApiError(Code.INVALID, key, { captchaRequired: true });
  }
  return signInGlobal.phoneExists(db, phone);
}

export { verifyAndConsumeCode } from './codes';
