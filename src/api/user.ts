/**
 * The `user` module's calls every page may make: the session's own. The sign-in ways,
 * registration and password reset are in user-sign-in.ts, loaded only by the pages that use them.
 */
import { call, type CallOptions } from '@/api/client';
import type { EmpNoLoginBody, LoginResult, UserInfo } from '@/api/types';

type Extra = Pick<CallOptions, 'isShowErrTip' | 'signal'>;

/** Body of the employee-number sign-in (with the image captcha once the gateway asks for it). */
export type LoginByEmpNoBody = EmpNoLoginBody;

/** Signs in with employee number and password. Code 321 (wrong account or password) rejects; its data is `LoginErrorData`. */
export function loginByEmpNo(body: LoginByEmpNoBody, opts?: Extra): Promise<LoginResult> {
  return call<LoginResult>('loginByEmpNo', { ...opts, body: { ...body } });
}

/** The signed-in user; a sign-out code here means the token is no longer valid. */
export function getCurrentUser(opts?: Extra): Promise<UserInfo> {
  return call<UserInfo>('currentUser', opts);
}

/** Ends the session on the server. */
export function logout(opts?: Extra): Promise<unknown> {
  return call('logout', opts);
}

// ---- Enterprises --------------------------------------------------------------------------

/** Moves the session to another of the person's enterprises: a new token for it. */
export function chooseEnterprise(eid: string, opts?: Extra): Promise<LoginResult> {
  return call<LoginResult>('chooseEnterprise', { ...opts, body: { eid } });
}
