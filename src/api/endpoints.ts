/**
 * Every call the site makes, one row each (product spec section 7). Client functions and
 * gateway routes are both built from this table; a gateway test fails when a row has no
 * handler. Paths are relative to the gateway prefix (default `/gateway`). In the browser build,
 * each `call('name')` of the API module files is replaced by its row
 * (scripts/lib/inline-endpoints.mjs), so a page carries only the rows it calls.
 */
export type Method = 'GET' | 'POST' | 'DELETE';
export type Access = 'public' | 'auth';

export interface Paging {
  pageCurrent: number;
  pageSize: number;
}

export interface EndpointDef {
  method: Method;
  /** Relative path; `{name}` segments are filled from the call's `params` (`getpostgrade/{userNo}`). */
  path: string;
  /** `public` calls need no token; `auth` calls need a valid token for the request's tenant. */
  access: Access;
  /** Default paging merged into the body of page calls. */
  paging?: Paging;
}

/** Spec section 9: default paging. */
export const DEFAULT_PAGING: Paging = { pageCurrent: 1, pageSize: 10 };

export const endpoints = {
  // System and site
  websiteViewPublic: { method: 'GET', path: 'system/api/website/view', access: 'public' },
  websiteView: { method: 'GET', path: 'system/auth/website/view', access: 'auth' },
  enumList: { method: 'GET', path: 'system/api/enum/list', access: 'public' },
  navBarList: { method: 'GET', path: 'system/auth/pc/zone/info/nav/bar/list', access: 'auth' },

  // User and account
  loginByEmpNo: { method: 'POST', path: 'user/api/user/info/emp/no/pwd', access: 'public' },
  currentUser: { method: 'GET', path: 'user/auth/enterprise/user/info/current/view', access: 'auth' },
  logout: { method: 'POST', path: 'user/auth/user/info/logout', access: 'auth' },

  // Sign-in ways (issue: sign-in, enterprises and account basics)
  imageCaptcha: { method: 'GET', path: 'user/api/user/info/get/image/verification/code', access: 'public' },
  sendVerificationCode: { method: 'POST', path: 'user/api/user/info/send/verification/code', access: 'public' },
  checkVerificationCode: { method: 'POST', path: 'user/api/user/info/check/verification/code', access: 'public' },
  loginByPhonePassword: { method: 'POST', path: 'user/api/user/info/phone/pwd', access: 'public' },
  loginByPhoneCode: { method: 'POST', path: 'user/api/user/info/phone/code', access: 'public' },
  scanConfig: { method: 'GET', path: 'user/api/user/info/scan/config', access: 'public' },
  scanLogin: { method: 'POST', path: 'user/api/user/info/scan/login', access: 'public' },
  ssoConfig: { method: 'GET', path: 'user/api/user/info/sso/config', access: 'public' },
  loginBySso: { method: 'POST', path: 'user/api/user/info/emp/no/sso', access: 'public' },
  checkPhoneExist: { method: 'GET', path: 'user/api/user/info/check/phone/exist', access: 'public' },

  // Enterprises
  enterpriseList: { method: 'GET', path: 'user/auth/user/info/enterprise/list', access: 'auth' },
  chooseEnterprise: { method: 'POST', path: 'user/auth/user/info/choose/enterprise', access: 'auth' },
  registerEnterprise: { method: 'POST', path: 'user/api/enterprise/info/register', access: 'public' },
  addEnterprise: { method: 'POST', path: 'user/auth/enterprise/info/add', access: 'auth' },

  // Passwords
  updatePassword: { method: 'POST', path: 'user/auth/enterprise/user/info/update/password', access: 'auth' },
  updateInitPassword: { method: 'POST', path: 'user/auth/enterprise/user/info/update/init/password', access: 'auth' },
  resetPassword: { method: 'POST', path: 'user/api/user/info/reset/password', access: 'public' },
  resetPasswordMail: { method: 'GET', path: 'user/api/user/info/reset/password/mail', access: 'public' },

  // Profile
  updateUserInfo: { method: 'POST', path: 'user/auth/enterprise/user/info/update', access: 'auth' },
  getPostGrade: { method: 'GET', path: 'user/auth/enterprise/user/info/getpostgrade/{userNo}', access: 'auth' },
  savePostGrade: { method: 'POST', path: 'user/auth/enterprise/user/info/postgrade/save', access: 'auth' },
  departmentList: { method: 'POST', path: 'user/auth/deparment/list', access: 'auth' },
  postList: { method: 'POST', path: 'user/auth/post/list', access: 'auth' },
  regionList: { method: 'POST', path: 'system/api/region/list', access: 'public' },
  uploadPic: { method: 'POST', path: 'system/auth/upload/pic', access: 'auth' },
} as const satisfies Record<string, EndpointDef>;

export type EndpointName = keyof typeof endpoints;

/** The module a path belongs to (`user`, `system`, …): its first segment. */
export function moduleOf(def: Pick<EndpointDef, 'path'>): string {
  return def.path.split('/')[0]!;
}
