/**
 * WeCom (企业微信) web login of a self-built app:
 *
 * 1. the browser shows `<authorizeBase>/wwlogin/sso/login?login_type=CorpApp&appid=<corpId>&agentid=<agentId>&redirect_uri=…&state=…`
 *    as a QR code; scanning it in WeCom sends the browser to `redirect_uri?code=…&state=…`;
 * 2. the gateway gets an app token, `GET <apiBase>/cgi-bin/gettoken?corpid&corpsecret`
 *    (kept until shortly before it expires), then the member,
 *    `GET <apiBase>/cgi-bin/auth/getuserinfo?access_token&code` → `userid` (`errcode` 0).
 */
import type { WecomSettings } from '../../../seed/config/tenant-config';
import { fetchJson, ScanRefused, ScanUnavailable } from './errors';

/** `errcode`s that mean the app token is no longer valid. */
const STALE_TOKEN = new Set([40001, 40014, 42001]);
/** Tokens are renewed this long before WeCom says they expire. */
const TOKEN_MARGIN_SECONDS = 300;

export function wecomAuthorizeUrl(s: WecomSettings, redirectUri: string, state: string): string {
  const query = new URLSearchParams({
    login_type: 'CorpApp',
    appid: s.corpId,
    agentid: s.agentId,
    redirect_uri: redirectUri,
    state,
  });
  return `${s.authorizeBase}/wwlogin/sso/login?${query}`;
}

const tokens = new Map<string, { token: string; expiresAt: number }>();

async function appToken(s: WecomSettings, renew: boolean): Promise<string> {
  const key = `${s.apiBase}\u0000${s.corpId}\u0000${s.secret}`;
  const cached = tokens.get(key);
  if (!renew && cached && cached.expiresAt > Date.now()) return cached.token;
  const query = new URLSearchParams({ corpid: s.corpId, corpsecret: s.secret });
  const { body } = await fetchJson(`${s.apiBase}/cgi-bin/gettoken?${query}`);
  if (body.errcode !== 0 || typeof body.access_token !== 'string') {
    tokens.delete(key);
    // A wrong corp id or secret is the company's setting, not the user's doing.
    throw new ScanUnavailable(`WeCom gettoken: ${String(body.errcode)} ${String(body.errmsg)}`);
  }
  const lifetime = typeof body.expires_in === 'number' ? body.expires_in : 7200;
  tokens.set(key, { token: body.access_token, expiresAt: Date.now() + (lifetime - TOKEN_MARGIN_SECONDS) * 1000 });
  return body.access_token;
}

async function userInfo(s: WecomSettings, token: string, code: string) {
  const query = new URLSearchParams({ access_token: token, code });
  return (await fetchJson(`${s.apiBase}/cgi-bin/auth/getuserinfo?${query}`)).body;
}

/**
 * The WeCom user id behind a login code; `undefined` for a person outside the company (WeCom
 * answers an `openid` then). A refused code is `ScanRefused`.
 */
export async function wecomUserId(s: WecomSettings, code: string): Promise<string | undefined> {
  let info = await userInfo(s, await appToken(s, false), code);
  if (typeof info.errcode === 'number' && STALE_TOKEN.has(info.errcode)) {
    info = await userInfo(s, await appToken(s, true), code);
  }
  if (info.errcode !== 0) throw new ScanRefused(`WeCom getuserinfo: ${String(info.errcode)} ${String(info.errmsg)}`);
  return typeof info.userid === 'string' && info.userid !== '' ? info.userid : undefined;
}
