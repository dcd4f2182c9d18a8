/**
 * The per-enterprise settings of the sign-in ways, as stored from the tenant files, checked
 * on read. Environment variables read by the gateway replace the services' addresses for
 * every enterprise, so that a test or demo run points them at loopback stand-ins:
 * `WECOM_BASE` (login page and API of WeCom), `DINGTALK_BASE` (of DingTalk) and
 * `OIDC_ISSUER` (the single sign-on provider).
 */
import {
  dingtalkSettingsSchema,
  ssoSettingsSchema,
  wecomSettingsSchema,
  type DingtalkSettings,
  type SsoSettings,
  type WecomSettings,
} from '../../seed/config/tenant-config';
import type { SignInScope } from '../../db/access/sign-in';

const withoutSlash = (url: string) => url.replace(/\/+$/, '');

export async function wecomSettings(scope: SignInScope): Promise<WecomSettings | undefined> {
  const parsed = wecomSettingsSchema.safeParse(await scope.settings('wecom'));
  if (!parsed.success) return undefined;
  const base = process.env.WECOM_BASE;
  return base ? { ...parsed.data, authorizeBase: withoutSlash(base), apiBase: withoutSlash(base) } : parsed.data;
}

export async function dingtalkSettings(scope: SignInScope): Promise<DingtalkSettings | undefined> {
  const parsed = dingtalkSettingsSchema.safeParse(await scope.settings('dingtalk'));
  if (!parsed.success) return undefined;
  const base = process.env.DINGTALK_BASE;
  return base ? { ...parsed.data, authorizeBase: withoutSlash(base), apiBase: withoutSlash(base) } : parsed.data;
}

export async function ssoSettings(scope: SignInScope): Promise<SsoSettings | undefined> {
  const parsed = ssoSettingsSchema.safeParse(await scope.settings('oidc'));
  if (!parsed.success) return undefined;
  const issuer = process.env.OIDC_ISSUER;
  return issuer ? { ...parsed.data, issuer: withoutSlash(issuer) } : parsed.data;
}
