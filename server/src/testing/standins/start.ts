/**
 * The stand-ins of a browser run: WeCom, DingTalk and the single sign-on provider on fixed
 * loopback ports, with the apps and clients of `tenants/*.json`. Start it, then the gateway
 * pointed at it:
 *
 *     WECOM_PORT=4411 DINGTALK_PORT=4412 OIDC_PORT=4413 SITE_ORIGINS=http://localhost:4321,http://127.0.0.1:4321 \
 *       node_modules/.bin/tsx server/src/testing/standins/start.ts
 *     WECOM_BASE=http://127.0.0.1:4411 DINGTALK_BASE=http://127.0.0.1:4412 OIDC_ISSUER=http://127.0.0.1:4413 \
 *       node_modules/.bin/tsx server/src/index.ts
 *
 * Ready when `http://127.0.0.1:<OIDC_PORT>/.well-known/openid-configuration` answers.
 *
 * - `SITE_ORIGINS`: origins of the site, whose `/loginsso` (and `/en/loginsso`) are the
 *   registered redirect addresses (default `http://localhost:4321,http://127.0.0.1:4321`).
 * - `WECOM_USER` (`zhangwei`), `DINGTALK_USER` (`dt-zhangwei`): who "scans"; a run changes it with
 *   `POST <stand-in>/__standin/scanner` `{ "scanner": "…" }`.
 * - `OIDC_ACCOUNT` (`zhangwei`): signed in at the provider without a page; set it empty to
 *   get the provider's login form (account name, then consent).
 * - `STANDIN_HOST` (`127.0.0.1`).
 * Demo identities: see `./directory.ts`.
 */
import { startDingtalkStandin } from './dingtalk';
import { appsOfTenants, DEMO_DINGTALK_PEOPLE, DEMO_OIDC_ACCOUNTS } from './directory';
import { startOidcProvider } from './oidc';
import { startWecomStandin } from './wecom';

const env = process.env;
const host = env.STANDIN_HOST || '127.0.0.1';
const port = (name: string, fallback: number) => {
  const value = Number(env[name] || fallback);
  if (!Number.isInteger(value) || value < 0 || value > 65_535) throw new Error(`${name} must be a port number`);
  return value;
};
const origins = (env.SITE_ORIGINS || 'http://localhost:4321,http://127.0.0.1:4321')
  .split(',')
  .map((o) => o.trim().replace(/\/+$/, ''))
  .filter(Boolean);

const apps = await appsOfTenants();
const wecom = await startWecomStandin({ apps: apps.wecom, scanner: env.WECOM_USER || 'zhangwei', host, port: port('WECOM_PORT', 4411) });
const dingtalk = await startDingtalkStandin({
  apps: apps.dingtalk,
  people: DEMO_DINGTALK_PEOPLE,
  scanner: env.DINGTALK_USER || 'dt-zhangwei',
  host,
  port: port('DINGTALK_PORT', 4412),
});
const oidc = await startOidcProvider({
  clients: apps.oidc.map((c) => ({ ...c, redirectUris: origins.flatMap((o) => [`${o}/loginsso`, `${o}/en/loginsso`]) })),
  accounts: DEMO_OIDC_ACCOUNTS,
  autoLogin: (env.OIDC_ACCOUNT ?? 'zhangwei') || undefined,
  host,
  port: port('OIDC_PORT', 4413),
});

console.log(`WeCom stand-in     ${wecom.url}   (WECOM_BASE)`);
console.log(`DingTalk stand-in  ${dingtalk.url}   (DINGTALK_BASE)`);
console.log(`OIDC provider      ${oidc.issuer}   (OIDC_ISSUER), redirect URIs on ${origins.join(', ')}`);

let stopping = false;
async function stop(): Promise<void> {
  if (stopping) return;
  stopping = true;
  await Promise.all([wecom.close(), dingtalk.close(), oidc.close()]);
  process.exit(0);
}
process.on('SIGINT', () => void stop());
process.on('SIGTERM', () => void stop());
