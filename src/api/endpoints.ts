/**
 * Every call the site makes, one row each (product spec section 7). Client functions and
 * gateway routes are both built from this table; a gateway test fails when a row has no
 * handler. Paths are relative to the gateway prefix (default `/gateway`).
 */
export type Method = 'GET' | 'POST' | 'DELETE';
export type Access = 'public' | 'auth';

export interface Paging {
  pageCurrent: number;
  pageSize: number;
}

export interface EndpointDef {
  method: Method;
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
} as const satisfies Record<string, EndpointDef>;

export type EndpointName = keyof typeof endpoints;

/** The module a path belongs to (`user`, `system`, …): its first segment. */
export function moduleOf(def: Pick<EndpointDef, 'path'>): string {
  return def.path.split('/')[0]!;
}
