/** The messages of the audit log page. */
import { dataTableMessageKeys } from '@/components/crm/data-table/messages';
import { noAccessMessageKeys } from '@/components/crm/shell/NoAccess';
import type { Messages } from '@/i18n/index';

/** Object types and actions the audit log names (the gateway's `objectType` and `action` values). */
export const auditObjectTypes = ['department', 'post', 'member', 'site', 'domain', 'nav', 'banner', 'zone', 'enum', 'announcement', 'message', 'category', 'course', 'chapter', 'period', 'courseware', 'resource', 'live', 'project', 'task'] as const;
export const auditActions = ['create', 'update', 'delete', 'move', 'reorder', 'disable', 'enable', 'reset-password', 'import', 'publish', 'unpublish', 'send', 'remove', 'copy', 'retry', 'submit', 'approve', 'reject', 'remind'] as const;

export const auditMessageKeys = [
  ...dataTableMessageKeys,
  ...noAccessMessageKeys,
  'crm.audit.intro',
  'crm.audit.time',
  'crm.audit.actor',
  'crm.audit.action',
  'crm.audit.object',
  'crm.audit.changes',
  'crm.audit.field',
  'crm.audit.before',
  'crm.audit.after',
  'crm.audit.noChanges',
  'crm.audit.empty',
  'crm.audit.caption',
  'crm.audit.filter.keyword',
  'crm.audit.filter.objectType',
  'crm.audit.filter.action',
  'crm.audit.filter.from',
  'crm.audit.filter.to',
  'crm.audit.filter.all',
  'crm.audit.filter.reset',
  'crm.audit.showChanges',
  ...auditActions.map((a) => `crm.audit.action.${a}` as const),
  ...auditObjectTypes.map((o) => `crm.audit.object.${o}` as const),
] as const;
export type AuditMessages = Messages<(typeof auditMessageKeys)[number]>;
