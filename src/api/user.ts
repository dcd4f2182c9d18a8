/** The `user` module's calls (spec section 7: user and account). */
import { call, type CallOptions } from '@/api/client';
import type { LoginResult, UserInfo } from '@/api/types';

type Extra = Pick<CallOptions, 'isShowErrTip' | 'signal'>;

/** Body of the employee-number sign-in. */
export interface LoginByEmpNoBody {
  empNo: string;
  password: string;
}

/** Signs in with employee number and password. Code 321 (wrong account or password) rejects. */
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
