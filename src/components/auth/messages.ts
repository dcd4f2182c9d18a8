/** The messages each sign-in side island receives (picked at build time, nothing more). */
import type { Messages } from '@/i18n/index';
import type { Locale } from '@/i18n/locale-path';
import { messageText } from '@/lib/messages';
import { passwordMessages, type PasswordMessageKey } from '@/lib/password';

export const captchaMessageKeys = [
  'captcha.label',
  'captcha.placeholder',
  'captcha.refresh',
  'captcha.image',
  'captcha.loading',
  'captcha.required',
] as const;

export const phoneMessageKeys = [
  'login.phone',
  'login.phonePlaceholder',
  'login.phoneRequired',
  'login.phoneInvalid',
] as const;

export const codeMessageKeys = [
  ...captchaMessageKeys,
  'login.code',
  'login.codePlaceholder',
  'login.codeRequired',
  'login.codeInvalid',
  'login.codeWrong',
  'login.sendCode',
  'login.resend',
  'login.resendIn',
  'login.codeSent',
] as const;

export const ssoMessageKeys = [
  'login.sso.heading',
  'login.sso.button',
  'login.sso.unavailable',
  'login.sso.signingIn',
  'login.sso.failed',
  'login.sso.other',
  'login.sso.back',
  'login.loading',
] as const;

/** The sign-in island and its lazily loaded panels. */
export const signInMessageKeys = [
  'login.modes',
  'login.mode.login',
  'login.mode.phone',
  'login.mode.code',
  'login.mode.scan',
  'login.empNo',
  'login.empNoPlaceholder',
  'login.empNoRequired',
  'login.empNoTooLong',
  'login.password',
  'login.passwordPlaceholder',
  'login.passwordRequired',
  'login.captchaNeeded',
  'login.submit',
  'login.submitting',
  'login.agreementPrefix',
  'login.forget',
  'login.register',
  'login.scan.types',
  'login.scan.wecom',
  'login.scan.dingtalk',
  'login.scan.hint',
  'login.scan.open',
  'login.scan.qr',
  'login.scan.refresh',
  'login.scan.unavailable',
  'login.scan.failed',
  'route.agreement',
  'auth.loginFirst',
  'lang.zh',
  'lang.en',
  'lang.switch',
  ...phoneMessageKeys,
  ...codeMessageKeys,
  ...ssoMessageKeys,
] as const;

export const registerMessageKeys = [
  'register.enterpriseName',
  'register.enterpriseNamePlaceholder',
  'register.enterpriseNameRequired',
  'register.enterpriseNameLength',
  'register.userName',
  'register.userNamePlaceholder',
  'register.userNameRequired',
  'register.userNameTooLong',
  'register.phoneExists',
  'register.phoneCheckCaptcha',
  'register.phoneCaptcha',
  'register.phoneCheck',
  'register.password',
  'register.passwordPlaceholder',
  'register.passwordHint',
  'register.confirmPassword',
  'register.confirmPlaceholder',
  'register.agree',
  'register.agreementRequired',
  'register.submit',
  'register.submitting',
  'register.haveAccount',
  'register.signIn',
  'route.agreement',
  ...phoneMessageKeys,
  ...codeMessageKeys,
] as const;

export const forgetMessageKeys = [
  'forget.ways',
  'forget.byPhone',
  'forget.byMail',
  'forget.next',
  'forget.checking',
  'forget.newPassword',
  'forget.newPasswordPlaceholder',
  'forget.confirmPassword',
  'forget.confirmPlaceholder',
  'forget.submit',
  'forget.submitting',
  'forget.done',
  'forget.toSignIn',
  'forget.mailIntro',
  'forget.mailSend',
  'forget.mailSending',
  'forget.mailSent',
  'forget.back',
  'register.passwordHint',
  'login.empNo',
  'login.empNoPlaceholder',
  'login.empNoRequired',
  'login.empNoTooLong',
  ...phoneMessageKeys,
  ...codeMessageKeys,
] as const;

export type CaptchaMessages = Messages<(typeof captchaMessageKeys)[number]>;
export type PhoneMessages = Messages<(typeof phoneMessageKeys)[number]>;
export type CodeMessages = Messages<(typeof codeMessageKeys)[number]>;
export type SsoMessages = Messages<(typeof ssoMessageKeys)[number]>;
export type SignInMessages = Messages<(typeof signInMessageKeys)[number]>;
export type RegisterMessages = Messages<(typeof registerMessageKeys)[number]>;
export type ForgetMessages = Messages<(typeof forgetMessageKeys)[number]>;

/** The password rule messages (spec section 5) in one language. */
export type PasswordTexts = Record<PasswordMessageKey, string>;

export function passwordTexts(locale: Locale): PasswordTexts {
  const keys = Object.keys(passwordMessages) as PasswordMessageKey[];
  return Object.fromEntries(keys.map((key) => [key, messageText(passwordMessages, key, locale)])) as PasswordTexts;
}
