/**
 * Scan-code sign-in (`scanConfig`, `scanLogin`) through WeCom or DingTalk, as set up for the
 * request's enterprise. `scanConfig` hands out a `state` bound to the enterprise, the tool and
 * the browser that asked (`../binding.ts`; single use, 10 minutes) inside the tool's login address; the tool sends the browser
 * back to `<site>/login?t=scan&type=<type>` with a code, and `scanLogin` turns code and state,
 * coming from that browser, into a session for the member linked to that account: the WeCom user id or DingTalk union id
 * stored for the member, else (DingTalk) the member whose phone is the account's mobile.
 */
import { randomBytes } from 'node:crypto';
import { toString as qrSvg } from 'qrcode';
import { Code } from '@/api/codes';
import type { LoginResult, ScanConfig, ScanLoginBody, ScanType } from '@/api/types';
import type { Locale } from '@/i18n/routes';
import type { Enterprise, Member } from '../../../db/access';
import type { Db } from '../../../db/client';
import { ApiError } from '../../../envelope';
import { issueSession } from '../../user/service';
import { type SignInScope } from '../../../db/access/sign-in';
import { sameBrowser } from '../binding';
import { stateHash } from '../origin';
import { dingtalkSettings, wecomSettings } from '../settings';
import { dingtalkAuthorizeUrl, dingtalkPerson } from './dingtalk';
import { ScanRefused, ScanUnavailable } from './errors';
import { wecomAuthorizeUrl, wecomUserId } from './wecom';
import { scoped } from '../../../db/access';

export const SCAN_TYPES = ['wecom', 'dingtalk'] as const satisfies readonly ScanType[];
export const SCAN_STATE_TTL_SECONDS = 600;
const SERVICE_UNAVAILABLE = 503;

/** The site page a tool sends the browser back to. */
export function scanRedirectUri(origin: string, type: ScanType): string {
  return `${origin}/login?t=scan&type=${type}`;
}

interface Tool {
  /** The tool's login address for a state, or undefined when the enterprise has not set it up. */
  authorizeUrl(scope: SignInScope, redirectUri: string, state: string): Promise<string | undefined>;
  /** The member behind a login code; undefined when the account is linked to no member. */
  member(scope: SignInScope, code: string): Promise<Member | undefined>;
  enabled(scope: SignInScope): Promise<boolean>;
}

const tools: Record<ScanType, Tool> = {
  wecom: {
    async enabled(scope) {
      return (await wecomSettings(scope)) !== undefined;
    },
    async authorizeUrl(scope, redirectUri, state) {
      const s = await wecomSettings(scope);
      return s && wecomAuthorizeUrl(s, redirectUri, state);
    },
    async member(scope, code) {
      const s = await wecomSettings(scope);
      if (!s) return undefined;
      const userId = await wecomUserId(s, code);
      return userId === undefined ? undefined : scope.memberByIdentity('wecom', userId);
    },
  },
  dingtalk: {
    async enabled(scope) {
      return (await dingtalkSettings(scope)) !== undefined;
    },
    async authorizeUrl(scope, redirectUri, state) {
      const s = await dingtalkSettings(scope);
      return s && dingtalkAuthorizeUrl(s, redirectUri, state);
    },
    async member(scope, code) {
      const s = await dingtalkSettings(scope);
      if (!s) return undefined;
      const person = await dingtalkPerson(s, code);
      return (
        (await scope.memberByIdentity('dingtalk', person.unionId)) ??
        (person.mobile ? await scope.memberByPhone(person.mobile) : undefined)
      );
    },
  },
};

/** A QR code of a text as an SVG data URL. */
export async function qrDataUrl(text: string): Promise<string> {
  const svg = await qrSvg(text, { type: 'svg', margin: 1, errorCorrectionLevel: 'M' });
  return `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`;
}

/**
 * `bind` binds the browser that asked (`../binding.ts`) for `ttlSeconds` and returns the hash to
 * keep with the state; it is called only when a sign-in is started.
 */
export async function scanConfig(
  db: Db,
  enterprise: Enterprise,
  type: ScanType,
  origin: string,
  bind: (ttlSeconds: number) => string,
): Promise<ScanConfig> {
  const scope = scoped(db, enterprise.id).signIn;
  const redirectUri = scanRedirectUri(origin, type);
  const state = randomBytes(24).toString('base64url');
  const authorizeUrl = await tools[type].authorizeUrl(scope, redirectUri, state);
  if (!authorizeUrl) return { type, enabled: false, authorizeUrl: '', qrImage: '', state: '', expiresIn: 0 };
  const bindingHash = bind(SCAN_STATE_TTL_SECONDS);
  await scope.savePending(type, stateHash(state), { redirectUri, codeVerifier: null, nonce: null, bindingHash }, SCAN_STATE_TTL_SECONDS);
  return { type, enabled: true, authorizeUrl, qrImage: await qrDataUrl(authorizeUrl), state, expiresIn: SCAN_STATE_TTL_SECONDS };
}

export async function scanLogin(
  db: Db,
  enterprise: Enterprise,
  { type, code, state }: ScanLoginBody,
  lang: Locale,
  browser: string | undefined,
): Promise<LoginResult> {
  const scope = scoped(db, enterprise.id).signIn;
  const tool = tools[type];
  if (!(await tool.enabled(scope))) throw new ApiError(Code.INVALID, 'signIn.scanNotEnabled');
  const pending = await scope.takePending(type, stateHash(state));
  if (!pending) throw new ApiError(Code.INVALID, 'signIn.scanExpired');
  if (!sameBrowser(pending.bindingHash, browser)) throw new ApiError(Code.INVALID, 'signIn.otherBrowser');
  let member: Member | undefined;
  try {
    member = await tool.member(scope, code);
  } catch (error) {
    if (error instanceof ScanRefused) throw new ApiError(Code.INVALID, 'signIn.scanFailed');
    if (error instanceof ScanUnavailable) throw new ApiError(SERVICE_UNAVAILABLE, 'signIn.scanFailed');
    throw error;
  }
  if (!member) throw new ApiError(Code.FORBIDDEN, 'signIn.notLinked');
  return issueSession(db, enterprise, member, lang);
}
