/** The dialog that creates or edits a navigation item (loaded when first opened: it brings the form and its checks). */
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import type { z } from 'zod';
import { saveSiteNavItem } from '@/api/crm-site';
import type { SiteNavItem } from '@/api/crm-site-types';
import { gatewayMessage, outcomeOf } from '@/api/outcome';
import { errorText } from '@/components/crm/site/common';
import type { NavMessages } from '@/components/crm/site/messages';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { Switch } from '@/components/ui/switch';
import { navItemSchema } from '@/lib/schemas/site';
import { NAV_MENU_TYPES, NAV_TARGETS, NAV_TYPE_CUSTOM } from '@/lib/site-rules';

type FormIn = z.input<typeof navItemSchema>;
type FormOut = z.output<typeof navItemSchema>;

export function NavItemDialog({
  item,
  messages,
  onClose,
  onSaved,
}: {
  item: SiteNavItem | null;
  messages: NavMessages;
  onClose: () => void;
  onSaved: (item: SiteNavItem) => void;
}) {
  const form = useForm<FormIn, unknown, FormOut>({
    resolver: zodResolver(navItemSchema),
    defaultValues: item
      ? { id: item.id, titleZh: item.titleZh, titleEn: item.titleEn, navMenuType: item.navMenuType, navUrl: item.navUrl, linkUrl: item.linkUrl, target: item.target as FormOut['target'], isMenu: item.isMenu === 0 ? 0 : 1 }
      : { titleZh: '', titleEn: '', navMenuType: NAV_TYPE_CUSTOM, navUrl: '', linkUrl: '', target: '_self', isMenu: 1 },
    mode: 'onTouched',
  });
  const [problem, setProblem] = useState<string>();
  const type = form.watch('navMenuType');
  const { errors, isSubmitting } = form.formState;
  const err = (name: keyof FormIn) => errorText(messages, errors[name]?.message);

  const submit = form.handleSubmit(async (body) => {
    setProblem(undefined);
    try {
      onSaved(await saveSiteNavItem(body, { isShowErrTip: false }));
    } catch (e) {
      setProblem(gatewayMessage(outcomeOf(e)) ?? messages['crmSite.loadFailed']);
    }
  });

  const field = (name: 'titleZh' | 'titleEn' | 'navUrl' | 'linkUrl', label: string, hint?: string) => {
    const id = `nav-${name}`;
    const error = err(name);
    const describedBy = [hint && `${id}-hint`, error && `${id}-error`].filter(Boolean).join(' ') || undefined;
    return (
      <div className="grid gap-2">
        <Label htmlFor={id}>{label}</Label>
        <Input id={id} maxLength={name.startsWith('title') ? 30 : 500} aria-invalid={error ? true : undefined} aria-describedby={describedBy} {...form.register(name)} />
        {hint && (
          <p id={`${id}-hint`} className="text-muted-foreground text-xs">
            {hint}
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
      <DialogContent className="sm:max-w-lg">
        <form noValidate onSubmit={submit} className="grid gap-4">
          <DialogHeader>
            <DialogTitle>{item ? messages['crmSite.nav.editTitle'] : messages['crmSite.nav.newTitle']}</DialogTitle>
            <DialogDescription className="sr-only">{messages['crmSite.nav.intro']}</DialogDescription>
          </DialogHeader>
          {field('titleZh', messages['crmSite.nav.titleZh'])}
          {field('titleEn', messages['crmSite.nav.titleEn'])}
          <div className="grid gap-2">
            <Label htmlFor="nav-type">{messages['crmSite.nav.type']}</Label>
            <Controller
              control={form.control}
              name="navMenuType"
              render={({ field: f }) => (
                <Select value={String(f.value)} onValueChange={(v) => f.onChange(Number(v))}>
                  <SelectTrigger id="nav-type" className="w-56" aria-invalid={err('navMenuType') ? true : undefined}>
                    <SelectValue />
                  </SelectTrigger>
                  <SelectContent>
                    {NAV_MENU_TYPES.map((t) => (
                      <SelectItem key={t} value={String(t)}>
                        {messages[`crmSite.nav.type.${t}`]}
                      </SelectItem>
                    ))}
                  </SelectContent>
                </Select>
              )}
            />
            {err('navMenuType') && <p className="text-destructive text-sm">{err('navMenuType')}</p>}
          </div>
          {type === NAV_TYPE_CUSTOM && (
            <>
              {field('navUrl', messages['crmSite.nav.navUrl'], messages['crmSite.nav.navUrlHint'])}
              {field('linkUrl', messages['crmSite.nav.linkUrl'], messages['crmSite.nav.linkUrlHint'])}
            </>
          )}
          <fieldset className="grid gap-2">
            <legend className="mb-1 text-sm font-medium">{messages['crmSite.nav.target']}</legend>
            <div className="flex gap-4">
              {NAV_TARGETS.map((t) => (
                <label key={t} className="flex items-center gap-2 text-sm">
                  <input type="radio" value={t} {...form.register('target')} />
                  {messages[`crmSite.nav.target.${t}`]}
                </label>
              ))}
            </div>
          </fieldset>
          <Controller
            control={form.control}
            name="isMenu"
            render={({ field: f }) => (
              <div className="flex items-center gap-2">
                <Switch id="nav-isMenu" checked={f.value !== 0} onCheckedChange={(c) => f.onChange(c ? 1 : 0)} />
                <Label htmlFor="nav-isMenu">{messages['crmSite.nav.shown']}</Label>
              </div>
            )}
          />
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
