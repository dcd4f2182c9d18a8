/** The messages of the back office's live room pages: the list, the form and the attendance. */
import { dataTableMessageKeys } from '@/components/crm/data-table/messages';
import { noAccessMessageKeys } from '@/components/crm/shell/NoAccess';
import { commonMessageKeys } from '@/components/crm/site/messages';
import type { MessageKey, Messages } from '@/i18n/index';
import { AUTHORING_ERRORS } from '@/lib/authoring-rules';
import { LIVE_ERRORS } from '@/lib/schemas/live';

const statusKeys = ['crmLive.status.1', 'crmLive.status.2', 'crmLive.status.3'] as const satisfies readonly MessageKey[];
const errorKeys = [...Object.values(AUTHORING_ERRORS), ...Object.values(LIVE_ERRORS)] satisfies readonly MessageKey[];

export const liveListMessageKeys = [
  ...dataTableMessageKeys,
  ...noAccessMessageKeys,
  ...statusKeys,
  'crmLive.list.intro',
  'crmLive.new',
  'crmLive.keyword',
  'crmLive.status',
  'crmLive.allStatuses',
  'crmLive.reset',
  'crmLive.name',
  'crmLive.lecturer',
  'crmLive.time',
  'crmLive.attendees',
  'crmLive.recording',
  'crmLive.recording.yes',
  'crmLive.recording.no',
  'crmLive.caption',
  'crmLive.empty',
  'crmLive.edit',
  'crmLive.attendance',
  'crmLive.delete',
  'crmLive.more',
  'crmLive.deleteTitle',
  'crmLive.deleteBody',
  'crmLive.deleted',
] as const satisfies readonly MessageKey[];
export type LiveListMessages = Messages<(typeof liveListMessageKeys)[number]>;

/** The search-and-choose lists of the form (lecturer, recording). */
export const pickOneMessageKeys = [
  'crmLive.form.noMatch',
  'crmLive.form.loadingOptions',
  'crmLive.form.optionsFailed',
  'crmLive.form.chosen',
  'crmSite.retry',
] as const satisfies readonly MessageKey[];
export type PickOneMessages = Messages<(typeof pickOneMessageKeys)[number]>;

export const liveFormMessageKeys = [
  ...commonMessageKeys,
  ...errorKeys,
  ...statusKeys,
  ...pickOneMessageKeys,
  'crmLive.form.intro',
  'crmLive.form.nameZh',
  'crmLive.form.nameEn',
  'crmLive.form.introZh',
  'crmLive.form.introEn',
  'crmLive.form.cover',
  'crmLive.form.coverHint',
  'crmLive.form.coverTooLarge',
  'crmLive.form.lecturer',
  'crmLive.form.lecturerSearch',
  'crmLive.form.noLecturer',
  'crmLive.form.schedule',
  'crmLive.form.startAt',
  'crmLive.form.endAt',
  'crmLive.form.timeHint',
  'crmLive.form.hangUp',
  'crmLive.form.hangUpHint',
  'crmLive.form.stream',
  'crmLive.form.ingestUrl',
  'crmLive.form.ingestHint',
  'crmLive.form.streamUrl',
  'crmLive.form.streamHint',
  'crmLive.form.generate',
  'crmLive.form.generating',
  'crmLive.form.generated',
  'crmLive.form.flv',
  'crmLive.form.useFlv',
  'crmLive.form.streamFailed',
  'crmLive.form.recording',
  'crmLive.form.recordingHint',
  'crmLive.form.recordingSearch',
  'crmLive.form.noRecording',
  'crmLive.form.save',
  'crmLive.form.saving',
  'crmLive.form.created',
  'crmLive.form.saved',
  'crmLive.form.back',
  'crmLive.form.status',
  'crmLive.form.attendance',
  'crmLive.form.notFound',
  'crmLive.form.unsaved',
] as const satisfies readonly MessageKey[];
export type LiveFormMessages = Messages<(typeof liveFormMessageKeys)[number]>;

export const liveAttendanceMessageKeys = [
  ...dataTableMessageKeys,
  ...noAccessMessageKeys,
  ...statusKeys,
  'crmSite.loadFailed',
  'crmSite.retry',
  'crmLive.form.notFound',
  'crmLive.att.back',
  'crmLive.att.missing',
  'crmLive.att.time',
  'crmLive.att.lecturer',
  'crmLive.att.attendees',
  'crmLive.att.summary',
  'crmLive.att.keyword',
  'crmLive.att.search',
  'crmLive.att.reset',
  'crmLive.att.caption',
  'crmLive.att.empty',
  'crmLive.att.name',
  'crmLive.att.empNo',
  'crmLive.att.department',
  'crmLive.att.joinedAt',
  'crmLive.att.lastSeenAt',
  'crmLive.att.leftAt',
  'crmLive.att.signedAt',
  'crmLive.att.watched',
  'crmLive.att.hangUps',
  'crmLive.att.export',
  'crmLive.att.exporting',
  'crmLive.att.exportStarted',
  'crmLive.att.exportRunning',
  'crmLive.att.exportDone',
  'crmLive.att.exportFailed',
  'crmLive.att.exportSlow',
  'crmLive.att.download',
  'crmLive.att.downloadFailed',
] as const satisfies readonly MessageKey[];
export type LiveAttendanceMessages = Messages<(typeof liveAttendanceMessageKeys)[number]>;
