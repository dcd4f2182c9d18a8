/**
 * A loopback stand-in for WeCom's web login and the two server calls the gateway makes, with
 * WeCom's answers and error codes:
 *
 * - `GET /wwlogin/sso/login?login_type=CorpApp&appid&agentid&redirect_uri&state`: the login
 *   page. Instead of showing a QR code it acts as if the configured person scanned it and
 *   sends the browser straight to `redirect_uri` with `code` and `state`.
 * - `GET /cgi-bin/gettoken?corpid&corpsecret` → `{ errcode: 0, access_token, expires_in }`;
 *   40013 unknown corp, 40001 wrong secret.
 * - `GET /cgi-bin/auth/getuserinfo?access_token&code` → `{ errcode: 0, userid }`; 40014
 *   unknown token, 40029 unknown, used, expired or another company's code. A person outside
 *   the company gets `openid` instead of `userid`, as on WeCom.
 * - `POST /__standin/scanner` `{ scanner }`: changes who scans next (browser runs).
 */
import { Hono } from 'hono';
import { errorPage, listenApp, opaque, withQuery, type Listening } from './listen';

export interface WecomApp {
  corpId: string;
  agentId: string;
  secret: string;
}

export interface WecomStandinOptions {
  apps: WecomApp[];
  /** The WeCom user id of whoever "scans"; `{ openid }` for someone outside the company. */
  scanner: string | { openid: string };
  host?: string;
  port?: number;
}

export interface WecomStandin extends Listening {
  /** Changes who scans next. */
  scanAs(scanner: string | { openid: string }): void;
}

const CODE_TTL_MS = 5 * 60 * 1000;
const TOKEN_TTL_SECONDS = 7200;

export function wecomStandinApp(options: WecomStandinOptions): { app: Hono; scanAs: WecomStandin['scanAs'] } {
  let scanner = options.scanner;
  const codes = new Map<string, { corpId: string; who: string | { openid: string }; expiresAt: number }>();
  const tokens = new Map<string, { corpId: string; expiresAt: number }>();
  const app = new Hono();

  app.get('/wwlogin/sso/login', (c) => {
    const q = c.req.query();
    const known = options.apps.find((a) => a.corpId === q.appid && a.agentId === q.agentid);
    if (q.login_type !== 'CorpApp' || !known) return c.html(errorPage('参数错误：appid 或 agentid 无效'), 400);
    let redirect: URL;
    try {
      redirect = new URL(q.redirect_uri ?? '');
    } catch {
      return c.html(errorPage('参数错误：redirect_uri 无效'), 400);
    }
    const code = opaque();
    codes.set(code, { corpId: known.corpId, who: scanner, expiresAt: Date.now() + CODE_TTL_MS });
    return c.redirect(withQuery(redirect.href, { code, state: q.state ?? '' }), 302);
  });

  app.get('/cgi-bin/gettoken', (c) => {
    const { corpid, corpsecret } = c.req.query();
    const corp = options.apps.filter((a) => a.corpId === corpid);
    if (corp.length === 0) return c.json({ errcode: 40013, errmsg: 'invalid corpid' });
    if (!corp.some((a) => a.secret === corpsecret)) return c.json({ errcode: 40001, errmsg: 'invalid credential' });
    const token = opaque(32);
    tokens.set(token, { corpId: corpid!, expiresAt: Date.now() + TOKEN_TTL_SECONDS * 1000 });
    return c.json({ errcode: 0, errmsg: 'ok', access_token: token, expires_in: TOKEN_TTL_SECONDS });
  });

  app.get('/cgi-bin/auth/getuserinfo', (c) => {
    const { access_token: token, code } = c.req.query();
    const session = token ? tokens.get(token) : undefined;
    if (!session || session.expiresAt < Date.now()) return c.json({ errcode: 40014, errmsg: 'invalid access_token' });
    const issued = code ? codes.get(code) : undefined;
    if (code) codes.delete(code);
    if (!issued || issued.expiresAt < Date.now() || issued.corpId !== session.corpId) {
      return c.json({ errcode: 40029, errmsg: 'invalid code' });
    }
    return typeof issued.who === 'string'
      ? c.json({ errcode: 0, errmsg: 'ok', userid: issued.who, user_ticket: opaque(24) })
      : c.json({ errcode: 0, errmsg: 'ok', openid: issued.who.openid });
  });

  // For browser runs: who scans next (`{ "scanner": "liuyang" }` or `{ "scanner": { "openid": "o-1" } }`).
  app.post('/__standin/scanner', async (c) => {
    const body = (await c.req.json().catch(() => ({}))) as { scanner?: unknown };
    const next = body.scanner;
    if (typeof next === 'string' && next) scanner = next;
    else if (next && typeof next === 'object' && typeof (next as { openid?: unknown }).openid === 'string') {
      scanner = { openid: (next as { openid: string }).openid };
    } else return c.json({ ok: false }, 400);
    return c.json({ ok: true, scanner });
  });

  return {
    app,
    scanAs: (next) => {
      scanner = next;
    },
  };
}

export async function startWecomStandin(options: WecomStandinOptions): Promise<WecomStandin> {
  const { app, scanAs } = wecomStandinApp(options);
  return { ...(await listenApp(app, options.host, options.port)), scanAs };
}
