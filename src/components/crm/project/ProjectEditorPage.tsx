/**
 * A study project's form (administrators): names and introductions in both languages (English
 * optional), cover picture, registration rule, free or not, learning days, start and end (typed
 * in the browser's time zone, sent as instants), credit hours; phases in order, each with its
 * courses in order, required or elective; the lecturers in order; the certificate it issues.
 * Lists reorder with up/down buttons (the keyboard way). Checked with the gateway's own schema
 * before saving; a failed save keeps everything typed. A new project's address takes its id once
 * saved. Leaving with unsaved changes asks first.
 */
import { zodResolver } from '@hookform/resolvers/zod';
import PlusIcon from 'lucide-react/icons/plus';
import Trash2Icon from 'lucide-react/icons/trash-2';
import { useCallback, useEffect, useId, useMemo, useState } from 'react';
import { Controller, useFieldArray, useForm } from 'react-hook-form';
import { z } from 'zod';
import { getCrmProject, getProjectCertificateOptions, saveCrmProject } from '@/api/crm-project';
import type { CrmCertificateOption, CrmProject } from '@/api/crm-project-types';
import { findZoneCourses, findZoneLecturers } from '@/api/crm-site';
import { nameIn } from '@/components/crm/course/links';
import { EditorFooter, EditorForm, NameFields } from '@/components/crm/form/EditorParts';
import { FieldError, FormTextField } from '@/components/crm/form/FormTextField';
import type { PickOption } from '@/components/crm/live/PickOne';
import { FindAndAdd } from '@/components/crm/project/FindAndAdd';
import { projectListHref, projectMembersHref } from '@/components/crm/project/links';
import type { ProjectFormMessages } from '@/components/crm/project/messages';
import { CheckingAccess, NoAccess } from '@/components/crm/shell/NoAccess';
import { useEditedRecord, useLeaveGuard } from '@/components/crm/shell/record-page';
import { useCrmAccess } from '@/components/crm/shell/use-crm-access';
import { errorText, LoadFailed, MoveButtons, PictureField } from '@/components/crm/site/common';
import { moveItem } from '@/components/crm/site/reorder';
import { Button } from '@/components/ui/button';
import { fill } from '@/i18n/fill';
import type { Locale } from '@/i18n/locale-path';
import { AUTHORING_ERRORS, MAX_CREDIT_HOURS } from '@/lib/authoring-rules';
import { MAX_STUDY_DAYS, PROJECT_ERRORS, PROJECT_REGISTRATIONS, projectCoursesOnce, projectSaveFields, projectTimesInOrder } from '@/lib/schemas/project';
import { LOGO_MAX_BYTES } from '@/lib/site-rules';
import { notifySuccess } from '@/stores/toasts';

/** A `datetime-local` value (the browser's time zone), sent as an instant. */
const localTime = z
  .string()
  .trim()
  .min(1, { message: AUTHORING_ERRORS.required, abort: true })
  .refine((v) => !Number.isNaN(new Date(v).getTime()), PROJECT_ERRORS.time)
  .transform((v) => new Date(v).toISOString());
/** The same, or none when left empty. */
const optionalLocalTime = z
  .string()
  .trim()
  .refine((v) => v === '' || !Number.isNaN(new Date(v).getTime()), PROJECT_ERRORS.time)
  .transform((v) => (v === '' ? null : new Date(v).toISOString()));

const timesRead = (payload: { issues: readonly { path?: readonly PropertyKey[] }[] }) =>
  payload.issues.every((issue) => issue.path?.[0] !== 'startAt' && issue.path?.[0] !== 'studyEndAt');

/** The form's fields: the gateway's schema, with the times as the inputs hold them. */
const formSchema = projectSaveFields
  .omit({ id: true, startAt: true, studyEndAt: true })
  .extend({ startAt: localTime, studyEndAt: optionalLocalTime })
  .refine(projectTimesInOrder, { message: PROJECT_ERRORS.order, path: ['studyEndAt'], when: timesRead })
  .refine(projectCoursesOnce, { message: PROJECT_ERRORS.courseTwice, path: ['phases'] });
type FormIn = z.input<typeof formSchema>;
type FormOut = z.output<typeof formSchema>;
type CourseEntry = { courseId: string; required?: boolean };

const EMPTY: FormIn = {
  nameZh: '',
  nameEn: '',
  introZh: '',
  introEn: '',
  cover: '',
  registration: 0,
  isFree: false,
  studyDays: null,
  startAt: '',
  studyEndAt: '',
  creditHours: 0,
  phases: [],
  courses: [],
  lecturerIds: [],
  certificateId: null,
};

const pad = (n: number) => String(n).padStart(2, '0');

/**
 * An instant as a `datetime-local` input holds it, in the browser's time zone; '' for none.
 *
 * @example localInput('2026-05-01T06:30:00Z') → '2026-05-01T14:30' (in UTC+8)
 */
function localInput(iso: string | null): string {
  const d = iso ? new Date(iso) : null;
  if (!d || Number.isNaN(d.getTime())) return '';
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

function formValues(p: CrmProject): FormIn {
  const entries = (courses: CrmProject['courses']) => courses.map((c) => ({ courseId: c.courseId, required: c.required }));
  return {
    nameZh: p.nameZh,
    nameEn: p.nameEn,
    introZh: p.introZh,
    introEn: p.introEn,
    cover: p.cover,
    registration: p.registration,
    isFree: p.isFree,
    studyDays: p.studyDays,
    startAt: localInput(p.startAt),
    studyEndAt: localInput(p.studyEndAt),
    creditHours: p.creditHours,
    phases: p.phases.map((ph) => ({ id: ph.id, nameZh: ph.nameZh, nameEn: ph.nameEn, introZh: ph.introZh, introEn: ph.introEn, courses: entries(ph.courses) })),
    courses: entries(p.courses),
    lecturerIds: p.lecturers.map((l) => l.id),
    certificateId: p.certificateId,
  };
}

/** The courses of one phase (or of none): in order, each required or elective, moved or removed. */
function CourseList({
  listId,
  label,
  value,
  onChange,
  names,
  messages: m,
}: {
  listId: string;
  label: string;
  value: CourseEntry[];
  onChange: (next: CourseEntry[]) => void;
  names: Record<string, PickOption>;
  messages: ProjectFormMessages;
}) {
  if (value.length === 0) return <p className="text-muted-foreground text-sm">{m['crmProject.form.noCourses']}</p>;
  return (
    <ol aria-label={label} className="grid gap-1">
      {value.map((c, i) => {
        const name = names[c.courseId]?.name ?? c.courseId;
        const note = names[c.courseId]?.note;
        return (
          <li key={c.courseId} className="flex flex-wrap items-center gap-2 rounded-md border px-2 py-1 text-sm">
            <span className="text-muted-foreground w-6 text-end tabular-nums">{i + 1}.</span>
            <span className="min-w-0 flex-1">
              {name}
              {note && <span className="text-muted-foreground ms-2 text-xs">{note}</span>}
            </span>
            <select
              aria-label={fill(m['crmProject.form.kindOf'], { name })}
              className="border-input bg-background h-8 rounded-md border px-2 text-sm"
              value={c.required === false ? 'elective' : 'required'}
              onChange={(e) => onChange(value.map((x, j) => (j === i ? { ...x, required: e.target.value === 'required' } : x)))}
            >
              <option value="required">{m['crmProject.form.required']}</option>
              <option value="elective">{m['crmProject.form.elective']}</option>
            </select>
            <MoveButtons
              id={`${listId}-${c.courseId}`}
              index={i}
              count={value.length}
              name={name}
              onMove={(from, to) => onChange(moveItem(value, from, to))}
              messages={m}
            />
            <Button
              type="button"
              variant="ghost"
              size="icon"
              className="size-8"
              aria-label={fill(m['crmProject.form.removeCourse'], { name })}
              onClick={() => onChange(value.filter((_, j) => j !== i))}
            >
              <Trash2Icon aria-hidden="true" />
            </Button>
          </li>
        );
      })}
    </ol>
  );
}

/** The certificate the project issues: one of the company's not issued by a course or another project, or none. */
function CertificateSelect({
  projectId,
  value,
  onChange,
  locale,
  error,
  messages: m,
}: {
  projectId: string | undefined;
  value: string | null;
  onChange: (id: string | null) => void;
  locale: Locale;
  error?: string;
  messages: ProjectFormMessages;
}) {
  const id = useId();
  const [options, setOptions] = useState<CrmCertificateOption[] | null>(null);
  const [failed, setFailed] = useState(false);
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    const controller = new AbortController();
    setFailed(false);
    getProjectCertificateOptions({ signal: controller.signal, isShowErrTip: false }).then(setOptions, () => {
      if (!controller.signal.aborted) setFailed(true);
    });
    return () => controller.abort();
  }, [attempt]);
  const takenBy = (o: CrmCertificateOption) => (o.boundTo && !(o.boundTo.kind === 'project' && o.boundTo.id === projectId) ? o.boundTo : null);
  return (
    <div className="grid gap-2">
      <label htmlFor={id} className="text-sm font-medium">
        {m['crmProject.form.certificate']}
      </label>
      {failed ? (
        <div role="alert" className="flex items-center gap-2 text-sm">
          <span className="text-destructive">{m['crmLive.form.optionsFailed']}</span>
          <Button type="button" variant="outline" size="sm" onClick={() => setAttempt((n) => n + 1)}>
            {m['crmSite.retry']}
          </Button>
        </div>
      ) : (
        <select
          id={id}
          className="border-input bg-background h-9 max-w-md rounded-md border px-2 text-sm"
          disabled={options === null}
          aria-describedby={`${id}-hint${error ? ` ${id}-error` : ''}`}
          aria-invalid={error ? true : undefined}
          value={value ?? ''}
          onChange={(e) => onChange(e.target.value || null)}
        >
          <option value="">{options === null ? m['crmLive.form.loadingOptions'] : m['crmProject.form.noCertificate']}</option>
          {options?.map((o) => {
            const taken = takenBy(o);
            return (
              <option key={o.id} value={o.id} disabled={taken !== null}>
                {nameIn(locale, o)}
                {taken
                  ? ` — ${fill(m[taken.kind === 'course' ? 'crmProject.form.certificateOfCourse' : 'crmProject.form.certificateOfProject'], { name: nameIn(locale, taken) })}`
                  : ''}
              </option>
            );
          })}
        </select>
      )}
      <p id={`${id}-hint`} className="text-muted-foreground text-xs">
        {m['crmProject.form.certificateHint']}
      </p>
      <FieldError id={id} error={error} />
    </div>
  );
}

export function ProjectEditorPage({ locale, messages: m }: { locale: Locale; messages: ProjectFormMessages }) {
  const access = useCrmAccess('admin');
  const [project, setProject] = useState<CrmProject | null>(null);
  /** Names of the chosen courses and lecturers, by id, as the lists show them. */
  const [courseNames, setCourseNames] = useState<Record<string, PickOption>>({});
  const [lecturerNames, setLecturerNames] = useState<Record<string, string>>({});
  const form = useForm<FormIn, unknown, FormOut>({ resolver: zodResolver(formSchema), defaultValues: EMPTY });
  const phases = useFieldArray({ control: form.control, name: 'phases', keyName: 'key' });
  const { errors, isDirty, isSubmitting } = form.formState;
  const err = (message: string | undefined) => errorText(m, message);

  const draftNote = m['crmProject.form.draft'];
  const show = useCallback(
    (p: CrmProject) => {
      setProject(p);
      const all = [...p.phases.flatMap((ph) => ph.courses), ...p.courses];
      setCourseNames((n) => ({
        ...n,
        ...Object.fromEntries(all.map((c) => [c.courseId, { id: c.courseId, name: nameIn(locale, c), note: c.published ? undefined : draftNote }])),
      }));
      setLecturerNames((n) => ({ ...n, ...Object.fromEntries(p.lecturers.map((l) => [l.id, nameIn(locale, l)])) }));
      form.reset(formValues(p));
    },
    [form, locale, draftNote],
  );

  const { phase, failure, retry } = useEditedRecord(getCrmProject, show, m['crmProject.form.notFound'], access === 'allowed');

  useLeaveGuard(isDirty);

  const findCourses = useCallback(
    (keyword: string, signal: AbortSignal): Promise<PickOption[]> =>
      findZoneCourses(keyword, { signal, isShowErrTip: false }).then((list) =>
        list.map((o) => ({ id: o.id, name: nameIn(locale, o), note: o.published === false ? draftNote : undefined })),
      ),
    [locale, draftNote],
  );
  const findLecturers = useCallback(
    (keyword: string, signal: AbortSignal): Promise<PickOption[]> =>
      findZoneLecturers(keyword, { signal, isShowErrTip: false }).then((list) => list.map((o) => ({ id: o.id, name: nameIn(locale, o) }))),
    [locale],
  );

  const watchedPhases = form.watch('phases');
  const looseCourses = form.watch('courses');
  const inProject = useMemo(
    () => new Set([...(watchedPhases ?? []).flatMap((p) => (p.courses ?? []).map((c) => c.courseId)), ...(looseCourses ?? []).map((c) => c.courseId)]),
    [watchedPhases, looseCourses],
  );

  if (access === 'pending') return <CheckingAccess messages={m} />;
  if (access === 'denied') return <NoAccess locale={locale} messages={m} />;
  if (phase === 'failed') return <LoadFailed message={failure} onRetry={retry} messages={m} />;
  if (phase === 'loading')
    return (
      <p role="status" className="text-muted-foreground text-sm">
        {m['crmSite.loading']}
      </p>
    );

  const touched = { shouldDirty: true, shouldValidate: form.formState.isSubmitted };
  const submit = form.handleSubmit(async (values) => {
    let saved: CrmProject;
    try {
      saved = await saveCrmProject({ ...values, ...(project && { id: project.id }) });
    } catch {
      return; // The client showed the gateway's message; the form keeps what was typed.
    }
    const created = !project;
    show(saved);
    if (created) history.replaceState(history.state, '', `${location.pathname}?id=${encodeURIComponent(saved.id)}`);
    notifySuccess(m[created ? 'crmProject.form.created' : 'crmProject.form.saved']);
  });
  const phaseErrors = errors.phases as { message?: string; root?: { message?: string } } | undefined;
  const phasesError = err(phaseErrors?.message ?? phaseErrors?.root?.message);

  return (
    <EditorForm
      onSubmit={(e) => void submit(e)}
      busy={isSubmitting}
      intro={m['crmProject.form.intro']}
      aside={
        project && (
          <Button asChild variant="link" size="sm">
            <a href={projectMembersHref(locale, project.id)}>{fill(m['crmProject.form.queue'], { count: project.waitingCount })}</a>
          </Button>
        )
      }
    >
      <NameFields
        id="project"
        rows={4}
        labels={{
          nameZh: m['crmProject.form.nameZh'],
          nameEn: m['crmProject.form.nameEn'],
          introZh: m['crmProject.form.introZh'],
          introEn: m['crmProject.form.introEn'],
        }}
        errors={{
          nameZh: err(errors.nameZh?.message),
          nameEn: err(errors.nameEn?.message),
          introZh: err(errors.introZh?.message),
          introEn: err(errors.introEn?.message),
        }}
        fields={{ nameZh: form.register('nameZh'), nameEn: form.register('nameEn'), introZh: form.register('introZh'), introEn: form.register('introEn') }}
      />

      <Controller
        control={form.control}
        name="cover"
        render={({ field }) => (
          <PictureField
            id="project-cover"
            label={m['crmProject.form.cover']}
            hint={m['crmProject.form.coverHint']}
            value={field.value ?? ''}
            onChange={(url) => field.onChange(url)}
            maxBytes={LOGO_MAX_BYTES}
            tooLarge={m['crmProject.form.coverTooLarge']}
            error={err(errors.cover?.message)}
            previewClassName="h-24 w-40"
            messages={m}
          />
        )}
      />

      <Controller
        control={form.control}
        name="registration"
        render={({ field }) => (
          <fieldset className="grid gap-2">
            <legend className="mb-1 text-sm font-medium">{m['crmProject.form.registration']}</legend>
            {PROJECT_REGISTRATIONS.map((r) => (
              <label key={r} className="flex items-start gap-2 text-sm">
                <input
                  type="radio"
                  name="project-registration"
                  className="accent-primary mt-1"
                  checked={field.value === r}
                  onChange={() => field.onChange(r)}
                />
                <span>
                  {m[`crmProject.registration.${r}`]}
                  <span className="text-muted-foreground block text-xs">{m[`crmProject.form.registrationHint.${r}`]}</span>
                </span>
              </label>
            ))}
          </fieldset>
        )}
      />

      <fieldset className="grid gap-4">
        <legend className="mb-2 text-sm font-medium">{m['crmProject.form.schedule']}</legend>
        <div className="grid gap-4 md:grid-cols-2 lg:grid-cols-4">
          <FormTextField
            id="project-startAt"
            type="datetime-local"
            label={m['crmProject.form.startAt']}
            error={err(errors.startAt?.message)}
            {...form.register('startAt')}
          />
          <FormTextField
            id="project-studyEndAt"
            type="datetime-local"
            label={m['crmProject.form.studyEndAt']}
            hint={m['crmProject.form.studyEndHint']}
            error={err(errors.studyEndAt?.message)}
            {...form.register('studyEndAt')}
          />
          <FormTextField
            id="project-studyDays"
            type="number"
            min={1}
            max={MAX_STUDY_DAYS}
            step={1}
            label={m['crmProject.form.studyDays']}
            hint={m['crmProject.form.studyDaysHint']}
            error={err(errors.studyDays?.message)}
            {...form.register('studyDays', { setValueAs: (v: unknown) => (v === '' || v === null || v === undefined ? null : Number(v)) })}
          />
          <FormTextField
            id="project-creditHours"
            type="number"
            min={0}
            max={MAX_CREDIT_HOURS}
            step={1}
            label={m['crmProject.form.creditHours']}
            error={err(errors.creditHours?.message)}
            {...form.register('creditHours', { valueAsNumber: true })}
          />
        </div>
        <label className="flex items-center gap-2 text-sm">
          <input type="checkbox" className="accent-primary size-4" {...form.register('isFree')} />
          {m['crmProject.form.isFree']}
        </label>
      </fieldset>

      <section aria-labelledby="project-phases-title" className="grid gap-3">
        <div className="flex flex-wrap items-center justify-between gap-2">
          <h2 id="project-phases-title" className="text-base font-semibold">
            {m['crmProject.form.phases']}
          </h2>
          <Button type="button" variant="outline" onClick={() => phases.append({ nameZh: '', nameEn: '', introZh: '', introEn: '', courses: [] })}>
            <PlusIcon aria-hidden="true" />
            {m['crmProject.form.addPhase']}
          </Button>
        </div>
        <p className="text-muted-foreground text-xs">{m['crmProject.form.phasesHint']}</p>
        {phasesError && (
          <p role="alert" className="text-destructive text-sm">
            {phasesError}
          </p>
        )}
        {phases.fields.length === 0 && <p className="text-muted-foreground text-sm">{m['crmProject.form.noPhases']}</p>}
        <ol className="grid gap-4">
          {phases.fields.map((field, i) => {
            const phaseName = watchedPhases?.[i]?.nameZh?.trim() || fill(m['crmProject.form.phaseN'], { n: i + 1 });
            const phaseErrors = errors.phases?.[i];
            return (
              <li key={field.key}>
                <fieldset className="grid gap-3 rounded-md border p-3">
                  <legend className="px-1 text-sm font-medium">{fill(m['crmProject.form.phaseTitle'], { n: i + 1, name: phaseName })}</legend>
                  <div className="flex flex-wrap justify-end gap-1">
                    <MoveButtons
                      id={`phase-${field.key}`}
                      index={i}
                      count={phases.fields.length}
                      name={phaseName}
                      onMove={(from, to) => phases.move(from, to)}
                      messages={m}
                    />
                    <Button type="button" variant="ghost" size="sm" onClick={() => phases.remove(i)}>
                      <Trash2Icon aria-hidden="true" />
                      <span className="sr-only">{fill(m['crmProject.form.removePhase'], { name: phaseName })}</span>
                      <span aria-hidden="true">{m['crmProject.form.remove']}</span>
                    </Button>
                  </div>
                  <div className="grid gap-3 md:grid-cols-2">
                    <FormTextField
                      id={`phase-${field.key}-nameZh`}
                      label={m['crmProject.form.phaseNameZh']}
                      error={err(phaseErrors?.nameZh?.message)}
                      maxLength={60}
                      {...form.register(`phases.${i}.nameZh`)}
                    />
                    <FormTextField
                      id={`phase-${field.key}-nameEn`}
                      label={m['crmProject.form.phaseNameEn']}
                      error={err(phaseErrors?.nameEn?.message)}
                      maxLength={120}
                      {...form.register(`phases.${i}.nameEn`)}
                    />
                    <FormTextField
                      id={`phase-${field.key}-introZh`}
                      multiline
                      rows={2}
                      label={m['crmProject.form.phaseIntroZh']}
                      error={err(phaseErrors?.introZh?.message)}
                      maxLength={1000}
                      {...form.register(`phases.${i}.introZh`)}
                    />
                    <FormTextField
                      id={`phase-${field.key}-introEn`}
                      multiline
                      rows={2}
                      label={m['crmProject.form.phaseIntroEn']}
                      error={err(phaseErrors?.introEn?.message)}
                      maxLength={2000}
                      {...form.register(`phases.${i}.introEn`)}
                    />
                  </div>
                  <Controller
                    control={form.control}
                    name={`phases.${i}.courses`}
                    render={({ field: courses }) => {
                      const value = courses.value ?? [];
                      return (
                        <div className="grid gap-2">
                          <h3 className="text-sm font-medium">{fill(m['crmProject.form.phaseCourses'], { name: phaseName })}</h3>
                          <CourseList
                            listId={`phase-${field.key}`}
                            label={fill(m['crmProject.form.phaseCourses'], { name: phaseName })}
                            value={value}
                            onChange={courses.onChange}
                            names={courseNames}
                            messages={m}
                          />
                          <FindAndAdd
                            searchLabel={fill(m['crmProject.form.courseSearch'], { name: phaseName })}
                            addLabel={fill(m['crmProject.form.addCourse'], { phase: phaseName })}
                            added={inProject}
                            onAdd={(o) => {
                              setCourseNames((n) => ({ ...n, [o.id]: o }));
                              courses.onChange([...value, { courseId: o.id, required: true }]);
                            }}
                            find={findCourses}
                            messages={m}
                          />
                        </div>
                      );
                    }}
                  />
                </fieldset>
              </li>
            );
          })}
        </ol>
        {(looseCourses?.length ?? 0) > 0 && (
          <Controller
            control={form.control}
            name="courses"
            render={({ field }) => (
              <div className="grid gap-2 rounded-md border p-3">
                <h3 className="text-sm font-medium">{m['crmProject.form.looseCourses']}</h3>
                <p className="text-muted-foreground text-xs">{m['crmProject.form.looseHint']}</p>
                <CourseList
                  listId="loose"
                  label={m['crmProject.form.looseCourses']}
                  value={field.value ?? []}
                  onChange={field.onChange}
                  names={courseNames}
                  messages={m}
                />
              </div>
            )}
          />
        )}
      </section>

      <Controller
        control={form.control}
        name="lecturerIds"
        render={({ field }) => {
          const value = field.value ?? [];
          return (
            <fieldset className="grid gap-2">
              <legend className="mb-1 text-sm font-medium">{m['crmProject.form.lecturers']}</legend>
              {value.length === 0 ? (
                <p className="text-muted-foreground text-sm">{m['crmProject.form.noLecturers']}</p>
              ) : (
                <ol aria-label={m['crmProject.form.lecturers']} className="grid gap-1">
                  {value.map((id, i) => {
                    const name = lecturerNames[id] ?? id;
                    return (
                      <li key={id} className="flex items-center gap-2 rounded-md border px-2 py-1 text-sm">
                        <span className="text-muted-foreground w-6 text-end tabular-nums">{i + 1}.</span>
                        <span className="flex-1">{name}</span>
                        <MoveButtons
                          id={`lecturer-${id}`}
                          index={i}
                          count={value.length}
                          name={name}
                          onMove={(from, to) => field.onChange(moveItem(value, from, to))}
                          messages={m}
                        />
                        <Button
                          type="button"
                          variant="ghost"
                          size="icon"
                          className="size-8"
                          aria-label={fill(m['crmProject.form.removeLecturer'], { name })}
                          onClick={() => field.onChange(value.filter((x) => x !== id))}
                        >
                          <Trash2Icon aria-hidden="true" />
                        </Button>
                      </li>
                    );
                  })}
                </ol>
              )}
              <FindAndAdd
                searchLabel={m['crmProject.form.lecturerSearch']}
                addLabel={m['crmProject.form.addLecturer']}
                added={new Set(value)}
                onAdd={(o) => {
                  setLecturerNames((n) => ({ ...n, [o.id]: o.name }));
                  field.onChange([...value, o.id]);
                }}
                find={findLecturers}
                messages={m}
              />
              <FieldError id="project-lecturers" error={err(errors.lecturerIds?.message)} />
            </fieldset>
          );
        }}
      />

      <Controller
        control={form.control}
        name="certificateId"
        render={({ field }) => (
          <CertificateSelect
            projectId={project?.id}
            value={field.value ?? null}
            onChange={(id) => form.setValue('certificateId', id, touched)}
            locale={locale}
            error={err(errors.certificateId?.message)}
            messages={m}
          />
        )}
      />

      <EditorFooter
        saving={isSubmitting}
        dirty={isDirty}
        backHref={projectListHref(locale)}
        labels={{
          save: m['crmProject.form.save'],
          saving: m['crmProject.form.saving'],
          back: m['crmProject.form.back'],
          unsaved: m['crmProject.form.unsaved'],
        }}
      />
    </EditorForm>
  );
}
