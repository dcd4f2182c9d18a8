/**
 * A study task's form (administrators): names and introductions in both languages (English
 * optional), cover picture, type, start and optional end (typed in the browser's time zone,
 * sent as instants), the courses and exams in it in order, who must do it, and the reminder
 * before the end; checked with the gateway's own rules before saving. A new task's address
 * takes its id once saved. Leaving with unsaved changes asks first.
 */
import { zodResolver } from '@hookform/resolvers/zod';
import { useCallback, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { z } from 'zod';
import { getCrmTask, saveCrmTask } from '@/api/crm-task';
import type { CrmTaskDetail, CrmTaskItem, TaskAudienceValue } from '@/api/crm-task-types';
import { EditorFooter, EditorForm, NameFields } from '@/components/crm/form/EditorParts';
import { FormTextField } from '@/components/crm/form/FormTextField';
import { CheckingAccess, NoAccess } from '@/components/crm/shell/NoAccess';
import { useEditedRecord, useLeaveGuard } from '@/components/crm/shell/record-page';
import { useCrmAccess } from '@/components/crm/shell/use-crm-access';
import { errorText, LoadFailed, PictureField } from '@/components/crm/site/common';
import { taskListHref, taskProgressHref } from '@/components/crm/task/links';
import type { TaskFormMessages } from '@/components/crm/task/messages';
import { TaskAudience } from '@/components/crm/task/TaskAudience';
import { TaskItems } from '@/components/crm/task/TaskItems';
import { TaskStateBadge } from '@/components/crm/task/TaskStateBadge';
import { Button } from '@/components/ui/button';
import { fill } from '@/i18n/fill';
import type { Locale } from '@/i18n/locale-path';
import { AUTHORING_ERRORS } from '@/lib/authoring-rules';
import { MAX_REMIND_DAYS, TASK_AUDIENCE, TASK_ERRORS, TASK_TYPES, taskAudienceNamed, taskSaveFields } from '@/lib/schemas/task';
import { LOGO_MAX_BYTES } from '@/lib/site-rules';
import { notifySuccess } from '@/stores/toasts';

const DEFAULT_REMIND_DAYS = 3;

const readable = (v: string) => !Number.isNaN(new Date(v).getTime());

/** The form's fields: the gateway's texts, with the times as the inputs hold them and the lists as the page shows them. */
const formSchema = taskSaveFields
  .pick({ nameZh: true, nameEn: true, introZh: true, introEn: true, cover: true })
  .extend({
    taskType: z.string(),
    startAt: z.string().trim().min(1, { message: AUTHORING_ERRORS.required, abort: true }).refine(readable, TASK_ERRORS.time),
    endAt: z
      .string()
      .trim()
      .refine((v) => v === '' || readable(v), TASK_ERRORS.time),
    items: z.array(z.custom<CrmTaskItem>()).min(1, TASK_ERRORS.items),
    who: z.custom<TaskAudienceValue>().refine((v) => taskAudienceNamed({ ...v, memberIds: v.members.map((x) => x.id) }), TASK_ERRORS.audience),
    remindOn: z.boolean(),
    remindDays: z.number(TASK_ERRORS.remind).int(TASK_ERRORS.remind).min(1, TASK_ERRORS.remind).max(MAX_REMIND_DAYS, TASK_ERRORS.remind),
  })
  .refine((v) => !v.startAt || !v.endAt || !readable(v.startAt) || !readable(v.endAt) || new Date(v.endAt) > new Date(v.startAt), {
    message: TASK_ERRORS.order,
    path: ['endAt'],
  })
  .refine((v) => !v.remindOn || v.endAt !== '', { message: TASK_ERRORS.remindNoEnd, path: ['remindDays'] });
type FormIn = z.input<typeof formSchema>;
type FormOut = z.output<typeof formSchema>;

const EMPTY: FormIn = {
  nameZh: '',
  nameEn: '',
  introZh: '',
  introEn: '',
  cover: '',
  taskType: '1',
  startAt: '',
  endAt: '',
  items: [],
  who: { audience: TASK_AUDIENCE.chosen, departmentIds: [], postIds: [], members: [], joinLater: false },
  remindOn: false,
  remindDays: DEFAULT_REMIND_DAYS,
};

const pad = (n: number) => String(n).padStart(2, '0');

/** An instant as a `datetime-local` input holds it, in the browser's time zone; '' for none or a bad one. */
function localInput(iso: string | null): string {
  if (!iso) return '';
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return '';
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

function formValues(task: CrmTaskDetail): FormIn {
  return {
    nameZh: task.nameZh,
    nameEn: task.nameEn,
    introZh: task.introZh,
    introEn: task.introEn,
    cover: task.cover,
    taskType: String(task.taskType),
    startAt: localInput(task.startAt),
    endAt: localInput(task.endAt),
    items: task.items,
    who: {
      audience: task.audience,
      departmentIds: task.departments.map((d) => d.id),
      postIds: task.posts.map((p) => p.id),
      members: task.members,
      joinLater: task.joinLater,
    },
    remindOn: task.remindDays !== null,
    remindDays: task.remindDays ?? DEFAULT_REMIND_DAYS,
  };
}

export function TaskEditorPage({ locale, messages: m }: { locale: Locale; messages: TaskFormMessages }) {
  const access = useCrmAccess('admin');
  const [task, setTask] = useState<CrmTaskDetail | null>(null);
  const form = useForm<FormIn, unknown, FormOut>({ resolver: zodResolver(formSchema), defaultValues: EMPTY });
  const { errors, isDirty, isSubmitting } = form.formState;
  const err = (name: keyof FormIn) => errorText(m, errors[name]?.message);
  const remindOn = form.watch('remindOn');

  const show = useCallback(
    (t: CrmTaskDetail) => {
      setTask(t);
      form.reset(formValues(t));
    },
    [form],
  );

  const { phase, failure, retry } = useEditedRecord(getCrmTask, show, m['crmTask.form.notFound'], access === 'allowed');

  useLeaveGuard(isDirty);

  if (access === 'pending') return <CheckingAccess messages={m} />;
  if (access === 'denied') return <NoAccess locale={locale} messages={m} />;
  if (phase === 'failed') return <LoadFailed message={failure} onRetry={retry} messages={m} />;
  if (phase === 'loading')
    return (
      <p role="status" className="text-muted-foreground text-sm">
        {m['crmSite.loading']}
      </p>
    );

  const submit = form.handleSubmit(async (values) => {
    const type = TASK_TYPES.find((t) => String(t) === values.taskType) ?? 1;
    let saved;
    try {
      saved = await saveCrmTask({
        ...(task && { id: task.id }),
        nameZh: values.nameZh,
        nameEn: values.nameEn,
        introZh: values.introZh,
        introEn: values.introEn,
        cover: values.cover,
        taskType: type,
        startAt: new Date(values.startAt).toISOString(),
        endAt: values.endAt ? new Date(values.endAt).toISOString() : null,
        items: values.items.map((i) => ({ kind: i.kind, id: i.id, required: i.required })),
        audience: values.who.audience,
        departmentIds: values.who.audience === TASK_AUDIENCE.chosen ? values.who.departmentIds : [],
        postIds: values.who.audience === TASK_AUDIENCE.chosen ? values.who.postIds : [],
        memberIds: values.who.audience === TASK_AUDIENCE.chosen ? values.who.members.map((x) => x.id) : [],
        joinLater: values.who.joinLater,
        remindDays: values.remindOn ? values.remindDays : null,
      });
    } catch {
      return; // The client showed the gateway's message; the form keeps what was typed.
    }
    const created = !task;
    show(saved.task);
    if (created) history.replaceState(history.state, '', `${location.pathname}?id=${encodeURIComponent(saved.task.id)}`);
    notifySuccess(fill(m[created ? 'crmTask.form.created' : 'crmTask.form.saved'], { assigned: saved.assigned, unassigned: saved.unassigned }));
  });

  return (
    <EditorForm
      onSubmit={(e) => void submit(e)}
      busy={isSubmitting}
      intro={m['crmTask.form.intro']}
      aside={
        task && (
          <div className="flex flex-wrap items-center gap-2">
            <TaskStateBadge state={task.state} template={m['crmTask.form.state']} messages={m} />
            <Button asChild variant="link" size="sm">
              <a href={taskProgressHref(locale, task.id)}>{m['crmTask.form.progress']}</a>
            </Button>
          </div>
        )
      }
    >
      <NameFields
        id="task"
        rows={3}
        labels={{ nameZh: m['crmTask.form.nameZh'], nameEn: m['crmTask.form.nameEn'], introZh: m['crmTask.form.introZh'], introEn: m['crmTask.form.introEn'] }}
        errors={{ nameZh: err('nameZh'), nameEn: err('nameEn'), introZh: err('introZh'), introEn: err('introEn') }}
        fields={{ nameZh: form.register('nameZh'), nameEn: form.register('nameEn'), introZh: form.register('introZh'), introEn: form.register('introEn') }}
      />

      <div className="grid gap-4 md:grid-cols-[auto_1fr] md:items-start">
        <div className="grid gap-1">
          <label htmlFor="task-type" className="text-sm font-medium">
            {m['crmTask.form.type']}
          </label>
          <select
            id="task-type"
            className="border-input bg-background focus-visible:ring-ring/50 h-9 rounded-md border px-2 text-sm outline-none focus-visible:ring-[3px]"
            {...form.register('taskType')}
          >
            {TASK_TYPES.map((t) => (
              <option key={t} value={String(t)}>
                {m[`study.taskType.${t}`]}
              </option>
            ))}
          </select>
        </div>
        <Controller
          control={form.control}
          name="cover"
          render={({ field }) => (
            <PictureField
              id="task-cover"
              label={m['crmTask.form.cover']}
              hint={m['crmTask.form.coverHint']}
              value={field.value ?? ''}
              onChange={(url) => field.onChange(url)}
              maxBytes={LOGO_MAX_BYTES}
              tooLarge={m['crmTask.form.coverTooLarge']}
              error={err('cover')}
              previewClassName="h-24 w-40"
              messages={m}
            />
          )}
        />
      </div>

      <fieldset className="grid gap-4">
        <legend className="mb-2 text-sm font-medium">{m['crmTask.form.schedule']}</legend>
        <div className="grid gap-4 md:grid-cols-2">
          <FormTextField id="task-startAt" type="datetime-local" label={m['crmTask.form.startAt']} error={err('startAt')} {...form.register('startAt')} />
          <FormTextField id="task-endAt" type="datetime-local" label={m['crmTask.form.endAt']} error={err('endAt')} {...form.register('endAt')} />
        </div>
        <p className="text-muted-foreground -mt-2 text-xs">{m['crmTask.form.timeHint']}</p>
      </fieldset>

      <Controller
        control={form.control}
        name="items"
        render={({ field }) => <TaskItems value={field.value} onChange={field.onChange} error={err('items')} locale={locale} messages={m} />}
      />

      <Controller
        control={form.control}
        name="who"
        render={({ field }) => <TaskAudience value={field.value} onChange={field.onChange} error={err('who')} messages={m} />}
      />

      <fieldset className="grid gap-3">
        <legend className="mb-2 text-sm font-medium">{m['crmTask.form.remind']}</legend>
        <label className="flex items-center gap-2 text-sm">
          <input type="checkbox" className="accent-primary size-4" {...form.register('remindOn')} />
          {m['crmTask.form.remindOn']}
        </label>
        {remindOn && (
          <FormTextField
            id="task-remindDays"
            type="number"
            min={1}
            max={MAX_REMIND_DAYS}
            step={1}
            className="grid w-32 gap-2"
            label={m['crmTask.form.remindDays']}
            error={err('remindDays')}
            {...form.register('remindDays', { valueAsNumber: true })}
          />
        )}
        <p className="text-muted-foreground text-xs">{m['crmTask.form.remindHint']}</p>
      </fieldset>

      <EditorFooter
        saving={isSubmitting}
        dirty={isDirty}
        backHref={taskListHref(locale)}
        labels={{ save: m['crmTask.form.save'], saving: m['crmTask.form.saving'], back: m['crmTask.form.back'], unsaved: m['crmTask.form.unsaved'] }}
      />
    </EditorForm>
  );
}
