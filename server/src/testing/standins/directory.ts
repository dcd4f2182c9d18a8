/**
 * Who exists at the stand-ins: the apps and clients of the tenant files (so the gateway's
 * settings are accepted as they are) and a few demo people.
 *
 * Demo identities (company one, 星辰科技 on `localhost`):
 * - WeCom `zhangwei` → E1001 张伟, `liuyang` → E1004 刘洋 (linked in the tenant file);
 * - DingTalk `dt-zhangwei` → E1001 (linked); `dt-lina` is not linked but its mobile is
 *   E1002's phone, so it signs in as E1002; `dt-stranger` matches nobody;
 * - single sign-on accounts `zhangwei` (employee_number E1001), `lina` (E1002) and
 *   `outsider` (X9999, no such member).
 * Company two (青禾制造 on `127.0.0.1`): WeCom `zhouting` → B2001.
 */
import { loadTenantFiles } from '../../seed';
import type { DingtalkApp, DingtalkPersonRecord } from './dingtalk';
import type { WecomApp } from './wecom';

export const DEMO_DINGTALK_PEOPLE: DingtalkPersonRecord[] = [
  { unionId: 'dt-zhangwei', nick: '张伟', mobile: '13816620381' },
  { unionId: 'dt-lina', nick: '李娜', mobile: '13917735402' },
  { unionId: 'dt-stranger', nick: '路人', mobile: '13000000001' },
];

export const DEMO_OIDC_ACCOUNTS: Record<string, Record<string, string>> = {
  zhangwei: { name: '张伟', preferred_username: 'zhangwei', employee_number: 'E1001' },
  lina: { name: '李娜', preferred_username: 'lina', employee_number: 'E1002' },
  outsider: { name: 'Outsider', preferred_username: 'outsider', employee_number: 'X9999' },
};

export interface TenantApps {
  wecom: WecomApp[];
  dingtalk: DingtalkApp[];
  oidc: { clientId: string; clientSecret: string }[];
}

/** The WeCom apps, DingTalk apps and OIDC clients named in the tenant files. */
export async function appsOfTenants(tenantsDir?: string): Promise<TenantApps> {
  const tenants = await loadTenantFiles(tenantsDir);
  const apps: TenantApps = { wecom: [], dingtalk: [], oidc: [] };
  for (const { config } of tenants) {
    const { wecom, dingtalk } = config.scan ?? {};
    if (wecom) apps.wecom.push({ corpId: wecom.corpId, agentId: wecom.agentId, secret: wecom.secret });
    if (dingtalk) apps.dingtalk.push({ clientId: dingtalk.clientId, clientSecret: dingtalk.clientSecret });
    if (config.sso) apps.oidc.push({ clientId: config.sso.clientId, clientSecret: config.sso.clientSecret });
  }
  return apps;
}
