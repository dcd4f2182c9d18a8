/**
 * DingTalk (钉钉) login of a company app:
 *
 * 1. the browser shows `<authorizeBase>/oauth2/auth?redirect_uri=…&response_type=code&client_id=…&scope=openid&state=…&prompt=consent`
 *    as a QR code; after the scan DingTalk sends the browser to `redirect_uri?authCode=…&state=…`;
 * 2. the gateway exchanges the code, `POST <apiBase>/v1.0/oauth2/userAccessToken`
 *    `{ clientId, clientSecret, code, grantType: 'authorization_code' }` → `accessToken`, and reads
 *    the person, `GET <apiBase>/v1.0/contact/users/me` with `x-acs-dingtalk-access-token` →
 *    `{ unionId, mobile, nick }`.
 */
import type { DingtalkSettings } from '../../../seed/config/tenant-config';
import { fetchJson, ScanRefused, ScanUnavailable } from './errors';

export function dingtalkAuthorizeUrl(s: DingtalkSettings, redirectUri: string, state: string): string {
  const query = new URLSearchParams({
    redirect_uri: redirectUri,
    response_type: 'code',
    client_id: s.clientId,
    scope: 'openid',
    state,
    prompt: 'consent',
  });
  return `${s.authorizeBase}/oauth2/auth?${query}`;
}

export interface DingtalkPerson {
  unionId: string;
  /** Mobile number without country code, when the app may read it. */
  mobile?: string;
  nick?: string;
}

/** The person behind a login code. A refused code is `ScanRefused`. */
export async function dingtalkPerson(s: DingtalkSettings, code: string): Promise<DingtalkPerson> {
  const token = await fetchJson(`${s.apiBase}/v1.0/oauth2/userAccessToken`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ clientId: s.clientId, clientSecret: s.clientSecret, code, grantType: 'authorization_code' }),
  });
  if (token.status !== 200 || typeof token.body.accessToken !== 'string') {
    const reason = `DingTalk userAccessToken: ${token.status} ${String(token.body.code)}`;
    throw token.status >= 500 ? new ScanUnavailable(reason) : new ScanRefused(reason);
  }
  const me = await fetchJson(`${s.apiBase}/v1.0/contact/users/me`, {
    headers: { 'x-acs-dingtalk-access-token': token.body.accessToken },
  });
  if (me.status !== 200 || typeof me.body.unionId !== 'string' || me.body.unionId === '') {
    throw new ScanUnavailable(`DingTalk users/me: ${me.status} ${String(me.body.code)}`);
  }
  return {
    unionId: me.body.unionId,
    mobile: typeof me.body.mobile === 'string' && me.body.mobile !== '' ? me.body.mobile : undefined,
    nick: typeof me.body.nick === 'string' ? me.body.nick : undefined,
  };
}
