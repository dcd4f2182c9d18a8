/**
 * The home page's content (administrators): banners (picture, titles, link, the window in which
 * learners see them, order) and zones (titles, what a course zone lists, order, the courses a
 * recommended zone picks and the lecturers featured), with a simple preview of the home page.
 */
import PencilIcon from 'lucide-react/icons/pencil';
import PlusIcon from 'lucide-react/icons/plus';
import Trash2Icon from 'lucide-react/icons/trash-2';
import { lazy, Suspense, useCallback, useEffect, useState } from 'react';
import { deleteSiteBanner, getSiteBanners, getSiteZones, reorderSiteBanners, reorderSiteZones } from '@/api/crm-site';
import type { SiteBanner, SiteZone, SiteZones } from '@/api/crm-site-types';
import { RelationType, ZoneKind } from '@/api/home-types';
import { gatewayMessage, outcomeOf } from '@/api/outcome';
import { ConfirmDialog } from '@/components/crm/data-table/ConfirmDialog';
import { DragGrip, LoadFailed, MoveButtons, pickName as name, useDragReorder, useInOrder } from '@/components/crm/site/common';
import type { HomeMessages } from '@/components/crm/site/messages';
import { idsOf, moveItem } from '@/components/crm/site/reorder';
import { CheckingAccess, NoAccess } from '@/components/crm/shell/NoAccess';
import { useCrmAccess } from '@/components/crm/shell/use-crm-access';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Table, TableBody, TableCaption, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { fill } from '@/i18n/fill';
import type { Locale } from '@/i18n/locale-path';
import { ZONE_PICK_MAX } from '@/lib/site-rules';
import { notifySuccess } from '@/stores/toasts';

/** The dialogs, loaded when one is first opened (the forms and their checks are not needed before). */
const dialogs = () => import('@/components/crm/site/HomeDialogs');
const BannerDialog = lazy(() => dialogs().then((m) => ({ default: m.BannerDialog })));
const ZoneDialog = lazy(() => dialogs().then((m) => ({ default: m.ZoneDialog })));
const PicksDialog = lazy(() => dialogs().then((m) => ({ default: m.PicksDialog })));

function bannerStatus(b: SiteBanner): 'active' | 'scheduled' | 'ended' {
  if (b.active) return 'active';
  return b.activeFrom && Date.parse(b.activeFrom) > Date.now() ? 'scheduled' : 'ended';
}

export function HomeContentPage({ locale, messages }: { locale: Locale; messages: HomeMessages }) {
  const access = useCrmAccess('admin');
  const [banners, setBanners] = useState<SiteBanner[] | null>(null);
  const [zones, setZones] = useState<SiteZones | null>(null);
  const [failure, setFailure] = useState<string | null>(null);

  const load = useCallback(() => {
    setFailure(null);
    const failed = (e: unknown) => setFailure(gatewayMessage(outcomeOf(e)) ?? '');
    getSiteBanners({ isShowErrTip: false }).then(setBanners, failed);
    getSiteZones({ isShowErrTip: false }).then(setZones, failed);
  }, []);
  useEffect(() => {
    if (access === 'allowed') load();
  }, [access, load]);

  if (access === 'pending') return <CheckingAccess messages={messages} />;
  if (access === 'denied') return <NoAccess locale={locale} messages={messages} />;
  if (failure !== null) return <LoadFailed message={failure} onRetry={load} messages={messages} />;
  if (!banners || !zones) return <p role="status" className="text-muted-foreground text-sm">{messages['crmSite.loading']}</p>;

  return (
    <div className="grid max-w-5xl gap-10">
      <Banners banners={banners} setBanners={setBanners} locale={locale} messages={messages} />
      <Zones zones={zones} setZones={setZones} locale={locale} messages={messages} />
      <HomePreview banners={banners} zones={zones} locale={locale} messages={messages} />
    </div>
  );
}

// ---- banners

function Banners({
  banners,
  setBanners,
  locale,
  messages,
}: {
  banners: SiteBanner[];
  setBanners: (b: SiteBanner[]) => void;
  locale: Locale;
  messages: HomeMessages;
}) {
  const [editing, setEditing] = useState<SiteBanner | 'new' | null>(null);
  const [deleting, setDeleting] = useState<SiteBanner | null>(null);
  const when = new Intl.DateTimeFormat(locale === 'en' ? 'en' : 'zh-CN', { dateStyle: 'medium', timeStyle: 'short' });

  const inOrder = useInOrder();
  const saveOrder = async (next: SiteBanner[], previous: SiteBanner[], undoable = true) => {
    setBanners(next);
    try {
      const { value, latest } = await inOrder(() => reorderSiteBanners(idsOf(next)));
      if (latest) setBanners(value);
      if (undoable) notifySuccess(messages['crmSite.orderSaved'], { label: messages['crmSite.undo'], run: () => void saveOrder(previous, next, false) });
    } catch {
      // The client has shown why; show the order the gateway keeps.
      getSiteBanners({ isShowErrTip: false }).then(setBanners, () => setBanners(previous));
    }
  };
  const move = (from: number, to: number) => {
    const next = moveItem(banners, from, to);
    if (idsOf(next).join() !== idsOf(banners).join()) void saveOrder(next, banners);
  };
  const rowProps = useDragReorder(move);

  return (
    <section aria-labelledby="banners-title" className="grid gap-4">
      <h2 id="banners-title" className="text-lg font-semibold">
        {messages['crmSite.banners.title']}
      </h2>
      <p className="text-muted-foreground text-sm">{messages['crmSite.banners.intro']}</p>
      <div>
        <Button type="button" onClick={() => setEditing('new')}>
          <PlusIcon aria-hidden="true" />
          {messages['crmSite.banners.add']}
        </Button>
      </div>
      {banners.length === 0 ? (
        <p className="text-muted-foreground text-sm">{messages['crmSite.banners.empty']}</p>
      ) : (
        <div className="bg-background rounded-md border">
          <Table>
            <TableCaption className="sr-only">{messages['crmSite.banners.caption']}</TableCaption>
            <TableHeader>
              <TableRow>
                <TableHead className="w-28">{messages['crmSite.order']}</TableHead>
                <TableHead>{messages['crmSite.banners.picture']}</TableHead>
                <TableHead>{messages['crmSite.banners.titleZh']}</TableHead>
                <TableHead>{messages['crmSite.banners.window']}</TableHead>
                <TableHead>{messages['crmSite.banners.status']}</TableHead>
                <TableHead className="text-end">{messages['crmSite.actions']}</TableHead>
              </TableRow>
            </TableHeader>
            <TableBody>
              {banners.map((b, index) => {
                const title = name(b, locale);
                const status = bannerStatus(b);
                return (
                  <TableRow key={b.id} {...rowProps(index)} className="data-[drop-target]:bg-accent data-[dragging]:opacity-50">
                    <TableCell>
                      <span className="flex items-center gap-1">
                        <DragGrip />
                        <MoveButtons id={b.id} index={index} count={banners.length} name={title} onMove={move} messages={messages} />
                      </span>
                    </TableCell>
                    <TableCell>
                      <img src={b.image} alt="" className="h-10 w-24 rounded object-cover" />
                    </TableCell>
                    <TableCell>
                      <span className="font-medium">{b.titleZh}</span>
                      <span className="text-muted-foreground block text-xs" lang="en">
                        {b.titleEn}
                      </span>
                      {b.linkUrl && <span className="text-muted-foreground block font-mono text-xs">{b.linkUrl}</span>}
                    </TableCell>
                    <TableCell className="text-xs">
                      {b.activeFrom || b.activeUntil ? (
                        <>
                          {b.activeFrom ? when.format(new Date(b.activeFrom)) : '…'} – {b.activeUntil ? when.format(new Date(b.activeUntil)) : '…'}
                        </>
                      ) : (
                        messages['crmSite.banners.always']
                      )}
                    </TableCell>
                    <TableCell>
                      <Badge variant={status === 'active' ? 'default' : 'secondary'}>{messages[`crmSite.banners.status.${status}`]}</Badge>
                    </TableCell>
                    <TableCell className="text-end whitespace-nowrap">
                      <Button type="button" variant="ghost" size="icon" aria-label={fill(messages['crmSite.banners.editItem'], { name: title })} onClick={() => setEditing(b)}>
                        <PencilIcon aria-hidden="true" />
                      </Button>
                      <Button type="button" variant="ghost" size="icon" aria-label={fill(messages['crmSite.banners.deleteItem'], { name: title })} onClick={() => setDeleting(b)}>
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
          <BannerDialog
            banner={editing === 'new' ? null : editing}
            messages={messages}
            onClose={() => setEditing(null)}
            onSaved={(saved) => {
              setBanners(banners.some((b) => b.id === saved.id) ? banners.map((b) => (b.id === saved.id ? saved : b)) : [...banners, saved]);
              setEditing(null);
              notifySuccess(fill(messages['crmSite.banners.saved'], { name: name(saved, locale) }));
            }}
          />
        </Suspense>
      )}
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => !open && setDeleting(null)}
        title={messages['crmSite.banners.deleteTitle']}
        description={fill(messages['crmSite.banners.deleteText'], { name: deleting ? name(deleting, locale) : '' })}
        confirmLabel={messages['crmSite.delete']}
        cancelLabel={messages['crm.table.cancel']}
        destructive
        onConfirm={async () => {
          const b = deleting!;
          await deleteSiteBanner(b.id);
          setBanners(banners.filter((x) => x.id !== b.id));
          notifySuccess(fill(messages['crmSite.banners.deleted'], { name: name(b, locale) }));
        }}
      />
    </section>
  );
}

// ---- zones

function Zones({
  zones,
  setZones,
  locale,
  messages,
}: {
  zones: SiteZones;
  setZones: (z: SiteZones) => void;
  locale: Locale;
  messages: HomeMessages;
}) {
  const [editing, setEditing] = useState<SiteZone | null>(null);
  const [picking, setPicking] = useState<SiteZone | null>(null);

  const inOrder = useInOrder();
  const saveOrder = async (next: SiteZone[], previous: SiteZone[], undoable = true) => {
    setZones({ ...zones, zones: next });
    try {
      const { value, latest } = await inOrder(() => reorderSiteZones(idsOf(next)));
      if (latest) setZones(value);
      if (undoable) notifySuccess(messages['crmSite.orderSaved'], { label: messages['crmSite.undo'], run: () => void saveOrder(previous, next, false) });
    } catch {
      // The client has shown why; show the order the gateway keeps.
      getSiteZones({ isShowErrTip: false }).then(setZones, () => setZones({ ...zones, zones: previous }));
    }
  };
  const move = (from: number, to: number) => {
    const next = moveItem(zones.zones, from, to);
    if (idsOf(next).join() !== idsOf(zones.zones).join()) void saveOrder(next, zones.zones);
  };
  const rowProps = useDragReorder(move);

  const kindLabel = (z: SiteZone) =>
    z.kind === ZoneKind.lecturers ? messages['crmSite.zones.lecturerZone'] : messages[`crmSite.zones.relation.${z.relationType as 1 | 2 | 3}`];

  return (
    <section aria-labelledby="zones-title" className="grid gap-4">
      <h2 id="zones-title" className="text-lg font-semibold">
        {messages['crmSite.zones.title']}
      </h2>
      <p className="text-muted-foreground text-sm">{messages['crmSite.zones.intro']}</p>
      <div className="bg-background rounded-md border">
        <Table>
          <TableCaption className="sr-only">{messages['crmSite.zones.caption']}</TableCaption>
          <TableHeader>
            <TableRow>
              <TableHead className="w-28">{messages['crmSite.order']}</TableHead>
              <TableHead>{messages['crmSite.zones.titleZh']}</TableHead>
              <TableHead>{messages['crmSite.zones.relationType']}</TableHead>
              <TableHead>{messages['crmSite.zones.picks']}</TableHead>
              <TableHead className="text-end">{messages['crmSite.actions']}</TableHead>
            </TableRow>
          </TableHeader>
          <TableBody>
            {zones.zones.map((z, index) => {
              const title = name(z, locale);
              const picks = z.kind === ZoneKind.lecturers ? zones.lecturers : z.courses;
              return (
                <TableRow key={z.id} {...rowProps(index)} className="data-[drop-target]:bg-accent data-[dragging]:opacity-50">
                  <TableCell>
                    <span className="flex items-center gap-1">
                      <DragGrip />
                      <MoveButtons id={z.id} index={index} count={zones.zones.length} name={title} onMove={move} messages={messages} />
                    </span>
                  </TableCell>
                  <TableCell>
                    <span className="font-medium">{z.titleZh}</span>
                    <span className="text-muted-foreground block text-xs" lang="en">
                      {z.titleEn}
                    </span>
                  </TableCell>
                  <TableCell>{kindLabel(z)}</TableCell>
                  <TableCell>
                    <Button type="button" variant="link" className="h-auto p-0" onClick={() => setPicking(z)}>
                      {fill(messages['crmSite.zones.pickCount'], { count: picks.length, max: ZONE_PICK_MAX })}
                    </Button>
                    {z.kind === ZoneKind.courses && z.relationType !== RelationType.recommended && picks.length > 0 && (
                      <span className="text-muted-foreground block text-xs">{messages['crmSite.zones.picksUnused']}</span>
                    )}
                  </TableCell>
                  <TableCell className="text-end">
                    <Button type="button" variant="ghost" size="icon" aria-label={fill(messages['crmSite.zones.editItem'], { name: title })} onClick={() => setEditing(z)}>
                      <PencilIcon aria-hidden="true" />
                    </Button>
                  </TableCell>
                </TableRow>
              );
            })}
          </TableBody>
        </Table>
      </div>
      {editing && (
        <Suspense fallback={null}>
          <ZoneDialog
            zone={editing}
            messages={messages}
            onClose={() => setEditing(null)}
            onSaved={(saved) => {
              setZones(saved);
              setEditing(null);
              notifySuccess(fill(messages['crmSite.zones.saved'], { name: name(editing, locale) }));
            }}
          />
        </Suspense>
      )}
      {picking && (
        <Suspense fallback={null}>
          <PicksDialog
            zone={picking}
            picks={picking.kind === ZoneKind.lecturers ? zones.lecturers : picking.courses}
            locale={locale}
            messages={messages}
            onClose={() => setPicking(null)}
            onSaved={(saved) => {
              setZones(saved);
              setPicking(null);
              notifySuccess(fill(messages['crmSite.zones.picksSaved'], { name: name(picking, locale) }));
            }}
          />
        </Suspense>
      )}
    </section>
  );
}

// ---- preview

function HomePreview({ banners, zones, locale, messages }: { banners: SiteBanner[]; zones: SiteZones; locale: Locale; messages: HomeMessages }) {
  const shown = banners.filter((b) => b.active);
  return (
    <section aria-labelledby="home-preview-title" className="grid gap-3">
      <h2 id="home-preview-title" className="text-lg font-semibold">
        {messages['crmSite.home.preview']}
      </h2>
      <p className="text-muted-foreground text-sm">{messages['crmSite.home.previewNote']}</p>
      <div className="bg-background grid gap-4 rounded-md border p-4">
        {shown.length > 0 && (
          <div className="flex gap-2 overflow-x-auto">
            {shown.map((b, i) => (
              <figure key={b.id} className={`shrink-0 ${i === 0 ? 'w-64' : 'w-32 opacity-70'}`}>
                <img src={b.image} alt="" className="aspect-[21/9] w-full rounded object-cover" />
                <figcaption className="mt-1 truncate text-xs">{name(b, locale)}</figcaption>
              </figure>
            ))}
          </div>
        )}
        {zones.zones.map((z) => {
          const items =
            z.kind === ZoneKind.lecturers
              ? zones.lecturers
              : z.relationType === RelationType.recommended
                ? z.courses.filter((c) => c.published !== false)
                : null;
          return (
            <div key={z.id}>
              <h3 className="mb-1 text-sm font-semibold">{name(z, locale)}</h3>
              {items ? (
                <ul className="flex flex-wrap gap-2 text-xs">
                  {items.map((p) => (
                    <li key={p.id} className="bg-muted rounded px-2 py-1">
                      {name(p, locale)}
                    </li>
                  ))}
                </ul>
              ) : (
                <p className="text-muted-foreground text-xs">{messages[`crmSite.zones.relation.${z.relationType as 1 | 2 | 3}`]}</p>
              )}
            </div>
          );
        })}
      </div>
    </section>
  );
}
