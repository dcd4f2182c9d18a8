/**
 * The home page's content (administrators): banners (picture, titles, link, the window in which
 * learners see them, order) and zones (titles, what a course zone lists, order, the courses a
 * recommended zone picks and the lecturers featured), with a simple preview of the home page.
 */
import { zodResolver } from '@hookform/resolvers/zod';
import PencilIcon from 'lucide-react/icons/pencil';
import PlusIcon from 'lucide-react/icons/plus';
import Trash2Icon from 'lucide-react/icons/trash-2';
import XIcon from 'lucide-react/icons/x';
import { useCallback, useEffect, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { z } from 'zod';
import {
  deleteSiteBanner,
  findZoneCourses,
  findZoneLecturers,
  getSiteBanners,
  getSiteZones,
  reorderSiteBanners,
  reorderSiteZones,
  saveSiteBanner,
  saveSiteZone,
  saveZoneCourses,
  saveZoneLecturers,
} from '@/api/crm-site';
import type { SiteBanner, SitePick, SiteZone, SiteZones } from '@/api/crm-site-types';
import { RelationType, ZoneKind } from '@/api/home-types';
import { gatewayMessage, outcomeOf } from '@/api/outcome';
import { ConfirmDialog } from '@/components/crm/data-table/ConfirmDialog';
import { DragGrip, errorText, LoadFailed, MoveButtons, PictureField, useDragReorder, useInOrder } from '@/components/crm/site/common';
import type { HomeMessages } from '@/components/crm/site/messages';
import { idsOf, moveItem } from '@/components/crm/site/reorder';
import { CheckingAccess, NoAccess } from '@/components/crm/shell/NoAccess';
import { useCrmAccess } from '@/components/crm/shell/use-crm-access';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { Table, TableBody, TableCaption, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { fill } from '@/i18n/fill';
import type { Locale } from '@/i18n/locale-path';
import { bannerFields, datesInOrder, NAV_TARGETS, RELATION_TYPES, SITE_ERRORS, ZONE_PICK_MAX, zoneSchema } from '@/lib/schemas/site';
import { notifySuccess } from '@/stores/toasts';

/** Pictures of banners: the picture upload's own limit. */
const BANNER_MAX_BYTES = 5 * 1024 * 1024;

const pad = (n: number) => String(n).padStart(2, '0');

/** An ISO instant as a `datetime-local` input shows it (the browser's time zone); '' for none. */
export function toLocalInput(iso: string | null): string {
  if (!iso) return '';
  const d = new Date(iso);
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

/** A `datetime-local` value as an ISO instant; null for none. */
export function fromLocalInput(value: string): string | null {
  return value ? new Date(value).toISOString() : null;
}

const localInstant = z.string().refine((v) => v === '' || !Number.isNaN(new Date(v).getTime()), SITE_ERRORS.date);
/** The banner form: the shared banner fields, with the window as `datetime-local` values. */
const bannerFormSchema = z.object({ ...bannerFields, activeFrom: localInstant, activeUntil: localInstant }).superRefine((b, ctx) => {
  if (!datesInOrder(fromLocalInput(b.activeFrom), fromLocalInput(b.activeUntil))) {
    ctx.addIssue({ code: 'custom', path: ['activeUntil'], message: SITE_ERRORS.dates });
  }
});
type BannerFormIn = z.input<typeof bannerFormSchema>;
type BannerFormOut = z.output<typeof bannerFormSchema>;
type ZoneFormIn = z.input<typeof zoneSchema>;
type ZoneFormOut = z.output<typeof zoneSchema>;

const name = (pick: { nameZh: string; nameEn: string } | { titleZh: string; titleEn: string }, locale: Locale) =>
  'nameZh' in pick ? (locale === 'en' ? pick.nameEn : pick.nameZh) : locale === 'en' ? pick.titleEn : pick.titleZh;

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

function BannerDialog({
  banner,
  messages,
  onClose,
  onSaved,
}: {
  banner: SiteBanner | null;
  messages: HomeMessages;
  onClose: () => void;
  onSaved: (b: SiteBanner) => void;
}) {
  const form = useForm<BannerFormIn, unknown, BannerFormOut>({
    resolver: zodResolver(bannerFormSchema),
    defaultValues: banner
      ? {
          id: banner.id,
          titleZh: banner.titleZh,
          titleEn: banner.titleEn,
          image: banner.image,
          linkUrl: banner.linkUrl,
          target: banner.target === '_blank' ? '_blank' : '_self',
          activeFrom: toLocalInput(banner.activeFrom),
          activeUntil: toLocalInput(banner.activeUntil),
        }
      : { titleZh: '', titleEn: '', image: '', linkUrl: '', target: '_self', activeFrom: '', activeUntil: '' },
    mode: 'onTouched',
  });
  const [problem, setProblem] = useState<string>();
  const { errors, isSubmitting } = form.formState;
  const err = (field: keyof BannerFormIn) => errorText(messages, errors[field]?.message);

  const submit = form.handleSubmit(async (body) => {
    setProblem(undefined);
    try {
      onSaved(
        await saveSiteBanner(
          { ...body, activeFrom: fromLocalInput(body.activeFrom), activeUntil: fromLocalInput(body.activeUntil) },
          { isShowErrTip: false },
        ),
      );
    } catch (e) {
      setProblem(gatewayMessage(outcomeOf(e)) ?? messages['crmSite.loadFailed']);
    }
  });

  const input = (field: 'titleZh' | 'titleEn' | 'linkUrl' | 'activeFrom' | 'activeUntil', label: string, props: { type?: string; hint?: string; maxLength?: number } = {}) => {
    const id = `banner-${field}`;
    const error = err(field);
    const describedBy = [props.hint && `${id}-hint`, error && `${id}-error`].filter(Boolean).join(' ') || undefined;
    return (
      <div className="grid gap-2">
        <Label htmlFor={id}>{label}</Label>
        <Input id={id} type={props.type} maxLength={props.maxLength} aria-invalid={error ? true : undefined} aria-describedby={describedBy} {...form.register(field)} />
        {props.hint && (
          <p id={`${id}-hint`} className="text-muted-foreground text-xs">
            {props.hint}
          </p>
        )}
        {error && (
          <p id={`${id}-error`} className="text-destructive text-sm">
            {error}
          </p>
        )}
      </div>
    );
  };

  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent className="max-h-[90dvh] overflow-y-auto sm:max-w-xl">
        <form noValidate onSubmit={submit} className="grid gap-4">
          <DialogHeader>
            <DialogTitle>{banner ? messages['crmSite.banners.editTitle'] : messages['crmSite.banners.newTitle']}</DialogTitle>
            <DialogDescription className="sr-only">{messages['crmSite.banners.intro']}</DialogDescription>
          </DialogHeader>
          <Controller
            control={form.control}
            name="image"
            render={({ field }) => (
              <PictureField
                id="banner-image"
                label={messages['crmSite.banners.picture']}
                hint={messages['crmSite.banners.pictureHint']}
                value={field.value}
                onChange={(url) => field.onChange(url)}
                maxBytes={BANNER_MAX_BYTES}
                tooLarge={messages['crmSite.picture.tooLarge']}
                error={err('image')}
                previewClassName="h-16 max-w-64"
                messages={messages}
              />
            )}
          />
          <div className="grid gap-4 sm:grid-cols-2">
            {input('titleZh', messages['crmSite.banners.titleZh'], { maxLength: 100 })}
            {input('titleEn', messages['crmSite.banners.titleEn'], { maxLength: 100 })}
          </div>
          {input('linkUrl', messages['crmSite.banners.linkUrl'], { hint: messages['crmSite.banners.linkHint'], maxLength: 500 })}
          <fieldset className="grid gap-2">
            <legend className="mb-1 text-sm font-medium">{messages['crmSite.banners.target']}</legend>
            <div className="flex gap-4">
              {NAV_TARGETS.map((t) => (
                <label key={t} className="flex items-center gap-2 text-sm">
                  <input type="radio" value={t} {...form.register('target')} />
                  {messages[`crmSite.nav.target.${t}`]}
                </label>
              ))}
            </div>
          </fieldset>
          <div className="grid gap-4 sm:grid-cols-2">
            {input('activeFrom', messages['crmSite.banners.activeFrom'], { type: 'datetime-local' })}
            {input('activeUntil', messages['crmSite.banners.activeUntil'], { type: 'datetime-local' })}
          </div>
          <p className="text-muted-foreground -mt-2 text-xs">{messages['crmSite.banners.windowHint']}</p>
          {problem && (
            <p role="alert" className="text-destructive text-sm">
              {problem}
            </p>
          )}
          <DialogFooter>
            <Button type="button" variant="outline" onClick={onClose}>
              {messages['crm.table.cancel']}
            </Button>
            <Button type="submit" disabled={isSubmitting}>
              {isSubmitting ? messages['crmSite.saving'] : messages['crmSite.save']}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
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
      )}
      {picking && (
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
      )}
    </section>
  );
}

function ZoneDialog({ zone, messages, onClose, onSaved }: { zone: SiteZone; messages: HomeMessages; onClose: () => void; onSaved: (z: SiteZones) => void }) {
  const form = useForm<ZoneFormIn, unknown, ZoneFormOut>({
    resolver: zodResolver(zoneSchema),
    defaultValues: { id: zone.id, titleZh: zone.titleZh, titleEn: zone.titleEn, relationType: zone.relationType as 1 | 2 | 3 },
    mode: 'onTouched',
  });
  const [problem, setProblem] = useState<string>();
  const { errors, isSubmitting } = form.formState;
  const submit = form.handleSubmit(async (body) => {
    setProblem(undefined);
    try {
      onSaved(await saveSiteZone(body, { isShowErrTip: false }));
    } catch (e) {
      setProblem(gatewayMessage(outcomeOf(e)) ?? messages['crmSite.loadFailed']);
    }
  });
  const text = (field: 'titleZh' | 'titleEn', label: string) => {
    const error = errorText(messages, errors[field]?.message);
    return (
      <div className="grid gap-2">
        <Label htmlFor={`zone-${field}`}>{label}</Label>
        <Input id={`zone-${field}`} maxLength={30} aria-invalid={error ? true : undefined} aria-describedby={error ? `zone-${field}-error` : undefined} {...form.register(field)} />
        {error && (
          <p id={`zone-${field}-error`} className="text-destructive text-sm">
            {error}
          </p>
        )}
      </div>
    );
  };
  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent className="sm:max-w-lg">
        <form noValidate onSubmit={submit} className="grid gap-4">
          <DialogHeader>
            <DialogTitle>{messages['crmSite.zones.editTitle']}</DialogTitle>
            <DialogDescription className="sr-only">{messages['crmSite.zones.intro']}</DialogDescription>
          </DialogHeader>
          {text('titleZh', messages['crmSite.zones.titleZh'])}
          {text('titleEn', messages['crmSite.zones.titleEn'])}
          {zone.kind === ZoneKind.courses && (
            <div className="grid gap-2">
              <Label htmlFor="zone-relation">{messages['crmSite.zones.relationType']}</Label>
              <Controller
                control={form.control}
                name="relationType"
                render={({ field }) => (
                  <Select value={String(field.value)} onValueChange={(v) => field.onChange(Number(v))}>
                    <SelectTrigger id="zone-relation" className="w-56">
                      <SelectValue />
                    </SelectTrigger>
                    <SelectContent>
                      {RELATION_TYPES.map((t) => (
                        <SelectItem key={t} value={String(t)}>
                          {messages[`crmSite.zones.relation.${t}`]}
                        </SelectItem>
                      ))}
                    </SelectContent>
                  </Select>
                )}
              />
            </div>
          )}
          {problem && (
            <p role="alert" className="text-destructive text-sm">
              {problem}
            </p>
          )}
          <DialogFooter>
            <Button type="button" variant="outline" onClick={onClose}>
              {messages['crm.table.cancel']}
            </Button>
            <Button type="submit" disabled={isSubmitting}>
              {isSubmitting ? messages['crmSite.saving'] : messages['crmSite.save']}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}

/** Picks the courses of a course zone, or the featured lecturers, and their order. */
function PicksDialog({
  zone,
  picks,
  locale,
  messages,
  onClose,
  onSaved,
}: {
  zone: SiteZone;
  picks: SitePick[];
  locale: Locale;
  messages: HomeMessages;
  onClose: () => void;
  onSaved: (z: SiteZones) => void;
}) {
  const lecturers = zone.kind === ZoneKind.lecturers;
  const [chosen, setChosen] = useState<SitePick[]>(picks);
  const [keyword, setKeyword] = useState('');
  const [found, setFound] = useState<SitePick[] | null>(null);
  const [saving, setSaving] = useState(false);
  const [problem, setProblem] = useState<string>();

  const search = useCallback(
    (text: string) => {
      const find = lecturers ? findZoneLecturers : findZoneCourses;
      find(text.trim(), { isShowErrTip: false }).then(setFound, () => setFound([]));
    },
    [lecturers],
  );
  useEffect(() => search(''), [search]);

  const move = (from: number, to: number) => setChosen((list) => moveItem(list, from, to));
  const full = chosen.length >= ZONE_PICK_MAX;
  const save = async () => {
    setSaving(true);
    setProblem(undefined);
    try {
      const ids = idsOf(chosen);
      onSaved(await (lecturers ? saveZoneLecturers(ids, { isShowErrTip: false }) : saveZoneCourses(zone.id, ids, { isShowErrTip: false })));
    } catch (e) {
      setProblem(gatewayMessage(outcomeOf(e)) ?? messages['crmSite.loadFailed']);
    } finally {
      setSaving(false);
    }
  };

  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent className="max-h-[90dvh] overflow-y-auto sm:max-w-2xl">
        <DialogHeader>
          <DialogTitle>{fill(messages[lecturers ? 'crmSite.zones.lecturers' : 'crmSite.zones.courses'], { name: name(zone, locale) })}</DialogTitle>
          <DialogDescription>{fill(messages['crmSite.zones.pickCount'], { count: chosen.length, max: ZONE_PICK_MAX })}</DialogDescription>
        </DialogHeader>
        {chosen.length === 0 ? (
          <p className="text-muted-foreground text-sm">{messages['crmSite.zones.pickNone']}</p>
        ) : (
          <ol className="grid gap-1">
            {chosen.map((p, index) => (
              <li key={p.id} className="flex items-center gap-2 rounded-md border px-2 py-1 text-sm">
                <MoveButtons id={`pick-${p.id}`} index={index} count={chosen.length} name={name(p, locale)} onMove={move} messages={messages} />
                <span className="flex-1">
                  {name(p, locale)}
                  {p.published === false && <span className="text-muted-foreground ms-2 text-xs">{messages['crmSite.zones.unpublished']}</span>}
                </span>
                <Button
                  type="button"
                  variant="ghost"
                  size="icon"
                  className="size-8"
                  aria-label={fill(messages['crmSite.zones.pickRemove'], { name: name(p, locale) })}
                  onClick={() => setChosen((list) => list.filter((x) => x.id !== p.id))}
                >
                  <XIcon aria-hidden="true" />
                </Button>
              </li>
            ))}
          </ol>
        )}
        <form
          role="search"
          className="flex items-end gap-2"
          onSubmit={(e) => {
            e.preventDefault();
            search(keyword);
          }}
        >
          <div className="grid flex-1 gap-2">
            <Label htmlFor="zone-pick-search">{messages[lecturers ? 'crmSite.zones.searchLecturers' : 'crmSite.zones.searchCourses']}</Label>
            <Input id="zone-pick-search" type="search" maxLength={50} value={keyword} onChange={(e) => setKeyword(e.target.value)} />
          </div>
          <Button type="submit" variant="outline">
            {messages['crmSite.zones.search']}
          </Button>
        </form>
        {full && <p className="text-muted-foreground text-xs">{fill(messages['crmSite.zones.full'], { max: ZONE_PICK_MAX })}</p>}
        {found !== null &&
          (found.length === 0 ? (
            <p className="text-muted-foreground text-sm">{messages['crmSite.zones.noMatch']}</p>
          ) : (
            <ul className="grid max-h-56 gap-1 overflow-y-auto">
              {found
                .filter((f) => !chosen.some((c) => c.id === f.id))
                .map((f) => (
                  <li key={f.id} className="flex items-center justify-between gap-2 text-sm">
                    <span>
                      {name(f, locale)}
                      {f.published === false && <span className="text-muted-foreground ms-2 text-xs">{messages['crmSite.zones.unpublished']}</span>}
                    </span>
                    <Button
                      type="button"
                      variant="outline"
                      size="sm"
                      disabled={full}
                      aria-label={fill(messages['crmSite.zones.pickAdd'], { name: name(f, locale) })}
                      onClick={() => setChosen((list) => [...list, f])}
                    >
                      {messages['crmSite.add']}
                    </Button>
                  </li>
                ))}
            </ul>
          ))}
        {problem && (
          <p role="alert" className="text-destructive text-sm">
            {problem}
          </p>
        )}
        <DialogFooter>
          <Button type="button" variant="outline" onClick={onClose}>
            {messages['crm.table.cancel']}
          </Button>
          <Button type="button" disabled={saving} onClick={() => void save()}>
            {saving ? messages['crmSite.saving'] : messages['crmSite.zones.savePicks']}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
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
