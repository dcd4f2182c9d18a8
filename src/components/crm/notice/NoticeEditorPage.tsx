/**
 * Writing an announcement (`/crm/announcements/edit`, `?id=` for an existing one): a title and
 * a rich text in Chinese and English (tabs; a language left empty shows the other), comments
 * allowed or not, pinned or not, and how it is saved: a draft, published now, or at a chosen
 * time. The shared schema checks the form as the gateway does; what is typed is kept in the
 * tab's sessionStorage until it is saved, so a failed call or a reload loses nothing. The
 * editor (Tiptap) loads on this page only, after the form.
 */
import { zodResolver } from '@hookform/resolvers/zod';
import ArrowLeftIcon from 'lucide-react/icons/arrow-left';
import ExternalLinkIcon from 'lucide-react/icons/external-link';
import { lazy, Suspense, useEffect, useId, useRef, useState } from 'react';
import { Controller, useForm, useWatch, type FieldErrors } from 'react-hook-form';
import type { z } from 'zod';
import type { NoticeDetail } from '@/api/crm-notice-types';
import { getNotice, saveNotice } from '@/api/crm-notice';
import { RecordFormat } from '@/api/home-types';
import { gatewayMessage, outcomeOf } from '@/api/outcome';
import { FieldError, FormTextField } from '@/components/crm/form/FormTextField';
import { editHref, listHref } from '@/components/crm/notice/links';
import { clearDraft, draftKey, localInputValue, plainToHtml, readDraft, writeDraft } from '@/components/crm/notice/local-draft';
import { errorText, type NoticeEditorMessages } from '@/components/crm/notice/messages';
import { StateBadge } from '@/components/crm/notice/StateBadge';
import { CheckingAccess, NoAccess } from '@/components/crm/shell/NoAccess';
import { useCrmAccess } from '@/components/crm/shell/use-crm-access';
import { Button } from '@/components/ui/button';
import { FormAlert } from '@/components/ui/form-fields';
import { Label } from '@/components/ui/label';
import { RadioGroup, RadioGroupItem } from '@/components/ui/radio-group';
import { Skeleton } from '@/components/ui/skeleton';
import { Switch } from '@/components/ui/switch';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { fill } from '@/i18n/fill';
import { localizePath, type Locale } from '@/i18n/locale-path';
import { NOTICE_PUBLISH, NOTICE_TITLE_MAX, noticeFormSchema, type NoticeFormValues } from '@/lib/schemas/notice';
import { notifySuccess } from '@/stores/toasts';

const RichTextEditor = lazy(() => import('@/components/crm/notice/RichTextEditor').then((m) => ({ default: m.RichTextEditor })));

type Values = z.input<typeof noticeFormSchema>;
type Lang = 'zh' | 'en';
type Status = 'loading' | 'ready' | 'notFound' | 'error';

const BLANK: Values = { titleZh: '', titleEn: '', contentZh: '', contentEn: '', allowComment: true, pinned: false, publish: 'now', publishAt: '' };

/** The form's values of a saved announcement. */
function valuesOf(notice: NoticeDetail): Values {
  const html = (text: string) => (notice.format === RecordFormat.html ? text : plainToHtml(text));
  return {
    titleZh: notice.titleZh,
    titleEn: notice.titleEn,
    contentZh: html(notice.contentZh),
    contentEn: html(notice.contentEn),
    allowComment: notice.allowComment,
    pinned: notice.pinned,
    publish: notice.state === 'draft' ? 'draft' : notice.state === 'scheduled' ? 'schedule' : 'now',
    publishAt: notice.state === 'scheduled' ? localInputValue(notice.publishedAt) : '',
  };
}

/** The language tab holding the first field in error. */
function tabOfError(errors: FieldErrors<Values>, current: Lang): Lang | undefined {
  const wrong = { zh: !!(errors.titleZh || errors.contentZh), en: !!(errors.titleEn || errors.contentEn) };
  if (wrong[current]) return current;
  return wrong.zh ? 'zh' : wrong.en ? 'en' : undefined;
}

function EditorFallback() {
  return <Skeleton className="h-72 w-full rounded-md" />;
}

export function NoticeEditorPage({ locale, messages: m }: { locale: Locale; messages: NoticeEditorMessages }) {
  const access = useCrmAccess('admin');
  const ids = useId();
  const [id, setId] = useState<string>();
  const [saved, setSaved] = useState<NoticeDetail>();
  const [status, setStatus] = useState<Status>('loading');
  const [attempt, setAttempt] = useState(0);
  const [tab, setTab] = useState<Lang>(locale === 'en' ? 'en' : 'zh');
  const [restored, setRestored] = useState(false);
  const [resetKey, setResetKey] = useState(0);
  const [uploading, setUploading] = useState(false);
  const [formError, setFormError] = useState('');
  const keeping = useRef(false);

  const form = useForm<Values, unknown, z.output<typeof noticeFormSchema>>({
    resolver: zodResolver(noticeFormSchema),
    defaultValues: BLANK,
    mode: 'onSubmit',
    reValidateMode: 'onChange',
  });
  const { register, control, handleSubmit, reset, formState } = form;
  const publish = useWatch({ control, name: 'publish' });
  const storage = () => window.sessionStorage;

  // The announcement named in the address, and what was typed and not saved.
  useEffect(() => {
    if (access !== 'allowed') return;
    const given = new URLSearchParams(window.location.search).get('id') ?? undefined;
    setId(given);
    const kept = readDraft(storage(), draftKey(given));
    const start = (values: Values) => {
      reset(kept ?? values);
      setRestored(kept !== undefined);
      setResetKey((k) => k + 1);
      keeping.current = true;
      setStatus('ready');
    };
    if (!given) {
      start(BLANK);
      return;
    }
    const controller = new AbortController();
    setStatus('loading');
    getNotice(given, { signal: controller.signal, isShowErrTip: false }).then(
      (notice) => {
        setSaved(notice);
        start(valuesOf(notice));
      },
      (error: unknown) => {
        if (controller.signal.aborted) return;
        setStatus(outcomeOf(error).kind === 'notFound' ? 'notFound' : 'error');
      },
    );
    return () => controller.abort();
  }, [access, attempt, reset]);

  // Every change is kept in the tab until it is saved.
  useEffect(() => {
    const subscription = form.watch((values) => {
      if (keeping.current) writeDraft(storage(), draftKey(id), values as NoticeFormValues);
    });
    return () => subscription.unsubscribe();
  }, [form, id]);

  const discard = () => {
    keeping.current = false;
    clearDraft(storage(), draftKey(id));
    reset(saved ? valuesOf(saved) : BLANK);
    keeping.current = true;
    setResetKey((k) => k + 1);
    setRestored(false);
  };

  const submit = handleSubmit(
    async (values) => {
      setFormError('');
      try {
        const notice = await saveNotice(
          {
            id,
            titleZh: values.titleZh,
            titleEn: values.titleEn,
            contentZh: values.contentZh,
            contentEn: values.contentEn,
            allowComment: values.allowComment,
            pinned: values.pinned,
            publish: values.publish,
            publishAt: values.publish === 'schedule' && values.publishAt ? new Date(values.publishAt).toISOString() : undefined,
          },
          { isShowErrTip: false },
        );
        keeping.current = false;
        clearDraft(storage(), draftKey(id));
        clearDraft(storage(), draftKey(notice.id));
        setSaved(notice);
        setId(notice.id);
        setRestored(false);
        reset(valuesOf(notice));
        keeping.current = true;
        if (!id) window.history.replaceState(window.history.state, '', editHref(locale, notice.id));
        const when = new Intl.DateTimeFormat(locale === 'en' ? 'en' : 'zh-CN', { dateStyle: 'medium', timeStyle: 'short' });
        notifySuccess(
          notice.state === 'draft'
            ? m['crmNotice.saved.draft']
            : notice.state === 'scheduled'
              ? fill(m['crmNotice.saved.schedule'], { time: when.format(new Date(notice.publishedAt)) })
              : m['crmNotice.saved.now'],
        );
      } catch (error) {
        // The values stay in the form (and in the tab's storage).
        const outcome = outcomeOf(error);
        setFormError(gatewayMessage(outcome) ?? m['crmNotice.edit.saveFailed']);
      }
    },
    (errors) => {
      const other = tabOfError(errors, tab);
      if (other) setTab(other);
    },
  );

  if (access === 'pending') return <CheckingAccess messages={m} />;
  if (access === 'denied') return <NoAccess locale={locale} messages={m} />;

  const back = (
    <a href={listHref(locale)} className="text-muted-foreground hover:text-foreground inline-flex items-center gap-1 text-sm underline-offset-4 hover:underline">
      <ArrowLeftIcon aria-hidden="true" className="size-4" />
      {m['crmNotice.edit.back']}
    </a>
  );

  if (status === 'notFound' || status === 'error') {
    return (
      <section className="bg-background grid gap-4 rounded-lg border p-4">
        {back}
        <div role="alert" className="grid justify-items-center gap-3 py-10 text-center">
          <p>{m[status === 'notFound' ? 'crmNotice.edit.notFound' : 'crmNotice.edit.loadFailed']}</p>
          {status === 'error' && (
            <Button type="button" variant="outline" onClick={() => setAttempt((n) => n + 1)}>
              {m['crmNotice.edit.retry']}
            </Button>
          )}
        </div>
      </section>
    );
  }
  if (status === 'loading') {
    return (
      <section className="bg-background grid gap-4 rounded-lg border p-4" aria-busy="true">
        {back}
        <Skeleton className="h-9 w-full" />
        <EditorFallback />
      </section>
    );
  }

  const errors = formState.errors;
  const error = (name: keyof Values) => errorText(m, errors[name]?.message);
  const pending = formState.isSubmitting;
  const submitLabel = m[`crmNotice.submit.${publish ?? 'draft'}`];

  const language = (lang: Lang) => {
    const title = lang === 'zh' ? 'titleZh' : 'titleEn';
    const content = lang === 'zh' ? 'contentZh' : 'contentEn';
    const titleError = error(title);
    const contentError = error(content);
    const labelId = `${ids}-${content}-label`;
    return (
      <TabsContent value={lang} forceMount className="data-[state=inactive]:hidden grid gap-4 pt-2">
        <FormTextField
          id={`${ids}-${title}`}
          label={fill(m['crmNotice.field.titleIn'], { language: m[`crmNotice.edit.${lang}`] })}
          error={titleError}
          lang={lang === 'zh' ? 'zh-CN' : 'en'}
          maxLength={NOTICE_TITLE_MAX}
          {...register(title)}
        />
        <div className="grid gap-2">
          <span id={labelId} className="text-sm font-medium">
            {fill(m['crmNotice.field.contentIn'], { language: m[`crmNotice.edit.${lang}`] })}
          </span>
          <Controller
            control={control}
            name={content}
            render={({ field }) => (
              <Suspense fallback={<EditorFallback />}>
                <RichTextEditor
                  initial={field.value ?? ''}
                  resetKey={resetKey}
                  onChange={field.onChange}
                  labelledBy={labelId}
                  describedBy={contentError ? `${ids}-${content}-error` : undefined}
                  invalid={!!contentError}
                  onBusyChange={setUploading}
                  messages={m}
                />
              </Suspense>
            )}
          />
          <FieldError id={`${ids}-${content}`} error={contentError} />
        </div>
      </TabsContent>
    );
  };

  return (
    <section className="bg-background grid gap-4 rounded-lg border p-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        {back}
        <a
          href={localizePath('/tpl', locale)}
          target="_blank"
          rel="noopener noreferrer"
          className="text-primary inline-flex items-center gap-1 text-sm underline-offset-4 hover:underline"
        >
          {m['crmNotice.edit.gallery']}
          <ExternalLinkIcon aria-hidden="true" className="size-3.5" />
          <span className="sr-only">{m['crmNotice.edit.newTab']}</span>
        </a>
      </div>
      <div className="flex flex-wrap items-center gap-3">
        <h2 className="text-lg font-semibold">{m[id ? 'crmNotice.edit.existing' : 'crmNotice.edit.new']}</h2>
        {saved && <StateBadge state={saved.state} messages={m} />}
      </div>
      {restored && (
        <FormAlert tone="info">
          <span className="flex flex-wrap items-center gap-3">
            {m['crmNotice.edit.restored']}
            <Button type="button" variant="outline" size="sm" onClick={discard}>
              {m['crmNotice.edit.discard']}
            </Button>
          </span>
        </FormAlert>
      )}
      <form noValidate onSubmit={(e) => void submit(e)} aria-busy={pending} className="grid gap-6">
        <Tabs value={tab} onValueChange={(v) => setTab(v === 'en' ? 'en' : 'zh')}>
          <div className="flex flex-wrap items-center gap-3">
            <TabsList aria-label={m['crmNotice.edit.languages']}>
              <TabsTrigger value="zh">{m['crmNotice.edit.zh']}</TabsTrigger>
              <TabsTrigger value="en">{m['crmNotice.edit.en']}</TabsTrigger>
            </TabsList>
            <p className="text-muted-foreground text-xs">{m['crmNotice.edit.languageHint']}</p>
          </div>
          {language('zh')}
          {language('en')}
        </Tabs>

        <div className="flex flex-wrap gap-6">
          {(['allowComment', 'pinned'] as const).map((name) => (
            <Controller
              key={name}
              control={control}
              name={name}
              render={({ field }) => (
                <div className="flex items-center gap-2">
                  <Switch id={`${ids}-${name}`} checked={field.value ?? false} onCheckedChange={field.onChange} />
                  <Label htmlFor={`${ids}-${name}`}>{m[`crmNotice.field.${name}`]}</Label>
                </div>
              )}
            />
          ))}
        </div>

        <fieldset className="grid gap-3">
          <legend className="mb-2 text-sm font-medium">{m['crmNotice.field.publish']}</legend>
          <Controller
            control={control}
            name="publish"
            render={({ field }) => (
              <RadioGroup value={field.value} onValueChange={field.onChange} className="flex flex-wrap gap-4">
                {NOTICE_PUBLISH.map((mode) => (
                  <div key={mode} className="flex items-center gap-2">
                    <RadioGroupItem id={`${ids}-publish-${mode}`} value={mode} />
                    <Label htmlFor={`${ids}-publish-${mode}`}>{m[`crmNotice.publish.${mode}`]}</Label>
                  </div>
                ))}
              </RadioGroup>
            )}
          />
          {publish === 'schedule' && (
            <FormTextField
              id={`${ids}-publishAt`}
              className="grid max-w-xs gap-2"
              label={m['crmNotice.field.publishAt']}
              error={error('publishAt')}
              type="datetime-local"
              {...register('publishAt')}
            />
          )}
        </fieldset>

        {formError && <FormAlert>{formError}</FormAlert>}
        <div className="flex flex-wrap gap-3">
          <Button type="submit" disabled={pending || uploading} aria-busy={pending || undefined}>
            {pending ? m['crmNotice.submit.pending'] : submitLabel}
          </Button>
        </div>
      </form>
    </section>
  );
}
