/** The messages of the back office's announcement and message pages, one list per island. */
import { dataTableMessageKeys } from '@/components/crm/data-table/messages';
import { noAccessMessageKeys } from '@/components/crm/shell/NoAccess';
import type { MessageKey, Messages } from '@/i18n/index';

const stateKeys = ['crmNotice.state.draft', 'crmNotice.state.scheduled', 'crmNotice.state.published'] as const;

/** Messages of a failed check of the shared schemas (`src/lib/schemas/notice.ts`). */
export const noticeErrorKeys = [
  'crmNotice.error.titleEmpty',
  'crmNotice.error.titleTooLong',
  'crmNotice.error.contentEmpty',
  'crmNotice.error.contentTooLong',
  'crmNotice.error.scheduleMissing',
  'crmNotice.error.schedulePast',
  'crmNotice.error.noRecipients',
  'crmNotice.error.tooManyPicked',
  'crmNotice.error.invalid',
] as const satisfies readonly MessageKey[];

export const noticeListMessageKeys = [
  ...dataTableMessageKeys,
  ...noAccessMessageKeys,
  ...stateKeys,
  'crmNotice.list.intro',
  'crmNotice.list.new',
  'crmNotice.list.caption',
  'crmNotice.list.empty',
  'crmNotice.col.title',
  'crmNotice.col.state',
  'crmNotice.col.publishedAt',
  'crmNotice.col.author',
  'crmNotice.col.reads',
  'crmNotice.pinned',
  'crmNotice.filter.keyword',
  'crmNotice.filter.state',
  'crmNotice.filter.pinned',
  'crmNotice.filter.all',
  'crmNotice.filter.pinnedOnly',
  'crmNotice.filter.notPinned',
  'crmNotice.filter.search',
  'crmNotice.filter.reset',
  'crmNotice.action.menu',
  'crmNotice.action.edit',
  'crmNotice.action.publish',
  'crmNotice.action.unpublish',
  'crmNotice.action.pin',
  'crmNotice.action.unpin',
  'crmNotice.action.reads',
  'crmNotice.action.delete',
  'crmNotice.delete.title',
  'crmNotice.delete.text',
  'crmNotice.done.published',
  'crmNotice.done.unpublished',
  'crmNotice.done.pinned',
  'crmNotice.done.unpinned',
  'crmNotice.done.deleted',
  'crmNotice.undo',
] as const satisfies readonly MessageKey[];
export type NoticeListMessages = Messages<(typeof noticeListMessageKeys)[number]>;

/** The rich-text editor's own messages (toolbar, link dialog, picture upload). */
export const richTextEditorMessageKeys = [
  'crmNotice.tool.label',
  'crmNotice.tool.bold',
  'crmNotice.tool.italic',
  'crmNotice.tool.underline',
  'crmNotice.tool.strike',
  'crmNotice.tool.h2',
  'crmNotice.tool.h3',
  'crmNotice.tool.bulletList',
  'crmNotice.tool.orderedList',
  'crmNotice.tool.quote',
  'crmNotice.tool.code',
  'crmNotice.tool.rule',
  'crmNotice.tool.link',
  'crmNotice.tool.image',
  'crmNotice.tool.undo',
  'crmNotice.tool.redo',
  'crmNotice.link.title',
  'crmNotice.link.url',
  'crmNotice.link.hint',
  'crmNotice.link.newTab',
  'crmNotice.link.apply',
  'crmNotice.link.remove',
  'crmNotice.link.cancel',
  'crmNotice.link.invalid',
  'crmNotice.image.uploading',
  'crmNotice.image.type',
  'crmNotice.image.size',
] as const satisfies readonly MessageKey[];
export type RichTextEditorMessages = Messages<(typeof richTextEditorMessageKeys)[number]>;

export const noticeEditorMessageKeys = [
  ...noAccessMessageKeys,
  ...noticeErrorKeys,
  ...richTextEditorMessageKeys,
  ...stateKeys,
  'crmNotice.edit.new',
  'crmNotice.edit.existing',
  'crmNotice.edit.back',
  'crmNotice.edit.gallery',
  'crmNotice.edit.newTab',
  'crmNotice.edit.notFound',
  'crmNotice.edit.loadFailed',
  'crmNotice.edit.saveFailed',
  'crmNotice.edit.retry',
  'crmNotice.edit.restored',
  'crmNotice.edit.discard',
  'crmNotice.edit.languages',
  'crmNotice.edit.zh',
  'crmNotice.edit.en',
  'crmNotice.edit.languageHint',
  'crmNotice.field.titleIn',
  'crmNotice.field.contentIn',
  'crmNotice.field.allowComment',
  'crmNotice.field.pinned',
  'crmNotice.field.publish',
  'crmNotice.field.publishAt',
  'crmNotice.publish.draft',
  'crmNotice.publish.now',
  'crmNotice.publish.schedule',
  'crmNotice.submit.draft',
  'crmNotice.submit.now',
  'crmNotice.submit.schedule',
  'crmNotice.submit.pending',
  'crmNotice.saved.draft',
  'crmNotice.saved.now',
  'crmNotice.saved.schedule',
] as const satisfies readonly MessageKey[];
export type NoticeEditorMessages = Messages<(typeof noticeEditorMessageKeys)[number]>;

export const noticeReadsMessageKeys = [
  ...dataTableMessageKeys,
  ...noAccessMessageKeys,
  ...stateKeys,
  'crmNotice.edit.loadFailed',
  'crmNotice.edit.notFound',
  'crmNotice.edit.retry',
  'crmNotice.reads.back',
  'crmNotice.reads.missing',
  'crmNotice.reads.reach',
  'crmNotice.reads.read',
  'crmNotice.reads.unread',
  'crmNotice.reads.rate',
  'crmNotice.reads.summary',
  'crmNotice.reads.keyword',
  'crmNotice.reads.state',
  'crmNotice.reads.all',
  'crmNotice.reads.export',
  'crmNotice.reads.exported',
  'crmNotice.reads.caption',
  'crmNotice.reads.empty',
  'crmNotice.reads.name',
  'crmNotice.reads.empNo',
  'crmNotice.reads.department',
  'crmNotice.reads.readAt',
  'crmNotice.reads.stateOf',
  'crmNotice.filter.search',
  'crmNotice.filter.reset',
] as const satisfies readonly MessageKey[];
export type NoticeReadsMessages = Messages<(typeof noticeReadsMessageKeys)[number]>;

export const messageSendMessageKeys = [
  ...noAccessMessageKeys,
  ...noticeErrorKeys,
  'crmNotice.edit.zh',
  'crmNotice.edit.en',
  'crmNotice.edit.languageHint',
  'crmNotice.edit.retry',
  'crmNotice.field.titleIn',
  'crmNotice.msg.intro',
  'crmNotice.msg.recipients',
  'crmNotice.msg.departments',
  'crmNotice.msg.departmentsHint',
  'crmNotice.msg.expand',
  'crmNotice.msg.collapse',
  'crmNotice.msg.members',
  'crmNotice.msg.search',
  'crmNotice.msg.searchButton',
  'crmNotice.msg.results',
  'crmNotice.msg.noneFound',
  'crmNotice.msg.add',
  'crmNotice.msg.remove',
  'crmNotice.msg.chosen',
  'crmNotice.msg.chosenMembers',
  'crmNotice.msg.contentIn',
  'crmNotice.msg.send',
  'crmNotice.msg.sending',
  'crmNotice.msg.sent',
  'crmNotice.msg.loadFailed',
  'crmNotice.msg.failed',
] as const satisfies readonly MessageKey[];
export type MessageSendMessages = Messages<(typeof messageSendMessageKeys)[number]>;

/**
 * The message of a field's failed check: the schemas' messages are keys of these strings; any
 * other (a check of zod's own) reads as "please check this field".
 */
export function errorText(messages: Messages<(typeof noticeErrorKeys)[number]>, message: string | undefined): string | undefined {
  if (message === undefined) return undefined;
  return (noticeErrorKeys as readonly string[]).includes(message)
    ? messages[message as (typeof noticeErrorKeys)[number]]
    : messages['crmNotice.error.invalid'];
}
