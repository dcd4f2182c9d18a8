/**
 * The learner site's navigation menu (administrators): every item in order, moved by dragging
 * or by its up/down buttons, shown or hidden with a switch, edited in a dialog (page types 1–7,
 * or a custom link, type 10, with its address and tab); a live preview shows the header as the
 * learner site will: hidden items left out, the first 6 in the bar, the rest under "more".
 */
import PencilIcon from 'lucide-react/icons/pencil';
import PlusIcon from 'lucide-react/icons/plus';
import Trash2Icon from 'lucide-react/icons/trash-2';
import { lazy, Suspense, useCallback, useEffect, useState } from 'react';
import { deleteSiteNavItem, getSiteNav, getSiteSettings, reorderSiteNav, showSiteNavItem } from '@/api/crm-site';
import type { SiteNavItem, SiteSettings } from '@/api/crm-site-types';
import { gatewayMessage, outcomeOf } from '@/api/outcome';
import { ConfirmDialog } from '@/components/crm/data-table/ConfirmDialog';
import { DragGrip, LoadFailed, MoveButtons, useDragReorder, useInOrder } from '@/components/crm/site/common';
import { HeaderPreview, navInLocale } from '@/components/crm/site/HeaderPreview';
import type { NavMessages } from '@/components/crm/site/messages';
import { idsOf, moveItem } from '@/components/crm/site/reorder';
import { CheckingAccess, NoAccess } from '@/components/crm/shell/NoAccess';
import { useCrmAccess } from '@/components/crm/shell/use-crm-access';
import { isHiddenNavTitle } from '@/components/header/nav';
import { Button } from '@/components/ui/button';
import { Switch } from '@/components/ui/switch';
import { Table, TableBody, TableCaption, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { fill } from '@/i18n/fill';
import type { Locale } from '@/i18n/locale-path';
import { NAV_TYPE_CUSTOM } from '@/lib/site-rules';
import { notifySuccess } from '@/stores/toasts';

/** The edit dialog, loaded when first opened (the form and its checks are not needed before). */
const NavItemDialog = lazy(() => import('@/components/crm/site/NavItemDialog').then((m) => ({ default: m.NavItemDialog })));

const titleOf = (item: SiteNavItem, locale: Locale) => (locale === 'en' ? item.titleEn : item.titleZh);

export function NavPage({ locale, messages }: { locale: Locale; messages: NavMessages }) {
  const access = useCrmAccess('admin');
  const [items, setItems] = useState<SiteNavItem[] | null>(null);
  const [brand, setBrand] = useState<SiteSettings | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [editing, setEditing] = useState<SiteNavItem | 'new' | null>(null);
  const [deleting, setDeleting] = useState<SiteNavItem | null>(null);

  const load = useCallback(() => {
    setFailure(null);
    getSiteNav({ isShowErrTip: false }).then(setItems, (e: unknown) => setFailure(gatewayMessage(outcomeOf(e)) ?? ''));
    getSiteSettings({ isShowErrTip: false }).then(setBrand, () => setBrand(null));
  }, []);
  useEffect(() => {
    if (access === 'allowed') load();
  }, [access, load]);

  const inOrder = useInOrder();
  const saveOrder = async (next: SiteNavItem[], previous: SiteNavItem[], undoable = true) => {
    setItems(next);
    try {
      const { value, latest } = await inOrder(() => reorderSiteNav(idsOf(next)));
      if (latest) setItems(value);
      if (undoable) {
        notifySuccess(messages['crmSite.orderSaved'], { label: messages['crmSite.undo'], run: () => void saveOrder(previous, next, false) });
      }
    } catch {
      // The client has shown why; show the order the gateway keeps.
      load();
    }
  };
  const move = (from: number, to: number) => {
    if (!items) return;
    const next = moveItem(items, from, to);
    if (idsOf(next).join() !== idsOf(items).join()) void saveOrder(next, items);
  };
  const rowProps = useDragReorder(move);

  const toggle = async (item: SiteNavItem, shown: boolean, undoable = true) => {
    const patch = (isMenu: number) => setItems((list) => list?.map((i) => (i.id === item.id ? { ...i, isMenu } : i)) ?? null);
    patch(shown ? 1 : 0);
    try {
      await showSiteNavItem(item.id, shown);
      const name = titleOf(item, locale);
      const text = fill(messages[shown ? 'crmSite.nav.shownToast' : 'crmSite.nav.hiddenToast'], { name });
      notifySuccess(text, undoable ? { label: messages['crmSite.undo'], run: () => void toggle(item, !shown, false) } : undefined);
    } catch {
      patch(shown ? 0 : 1);
    }
  };

  if (access === 'pending') return <CheckingAccess messages={messages} />;
  if (access === 'denied') return <NoAccess locale={locale} messages={messages} />;
  if (failure !== null) return <LoadFailed message={failure} onRetry={load} messages={messages} />;
  if (!items) return <p role="status" className="text-muted-foreground text-sm">{messages['crmSite.loading']}</p>;

  return (
    <div className="grid max-w-5xl gap-6">
      <p className="text-muted-foreground text-sm">{messages['crmSite.nav.intro']}</p>
      <HeaderPreview
        brand={{
          logo: brand?.logo ?? '',
          name: (locale === 'en' ? brand?.nameEn : brand?.nameZh) ?? '',
          primary: brand?.colorPrimary ?? '',
          primaryForeground: brand?.colorPrimaryForeground ?? '',
          accent: brand?.colorAccent ?? '',
        }}
        nav={items.map((i) => navInLocale(i, locale))}
        locale={locale}
        messages={messages}
      />
      <div>
        <Button type="button" onClick={() => setEditing('new')}>
          <PlusIcon aria-hidden="true" />
          {messages['crmSite.nav.add']}
        </Button>
      </div>
      {items.length === 0 ? (
        <p className="text-muted-foreground text-sm">{messages['crmSite.nav.empty']}</p>
      ) : (
        <div className="bg-background rounded-md border">
          <Table>
            <TableCaption className="sr-only">{messages['crmSite.nav.caption']}</TableCaption>
            <TableHeader>
              <TableRow>
                <TableHead className="w-28">{messages['crmSite.order']}</TableHead>
                <TableHead>{messages['crmSite.nav.title']}</TableHead>
                <TableHead>{messages['crmSite.nav.type']}</TableHead>
                <TableHead>{messages['crmSite.nav.link']}</TableHead>
                <TableHead>{messages['crmSite.nav.shown']}</TableHead>
                <TableHead className="text-end">{messages['crmSite.actions']}</TableHead>
              </TableRow>
            </TableHeader>
            <TableBody>
              {items.map((item, index) => {
                const name = titleOf(item, locale);
                const hiddenByTitle = isHiddenNavTitle(item.titleZh) || isHiddenNavTitle(item.titleEn);
                return (
                  <TableRow key={item.id} {...rowProps(index)} className="data-[drop-target]:bg-accent data-[dragging]:opacity-50">
                    <TableCell>
                      <span className="flex items-center gap-1" title={messages['crmSite.nav.dragHint']}>
                        <DragGrip />
                        <MoveButtons id={item.id} index={index} count={items.length} name={name} onMove={move} messages={messages} />
                      </span>
                    </TableCell>
                    <TableCell>
                      <span className="font-medium">{item.titleZh}</span>
                      <span className="text-muted-foreground block text-xs" lang="en">
                        {item.titleEn}
                      </span>
                    </TableCell>
                    <TableCell>{messages[`crmSite.nav.type.${item.navMenuType}` as keyof NavMessages] ?? item.navMenuType}</TableCell>
                    <TableCell className="max-w-56 truncate font-mono text-xs">
                      {item.navMenuType === NAV_TYPE_CUSTOM ? (
                        <>
                          {item.navUrl || item.linkUrl}
                          {item.target === '_blank' && <span className="text-muted-foreground ms-1 font-sans">({messages['crmSite.nav.target._blank']})</span>}
                        </>
                      ) : (
                        '—'
                      )}
                    </TableCell>
                    <TableCell>
                      <span className="flex items-center gap-2">
                        <Switch
                          checked={item.isMenu === 1}
                          aria-label={fill(messages['crmSite.nav.showItem'], { name })}
                          onCheckedChange={(checked) => void toggle(item, checked)}
                        />
                        {hiddenByTitle && <span className="text-muted-foreground text-xs">{messages['crmSite.nav.hiddenByTitle']}</span>}
                      </span>
                    </TableCell>
                    <TableCell className="text-end whitespace-nowrap">
                      <Button type="button" variant="ghost" size="icon" aria-label={fill(messages['crmSite.nav.editItem'], { name })} onClick={() => setEditing(item)}>
                        <PencilIcon aria-hidden="true" />
                      </Button>
                      <Button type="button" variant="ghost" size="icon" aria-label={fill(messages['crmSite.nav.deleteItem'], { name })} onClick={() => setDeleting(item)}>
                        <Trash2Icon aria-hidden="true" />
                      </Button>
                    </TableCell>
                  </TableRow>
                );
              })}
            </TableBody>
          </Table>
        </div>
      )}

      {editing !== null && (
        <Suspense fallback={null}>
          <NavItemDialog
          item={editing === 'new' ? null : editing}
          messages={messages}
          onClose={() => setEditing(null)}
          onSaved={(saved) => {
            setItems((list) => {
              if (!list) return [saved];
              return list.some((i) => i.id === saved.id) ? list.map((i) => (i.id === saved.id ? saved : i)) : [...list, saved];
            });
            setEditing(null);
            notifySuccess(fill(messages['crmSite.nav.saved'], { name: titleOf(saved, locale) }));
          }}
          />
        </Suspense>
      )}
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => !open && setDeleting(null)}
        title={messages['crmSite.nav.deleteTitle']}
        description={fill(messages['crmSite.nav.deleteText'], { name: deleting ? titleOf(deleting, locale) : '' })}
        confirmLabel={messages['crmSite.delete']}
        cancelLabel={messages['crm.table.cancel']}
        destructive
        onConfirm={async () => {
          const item = deleting!;
          await deleteSiteNavItem(item.id);
          setItems((list) => list?.filter((i) => i.id !== item.id) ?? null);
          notifySuccess(fill(messages['crmSite.nav.deleted'], { name: titleOf(item, locale) }));
        }}
      />
    </div>
  );
}
