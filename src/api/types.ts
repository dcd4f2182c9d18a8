/**
 * Response shapes, named as the spec's entities (section 3). The gateway produces exactly
 * these; the client's module files return them to components.
 */
import type { Locale } from '@/i18n/locale-path';

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

// ---- Sign-in ways, enterprises, passwords and profile -------------------------------------

/** Purpose of a verification code; a code is valid only for the scene it was sent for. */
export type CodeScene = 'login' | 'register' | 'reset';

/** `imageCaptcha`: an SVG picture and the key to send back with the answer. */
export interface ImageCaptcha {
  captchaKey: string;
  /** `data:image/svg+xml;base64,…` */
  image: string;
  /** Seconds until the captcha expires. */
  expiresIn: number;
}

/** Body of `sendVerificationCode`. The image captcha must be answered first. */
export interface SendCodeBody {
  phone: string;
  scene: CodeScene;
  captchaKey: string;
  captchaCode: string;
}

/** `sendVerificationCode` answer: when another code may be asked for. */
export interface SendCodeResult {
  /** Seconds until a new code may be sent (60). */
  resendIn: number;
  /** Seconds until the code expires (600). */
  expiresIn: number;
}

/** Body of `checkVerificationCode`; answers `{ valid: true }` without consuming the code. */
export interface CheckCodeBody {
  phone: string;
  scene: CodeScene;
  code: string;
}

/** Login bodies. `captchaKey`/`captchaCode` are required once the gateway asks for them. */
export interface EmpNoLoginBody {
  empNo: string;
  password: string;
  captchaKey?: string;
  captchaCode?: string;
}
export interface PhonePasswordLoginBody {
  phone: string;
  password: string;
  captchaKey?: string;
  captchaCode?: string;
}
export interface PhoneCodeLoginBody {
  phone: string;
  code: string;
}

/**
 * Data of a 321 answer (sign-in refused): how many failures were counted and whether the
 * next attempt needs the image captcha.
 */
export interface LoginErrorData {
  errorCount: number;
  captchaRequired: boolean;
}

/** Enterprise chat tools that offer scan-code sign-in. */
export type ScanType = 'wecom' | 'dingtalk';

/** `scanConfig?type=`: where the QR code points, for the tenant of the request's host. */
export interface ScanConfig {
  type: ScanType;
  enabled: boolean;
  /** The tool's authorize URL (with `state`), shown as a QR code and as a link. */
  authorizeUrl: string;
  /** The same URL as an SVG QR code (`data:image/svg+xml;base64,…`). */
  qrImage: string;
  state: string;
  /** Seconds until `state` expires. */
  expiresIn: number;
}

/** Body of `scanLogin`: what the tool sent back to `/login?t=scan&type=…`. */
export interface ScanLoginBody {
  type: ScanType;
  code: string;
  state: string;
}

/** `ssoConfig`: whether single sign-on is set up and where to start it. */
export interface SsoConfig {
  enabled: boolean;
  /** Provider display name. */
  name: string;
  /** The provider's authorize URL (code flow with PKCE, `state`, `nonce`); the browser goes there. */
  authorizeUrl: string;
}

/** Body of `loginBySso` (`emp/no/sso`): what the provider sent back to `/loginsso`. */
export interface SsoLoginBody {
  code: string;
  state: string;
}

/** One enterprise of the signed-in person (`enterpriseList`). */
export interface EnterpriseItem {
  eid: string;
  name: string;
  logo: string;
  empNo: string;
  /** The enterprise of the current token. */
  current: boolean;
}

/** Body of `registerEnterprise`. */
export interface RegisterEnterpriseBody {
  enterpriseName: string;
  userName: string;
  phone: string;
  code: string;
  password: string;
  confirmPassword: string;
}

/** Body of `addEnterprise`: a signed-in person creates another enterprise and becomes its admin. */
export interface AddEnterpriseBody {
  enterpriseName: string;
}

/** Body of `updatePassword`: `password` is the current one. */
export interface UpdatePasswordBody {
  password: string;
  newPassword: string;
  confirmPassword: string;
}

/**
 * Body of `updateInitPassword`. The spec's form sends `password` set to the fixed initial value;
 * that value is tenant configuration on the gateway, so the browser sends none and the gateway
 * accepts the call only from a session whose password is still the initial one.
 */
export interface UpdateInitPasswordBody {
  newPassword: string;
  confirmPassword: string;
}

/** Body of `resetPassword`: by phone code, or by the single-use token of a mailed link. */
export type ResetPasswordBody =
  | { phone: string; code: string; newPassword: string; confirmPassword: string }
  | { mailToken: string; newPassword: string; confirmPassword: string };

/** Body of `updateUserInfo` (supplementary information). */
export interface UpdateUserInfoBody {
  email?: string;
  idCard?: string;
}

/** Post level options (`getPostGrade`): four groups (1岗 15, 2岗 23, 3岗 23, 4岗 15). */
export interface PostGradeGroup {
  label: string;
  value: string;
  children: EnumOption[];
}
export interface PostGradeInfo {
  /** The user's current post level value (`1_01`…), or empty. */
  postLevel: string;
  groups: PostGradeGroup[];
}

/** Body of `savePostGrade`, also the profile update (spec section 2/7). */
export interface SavePostGradeBody {
  userNo: string;
  dataSource: number;
  sex: string;
  email: string;
  idCard: string;
  joiningTime: string;
  headPortrait: string;
  postLevel?: string;
}

/** Department, post and region list items. */
export interface TreeOption {
  id: string;
  name: string;
  parentId: string;
  children?: TreeOption[];
}

/** `uploadPic` answer. */
export interface UploadResult {
  url: string;
  fileName: string;
  fileSize: number;
}
