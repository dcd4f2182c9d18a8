/**
 * The company's branding (administrators): names and browser titles in both languages, logo
 * and favicon uploads, the three brand colours, with a live preview of the learner site's
 * header; and the domains that serve the site. Saved branding shows on the learner site at its
 * next page load (the web info it loads replaces the browser's cached copy).
 */
import { zodResolver } from '@hookform/resolvers/zod';
import { useCallback, useEffect, useState } from 'react';
import { useForm, type UseFormReturn } from 'react-hook-form';
import type { z } from 'zod';
import { addSiteDomain, getSiteNav, getSiteSettings, removeSiteDomain, saveSiteSettings } from '@/api/crm-site';
import type { SiteDomain, SiteSettings } from '@/api/crm-site-types';
import { gatewayMessage, outcomeOf } from '@/api/outcome';
import type { NavItem } from '@/api/types';
import { ConfirmDialog } from '@/components/crm/data-table/ConfirmDialog';
import { describedBy, FieldError, FormTextField } from '@/components/crm/form/FormTextField';
import { errorText, LoadFailed, PictureField } from '@/components/crm/site/common';
import { HeaderPreview, navInLocale } from '@/components/crm/site/HeaderPreview';
import type { SiteMessages } from '@/components/crm/site/messages';
import { CheckingAccess, NoAccess } from '@/components/crm/shell/NoAccess';
import { useCrmAccess } from '@/components/crm/shell/use-crm-access';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { fill } from '@/i18n/fill';
import type { Locale } from '@/i18n/locale-path';
import { domainSchema, siteSettingsSchema } from '@/lib/schemas/site';
import { LOGO_MAX_BYTES, sixDigitHex } from '@/lib/site-rules';
import { notifySuccess } from '@/stores/toasts';

type FormIn = z.input<typeof siteSettingsSchema>;
type FormOut = z.output<typeof siteSettingsSchema>;
type Form = UseFormReturn<FormIn, unknown, FormOut>;

function formValues(s: SiteSettings): FormIn {
  const { domains: _domains, ...rest } = s;
  return rest;
}

export function SitePage({ locale, messages }: { locale: Locale; messages: SiteMessages }) {
  const access = useCrmAccess('admin');
  const [settings, setSettings] = useState<SiteSettings | null>(null);
  const [nav, setNav] = useState<NavItem[]>([]);
  const [failure, setFailure] = useState<string | null>(null);

  const load = useCallback(() => {
    setFailure(null);
    getSiteSettings({ isShowErrTip: false }).then(setSettings, (e: unknown) => setFailure(gatewayMessage(outcomeOf(e)) ?? ''));
    getSiteNav({ isShowErrTip: false }).then(
      (items) => setNav(items.map((i) => navInLocale(i, locale))),
      () => setNav([]),
    );
  }, [locale]);
  useEffect(() => {
    if (access === 'allowed') load();
  }, [access, load]);

  if (access === 'pending') return <CheckingAccess messages={messages} />;
  if (access === 'denied') return <NoAccess locale={locale} messages={messages} />;
  if (failure !== null) return <LoadFailed message={failure} onRetry={load} messages={messages} />;
  if (!settings) return <p role="status" className="text-muted-foreground text-sm">{messages['crmSite.loading']}</p>;

  return (
    <div className="grid max-w-4xl gap-8">
      <p className="text-muted-foreground text-sm">{messages['crmSite.site.intro']}</p>
      <BrandingForm settings={settings} nav={nav} locale={locale} messages={messages} onSaved={setSettings} />
      <Domains domains={settings.domains} messages={messages} onChange={(domains) => setSettings({ ...settings, domains })} />
    </div>
  );
}

function TextInput({ form, name, label, hint, messages }: { form: Form; name: 'nameZh' | 'nameEn' | 'titleZh' | 'titleEn'; label: string; hint?: string; messages: SiteMessages }) {
  return <FormTextField id={`site-${name}`} label={label} hint={hint} error={errorText(messages, form.formState.errors[name]?.message)} maxLength={50} {...form.register(name)} />;
}

function ColourInput({ form, name, label, messages }: { form: Form; name: 'colorPrimary' | 'colorPrimaryForeground' | 'colorAccent'; label: string; messages: SiteMessages }) {
  const value = form.watch(name) ?? '';
  const error = errorText(messages, form.formState.errors[name]?.message);
  const id = `site-${name}`;
  return (
    <div className="grid gap-2">
      <Label htmlFor={id}>{label}</Label>
      <div className="flex items-center gap-2">
        <input
          type="color"
          className="h-9 w-12 shrink-0 cursor-pointer rounded-md border bg-transparent p-1"
          aria-label={fill(messages['crmSite.site.colourPicker'], { name: label })}
          value={sixDigitHex(value)}
          onChange={(e) => form.setValue(name, e.target.value, { shouldDirty: true, shouldValidate: true })}
        />
        <Input
          id={id}
          className="w-32 font-mono"
          maxLength={9}
          spellCheck={false}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy(id, error)}
          {...form.register(name)}
        />
      </div>
      <FieldError id={id} error={error} />
    </div>
  );
}

function BrandingForm({
  settings,
  nav,
  locale,
  messages,
  onSaved,
}: {
  settings: SiteSettings;
  nav: NavItem[];
  locale: Locale;
  messages: SiteMessages;
  onSaved: (s: SiteSettings) => void;
}) {
  const form: Form = useForm<FormIn, unknown, FormOut>({
    resolver: zodResolver(siteSettingsSchema),
    defaultValues: formValues(settings),
    mode: 'onTouched',
  });
  const [problem, setProblem] = useState<string>();
  const values = form.watch();
  const { isSubmitting, isDirty, errors } = form.formState;

  const submit = form.handleSubmit(async (body) => {
    setProblem(undefined);
    try {
      const saved = await saveSiteSettings(body, { isShowErrTip: false });
      form.reset(formValues(saved));
      onSaved(saved);
      notifySuccess(messages['crmSite.site.saved']);
    } catch (e) {
      // What was typed stays in the form.
      setProblem(gatewayMessage(outcomeOf(e)) ?? messages['crmSite.loadFailed']);
    }
  });

  const picture = (name: 'logo' | 'icon') => (url: string) => form.setValue(name, url, { shouldDirty: true, shouldValidate: true });

  return (
    <form noValidate onSubmit={submit} className="grid gap-8" aria-labelledby="site-branding-title">
      <h2 id="site-branding-title" className="sr-only">
        {messages['crmSite.site.names']}
      </h2>
      <fieldset className="grid gap-4 sm:grid-cols-2">
        <legend className="mb-2 text-lg font-semibold">{messages['crmSite.site.names']}</legend>
        <TextInput form={form} name="nameZh" label={messages['crmSite.site.nameZh']} messages={messages} />
        <TextInput form={form} name="nameEn" label={messages['crmSite.site.nameEn']} messages={messages} />
        <TextInput form={form} name="titleZh" label={messages['crmSite.site.titleZh']} hint={messages['crmSite.site.titleHint']} messages={messages} />
        <TextInput form={form} name="titleEn" label={messages['crmSite.site.titleEn']} hint={messages['crmSite.site.titleHint']} messages={messages} />
      </fieldset>

      <fieldset className="grid gap-6">
        <legend className="mb-2 text-lg font-semibold">{messages['crmSite.site.pictures']}</legend>
        <PictureField
          id="site-logo"
          label={messages['crmSite.site.logo']}
          hint={messages['crmSite.site.logoHint']}
          value={values.logo ?? ''}
          onChange={picture('logo')}
          maxBytes={LOGO_MAX_BYTES}
          tooLarge={messages['crmSite.site.logoTooLarge']}
          error={errorText(messages, errors.logo?.message)}
          messages={messages}
        />
        <PictureField
          id="site-icon"
          label={messages['crmSite.site.icon']}
          hint={messages['crmSite.site.iconHint']}
          value={values.icon ?? ''}
          onChange={picture('icon')}
          maxBytes={LOGO_MAX_BYTES}
          tooLarge={messages['crmSite.picture.tooLarge']}
          error={errorText(messages, errors.icon?.message)}
          previewClassName="size-8"
          messages={messages}
        />
      </fieldset>

      <fieldset className="grid gap-4 sm:grid-cols-3">
        <legend className="mb-2 text-lg font-semibold">{messages['crmSite.site.colours']}</legend>
        <ColourInput form={form} name="colorPrimary" label={messages['crmSite.site.colorPrimary']} messages={messages} />
        <ColourInput form={form} name="colorPrimaryForeground" label={messages['crmSite.site.colorPrimaryForeground']} messages={messages} />
        <ColourInput form={form} name="colorAccent" label={messages['crmSite.site.colorAccent']} messages={messages} />
      </fieldset>

      <HeaderPreview
        brand={{
          logo: values.logo ?? '',
          name: (locale === 'en' ? values.nameEn : values.nameZh) ?? '',
          primary: values.colorPrimary ?? '',
          primaryForeground: values.colorPrimaryForeground ?? '',
          accent: values.colorAccent ?? '',
        }}
        nav={nav}
        locale={locale}
        messages={messages}
      />

      {problem && (
        <p role="alert" className="text-destructive text-sm">
          {problem}
        </p>
      )}
      <div className="flex gap-2">
        <Button type="submit" disabled={isSubmitting}>
          {isSubmitting ? messages['crmSite.saving'] : messages['crmSite.save']}
        </Button>
        <Button type="button" variant="outline" disabled={!isDirty || isSubmitting} onClick={() => form.reset(formValues(settings))}>
          {messages['crmSite.site.reset']}
        </Button>
      </div>
    </form>
  );
}

function Domains({ domains, messages, onChange }: { domains: SiteDomain[]; messages: SiteMessages; onChange: (d: SiteDomain[]) => void }) {
  const [draft, setDraft] = useState('');
  const [problem, setProblem] = useState<string>();
  const [pending, setPending] = useState(false);
  const [removing, setRemoving] = useState<string | null>(null);

  const add = async () => {
    const checked = domainSchema.safeParse({ domain: draft });
    if (!checked.success) {
      setProblem(errorText(messages, checked.error.issues[0]?.message));
      return;
    }
    setProblem(undefined);
    setPending(true);
    try {
      const saved = await addSiteDomain(checked.data.domain, { isShowErrTip: false });
      onChange(saved.domains);
      setDraft('');
      notifySuccess(fill(messages['crmSite.domains.added'], { domain: checked.data.domain.toLowerCase() }));
    } catch (e) {
      setProblem(gatewayMessage(outcomeOf(e)) ?? messages['crmSite.loadFailed']);
    } finally {
      setPending(false);
    }
  };

  return (
    <section aria-labelledby="site-domains-title" className="grid gap-3">
      <h2 id="site-domains-title" className="text-lg font-semibold">
        {messages['crmSite.domains.title']}
      </h2>
      <p className="text-muted-foreground text-sm">{messages['crmSite.domains.intro']}</p>
      {domains.length === 0 ? (
        <p className="text-muted-foreground text-sm">{messages['crmSite.domains.empty']}</p>
      ) : (
        <ul className="grid max-w-xl gap-2" aria-label={messages['crmSite.domains.list']}>
          {domains.map((d) => (
            <li key={d.domain} className="flex items-center justify-between gap-2 rounded-md border px-3 py-2">
              <span className="font-mono text-sm">
                {d.domain}
                {d.current && <span className="text-muted-foreground ms-2 font-sans text-xs">{messages['crmSite.domains.current']}</span>}
              </span>
              <Button
                type="button"
                variant="ghost"
                size="sm"
                disabled={d.current || domains.length <= 1}
                onClick={() => setRemoving(d.domain)}
                aria-label={fill(messages['crmSite.domains.remove'], { domain: d.domain })}
              >
                {messages['crmSite.delete']}
              </Button>
            </li>
          ))}
        </ul>
      )}
      <form
        noValidate
        className="flex max-w-xl flex-wrap items-end gap-2"
        onSubmit={(e) => {
          e.preventDefault();
          void add();
        }}
      >
        <div className="grid flex-1 gap-2">
          <Label htmlFor="site-domain-new">{messages['crmSite.domains.new']}</Label>
          <Input
            id="site-domain-new"
            value={draft}
            maxLength={253}
            placeholder="learn.example.com"
            spellCheck={false}
            aria-invalid={problem ? true : undefined}
            aria-describedby={problem ? 'site-domain-error' : undefined}
            onChange={(e) => setDraft(e.target.value)}
          />
        </div>
        <Button type="submit" disabled={pending}>
          {messages['crmSite.domains.add']}
        </Button>
        {problem && (
          <p id="site-domain-error" className="text-destructive w-full text-sm" role="alert">
            {problem}
          </p>
        )}
      </form>
      <ConfirmDialog
        open={removing !== null}
        onOpenChange={(open) => !open && setRemoving(null)}
        title={messages['crmSite.domains.removeTitle']}
        description={fill(messages['crmSite.domains.removeText'], { domain: removing ?? '' })}
        confirmLabel={messages['crmSite.delete']}
        cancelLabel={messages['crm.table.cancel']}
        destructive
        onConfirm={async () => {
          const domain = removing!;
          const saved = await removeSiteDomain(domain);
          onChange(saved.domains);
          notifySuccess(fill(messages['crmSite.domains.removed'], { domain }));
        }}
      />
    </section>
  );
}
