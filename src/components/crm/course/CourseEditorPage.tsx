/**
 * A course's form (administrators): names and descriptions in both languages (English
 * optional), cover picture, category, lecturers in order, credit hours, free or priced, the
 * watermark and anti-skip switches; checked with the gateway's own schema before saving. A new
 * course is saved as a draft and the address takes its id; the form then publishes it or takes
 * it back to a draft. Leaving with unsaved changes asks first.
 */
import { zodResolver } from '@hookform/resolvers/zod';
import { lazy, Suspense, useEffect, useId, useMemo, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { z } from 'zod';
import { getCategoryTree, getCrmCourse, saveCrmCourse, setCrmCourseStatus } from '@/api/crm-course';
import type { CrmCategory, CrmCourse } from '@/api/crm-course-types';
import { findZoneLecturers } from '@/api/crm-site';
import type { SitePick } from '@/api/crm-site-types';
import { outcomeOf } from '@/api/outcome';
import { CourseAudience } from '@/components/crm/course/CourseAudience';
import { CategorySelect } from '@/components/crm/course/CategorySelect';
import { categoryOptions, courseListHref, nameIn } from '@/components/crm/course/links';
import type { CourseFormMessages } from '@/components/crm/course/messages';
import { FieldError, FormTextField } from '@/components/crm/form/FormTextField';
import { CheckingAccess, NoAccess } from '@/components/crm/shell/NoAccess';
import { useCrmAccess } from '@/components/crm/shell/use-crm-access';
import { errorText, LoadFailed, PictureField } from '@/components/crm/site/common';
import { courseHref } from '@/components/learning/CourseCard';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Checkbox } from '@/components/ui/checkbox';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Switch } from '@/components/ui/switch';
import { fill } from '@/i18n/fill';
import type { Locale } from '@/i18n/locale-path';
import { AUTHORING_ERRORS, COURSE_STATUS, MAX_COURSE_POINTS, MAX_PRICE_FEN } from '@/lib/authoring-rules';
import { audienceNamesSomeone, courseSaveFields } from '@/lib/schemas/authoring';
import { LOGO_MAX_BYTES } from '@/lib/site-rules';
import { notifySuccess } from '@/stores/toasts';

/** The outline (its dialogs included) loads once the course exists, after the form. */
const CourseOutline = lazy(() => import('@/components/crm/course/CourseOutline').then((mod) => ({ default: mod.CourseOutline })));
const Coursewares = lazy(() => import('@/components/crm/course/CourseOutline').then((mod) => ({ default: mod.Coursewares })));

/** The form's fields: the gateway's schema, with the price typed in yuan. */
const formSchema = courseSaveFields
  .omit({ id: true, priceFen: true, audienceMembers: true })
  .extend({
    price: z
      .string()
      .trim()
      .refine((v) => v === '' || (/^\d+(\.\d{1,2})?$/.test(v) && Number(v) > 0 && Math.round(Number(v) * 100) <= MAX_PRICE_FEN), AUTHORING_ERRORS.price),
    /** The members as the picker shows them; their ids are sent. */
    audienceMembers: z.array(z.object({ id: z.uuid(), userName: z.string(), empNo: z.string(), departmentName: z.string() })).default([]),
  })
  .refine(audienceNamesSomeone, { message: AUTHORING_ERRORS.audience, path: ['audienceDepartments'] });
type FormIn = z.input<typeof formSchema>;
type FormOut = z.output<typeof formSchema>;

const EMPTY: FormIn = {
  nameZh: '',
  nameEn: '',
  introZh: '',
  introEn: '',
  cover: '',
  categoryId: null,
  lecturerIds: [],
  creditHours: 0,
  points: 0,
  isFree: true,
  price: '',
  watermark: false,
  antiSkip: false,
  audience: 0,
  audienceDepartments: [],
  audienceMembers: [],
};

function formValues(c: CrmCourse): FormIn {
  const { id: _id, status: _status, priceFen, ...rest } = c;
  return {
    ...rest,
    price: priceFen === null ? '' : (priceFen / 100).toFixed(2).replace(/\.00$/, ''),
  };
}

/** The id in the address, if any. */
const idInAddress = () => new URLSearchParams(location.search).get('id') ?? '';

function LecturerPicker({ value, onChange, messages: m }: { value: string[]; onChange: (ids: string[]) => void; messages: CourseFormMessages }) {
  const searchId = useId();
  const [options, setOptions] = useState<SitePick[]>([]);
  const [keyword, setKeyword] = useState('');
  useEffect(() => {
    const controller = new AbortController();
    const timer = setTimeout(() => {
      findZoneLecturers(keyword.trim(), {
        signal: controller.signal,
        isShowErrTip: false,
      }).then(setOptions, () => undefined);
    }, 200);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [keyword]);
  const toggle = (id: string, on: boolean) => onChange(on ? [...value, id] : value.filter((x) => x !== id));
  return (
    <fieldset className="grid gap-2">
      <legend className="mb-2 text-sm font-medium">{m['crmCourse.form.lecturers']}</legend>
      <div className="flex flex-wrap items-center gap-3">
        <Label htmlFor={searchId} className="sr-only">
          {m['crmCourse.form.lecturerSearch']}
        </Label>
        <Input
          id={searchId}
          type="search"
          className="w-56"
          placeholder={m['crmCourse.form.lecturerSearch']}
          value={keyword}
          onChange={(e) => setKeyword(e.target.value)}
        />
        <span className="text-muted-foreground text-sm" aria-live="polite">
          {fill(m['crmCourse.form.lecturersChosen'], { count: value.length })}
        </span>
      </div>
      <ul className="grid max-h-48 gap-1 overflow-y-auto rounded-md border p-2 sm:grid-cols-2 lg:grid-cols-3">
        {options.map((o) => (
          <li key={o.id} className="flex items-center gap-2">
            <Checkbox id={`lecturer-${o.id}`} checked={value.includes(o.id)} onCheckedChange={(on) => toggle(o.id, on === true)} />
            <Label htmlFor={`lecturer-${o.id}`} className="font-normal">
              {o.nameZh}
              {o.nameEn && o.nameEn !== o.nameZh ? <span className="text-muted-foreground"> · {o.nameEn}</span> : null}
            </Label>
          </li>
        ))}
      </ul>
    </fieldset>
  );
}

export function CourseEditorPage({ locale, messages: m }: { locale: Locale; messages: CourseFormMessages }) {
  const access = useCrmAccess('admin');
  const [course, setCourse] = useState<CrmCourse | null>(null);
  const [phase, setPhase] = useState<'loading' | 'ready' | 'failed'>('loading');
  const [failure, setFailure] = useState<string>();
  const [attempt, setAttempt] = useState(0);
  const [tree, setTree] = useState<CrmCategory[]>([]);
  const form = useForm<FormIn, unknown, FormOut>({
    resolver: zodResolver(formSchema),
    defaultValues: EMPTY,
  });
  const { errors, isDirty, isSubmitting } = form.formState;
  const err = (name: keyof FormIn) => errorText(m, errors[name]?.message);

  useEffect(() => {
    if (access !== 'allowed') return;
    const controller = new AbortController();
    const opts = { signal: controller.signal, isShowErrTip: false };
    getCategoryTree(opts).then(setTree, () => undefined);
    const id = idInAddress();
    if (!id) {
      setPhase('ready');
      return () => controller.abort();
    }
    setPhase('loading');
    getCrmCourse(id, opts).then(
      (c) => {
        setCourse(c);
        form.reset(formValues(c));
        setPhase('ready');
      },
      (error: unknown) => {
        if (controller.signal.aborted) return;
        const outcome = outcomeOf(error);
        setFailure(outcome.kind === 'notFound' ? m['crmCourse.form.notFound'] : undefined);
        setPhase('failed');
      },
    );
    return () => controller.abort();
  }, [access, attempt, form, m]);

  // Leaving with unsaved changes asks first.
  useEffect(() => {
    if (!isDirty) return;
    const ask = (event: BeforeUnloadEvent) => event.preventDefault();
    addEventListener('beforeunload', ask);
    return () => removeEventListener('beforeunload', ask);
  }, [isDirty]);

  const options = useMemo(() => categoryOptions(tree, locale), [tree, locale]);

  if (access === 'pending') return <CheckingAccess messages={m} />;
  if (access === 'denied') return <NoAccess locale={locale} messages={m} />;
  if (phase === 'failed') return <LoadFailed message={failure} onRetry={() => setAttempt((n) => n + 1)} messages={m} />;
  if (phase === 'loading') return <p className="text-muted-foreground text-sm">{m['crmSite.loading']}</p>;

  const submit = form.handleSubmit(async ({ price, ...values }) => {
    let saved: CrmCourse;
    try {
      saved = await saveCrmCourse({
        ...values,
        audienceMembers: values.audienceMembers.map((member) => member.id),
        ...(course && { id: course.id }),
        priceFen: values.isFree || price === '' ? null : Math.round(Number(price) * 100),
      });
    } catch {
      return; // The client showed the gateway's message.
    }
    const created = !course;
    setCourse(saved);
    form.reset(formValues(saved));
    if (created) history.replaceState(history.state, '', `${location.pathname}?id=${encodeURIComponent(saved.id)}`);
    notifySuccess(m[created ? 'crmCourse.form.created' : 'crmCourse.form.saved']);
  });

  const changeStatus = async (to: typeof COURSE_STATUS.published | typeof COURSE_STATUS.draft) => {
    if (!course) return;
    try {
      setCourse(await setCrmCourseStatus(course.id, to));
    } catch {
      return;
    }
    notifySuccess(fill(m[to === COURSE_STATUS.published ? 'crmCourse.published' : 'crmCourse.unpublished'], { name: nameIn(locale, course) }));
  };

  const isFree = form.watch('isFree');
  const switchRow = (name: 'isFree' | 'watermark' | 'antiSkip', label: string) => (
    <Controller
      control={form.control}
      name={name}
      render={({ field }) => (
        <div className="flex items-center gap-3">
          <Switch id={`course-${name}`} checked={field.value} onCheckedChange={field.onChange} />
          <Label htmlFor={`course-${name}`} className="font-normal">
            {label}
          </Label>
        </div>
      )}
    />
  );

  return (
    <div className="grid gap-6">
      <form onSubmit={(e) => void submit(e)} noValidate className="bg-background grid gap-6 rounded-lg border p-4" aria-busy={isSubmitting}>
        <div className="flex flex-wrap items-center justify-between gap-3">
          <p className="text-muted-foreground max-w-2xl text-sm">{m['crmCourse.form.intro']}</p>
          {course && (
            <div className="flex flex-wrap items-center gap-2">
              <Badge variant={course.status === COURSE_STATUS.published ? 'default' : 'secondary'}>
                {fill(m['crmCourse.form.status'], {
                  status: m[`crmCourse.status.${course.status}`],
                })}
              </Badge>
              {course.status !== COURSE_STATUS.published ? (
                <Button type="button" variant="outline" size="sm" disabled={isDirty} onClick={() => void changeStatus(COURSE_STATUS.published)}>
                  {m['crmCourse.publish']}
                </Button>
              ) : (
                <>
                  <Button type="button" variant="outline" size="sm" onClick={() => void changeStatus(COURSE_STATUS.draft)}>
                    {m['crmCourse.unpublish']}
                  </Button>
                  <Button asChild variant="link" size="sm">
                    <a href={courseHref(course.id, locale)} target="_blank" rel="noopener">
                      {m['crmCourse.form.preview']}
                    </a>
                  </Button>
                </>
              )}
            </div>
          )}
        </div>

        <div className="grid gap-4 md:grid-cols-2">
          <FormTextField id="course-nameZh" label={m['crmCourse.form.nameZh']} error={err('nameZh')} maxLength={60} {...form.register('nameZh')} />
          <FormTextField id="course-nameEn" label={m['crmCourse.form.nameEn']} error={err('nameEn')} maxLength={120} {...form.register('nameEn')} />
          <FormTextField
            id="course-introZh"
            multiline
            rows={4}
            label={m['crmCourse.form.introZh']}
            error={err('introZh')}
            maxLength={2000}
            {...form.register('introZh')}
          />
          <FormTextField
            id="course-introEn"
            multiline
            rows={4}
            label={m['crmCourse.form.introEn']}
            error={err('introEn')}
            maxLength={4000}
            {...form.register('introEn')}
          />
        </div>

        <Controller
          control={form.control}
          name="cover"
          render={({ field }) => (
            <PictureField
              id="course-cover"
              label={m['crmCourse.form.cover']}
              hint={m['crmCourse.form.coverHint']}
              value={field.value ?? ''}
              onChange={(url) => field.onChange(url)}
              maxBytes={LOGO_MAX_BYTES}
              tooLarge={m['crmCourse.form.coverTooLarge']}
              error={err('cover')}
              previewClassName="h-24 w-40"
              messages={m}
            />
          )}
        />

        <div className="grid gap-4 md:grid-cols-3">
          <Controller
            control={form.control}
            name="categoryId"
            render={({ field }) => (
              <CategorySelect
                id="course-category"
                label={m['crmCourse.form.category']}
                noneLabel={m['crmCourse.form.noCategory']}
                options={options}
                value={field.value}
                onChange={field.onChange}
              />
            )}
          />
          <FormTextField
            id="course-creditHours"
            type="number"
            min={0}
            max={1000}
            step={1}
            label={m['crmCourse.form.creditHours']}
            error={err('creditHours')}
            {...form.register('creditHours', { valueAsNumber: true })}
          />
          <FormTextField
            id="course-points"
            type="number"
            min={0}
            max={MAX_COURSE_POINTS}
            step={1}
            label={m['crmCourse.form.points']}
            hint={m['crmCourse.form.pointsHint']}
            error={err('points')}
            {...form.register('points', { valueAsNumber: true })}
          />
        </div>

        <Controller
          control={form.control}
          name="lecturerIds"
          render={({ field }) => (
            <div>
              <LecturerPicker value={field.value ?? []} onChange={field.onChange} messages={m} />
              <FieldError id="course-lecturers" error={err('lecturerIds')} />
            </div>
          )}
        />

        <div className="grid gap-3">
          {switchRow('isFree', m['crmCourse.form.isFree'])}
          {!isFree && (
            <FormTextField
              id="course-price"
              inputMode="decimal"
              className="grid max-w-56 gap-2"
              label={m['crmCourse.form.price']}
              hint={m['crmCourse.form.priceHint']}
              error={err('price')}
              {...form.register('price')}
            />
          )}
          {switchRow('watermark', m['crmCourse.form.watermark'])}
          {switchRow('antiSkip', m['crmCourse.form.antiSkip'])}
        </div>

        <Controller
          control={form.control}
          name="audience"
          render={({ field }) => (
            <CourseAudience
              value={{ audience: field.value === 1 ? 1 : 0, audienceDepartments: form.watch('audienceDepartments') ?? [], audienceMembers: form.watch('audienceMembers') ?? [] }}
              onChange={(next) => {
                const touched = { shouldDirty: true, shouldValidate: form.formState.isSubmitted };
                field.onChange(next.audience);
                form.setValue('audienceDepartments', next.audienceDepartments, touched);
                form.setValue('audienceMembers', next.audienceMembers, touched);
              }}
              error={err('audienceDepartments')}
              messages={m}
            />
          )}
        />

        <div className="flex flex-wrap items-center gap-3 border-t pt-4">
          <Button type="submit" disabled={isSubmitting}>
            {isSubmitting ? m['crmCourse.form.saving'] : m['crmCourse.form.save']}
          </Button>
          <Button asChild variant="ghost">
            <a href={courseListHref(locale)}>{m['crmCourse.form.back']}</a>
          </Button>
          {isDirty && <span className="text-muted-foreground text-sm">{m['crmCourse.form.unsaved']}</span>}
        </div>
      </form>
      <div className="bg-background rounded-lg border p-4">
        {course ? (
          <Suspense fallback={<p className="text-muted-foreground text-sm">{m['crmSite.loading']}</p>}>
            <div className="grid gap-8">
              <CourseOutline courseId={course.id} locale={locale} messages={m} />
              <Coursewares courseId={course.id} messages={m} />
            </div>
          </Suspense>
        ) : (
          <p className="text-muted-foreground text-sm">{m['crmCourse.outline.saveFirst']}</p>
        )}
      </div>
    </div>
  );
}
