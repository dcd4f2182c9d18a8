/**
 * A loopback stand-in for DingTalk's login page and the two API calls the gateway makes:
 *
 * - `GET /oauth2/auth?redirect_uri&response_type=code&client_id&scope=openid&state&prompt`:
 *   acts as if the configured person scanned and agreed, and sends the browser to
 *   `redirect_uri` with `authCode`, `code` and `state`.
 * - `POST /v1.0/oauth2/userAccessToken` `{ clientId, clientSecret, code, grantType }` →
 *   `{ accessToken, refreshToken, expireIn, corpId }`; 400 with `{ code, message }` for an
 *   unknown client, a wrong secret, another grant type or an unknown, used or expired code.
 * - `GET /v1.0/contact/users/me` with `x-acs-dingtalk-access-token` →
 *   `{ nick, unionId, openId, mobile, stateCode, … }`; 401 for an unknown token.
 * - `POST /__standin/scanner` `{ scanner }`: changes who scans next (browser runs).
 */
import { Hono } from 'hono';
import { errorPage, listenApp, opaque, withQuery, type Listening } from './listen';

export interface DingtalkApp {
  clientId: string;
  clientSecret: string;
}

export interface DingtalkPersonRecord {
  unionId: string;
  nick: string;
  mobile?: string;
}

export interface DingtalkStandinOptions {
  apps: DingtalkApp[];
  /** DingTalk accounts that can scan. */
  people: DingtalkPersonRecord[];
  /** The `unionId` of whoever scans. */
  scanner: string;
  host?: string;
  port?: number;
}

export interface DingtalkStandin extends Listening {
  scanAs(unionId: string): void;
}

const CODE_TTL_MS = 5 * 60 * 1000;
const TOKEN_TTL_SECONDS = 7200;

const refusal = (code: string, message: string) => ({ code, message, requestid: opaque(8) });

export function dingtalkStandinApp(options: DingtalkStandinOptions): { app: Hono; scanAs: DingtalkStandin['scanAs'] } {
  let scanner = options.scanner;
  const codes = new Map<string, { clientId: string; unionId: string; expiresAt: number }>();
  const tokens = new Map<string, { unionId: string; expiresAt: number }>();
  const app = new Hono();

  app.get('/oauth2/auth', (c) => {
    const q = c.req.query();
    const known = options.apps.find((a) => a.clientId === q.client_id);
    if (!known) return c.html(errorPage('应用不存在或 client_id 无效'), 400);
    if (q.response_type !== 'code' || !(q.scope ?? '').split(/\s+/).includes('openid')) {
      return c.html(errorPage('参数错误：response_type 或 scope 无效'), 400);
    }
    let redirect: URL;
    try {
      redirect = new URL(q.redirect_uri ?? '');
    } catch {
      return c.html(errorPage('参数错误：redirect_uri 无效'), 400);
    }
    const code = opaque();
    codes.set(code, { clientId: known.clientId, unionId: scanner, expiresAt: Date.now() + CODE_TTL_MS });
    return c.redirect(withQuery(redirect.href, { authCode: code, code, state: q.state ?? '' }), 302);
  });

  app.post('/v1.0/oauth2/userAccessToken', async (c) => {
    const body = (await c.req.json().catch(() => ({}))) as Record<string, unknown>;
    const known = options.apps.find((a) => a.clientId === body.clientId);
    if (!known || known.clientSecret !== body.clientSecret) {
      return c.json(refusal('invalidClientIdOrSecret', '无效的clientId或者clientSecret'), 400);
    }
    if (body.grantType !== 'authorization_code') return c.json(refusal('invalidParameter.grantType', 'grantType 无效'), 400);
    const code = typeof body.code === 'string' ? body.code : '';
    const issued = codes.get(code);
    codes.delete(code);
    if (!issued || issued.expiresAt < Date.now() || issued.clientId !== known.clientId) {
      return c.json(refusal('invalidAuthCode', '不合法的临时授权码'), 400);
    }
    const accessToken = opaque(32);
    tokens.set(accessToken, { unionId: issued.unionId, expiresAt: Date.now() + TOKEN_TTL_SECONDS * 1000 });
    return c.json({ accessToken, refreshToken: opaque(32), expireIn: TOKEN_TTL_SECONDS, corpId: 'ding-standin-corp' });
  });

  app.get('/v1.0/contact/users/me', (c) => {
    const session = tokens.get(c.req.header('x-acs-dingtalk-access-token') ?? '');
    if (!session || session.expiresAt < Date.now()) {
      return c.json(refusal('InvalidAuthentication', '不合法的access_token'), 401);
    }
    const person = options.people.find((p) => p.unionId === session.unionId);
    if (!person) return c.json(refusal('UserNotExist', '用户不存在'), 404);
    return c.json({
      nick: person.nick,
      avatarUrl: '',
      mobile: person.mobile ?? '',
      openId: `open-${person.unionId}`,
      unionId: person.unionId,
      email: '',
      stateCode: '86',
    });
  });

  // For browser runs: who scans next (`{ "scanner": "dt-lina" }`).
  app.post('/__standin/scanner', async (c) => {
    const body = (await c.req.json().catch(() => ({}))) as { scanner?: unknown };
    if (typeof body.scanner !== 'string' || !body.scanner) return c.json({ ok: false }, 400);
    scanner = body.scanner;
    return c.json({ ok: true, scanner });
  });

  return {
    app,
    scanAs: (unionId) => {
      scanner = unionId;
    },
  };
}

export async function startDingtalkStandin(options: DingtalkStandinOptions): Promise<DingtalkStandin> {
  const { app, scanAs } = dingtalkStandinApp(options);
  return { ...(await listenApp(app, options.host, options.port)), scanAs };
}
