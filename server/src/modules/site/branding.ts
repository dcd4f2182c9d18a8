/**
 * The company's branding (names, titles, logo, favicon, brand colours) and its domains. A change
 * forgets the cached enterprise in every gateway process, so the learner site's next page load
 * gets the new web info (the browser's cached copy is replaced by that answer).
 */
import { Code } from '@/api/codes';
import type { SiteSettings } from '@/api/crm-site-types';
import type { SiteSettingsBody } from '@/lib/schemas/site';
import { LOGO_MAX_BYTES, MAX_DOMAINS, normalizeDomain } from '@/lib/site-rules';
import { changesOf, recordAudit } from '../../audit';
import { scoped } from '../../db/access';
import { ApiError } from '../../envelope';
import type { AuthContext } from '../../routing';
import { normalizeHost, tenantChanges } from '../../tenant';
import { checkedPicture } from './checks';

/** Branding fields, in the form's order; all are audited. */
const FIELDS = ['nameZh', 'nameEn', 'titleZh', 'titleEn', 'logo', 'icon', 'colorPrimary', 'colorPrimaryForeground', 'colorAccent'] as const;

/** The host the request came in on. */
function requestHost(ctx: AuthContext): string {
  return normalizeHost(new URL(ctx.c.req.url).host);
}

export async function siteView(ctx: AuthContext): Promise<SiteSettings> {
  const s = ctx.scope.siteSettings;
  const [branding, domains] = await Promise.all([s.branding(), s.domains()]);
  if (!branding) throw new ApiError(Code.NOT_FOUND, 'tenantNotFound');
  const host = requestHost(ctx);
  return {
    nameZh: branding.nameZh,
    nameEn: branding.nameEn,
    titleZh: branding.titleZh,
    titleEn: branding.titleEn,
    logo: branding.logo,
    icon: branding.icon,
    colorPrimary: branding.colorPrimary,
    colorPrimaryForeground: branding.colorPrimaryForeground,
    colorAccent: branding.colorAccent,
    domains: domains.map((domain) => ({ domain, current: domain === host })),
  };
}

export async function siteSave(ctx: AuthContext, body: SiteSettingsBody): Promise<SiteSettings> {
  const eid = ctx.tenant.id;
  await ctx.db.transaction(async (tx) => {
    const s = scoped(tx, eid);
    const before = await s.siteSettings.branding();
    if (!before) throw new ApiError(Code.NOT_FOUND, 'tenantNotFound');
    const after = {
      nameZh: body.nameZh,
      nameEn: body.nameEn,
      titleZh: body.titleZh,
      titleEn: body.titleEn,
      logo: await checkedPicture(s, 'logo', body.logo, before.logo, { maxBytes: LOGO_MAX_BYTES }),
      icon: await checkedPicture(s, 'icon', body.icon, before.icon),
      colorPrimary: body.colorPrimary.toLowerCase(),
      colorPrimaryForeground: body.colorPrimaryForeground.toLowerCase(),
      colorAccent: body.colorAccent.toLowerCase(),
    };
    await s.siteSettings.saveBranding(after);
    await recordAudit(s, ctx.member, [
      { action: 'update', objectType: 'site', objectId: eid, objectLabel: after.nameZh, changes: changesOf(before, after, FIELDS) },
    ]);
  });
  await tenantChanges.forget(eid);
  return siteView(ctx);
}

export async function siteDomainAdd(ctx: AuthContext, input: { domain: string }): Promise<SiteSettings> {
  const eid = ctx.tenant.id;
  const domain = normalizeDomain(input.domain);
  await ctx.db.transaction(async (tx) => {
    const s = scoped(tx, eid);
    const holder = await s.siteSettings.domainHolder(domain);
    if (holder === 'own') throw new ApiError(Code.INVALID, 'site.domainExists');
    if (holder === 'other') throw new ApiError(Code.INVALID, 'site.domainTaken');
    if ((await s.siteSettings.domains()).length >= MAX_DOMAINS) {
      throw new ApiError(Code.INVALID, 'site.domainLimit', null, { max: MAX_DOMAINS });
    }
    // Another company may have taken it since the look-up above.
    if (!(await s.siteSettings.addDomain(domain))) throw new ApiError(Code.INVALID, 'site.domainTaken');
    await recordAudit(s, ctx.member, [
      { action: 'create', objectType: 'domain', objectId: domain, objectLabel: domain, changes: changesOf(null, { domain }, ['domain']) },
    ]);
  });
  await tenantChanges.forget(eid);
  return siteView(ctx);
}

export async function siteDomainRemove(ctx: AuthContext, input: { domain: string }): Promise<SiteSettings> {
  const eid = ctx.tenant.id;
  const domain = normalizeDomain(input.domain);
  await ctx.db.transaction(async (tx) => {
    const s = scoped(tx, eid);
    const domains = await s.siteSettings.domains();
    if (!domains.includes(domain)) throw new ApiError(Code.NOT_FOUND, 'site.domainNotFound');
    if (domain === requestHost(ctx)) throw new ApiError(Code.INVALID, 'site.domainCurrent');
    if (domains.length <= 1) throw new ApiError(Code.INVALID, 'site.domainLast');
    await s.siteSettings.removeDomain(domain);
    await recordAudit(s, ctx.member, [
      { action: 'delete', objectType: 'domain', objectId: domain, objectLabel: domain, changes: changesOf({ domain }, null, ['domain']) },
    ]);
  });
  await tenantChanges.forget(eid);
  return siteView(ctx);
}
