/**
 * An OpenID Connect provider on loopback (oidc-provider) for single sign-on tests and demo
 * runs: registered clients, a few accounts with their claims (`employee_number` among them),
 * PKCE required, profile claims in the ID token.
 *
 * Sign-in is a minimal form (`/interaction/<uid>`: account, then a consent button), which
 * `completeOidcFlow` fills in by fetch. With `autoLogin` the provider signs that account in and
 * consents without any page, so a browser run goes straight back to the site.
 */
import { generateKeyPairSync, randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import Provider from 'oidc-provider';
import { listenOn, type Listening } from './listen';

export interface OidcClient {
  clientId: string;
  clientSecret: string;
  redirectUris: string[];
}

export interface OidcStandinOptions {
  clients: OidcClient[];
  /** Accounts by id (`sub`), with their claims. */
  accounts: Record<string, Record<string, string>>;
  /** Sign this account in (and consent) without showing a page. */
  autoLogin?: string;
  host?: string;
  port?: number;
}

export interface OidcStandin extends Listening {
  issuer: string;
  provider: Provider;
}

/** Lifetimes in seconds of what the provider issues. */
const TTL = { AccessToken: 600, AuthorizationCode: 60, Grant: 3600, IdToken: 600, Interaction: 600, Session: 3600 };

type Stored = { payload: Record<string, unknown>; expiresAt: number };

/**
 * oidc-provider's storage contract, in memory and per provider instance (the library's own
 * memory adapter is shared and logs a warning).
 */
function memoryAdapter() {
  const store = new Map<string, Stored>();
  const live = (key: string) => {
    const entry = store.get(key);
    if (entry && entry.expiresAt < Date.now()) store.delete(key);
    return entry && entry.expiresAt >= Date.now() ? entry.payload : undefined;
  };
  return class MemoryAdapter {
    constructor(private readonly model: string) {}
    private key(id: string) {
      return `${this.model}:${id}`;
    }
    async upsert(id: string, payload: Record<string, unknown>, expiresIn: number) {
      store.set(this.key(id), { payload, expiresAt: Date.now() + expiresIn * 1000 });
      if (typeof payload.grantId === 'string') {
        const grant = `grant:${payload.grantId}`;
        const ids = (live(grant)?.ids as string[] | undefined) ?? [];
        store.set(grant, { payload: { ids: [...ids, this.key(id)] }, expiresAt: Date.now() + expiresIn * 1000 });
      }
      if (typeof payload.uid === 'string') store.set(`${this.model}:uid:${payload.uid}`, { payload: { id }, expiresAt: Date.now() + expiresIn * 1000 });
      if (typeof payload.userCode === 'string') store.set(`${this.model}:userCode:${payload.userCode}`, { payload: { id }, expiresAt: Date.now() + expiresIn * 1000 });
    }
    async find(id: string) {
      return live(this.key(id));
    }
    async findByUid(uid: string) {
      const ref = live(`${this.model}:uid:${uid}`);
      return ref && live(this.key(String(ref.id)));
    }
    async findByUserCode(userCode: string) {
      const ref = live(`${this.model}:userCode:${userCode}`);
      return ref && live(this.key(String(ref.id)));
    }
    async consume(id: string) {
      const payload = live(this.key(id));
      if (payload) payload.consumed = Math.floor(Date.now() / 1000);
    }
    async destroy(id: string) {
      store.delete(this.key(id));
    }
    async revokeByGrantId(grantId: string) {
      for (const key of (live(`grant:${grantId}`)?.ids as string[] | undefined) ?? []) store.delete(key);
      store.delete(`grant:${grantId}`);
    }
  };
}

/** Claims the provider releases with the `profile` scope. */
const PROFILE_CLAIMS = ['name', 'preferred_username', 'employee_number'];

const page = (title: string, body: string) =>
  `<!doctype html><html lang="zh"><meta charset="utf-8"><title>${title}</title><body><h1>${title}</h1>${body}</body></html>`;
const escape = (text: string) => text.replace(/[<>&"']/g, (ch) => `&#${ch.charCodeAt(0)};`);

async function readForm(req: IncomingMessage): Promise<URLSearchParams> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return new URLSearchParams(Buffer.concat(chunks).toString('utf8'));
}

function sendHtml(res: ServerResponse, status: number, html: string): void {
  res.writeHead(status, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' });
  res.end(html);
}

export async function startOidcProvider(options: OidcStandinOptions): Promise<OidcStandin> {
  const server = createServer();
  const listening = await listenOn(server, options.host, options.port);
  const issuer = listening.url;
  const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });

  const provider = new Provider(issuer, {
    clients: options.clients.map((c) => ({
      client_id: c.clientId,
      client_secret: c.clientSecret,
      redirect_uris: c.redirectUris,
      grant_types: ['authorization_code'],
      response_types: ['code'],
      token_endpoint_auth_method: 'client_secret_basic',
    })),
    async findAccount(_ctx: unknown, sub: string) {
      const claims = options.accounts[sub];
      return claims && { accountId: sub, claims: async () => ({ sub, ...claims }) };
    },
    adapter: memoryAdapter(),
    ttl: TTL,
    claims: { openid: ['sub'], profile: PROFILE_CLAIMS },
    conformIdTokenClaims: false,
    pkce: { required: () => true },
    features: { devInteractions: { enabled: false } },
    cookies: { keys: [randomBytes(32).toString('base64url')] },
    jwks: { keys: [{ ...privateKey.export({ format: 'jwk' }), kid: 'standin', use: 'sig', alg: 'RS256' }] },
  });
  const handle = provider.callback();

  async function consent(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const interaction = await provider.interactionDetails(req, res);
    const accountId = interaction.session?.accountId;
    const clientId = String(interaction.params.client_id);
    if (!accountId) throw new Error('consent without a signed-in account');
    const grant = interaction.grantId
      ? ((await provider.Grant.find(interaction.grantId)) ?? new provider.Grant({ accountId, clientId }))
      : new provider.Grant({ accountId, clientId });
    const details = interaction.prompt.details as {
      missingOIDCScope?: string[];
      missingOIDCClaims?: string[];
      missingResourceScopes?: Record<string, string[]>;
    };
    if (details.missingOIDCScope) grant.addOIDCScope(details.missingOIDCScope.join(' '));
    if (details.missingOIDCClaims) grant.addOIDCClaims(details.missingOIDCClaims);
    for (const [indicator, scopes] of Object.entries(details.missingResourceScopes ?? {})) {
      grant.addResourceScope(indicator, scopes.join(' '));
    }
    const grantId = await grant.save();
    await provider.interactionFinished(req, res, { consent: { grantId } }, { mergeWithLastSubmission: true });
  }

  async function interaction(req: IncomingMessage, res: ServerResponse, uid: string, action: string | undefined) {
    const details = await provider.interactionDetails(req, res);
    const base = `/interaction/${encodeURIComponent(uid)}`;
    if (details.prompt.name === 'login') {
      if (req.method === 'POST' && action === 'login') {
        const account = (await readForm(req)).get('account') ?? '';
        if (!options.accounts[account]) {
          return sendHtml(res, 200, loginForm(base, '账号不存在'));
        }
        return provider.interactionFinished(req, res, { login: { accountId: account } }, { mergeWithLastSubmission: false });
      }
      if (options.autoLogin) {
        return provider.interactionFinished(req, res, { login: { accountId: options.autoLogin } }, { mergeWithLastSubmission: false });
      }
      return sendHtml(res, 200, loginForm(base));
    }
    if (details.prompt.name === 'consent') {
      if ((req.method === 'POST' && action === 'confirm') || options.autoLogin) return consent(req, res);
      return sendHtml(
        res,
        200,
        page('授权', `<form method="post" action="${base}/confirm"><button type="submit">同意并继续</button></form>`),
      );
    }
    return sendHtml(res, 400, page('错误', `<p>unknown prompt ${escape(details.prompt.name)}</p>`));
  }

  server.on('request', (req: IncomingMessage, res: ServerResponse) => {
    const path = new URL(req.url ?? '/', issuer).pathname;
    const match = /^\/interaction\/([\w-]+)(?:\/(login|confirm))?$/.exec(path);
    if (!match) return handle(req, res);
    interaction(req, res, match[1]!, match[2]).catch((error: unknown) => {
      if (!res.headersSent) sendHtml(res, 400, page('错误', `<p>${escape(String(error))}</p>`));
    });
  });

  return { ...listening, issuer, provider };
}

function loginForm(base: string, error = ''): string {
  return page(
    '登录',
    `${error ? `<p role="alert">${escape(error)}</p>` : ''}<form method="post" action="${base}/login">` +
      '<label>账号 <input name="account" autocomplete="username"></label><button type="submit">登录</button></form>',
  );
}

/**
 * Goes through the provider's pages as a browser would (following redirects, keeping cookies,
 * filling in the login form with `accountId` and consenting) and returns the address the
 * provider finally sends the browser to: the client's redirect URI with `code` and `state`.
 */
export async function completeOidcFlow(authorizeUrl: string, accountId: string): Promise<URL> {
  const jar = new Map<string, string>();
  const issuerOrigin = new URL(authorizeUrl).origin;
  let url = new URL(authorizeUrl);
  let init: { method: string; body?: string } = { method: 'GET' };
  for (let step = 0; step < 20; step++) {
    const headers: Record<string, string> = { cookie: [...jar].map(([k, v]) => `${k}=${v}`).join('; ') };
    if (init.body !== undefined) headers['content-type'] = 'application/x-www-form-urlencoded';
    const res = await fetch(url, { ...init, headers, redirect: 'manual' });
    for (const cookie of res.headers.getSetCookie()) {
      const [pair] = cookie.split(';');
      const at = pair!.indexOf('=');
      jar.set(pair!.slice(0, at).trim(), pair!.slice(at + 1).trim());
    }
    const location = res.headers.get('location');
    if (res.status >= 300 && res.status < 400 && location) {
      const next = new URL(location, url);
      if (next.origin !== issuerOrigin) return next;
      url = next;
      init = { method: 'GET' };
      continue;
    }
    const html = await res.text();
    const action = /<form method="post" action="([^"]+)"/.exec(html)?.[1];
    if (res.status !== 200 || !action) throw new Error(`OIDC flow stopped at ${url.pathname}: ${res.status} ${html.slice(0, 300)}`);
    url = new URL(action, url);
    init = { method: 'POST', body: action.endsWith('/login') ? new URLSearchParams({ account: accountId }).toString() : '' };
  }
  throw new Error('OIDC flow did not finish in 20 steps');
}
