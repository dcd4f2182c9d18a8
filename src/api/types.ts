/**
 * Response shapes, named as the spec's entities (section 3). The gateway produces exactly
 * these; the client's module files return them to components.
 */
import type { Locale } from '@/i18n/routes';

export interface Envelope<T = unknown> {
  code: number;
  msg: string;
  data: T;
}

export interface PageResult<T> {
  list: T[];
  pageCurrent: number;
  pageSize: number;
  totalCount: number;
  totalPage: number;
}

/** Web info (spec section 3), with the branding the site applies at run time. */
export interface WebInfo {
  /** Enterprise id. */
  eid: string;
  /** Company name in the requested language. */
  name: string;
  /** Browser title suffix, in the requested language. */
  websiteTitle: string;
  /** Logo image URL. */
  logo: string;
  /** Favicon URL. */
  websiteIco: string;
  /** Brand colours as CSS colour strings. */
  colors: { primary: string; primaryForeground: string; accent: string };
  /** Names in both languages, so a language switch needs no new call. */
  names: Record<Locale, string>;
  titles: Record<Locale, string>;
}

/** Navigation item (spec section 3). navMenuType: 1 home … 7 account, 10 custom link. */
export interface NavItem {
  id: string;
  title: string;
  navMenuType: number;
  navUrl: string;
  linkUrl: string;
  /** 1 shown as a menu item, 0 not. */
  isMenu: number;
  /** `_blank` opens a new tab, `_self` the same one. */
  target: string;
}

/** User info (spec section 3). */
export interface UserInfo {
  id: string;
  userNo: string;
  realId: string;
  empNo: string;
  userName: string;
  dataSource: number;
  sex: string;
  phone: string;
  email: string;
  idCard: string;
  headPortrait: string;
  joiningTime: string;
  departmentName: string;
  departmentId: string;
  postId: string;
  postName: string;
  postLevel: string;
  professional: string;
  assessmentMethod: string;
  assessmentUserCategory: string;
  /** 1 normal, 2 teacher or lecturer, 3 organisation. */
  userType: number;
  isAdmin: boolean;
  /** 0: the password is still the initial one (forced change dialog); 1: changed. */
  isInitPassword: number;
  /** Set for userType 2. */
  isLecturer: boolean;
  eid: string;
  enterpriseName: string;
}

export interface LoginResult {
  token: string;
  /** Seconds until the token expires. */
  expiresIn: number;
  user: UserInfo;
}

/**
 * An option of an enum list (`enumList?enumName=`), label in the requested language.
 * Grouped enums carry their group: `postLevel` has four groups (`1岗` … `4岗`, en `Post 1` …)
 * of 15, 23, 23 and 15 options, values `1_01` … `4_15`, labels `1岗-01` (en `Post 1-01`).
 */
export interface EnumOption {
  label: string;
  value: string;
  /** Group label, for grouped enums only. */
  group?: string;
}
