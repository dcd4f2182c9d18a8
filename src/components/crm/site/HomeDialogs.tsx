/**
 * The dialogs of the home content page, loaded when one is first opened (they bring the forms
 * and their checks): a banner's picture, titles, link and window; a zone's titles and list
 * type; the courses a zone picks or the lecturers featured, in order.
 */
import { zodResolver } from '@hookform/resolvers/zod';
import XIcon from 'lucide-react/icons/x';
import { useCallback, useEffect, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { z } from 'zod';
import { findZoneCourses, findZoneLecturers, saveSiteBanner, saveSiteZone, saveZoneCourses, saveZoneLecturers } from '@/api/crm-site';
import type { SiteBanner, SitePick, SiteZone, SiteZones } from '@/api/crm-site-types';
import { ZoneKind } from '@/api/home-types';
import { gatewayMessage, outcomeOf } from '@/api/outcome';
import { errorText, MoveButtons, pickName as name, PictureField } from '@/components/crm/site/common';
import type { HomeMessages } from '@/components/crm/site/messages';
import { idsOf, moveItem } from '@/components/crm/site/reorder';
import { FormDialog } from '@/components/crm/form/FormDialog';
import { FormTextField } from '@/components/crm/form/FormTextField';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { fill } from '@/i18n/fill';
import type { Locale } from '@/i18n/locale-path';
import { bannerFields, zoneSchema } from '@/lib/schemas/site';
import { datesInOrder, NAV_TARGETS, RELATION_TYPES, SITE_ERRORS, ZONE_PICK_MAX } from '@/lib/site-rules';

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
export function BannerDialog({
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

  const input = (field: 'titleZh' | 'titleEn' | 'linkUrl' | 'activeFrom' | 'activeUntil', label: string, props: { type?: string; hint?: string; maxLength?: number } = {}) => (
    <FormTextField id={`banner-${field}`} label={label} hint={props.hint} error={err(field)} type={props.type} maxLength={props.maxLength} {...form.register(field)} />
  );

  return (
    <FormDialog
      title={banner ? messages['crmSite.banners.editTitle'] : messages['crmSite.banners.newTitle']}
      description={messages['crmSite.banners.intro']}
      descriptionHidden
      contentClassName="max-h-[90dvh] overflow-y-auto sm:max-w-xl"
      onSubmit={submit}
      onClose={onClose}
      pending={isSubmitting}
      problem={problem}
      cancelLabel={messages['crm.table.cancel']}
      submitLabel={messages['crmSite.save']}
      pendingLabel={messages['crmSite.saving']}
    >
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
    </FormDialog>
  );
}

export function ZoneDialog({ zone, messages, onClose, onSaved }: { zone: SiteZone; messages: HomeMessages; onClose: () => void; onSaved: (z: SiteZones) => void }) {
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
  const text = (field: 'titleZh' | 'titleEn', label: string) => (
    <FormTextField id={`zone-${field}`} label={label} error={errorText(messages, errors[field]?.message)} maxLength={30} {...form.register(field)} />
  );
  return (
    <FormDialog
      title={messages['crmSite.zones.editTitle']}
      description={messages['crmSite.zones.intro']}
      descriptionHidden
      contentClassName="sm:max-w-lg"
      onSubmit={submit}
      onClose={onClose}
      pending={isSubmitting}
      problem={problem}
      cancelLabel={messages['crm.table.cancel']}
      submitLabel={messages['crmSite.save']}
      pendingLabel={messages['crmSite.saving']}
    >
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
    </FormDialog>
  );
}

/** Picks the courses of a course zone, or the featured lecturers, and their order. */
export function PicksDialog({
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
