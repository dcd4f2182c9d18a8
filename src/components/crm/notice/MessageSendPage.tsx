/**
 * Sending a message (`/crm/messages`): recipients by department (a tree of checkboxes, each
 * with its sub-departments) and by member (search), a title and a text in Chinese and English
 * (a language left empty shows the other); the answer says how many members received it. The
 * shared schema checks the form as the gateway does; a refused send keeps what was typed.
 */
import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useId, useState } from 'react';
import { Controller, useForm, useWatch, type FieldErrors } from 'react-hook-form';
import type { z } from 'zod';
import { getDepartmentList } from '@/api/account';
import type { NoticeRecipient } from '@/api/crm-notice-types';
import { sendNoticeMessage } from '@/api/crm-notice';
import { gatewayMessage, outcomeOf } from '@/api/outcome';
import type { TreeOption } from '@/api/types';
import { FormTextField } from '@/components/crm/form/FormTextField';
import { DepartmentPicker } from '@/components/crm/notice/DepartmentPicker';
import { MemberPicker } from '@/components/crm/notice/MemberPicker';
import { errorText, type MessageSendMessages } from '@/components/crm/notice/messages';
import { CheckingAccess, NoAccess } from '@/components/crm/shell/NoAccess';
import { useCrmAccess } from '@/components/crm/shell/use-crm-access';
import { Button } from '@/components/ui/button';
import { FormAlert } from '@/components/ui/form-fields';
import { Skeleton } from '@/components/ui/skeleton';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { fill } from '@/i18n/fill';
import type { Locale } from '@/i18n/locale-path';
import { NOTICE_TEXT_MAX, NOTICE_TITLE_MAX, noticeMessageFormSchema } from '@/lib/schemas/notice';
import { notifySuccess } from '@/stores/toasts';

type Values = z.input<typeof noticeMessageFormSchema>;
type Lang = 'zh' | 'en';

const BLANK: Values = { titleZh: '', titleEn: '', contentZh: '', contentEn: '', departmentIds: [], memberIds: [] };

function tabOfError(errors: FieldErrors<Values>, current: Lang): Lang | undefined {
  const wrong = { zh: !!(errors.titleZh || errors.contentZh), en: !!(errors.titleEn || errors.contentEn) };
  if (wrong[current]) return current;
  return wrong.zh ? 'zh' : wrong.en ? 'en' : undefined;
}

export function MessageSendPage({ locale, messages: m }: { locale: Locale; messages: MessageSendMessages }) {
  const access = useCrmAccess('admin');
  const ids = useId();
  const [tree, setTree] = useState<TreeOption[] | null>(null);
  const [treeFailed, setTreeFailed] = useState(false);
  const [attempt, setAttempt] = useState(0);
  const [members, setMembers] = useState<NoticeRecipient[]>([]);
  const [tab, setTab] = useState<Lang>(locale === 'en' ? 'en' : 'zh');
  const [formError, setFormError] = useState('');
  const [sent, setSent] = useState<number | null>(null);

  const { register, control, handleSubmit, reset, setValue, formState } = useForm<Values, unknown, z.output<typeof noticeMessageFormSchema>>({
    resolver: zodResolver(noticeMessageFormSchema),
    defaultValues: BLANK,
    reValidateMode: 'onChange',
  });

  const departmentIds = useWatch({ control, name: 'departmentIds' });

  useEffect(() => {
    if (access !== 'allowed') return;
    const controller = new AbortController();
    setTreeFailed(false);
    getDepartmentList({ signal: controller.signal, isShowErrTip: false }).then(setTree, () => !controller.signal.aborted && setTreeFailed(true));
    return () => controller.abort();
  }, [access, attempt]);

  if (access === 'pending') return <CheckingAccess messages={m} />;
  if (access === 'denied') return <NoAccess locale={locale} messages={m} />;

  const errors = formState.errors;
  const error = (name: keyof Values) => errorText(m, errors[name]?.message);
  const recipientsError = error('memberIds') ?? error('departmentIds');
  const recipientsErrorId = `${ids}-recipients-error`;

  const submit = handleSubmit(
    async (values) => {
      setFormError('');
      setSent(null);
      try {
        const result = await sendNoticeMessage(values, { isShowErrTip: false });
        setSent(result.count);
        notifySuccess(fill(m['crmNotice.msg.sent'], { count: result.count }));
        reset(BLANK);
        setMembers([]);
      } catch (failure) {
        setFormError(gatewayMessage(outcomeOf(failure)) ?? m['crmNotice.msg.failed']);
      }
    },
    (failed) => {
      const other = tabOfError(failed, tab);
      if (other) setTab(other);
    },
  );

  const language = (lang: Lang) => {
    const title = lang === 'zh' ? 'titleZh' : 'titleEn';
    const content = lang === 'zh' ? 'contentZh' : 'contentEn';
    const titleError = error(title);
    const contentError = error(content);
    const language = m[`crmNotice.edit.${lang}`];
    return (
      <TabsContent value={lang} forceMount className="data-[state=inactive]:hidden grid gap-4 pt-2">
        <FormTextField
          id={`${ids}-${title}`}
          label={fill(m['crmNotice.field.titleIn'], { language })}
          error={titleError}
          lang={lang === 'zh' ? 'zh-CN' : 'en'}
          maxLength={NOTICE_TITLE_MAX}
          {...register(title)}
        />
        <FormTextField
          multiline
          id={`${ids}-${content}`}
          label={fill(m['crmNotice.msg.contentIn'], { language })}
          error={contentError}
          lang={lang === 'zh' ? 'zh-CN' : 'en'}
          rows={6}
          maxLength={NOTICE_TEXT_MAX}
          {...register(content)}
        />
      </TabsContent>
    );
  };

  return (
    <section className="bg-background grid gap-4 rounded-lg border p-4">
      <p className="text-muted-foreground max-w-2xl text-sm">{m['crmNotice.msg.intro']}</p>
      <form noValidate onSubmit={(e) => void submit(e)} aria-busy={formState.isSubmitting} className="grid gap-6">
        <fieldset className="grid gap-4" aria-describedby={recipientsError ? recipientsErrorId : undefined}>
          <legend className="mb-2 font-medium">{m['crmNotice.msg.recipients']}</legend>
          <div className="grid gap-6 lg:grid-cols-2">
            <div className="grid content-start gap-2">
              <h3 id={`${ids}-departments`} className="text-sm font-medium">
                {m['crmNotice.msg.departments']}
              </h3>
              <p id={`${ids}-departments-hint`} className="text-muted-foreground text-xs">
                {m['crmNotice.msg.departmentsHint']}
              </p>
              <div role="group" aria-labelledby={`${ids}-departments`} className="max-h-80 overflow-y-auto rounded-md border p-2">
                {tree ? (
                  <Controller
                    control={control}
                    name="departmentIds"
                    render={({ field }) => (
                      <DepartmentPicker
                        tree={tree}
                        value={field.value ?? []}
                        onChange={field.onChange}
                        messages={m}
                        describedBy={`${ids}-departments-hint`}
                      />
                    )}
                  />
                ) : treeFailed ? (
                  <div role="alert" className="grid justify-items-start gap-2 p-2 text-sm">
                    {m['crmNotice.msg.loadFailed']}
                    <Button type="button" variant="outline" size="sm" onClick={() => setAttempt((n) => n + 1)}>
                      {m['crmNotice.edit.retry']}
                    </Button>
                  </div>
                ) : (
                  <div className="grid gap-2 p-1">
                    {Array.from({ length: 5 }, (_, i) => (
                      <Skeleton key={i} className="h-5 w-2/3" />
                    ))}
                  </div>
                )}
              </div>
            </div>
            <div className="grid content-start gap-2">
              <h3 className="text-sm font-medium">{m['crmNotice.msg.members']}</h3>
              <MemberPicker
                value={members}
                onChange={(next) => {
                  setMembers(next);
                  setValue(
                    'memberIds',
                    next.map((r) => r.id),
                    { shouldValidate: formState.isSubmitted },
                  );
                }}
                messages={m}
              />
            </div>
          </div>
          <p className="text-muted-foreground text-sm" aria-live="polite">
            {fill(m['crmNotice.msg.chosen'], { departments: (departmentIds ?? []).length, members: members.length })}
          </p>
          {recipientsError && (
            <p id={recipientsErrorId} className="text-destructive text-sm">
              {recipientsError}
            </p>
          )}
        </fieldset>

        <Tabs value={tab} onValueChange={(v) => setTab(v === 'en' ? 'en' : 'zh')}>
          <div className="flex flex-wrap items-center gap-3">
            <TabsList>
              <TabsTrigger value="zh">{m['crmNotice.edit.zh']}</TabsTrigger>
              <TabsTrigger value="en">{m['crmNotice.edit.en']}</TabsTrigger>
            </TabsList>
            <p className="text-muted-foreground text-xs">{m['crmNotice.edit.languageHint']}</p>
          </div>
          {language('zh')}
          {language('en')}
        </Tabs>

        {formError && <FormAlert>{formError}</FormAlert>}
        {sent !== null && <FormAlert tone="success">{fill(m['crmNotice.msg.sent'], { count: sent })}</FormAlert>}
        <div>
          <Button type="submit" disabled={formState.isSubmitting}>
            {formState.isSubmitting ? m['crmNotice.msg.sending'] : m['crmNotice.msg.send']}
          </Button>
        </div>
      </form>
    </section>
  );
}
