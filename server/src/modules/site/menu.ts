/**
 * The navigation menu of the learner site's header (spec section 2): items with both titles, a
 * page type (1 home … 7 account) or a custom link (10, `navUrl` or `linkUrl`, in this or a new
 * tab), shown or hidden, in order. The menu is cached with the enterprise, so every change
 * forgets it in every gateway process.
 */
import { Code } from '@/api/codes';
import type { SiteNavItem } from '@/api/crm-site-types';
import type { navItemSchema } from '@/lib/schemas/site';
import { NAV_TYPE_CUSTOM } from '@/lib/site-rules';
import type { z } from 'zod';
import { changesOf, recordAudit } from '../../audit';
import { scoped } from '../../db/access';
import type { NavRow } from '../../db/access/site-settings';
import { ApiError } from '../../envelope';
import type { AuthContext } from '../../routing';
import { tenantChanges } from '../../tenant';
import { checkedLink, inOrder, requireSameItems } from './checks';

type NavInput = z.output<typeof navItemSchema>;

const FIELDS = ['titleZh', 'titleEn', 'navMenuType', 'navUrl', 'linkUrl', 'target', 'isMenu'] as const;

function toItem(r: NavRow): SiteNavItem {
  return {
    id: r.id,
    titleZh: r.titleZh,
    titleEn: r.titleEn,
    navMenuType: r.navMenuType,
    navUrl: r.navUrl,
    linkUrl: r.linkUrl,
    isMenu: r.isMenu,
    target: r.target,
  };
}

const notFound = () => new ApiError(Code.NOT_FOUND, 'site.navNotFound');

export async function siteNavList(ctx: AuthContext): Promise<SiteNavItem[]> {
  return (await ctx.scope.siteSettings.nav()).map(toItem);
}

/** Creates an item (no `id`, added last) or edits one; page types keep no link of their own. */
export async function siteNavSave(ctx: AuthContext, body: NavInput): Promise<SiteNavItem> {
  const eid = ctx.tenant.id;
  const saved = await ctx.db.transaction(async (tx) => {
    const s = scoped(tx, eid);
    const before = body.id ? await s.siteSettings.navItem(body.id) : undefined;
    if (body.id && !before) throw notFound();
    const custom = body.navMenuType === NAV_TYPE_CUSTOM;
    const patch = {
      titleZh: body.titleZh,
      titleEn: body.titleEn,
      navMenuType: body.navMenuType,
      navUrl: custom ? await checkedLink(s, 'navUrl', body.navUrl, before?.navUrl ?? '') : '',
      linkUrl: custom ? await checkedLink(s, 'linkUrl', body.linkUrl, before?.linkUrl ?? '') : '',
      target: body.target,
      isMenu: body.isMenu,
    };
    const row = before ? await s.siteSettings.updateNav(before.id, patch) : await s.siteSettings.insertNav(patch);
    if (!row) throw notFound();
    await recordAudit(s, ctx.member, [
      { action: before ? 'update' : 'create', objectType: 'nav', objectId: row.id, objectLabel: row.titleZh, changes: changesOf(before, row, FIELDS) },
    ]);
    return row;
  });
  await tenantChanges.forget(eid);
  return toItem(saved);
}

/** Shows (1) or hides (0) an item in the header. */
export async function siteNavShow(ctx: AuthContext, body: { id: string; isMenu: 0 | 1 }): Promise<SiteNavItem> {
  const eid = ctx.tenant.id;
  const saved = await ctx.db.transaction(async (tx) => {
    const s = scoped(tx, eid);
    const before = await s.siteSettings.navItem(body.id);
    if (!before) throw notFound();
    const row = await s.siteSettings.updateNav(body.id, { isMenu: body.isMenu });
    if (!row) throw notFound();
    await recordAudit(s, ctx.member, [
      { action: 'update', objectType: 'nav', objectId: row.id, objectLabel: row.titleZh, changes: changesOf(before, row, ['isMenu']) },
    ]);
    return row;
  });
  await tenantChanges.forget(eid);
  return toItem(saved);
}

export async function siteNavDelete(ctx: AuthContext, id: string): Promise<null> {
  const eid = ctx.tenant.id;
  await ctx.db.transaction(async (tx) => {
    const s = scoped(tx, eid);
    const before = await s.siteSettings.navItem(id);
    if (!before || !(await s.siteSettings.deleteNav(id))) throw notFound();
    await recordAudit(s, ctx.member, [
      { action: 'delete', objectType: 'nav', objectId: id, objectLabel: before.titleZh, changes: changesOf(before, null, FIELDS) },
    ]);
  });
  await tenantChanges.forget(eid);
  return null;
}

/** Puts the items in the order of `ids`, which must list every item once. */
export async function siteNavReorder(ctx: AuthContext, ids: string[]): Promise<SiteNavItem[]> {
  const eid = ctx.tenant.id;
  const rows = await ctx.db.transaction(async (tx) => {
    const s = scoped(tx, eid);
    const current = await s.siteSettings.nav();
    requireSameItems(current, ids);
    await s.siteSettings.reorderNav(ids);
    const titles = (list: NavRow[]) => list.map((r) => r.titleZh);
    const changes = changesOf({ order: titles(current) }, { order: titles(inOrder(current, ids)) }, ['order']);
    if (changes.length > 0) {
      await recordAudit(s, ctx.member, [{ action: 'reorder', objectType: 'nav', objectId: eid, objectLabel: 'order', changes }]);
    }
    return s.siteSettings.nav();
  });
  await tenantChanges.forget(eid);
  return rows.map(toItem);
}
