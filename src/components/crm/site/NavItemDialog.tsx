/** The dialog that creates or edits a navigation item (loaded when first opened: it brings the form and its checks). */
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import type { z } from 'zod';
import { saveSiteNavItem } from '@/api/crm-site';
import type { SiteNavItem } from '@/api/crm-site-types';
import { gatewayMessage, outcomeOf } from '@/api/outcome';
import { FormDialog } from '@/components/crm/form/FormDialog';
import { FormTextField } from '@/components/crm/form/FormTextField';
import { errorText } from '@/components/crm/site/common';
import type { NavMessages } from '@/components/crm/site/messages';
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

  const field = (name: 'titleZh' | 'titleEn' | 'navUrl' | 'linkUrl', label: string, hint?: string) => (
    <FormTextField id={`nav-${name}`} label={label} hint={hint} error={err(name)} maxLength={name.startsWith('title') ? 30 : 500} {...form.register(name)} />
  );

  return (
    <FormDialog
      title={item ? messages['crmSite.nav.editTitle'] : messages['crmSite.nav.newTitle']}
      description={messages['crmSite.nav.intro']}
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
    </FormDialog>
  );
}
