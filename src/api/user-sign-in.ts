/** The `user` module's sign-in, registration, enterprise and password-reset calls (spec section 7). */
import { call, type CallOptions } from '@/api/client';
import type {
  AddEnterpriseBody,
  CheckCodeBody,
  EnterpriseItem,
  ImageCaptcha,
  LoginResult,
  PhoneCodeLoginBody,
  PhonePasswordLoginBody,
  RegisterEnterpriseBody,
  ResetPasswordBody,
  ScanConfig,
  ScanLoginBody,
  ScanType,
  SendCodeBody,
  SendCodeResult,
  SsoConfig,
  SsoLoginBody,
} from '@/api/types';

type Extra = Pick<CallOptions, 'isShowErrTip' | 'signal'>;

// ---- Sign-in ways -----------------------------------------------------------------------

/** A fresh image captcha: an SVG to show and the key to send back with the answer. */
export function getImageCaptcha(opts?: Extra): Promise<ImageCaptcha> {
  return call<ImageCaptcha>('imageCaptcha', opts);
}

/** Sends an SMS code for a scene; the image captcha must be answered. 429 when asked too often. */
export function sendVerificationCode(body: SendCodeBody, opts?: Extra): Promise<SendCodeResult> {
  return call<SendCodeResult>('sendVerificationCode', { ...opts, body: { ...body } });
}

/** Whether an SMS code is right, without using it up. */
export function checkVerificationCode(body: CheckCodeBody, opts?: Extra): Promise<{ valid: boolean }> {
  return call<{ valid: boolean }>('checkVerificationCode', { ...opts, body: { ...body } });
}

/** Signs in with phone and password. Code 321 rejects; its data is `LoginErrorData`. */
export function loginByPhonePassword(body: PhonePasswordLoginBody, opts?: Extra): Promise<LoginResult> {
  return call<LoginResult>('loginByPhonePassword', { ...opts, body: { ...body } });
}

/** Signs in with phone and the SMS code of scene `login`. */
export function loginByPhoneCode(body: PhoneCodeLoginBody, opts?: Extra): Promise<LoginResult> {
  return call<LoginResult>('loginByPhoneCode', { ...opts, body: { ...body } });
}

/** Where the QR code of a scan-code sign-in points, for this host's enterprise. */
export function getScanConfig(type: ScanType, opts?: Extra): Promise<ScanConfig> {
  return call<ScanConfig>('scanConfig', { ...opts, query: { type } });
}

/** Signs in with what the chat tool sent back after the scan. */
export function scanLogin(body: ScanLoginBody, opts?: Extra): Promise<LoginResult> {
  return call<LoginResult>('scanLogin', { ...opts, body: { ...body } });
}

/** Whether single sign-on is set up for this host's enterprise, and where it starts. */
export function getSsoConfig(opts?: Extra): Promise<SsoConfig> {
  return call<SsoConfig>('ssoConfig', opts);
}

/** Signs in with what the identity provider sent back to `/loginsso`. */
export function loginBySso(body: SsoLoginBody, opts?: Extra): Promise<LoginResult> {
  return call<LoginResult>('loginBySso', { ...opts, body: { ...body } });
}

/**
 * Whether an account with this phone already exists (the registration form's check). After a
 * few checks from one address the gateway wants an image captcha answer with each one: it
 * refuses with `data.captchaRequired` until it gets a right one.
 */
export function checkPhoneExist(
  phone: string,
  opts?: Extra,
  captcha?: { captchaKey: string; captchaCode: string },
): Promise<boolean> {
  return call<boolean>('checkPhoneExist', { ...opts, query: { phone, ...captcha } });
}

// ---- Enterprises --------------------------------------------------------------------------

/**
 * The signed-in person's enterprises, the current one marked. `headers` may carry a token
 * that is not stored yet (right after a sign-in).
 */
export function getEnterpriseList(opts?: Extra & Pick<CallOptions, 'headers'>): Promise<EnterpriseItem[]> {
  return call<EnterpriseItem[]>('enterpriseList', opts);
}


/** Registers a new enterprise with its first user (its admin), who is signed in. */
export function registerEnterprise(body: RegisterEnterpriseBody, opts?: Extra): Promise<LoginResult> {
  return call<LoginResult>('registerEnterprise', { ...opts, body: { ...body } });
}

/** The signed-in person creates another enterprise and becomes its admin; the session stays where it is. */
export function addEnterprise(body: AddEnterpriseBody, opts?: Extra): Promise<EnterpriseItem> {
  return call<EnterpriseItem>('addEnterprise', { ...opts, body: { ...body } });
}

// ---- Password reset -----------------------------------------------------------------------

/** Sets a new password with a phone code (scene `reset`) or the token of a mailed link. */
export function resetPassword(body: ResetPasswordBody, opts?: Extra): Promise<null> {
  return call<null>('resetPassword', { ...opts, body: { ...body } });
}

/** Mails a reset link to the address on file for the employee number. */
export function resetPasswordMail(empNo: string, opts?: Extra): Promise<null> {
  return call<null>('resetPasswordMail', { ...opts, query: { empNo } });
}
