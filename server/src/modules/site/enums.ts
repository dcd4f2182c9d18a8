/**
 * Enum lists as company data: the learner site's `enumList` serves a company's own options of
 * an enum when it has any, else the global ones. Only the enums of `COMPANY_ENUMS` (post levels)
 * are the company's to change; the others carry codes the platform acts on and are refused. Post
 * levels held by members cannot be removed from the list.
 */
import { Code } from '@/api/codes';
import type { SiteEnumOption, SiteEnumSummary, SiteEnumView } from '@/api/crm-site-types';
import type { enumSaveSchema } from '@/lib/schemas/site';
import { isCompanyEnum } from '@/lib/site-rules';
import type { z } from 'zod';
import { changesOf, recordAudit } from '../../audit';
import { scoped, type Scoped } from '../../db/access';
import type { EnumRow } from '../../db/access/site-settings';
import { ApiError } from '../../envelope';
import type { AuthContext } from '../../routing';

type EnumInput = z.output<typeof enumSaveSchema>;

const toOption = (r: Pick<EnumRow, 'value' | 'labelZh' | 'labelEn' | 'groupZh' | 'groupEn'>): SiteEnumOption => ({
  value: r.value,
  labelZh: r.labelZh,
  labelEn: r.labelEn,
  groupZh: r.groupZh ?? '',
  groupEn: r.groupEn ?? '',
});

/** How the audit log keeps a list of options: `value label` each. */
const described = (options: SiteEnumOption[]) => options.map((o) => `${o.value} ${o.labelZh}`);

export async function siteEnumList(ctx: AuthContext): Promise<SiteEnumSummary[]> {
  const rows = await ctx.scope.siteSettings.enumNames();
  return rows.map((r) => ({
    enumName: r.enumName,
    editable: isCompanyEnum(r.enumName),
    own: r.own > 0,
    count: r.own > 0 ? r.own : r.global,
  }));
}

async function viewOf(s: Scoped, enumName: string): Promise<SiteEnumView> {
  const { own, global } = await s.siteSettings.enumOptions(enumName);
  if (own.length === 0 && global.length === 0 && !isCompanyEnum(enumName)) {
    throw new ApiError(Code.NOT_FOUND, 'site.enumUnknown', null, { name: enumName });
  }
  return { enumName, editable: isCompanyEnum(enumName), own: own.length > 0, options: own.map(toOption), global: global.map(toOption) };
}

export function siteEnumView(ctx: AuthContext, enumName: string): Promise<SiteEnumView> {
  return viewOf(ctx.scope, enumName);
}

/** Refuses an enum the company may not change (unknown: not found). */
async function requireEditable(s: Scoped, enumName: string): Promise<SiteEnumView> {
  const view = await viewOf(s, enumName);
  if (!view.editable) throw new ApiError(Code.FORBIDDEN, 'site.enumNotEditable', null, { name: enumName });
  return view;
}

/** Refuses a list of post levels that leaves out one that members hold. */
async function requireHeldKept(s: Scoped, enumName: string, values: string[]): Promise<void> {
  if (enumName !== 'postLevel') return;
  const held = await s.siteSettings.postLevelsOutside(values);
  if (held.length > 0) throw new ApiError(Code.INVALID, 'site.enumInUse', null, { values: held.map((h) => h.value).join(', ') });
}

/** Replaces the company's own options of an enum with these, in this order. */
export async function siteEnumSave(ctx: AuthContext, body: EnumInput): Promise<SiteEnumView> {
  return ctx.db.transaction(async (tx) => {
    const s = scoped(tx, ctx.tenant.id);
    const before = await requireEditable(s, body.enumName);
    const options = body.options.map(toOption);
    await requireHeldKept(s, body.enumName, options.map((o) => o.value));
    await s.siteSettings.setEnumOptions(
      body.enumName,
      options.map((o) => ({ ...o, groupZh: o.groupZh || null, groupEn: o.groupEn || null })),
    );
    const was = before.own ? before.options : before.global;
    await recordAudit(s, ctx.member, [
      {
        action: 'update',
        objectType: 'enum',
        objectId: body.enumName,
        objectLabel: body.enumName,
        changes: changesOf({ own: before.own, options: described(was) }, { own: true, options: described(options) }, ['own', 'options']),
      },
    ]);
    return viewOf(s, body.enumName);
  });
}

/** Drops the company's own options: the global list applies again. */
export async function siteEnumReset(ctx: AuthContext, enumName: string): Promise<SiteEnumView> {
  return ctx.db.transaction(async (tx) => {
    const s = scoped(tx, ctx.tenant.id);
    const before = await requireEditable(s, enumName);
    if (!before.own) return before;
    await requireHeldKept(s, enumName, before.global.map((o) => o.value));
    await s.siteSettings.setEnumOptions(enumName, []);
    await recordAudit(s, ctx.member, [
      {
        // The company's own list is removed: the global one applies again.
        action: 'delete',
        objectType: 'enum',
        objectId: enumName,
        objectLabel: enumName,
        changes: changesOf({ own: true, options: described(before.options) }, { own: false, options: described(before.global) }, ['own', 'options']),
      },
    ]);
    return viewOf(s, enumName);
  });
}
