/**
 * Single sign-on through the enterprise's OpenID Connect provider (`ssoConfig`, `loginBySso`).
 *
 * `ssoConfig` discovers the provider (cached for an hour), creates a PKCE verifier, a `state`
 * and a `nonce`, keeps them on the gateway (single use, 10 minutes, bound to the enterprise and
 * to the browser that asked, `./binding.ts`) and answers the authorization address (code flow, `S256`, redirect `<site>/loginsso`).
 * `loginBySso` takes the code and state the provider sent to that page (from the same browser),
 * exchanges the code
 * with the verifier, checks the ID token (signature, issuer, audience, nonce), reads the
 * employee number from the configured claim (ID token, else UserInfo) and opens a session for
 * that member of the enterprise.
 *
 * An `http:` issuer is accepted only on loopback (tests and demos).
 */
import { randomBytes } from 'node:crypto';
import * as oidc from 'openid-client';
import { Code } from '@/api/codes';
import type { LoginResult, SsoConfig, SsoLoginBody } from '@/api/types';
import type { Locale } from '@/i18n/routes';
import { localize, type SsoSettings } from '../../seed/config/tenant-config';
import type { Enterprise } from '../../db/access';
import type { Db } from '../../db/client';
import { ApiError } from '../../envelope';
import { issueSession } from '../user/service';
import { sameBrowser } from './binding';
import { stateHash } from './origin';
import { ssoSettings } from './settings';
import { scoped } from '../../db/access';

export const SSO_STATE_TTL_SECONDS = 600;
const DISCOVERY_TTL_MS = 60 * 60 * 1000;
const FAILED_DISCOVERY_TTL_MS = 60 * 1000;
const TIMEOUT_SECONDS = 10;
const SERVICE_UNAVAILABLE = 503;
const SCOPE = 'openid profile';

/** The site page the provider sends the browser back to. */
export function ssoRedirectUri(origin: string): string {
  return `${origin}/loginsso`;
}

const LOOPBACK = new Set(['localhost', '127.0.0.1', '[::1]']);

async function discover(s: SsoSettings): Promise<oidc.Configuration> {
  const issuer = new URL(s.issuer);
  const insecure = issuer.protocol === 'http:';
  if (insecure && !LOOPBACK.has(issuer.hostname)) {
    throw new Error(`An http issuer is accepted only on loopback: ${s.issuer}`);
  }
  const found = await oidc.discovery(issuer, s.clientId, s.clientSecret, undefined, {
    execute: insecure ? [oidc.allowInsecureRequests] : [],
    timeout: TIMEOUT_SECONDS,
  });
  const metadata = found.serverMetadata();
  // client_secret_basic is the default of OpenID Connect; use post only where basic is not offered.
  const methods = metadata.token_endpoint_auth_methods_supported;
  const auth =
    !methods || methods.includes('client_secret_basic')
      ? oidc.ClientSecretBasic(s.clientSecret)
      : oidc.ClientSecretPost(s.clientSecret);
  const config = new oidc.Configuration(metadata, s.clientId, s.clientSecret, auth);
  if (insecure) oidc.allowInsecureRequests(config);
  config.timeout = TIMEOUT_SECONDS;
  return config;
}

const discovered = new Map<string, { at: number; ttl: number; config: Promise<oidc.Configuration> }>();

/**
 * The provider's configuration, discovered once an hour per issuer and client. A failed
 * discovery is remembered for a minute, so that every sign-in page does not wait on a provider
 * that cannot be reached.
 */
function configurationFor(s: SsoSettings): Promise<oidc.Configuration> {
  const key = JSON.stringify([s.issuer, s.clientId, s.clientSecret]);
  const cached = discovered.get(key);
  if (cached && Date.now() - cached.at < cached.ttl) return cached.config;
  const entry = { at: Date.now(), ttl: DISCOVERY_TTL_MS, config: discover(s) };
  discovered.set(key, entry);
  entry.config.catch((error: unknown) => {
    entry.ttl = FAILED_DISCOVERY_TTL_MS;
    console.warn(`[sso] ${s.issuer} cannot be reached; single sign-on is off for a minute:`, error instanceof Error ? error.message : error);
  });
  return entry.config;
}

async function configurationOrUnavailable(s: SsoSettings): Promise<oidc.Configuration> {
  try {
    return await configurationFor(s);
  } catch {
    throw new ApiError(SERVICE_UNAVAILABLE, 'signIn.ssoUnavailable');
  }
}

/**
 * `bind` binds the browser that asked (`./binding.ts`) for `ttlSeconds` and returns the hash to
 * keep with the state; it is called only when a sign-in is started.
 */
export async function ssoConfig(
  db: Db,
  enterprise: Enterprise,
  origin: string,
  lang: Locale,
  bind: (ttlSeconds: number) => string,
): Promise<SsoConfig> {
  const scope = scoped(db, enterprise.id).signIn;
  const settings = await ssoSettings(scope);
  if (!settings) return { enabled: false, name: '', authorizeUrl: '' };
  let config: oidc.Configuration;
  try {
    config = await configurationFor(settings);
  } catch {
    // Every sign-in page asks: a provider that cannot be reached is simply not offered.
    return { enabled: false, name: '', authorizeUrl: '' };
  }
  const codeVerifier = oidc.randomPKCECodeVerifier();
  const state = randomBytes(24).toString('base64url');
  const nonce = oidc.randomNonce();
  const redirectUri = ssoRedirectUri(origin);
  const bindingHash = bind(SSO_STATE_TTL_SECONDS);
  await scope.savePending('oidc', stateHash(state), { redirectUri, codeVerifier, nonce, bindingHash }, SSO_STATE_TTL_SECONDS);
  const url = oidc.buildAuthorizationUrl(config, {
    redirect_uri: redirectUri,
    scope: SCOPE,
    code_challenge: await oidc.calculatePKCECodeChallenge(codeVerifier),
    code_challenge_method: 'S256',
    state,
    nonce,
  });
  return { enabled: true, name: localize(settings.name, lang), authorizeUrl: url.href };
}

/** The employee number in a claim value, if it holds one. */
function empNoOf(value: unknown): string | undefined {
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  if (typeof value === 'string' && value.trim() !== '' && value.trim().length <= 20) return value.trim();
  return undefined;
}

/** `browser`: the binding value the request's browser holds (`./binding.ts`). */
export async function loginBySso(
  db: Db,
  enterprise: Enterprise,
  { code, state }: SsoLoginBody,
  lang: Locale,
  browser: string | undefined,
): Promise<LoginResult> {
  const scope = scoped(db, enterprise.id).signIn;
  const settings = await ssoSettings(scope);
  if (!settings) throw new ApiError(Code.INVALID, 'signIn.ssoNotEnabled');
  const pending = await scope.takePending('oidc', stateHash(state));
  if (!pending?.codeVerifier || !pending.nonce) throw new ApiError(Code.INVALID, 'signIn.ssoExpired');
  if (!sameBrowser(pending.bindingHash, browser)) throw new ApiError(Code.INVALID, 'signIn.otherBrowser');
  const config = await configurationOrUnavailable(settings);

  // The authorization response as the provider sent it to the site page.
  const callback = new URL(pending.redirectUri);
  callback.searchParams.set('code', code);
  callback.searchParams.set('state', state);
  // The state is bound to this enterprise's one provider, so its issuer is the expected one.
  const metadata = config.serverMetadata();
  if (metadata.authorization_response_iss_parameter_supported) callback.searchParams.set('iss', metadata.issuer);

  let empNo: string | undefined;
  try {
    const tokens = await oidc.authorizationCodeGrant(config, callback, {
      pkceCodeVerifier: pending.codeVerifier,
      expectedState: state,
      expectedNonce: pending.nonce,
      idTokenExpected: true,
    });
    const claims = tokens.claims();
    empNo = empNoOf(claims?.[settings.claim]);
    if (empNo === undefined && claims) {
      const info = await oidc.fetchUserInfo(config, tokens.access_token, claims.sub);
      empNo = empNoOf(info[settings.claim]);
    }
  } catch {
    throw new ApiError(Code.INVALID, 'signIn.ssoFailed');
  }
  const member = empNo === undefined ? undefined : await scope.memberByEmpNo(empNo);
  if (!member) throw new ApiError(Code.FORBIDDEN, 'signIn.notLinked');
  return issueSession(db, enterprise, member, lang);
}
