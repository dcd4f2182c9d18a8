/**
 * Writes a tenant file's sign-in settings (`scan`, `sso`) and its users' linked accounts
 * (`wecomUserId`, `dingtalkUnionId`) for a newly seeded enterprise.
 */
import type { TenantConfig } from '../../seed/config/tenant-config';
import type { Db } from '../../db/client';
import { scoped } from '../../db/access';

export async function seedSignIn(db: Db, enterpriseId: string, config: TenantConfig): Promise<void> {
  const scope = scoped(db, enterpriseId).signIn;
  if (config.scan?.wecom) await scope.saveSettings('wecom', config.scan.wecom);
  if (config.scan?.dingtalk) await scope.saveSettings('dingtalk', config.scan.dingtalk);
  if (config.sso) await scope.saveSettings('oidc', config.sso);
  for (const user of config.seed.users) {
    if (!user.wecomUserId && !user.dingtalkUnionId) continue;
    const member = await scope.memberByEmpNo(user.empNo);
    if (!member) continue;
    if (user.wecomUserId) await scope.linkIdentity('wecom', user.wecomUserId, member.id);
    if (user.dingtalkUnionId) await scope.linkIdentity('dingtalk', user.dingtalkUnionId, member.id);
  }
}
