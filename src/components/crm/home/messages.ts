/** The messages of the back office's start page and "my uploads". */
import { noAccessMessageKeys } from '@/components/crm/shell/NoAccess';
import { loadStateMessageKeys } from '@/components/ui/messages';
import type { Messages } from '@/i18n/index';

export const myUploadsMessageKeys = [
  ...loadStateMessageKeys,
  'crm.uploads.intro',
  'crm.uploads.name',
  'crm.uploads.type',
  'crm.uploads.size',
  'crm.uploads.time',
  'crm.uploads.used',
  'crm.uploads.inUse',
  'crm.uploads.unused',
  'crm.uploads.empty',
  'crm.uploads.caption',
] as const;
export type MyUploadsMessages = Messages<(typeof myUploadsMessageKeys)[number]>;

export const crmHomeMessageKeys = [
  ...myUploadsMessageKeys,
  ...noAccessMessageKeys,
  'crm.welcome',
  'crm.welcome.intro',
  'crm.welcome.member',
  'crm.welcome.lecturer',
  'crm.welcome.organization',
  'crm.group.mine',
  'crm.group.teaching',
  'crm.group.reports',
  'crm.group.people',
  'crm.group.course',
  'crm.group.site',
  'crm.group.notice',
  'crm.group.system',
] as const;
export type CrmHomeMessages = Messages<(typeof crmHomeMessageKeys)[number]>;
