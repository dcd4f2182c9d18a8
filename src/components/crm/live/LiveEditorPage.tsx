/**
 * A live room's form (administrators): names and introductions in both languages (English
 * optional), cover picture, lecturer, start and end (typed in the browser's time zone, sent as
 * instants), the hang-up gap, the push and playback addresses (typed, or generated from the
 * company's streaming domains) and the recording viewers watch once it has ended; checked with
 * the gateway's own schema before saving. A new room's address takes its id once saved.
 * Leaving with unsaved changes asks first.
 */
import { zodResolver } from '@hookform/resolvers/zod';
import { useCallback, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { z } from 'zod';
import { findResources } from '@/api/crm-course';
import { getCrmLive, makeLiveStream, saveCrmLive } from '@/api/crm-live';
import type { CrmLiveRoom } from '@/api/crm-live-types';
import { findZoneLecturers } from '@/api/crm-site';
import { gatewayMessage, outcomeOf } from '@/api/outcome';
import { nameIn } from '@/components/crm/course/links';
import { EditorFooter, EditorForm, NameFields } from '@/components/crm/form/EditorParts';
import { FormTextField } from '@/components/crm/form/FormTextField';
import { liveAttendanceHref, liveListHref, watchedTime } from '@/components/crm/live/links';
import type { LiveFormMessages } from '@/components/crm/live/messages';
import { PickOne, type PickOption } from '@/components/crm/live/PickOne';
import { LiveStatusBadge } from '@/components/crm/live/StatusBadge';
import { CheckingAccess, NoAccess } from '@/components/crm/shell/NoAccess';
import { useEditedRecord, useLeaveGuard } from '@/components/crm/shell/record-page';
import { useCrmAccess } from '@/components/crm/shell/use-crm-access';
import { errorText, LoadFailed, PictureField } from '@/components/crm/site/common';
import { Button } from '@/components/ui/button';
import { fill } from '@/i18n/fill';
import type { Locale } from '@/i18n/locale-path';
import { AUTHORING_ERRORS } from '@/lib/authoring-rules';
import { LIVE_ERRORS, liveNotTooLong, liveSaveFields, liveTimesInOrder, MAX_HANG_UP_SECONDS, MIN_HANG_UP_SECONDS } from '@/lib/schemas/live';
import { LOGO_MAX_BYTES } from '@/lib/site-rules';
import { notifySuccess } from '@/stores/toasts';

/** The video type of the library. */
const VIDEO = 2;
const DEFAULT_HANG_UP_SECONDS = 90;

/** A `datetime-local` value (the browser's time zone), sent as an instant. */
const localTime = z
  .string()
  .trim()
  .min(1, { message: AUTHORING_ERRORS.required, abort: true })
  .refine((v) => !Number.isNaN(new Date(v).getTime()), LIVE_ERRORS.time)
  .transform((v) => new Date(v).toISOString());

/** Whether both times read well, so that their order and length can be judged. */
const timesRead = (payload: { issues: readonly { path?: readonly PropertyKey[] }[] }) =>
  payload.issues.every((issue) => issue.path?.[0] !== 'startAt' && issue.path?.[0] !== 'endAt');

/** The form's fields: the gateway's schema, with the times as the inputs hold them. */
const formSchema = liveSaveFields
  .omit({ id: true, startAt: true, endAt: true })
  .extend({ startAt: localTime, endAt: localTime })
  .refine(liveTimesInOrder, { message: LIVE_ERRORS.order, path: ['endAt'], when: timesRead })
  .refine(liveNotTooLong, { message: LIVE_ERRORS.tooLong, path: ['endAt'], when: timesRead });
type FormIn = z.input<typeof formSchema>;
type FormOut = z.output<typeof formSchema>;

const EMPTY: FormIn = {
  nameZh: '',
  nameEn: '',
  introZh: '',
  introEn: '',
  cover: '',
  lecturerId: null,
  startAt: '',
  endAt: '',
  ingestUrl: '',
  streamUrl: '',
  playbackResourceId: null,
  hangUpSeconds: DEFAULT_HANG_UP_SECONDS,
};

const pad = (n: number) => String(n).padStart(2, '0');

/**
 * An instant as a `datetime-local` input holds it, in the browser's time zone; '' for a bad one.
 *
 * @example localInput('2026-05-01T06:30:00Z') → '2026-05-01T14:30' (in UTC+8)
 */
function localInput(iso: string): string {
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return '';
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

function formValues(room: CrmLiveRoom): FormIn {
  return {
    nameZh: room.nameZh,
    nameEn: room.nameEn,
    introZh: room.introZh,
    introEn: room.introEn,
    cover: room.cover,
    lecturerId: room.lecturerId,
    startAt: localInput(room.startAt),
    endAt: localInput(room.endAt),
    ingestUrl: room.ingestUrl,
    streamUrl: room.streamUrl,
    playbackResourceId: room.playbackResourceId,
    hangUpSeconds: room.hangUpSeconds,
  };
}

/** Library videos by name, each with its length. */
const findVideos = (keyword: string, signal: AbortSignal): Promise<PickOption[]> =>
  findResources(keyword, VIDEO, { signal, isShowErrTip: false }).then((list) =>
    list.filter((o) => (o.resourceType ?? VIDEO) === VIDEO).map((o) => ({ id: o.id, name: o.name, note: o.duration ? watchedTime(o.duration) : undefined })),
  );

export function LiveEditorPage({ locale, messages: m }: { locale: Locale; messages: LiveFormMessages }) {
  const access = useCrmAccess('admin');
  const [room, setRoom] = useState<CrmLiveRoom | null>(null);
  /** Names of the chosen lecturer and recording, as the pickers show them. */
  const [names, setNames] = useState({ lecturer: '', playback: '' });
  const [generating, setGenerating] = useState(false);
  const [streamProblem, setStreamProblem] = useState<string>();
  const [flvUrl, setFlvUrl] = useState('');
  const form = useForm<FormIn, unknown, FormOut>({
    resolver: zodResolver(formSchema),
    defaultValues: EMPTY,
  });
  const { errors, isDirty, isSubmitting, isSubmitted } = form.formState;
  const err = (name: keyof FormIn) => errorText(m, errors[name]?.message);

  const show = useCallback(
    (r: CrmLiveRoom) => {
      setRoom(r);
      setNames({ lecturer: r.lecturerName, playback: r.playbackName });
      form.reset(formValues(r));
    },
    [form],
  );

  const { phase, failure, retry } = useEditedRecord(getCrmLive, show, m['crmLive.form.notFound'], access === 'allowed');

  useLeaveGuard(isDirty);

  const findLecturers = useCallback(
    (keyword: string, signal: AbortSignal): Promise<PickOption[]> =>
      findZoneLecturers(keyword, { signal, isShowErrTip: false }).then((list) => list.map((o) => ({ id: o.id, name: nameIn(locale, o) }))),
    [locale],
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

  const touched = { shouldDirty: true, shouldValidate: isSubmitted };

  const submit = form.handleSubmit(async (values) => {
    let saved: CrmLiveRoom;
    try {
      saved = await saveCrmLive({ ...values, ...(room && { id: room.id }) });
    } catch {
      return; // The client showed the gateway's message.
    }
    const created = !room;
    show(saved);
    if (created) history.replaceState(history.state, '', `${location.pathname}?id=${encodeURIComponent(saved.id)}`);
    notifySuccess(m[created ? 'crmLive.form.created' : 'crmLive.form.saved']);
  });

  const generate = async () => {
    setStreamProblem(undefined);
    setGenerating(true);
    try {
      const made = await makeLiveStream(room?.id, { isShowErrTip: false });
      form.setValue('ingestUrl', made.ingestUrl, touched);
      form.setValue('streamUrl', made.streamUrl, touched);
      setFlvUrl(made.flvUrl);
      notifySuccess(m['crmLive.form.generated']);
    } catch (error) {
      // Shown here, by the button: the company may have no streaming domain configured.
      setStreamProblem(gatewayMessage(outcomeOf(error)) ?? m['crmLive.form.streamFailed']);
    } finally {
      setGenerating(false);
    }
  };

  return (
    <EditorForm
      onSubmit={(e) => void submit(e)}
      busy={isSubmitting}
      intro={m['crmLive.form.intro']}
      aside={
        room && (
          <div className="flex flex-wrap items-center gap-2">
            <LiveStatusBadge status={room.liveStatus} template={m['crmLive.form.status']} messages={m} />
            <Button asChild variant="link" size="sm">
              <a href={liveAttendanceHref(locale, room.id)}>{m['crmLive.form.attendance']}</a>
            </Button>
          </div>
        )
      }
    >
      <NameFields
        id="live"
        rows={4}
        labels={{ nameZh: m['crmLive.form.nameZh'], nameEn: m['crmLive.form.nameEn'], introZh: m['crmLive.form.introZh'], introEn: m['crmLive.form.introEn'] }}
        errors={{ nameZh: err('nameZh'), nameEn: err('nameEn'), introZh: err('introZh'), introEn: err('introEn') }}
        fields={{ nameZh: form.register('nameZh'), nameEn: form.register('nameEn'), introZh: form.register('introZh'), introEn: form.register('introEn') }}
      />

      <Controller
        control={form.control}
        name="cover"
        render={({ field }) => (
          <PictureField
            id="live-cover"
            label={m['crmLive.form.cover']}
            hint={m['crmLive.form.coverHint']}
            value={field.value ?? ''}
            onChange={(url) => field.onChange(url)}
            maxBytes={LOGO_MAX_BYTES}
            tooLarge={m['crmLive.form.coverTooLarge']}
            error={err('cover')}
            previewClassName="h-24 w-40"
            messages={m}
          />
        )}
      />

      <Controller
        control={form.control}
        name="lecturerId"
        render={({ field }) => (
          <PickOne
            label={m['crmLive.form.lecturer']}
            searchLabel={m['crmLive.form.lecturerSearch']}
            noneLabel={m['crmLive.form.noLecturer']}
            value={field.value ?? null}
            chosenName={names.lecturer}
            onChange={(id, name) => {
              field.onChange(id);
              setNames((n) => ({ ...n, lecturer: name }));
            }}
            find={findLecturers}
            error={err('lecturerId')}
            messages={m}
          />
        )}
      />

      <fieldset className="grid gap-4">
        <legend className="mb-2 text-sm font-medium">{m['crmLive.form.schedule']}</legend>
        <div className="grid gap-4 md:grid-cols-3">
          <FormTextField id="live-startAt" type="datetime-local" label={m['crmLive.form.startAt']} error={err('startAt')} {...form.register('startAt')} />
          <FormTextField id="live-endAt" type="datetime-local" label={m['crmLive.form.endAt']} error={err('endAt')} {...form.register('endAt')} />
          <FormTextField
            id="live-hangUpSeconds"
            type="number"
            min={MIN_HANG_UP_SECONDS}
            max={MAX_HANG_UP_SECONDS}
            step={1}
            label={m['crmLive.form.hangUp']}
            hint={m['crmLive.form.hangUpHint']}
            error={err('hangUpSeconds')}
            {...form.register('hangUpSeconds', { valueAsNumber: true })}
          />
        </div>
        <p className="text-muted-foreground -mt-2 text-xs">{m['crmLive.form.timeHint']}</p>
      </fieldset>

      <fieldset className="grid gap-4">
        <legend className="mb-2 text-sm font-medium">{m['crmLive.form.stream']}</legend>
        <div className="grid gap-4 md:grid-cols-2">
          <FormTextField
            id="live-ingestUrl"
            label={m['crmLive.form.ingestUrl']}
            hint={m['crmLive.form.ingestHint']}
            error={err('ingestUrl')}
            maxLength={500}
            spellCheck={false}
            autoComplete="off"
            {...form.register('ingestUrl')}
          />
          <FormTextField
            id="live-streamUrl"
            label={m['crmLive.form.streamUrl']}
            hint={m['crmLive.form.streamHint']}
            error={err('streamUrl')}
            maxLength={500}
            spellCheck={false}
            autoComplete="off"
            {...form.register('streamUrl')}
          />
        </div>
        <div className="flex flex-wrap items-center gap-3">
          <Button type="button" variant="outline" disabled={generating} onClick={() => void generate()}>
            {generating ? m['crmLive.form.generating'] : m['crmLive.form.generate']}
          </Button>
          {flvUrl && !streamProblem && (
            <span className="text-muted-foreground flex flex-wrap items-center gap-2 text-xs break-all">
              {fill(m['crmLive.form.flv'], { url: flvUrl })}
              <Button type="button" variant="link" size="sm" className="h-auto p-0" onClick={() => form.setValue('streamUrl', flvUrl, touched)}>
                {m['crmLive.form.useFlv']}
              </Button>
            </span>
          )}
        </div>
        {streamProblem && (
          <p role="alert" className="text-destructive text-sm">
            {streamProblem}
          </p>
        )}
      </fieldset>

      <Controller
        control={form.control}
        name="playbackResourceId"
        render={({ field }) => (
          <PickOne
            label={m['crmLive.form.recording']}
            hint={m['crmLive.form.recordingHint']}
            searchLabel={m['crmLive.form.recordingSearch']}
            noneLabel={m['crmLive.form.noRecording']}
            value={field.value ?? null}
            chosenName={names.playback}
            onChange={(id, name) => {
              field.onChange(id);
              setNames((n) => ({ ...n, playback: name }));
            }}
            find={findVideos}
            error={err('playbackResourceId')}
            messages={m}
          />
        )}
      />

      <EditorFooter
        saving={isSubmitting}
        dirty={isDirty}
        backHref={liveListHref(locale)}
        labels={{ save: m['crmLive.form.save'], saving: m['crmLive.form.saving'], back: m['crmLive.form.back'], unsaved: m['crmLive.form.unsaved'] }}
      />
    </EditorForm>
  );
}
