/**
 * The messages of the shared back-office table (`DataTable`) and its pager; an island that
 * shows a `DataTable` adds these keys to its own list and passes them down as `messages`.
 * `crm.table.cancel` and `crm.table.actions` are there for `ConfirmDialog` and row-action columns.
 */
import type { MessageKey, Messages } from '@/i18n/index';

export const dataTableMessageKeys = [
  'crm.table.columns',
  'crm.table.selectAll',
  'crm.table.selectRow',
  'crm.table.selected',
  'crm.table.clearSelection',
  'crm.table.loading',
  'crm.table.empty',
  'crm.table.loadFailed',
  'crm.table.retry',
  'crm.table.total',
  'crm.table.pageSize',
  'crm.table.pagination',
  'crm.table.prev',
  'crm.table.next',
  'crm.table.pageOf',
  'crm.table.actions',
  'crm.table.cancel',
] as const satisfies readonly MessageKey[];

export type DataTableMessages = Messages<(typeof dataTableMessageKeys)[number]>;
