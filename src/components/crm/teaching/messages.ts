/** The messages of the lecturer's pages: their courses and their marking. */
import { dataTableMessageKeys } from '@/components/crm/data-table/messages';
import { noAccessMessageKeys } from '@/components/crm/shell/NoAccess';
import type { Messages } from '@/i18n/index';

export const teachingMessageKeys = [
  ...dataTableMessageKeys,
  ...noAccessMessageKeys,
  'crm.teaching.intro',
  'crm.teaching.keyword',
  'crm.teaching.reset',
  'crm.teaching.name',
  'crm.teaching.category',
  'crm.teaching.status',
  'crm.teaching.published',
  'crm.teaching.removed',
  'crm.teaching.draft',
  'crm.teaching.periods',
  'crm.teaching.learners',
  'crm.teaching.completed',
  'crm.teaching.completionRate',
  'crm.teaching.rating',
  'crm.teaching.ratingCount',
  'crm.teaching.noRating',
  'crm.teaching.comments',
  'crm.teaching.open',
  'crm.teaching.empty',
  'crm.teaching.caption',
] as const;
export type TeachingMessages = Messages<(typeof teachingMessageKeys)[number]>;
