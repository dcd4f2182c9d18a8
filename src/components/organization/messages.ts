/** The messages the organisation centre's island receives. */
import { loadStateMessageKeys } from '@/components/ui/messages';
import type { Messages } from '@/i18n/index';

const figureKeys = [
  'organization.figure.learners',
  'organization.figure.activeLearners',
  'organization.figure.coursesStarted',
  'organization.figure.coursesCompleted',
  'organization.figure.averageProgress',
  'organization.figure.completionRate',
  'organization.figure.creditHours',
  'organization.figure.certificates',
] as const;

const tableKeys = [
  'organization.learners',
  'organization.total',
  'organization.caption',
  'organization.empty',
  'organization.name',
  'organization.empNo',
  'organization.department',
  'organization.post',
  'organization.status',
  'organization.started',
  'organization.completed',
  'organization.progress',
  'organization.creditHours',
  'organization.certificates',
  'organization.lastStudy',
  'organization.never',
  'learning.status.0',
  'learning.status.1',
  'learning.status.2',
  'learning.progress',
] as const;

const filterKeys = [
  'organization.filters',
  'organization.keyword',
  'organization.keywordPlaceholder',
  'organization.allDepartments',
  'organization.departmentsFailed',
  'organization.allStatuses',
  'organization.search',
  'organization.reset',
] as const;

const exportKeys = [
  'organization.export',
  'organization.exporting',
  'organization.exportRunning',
  'organization.exportDone',
  'organization.exportDownload',
  'organization.exportDownloadFailed',
  'organization.exportFailed',
  'organization.exportSlow',
] as const;

export const organizationMessageKeys = [
  ...loadStateMessageKeys,
  'auth.loginFirst',
  'study.signIn',
  'organization.only',
  'organization.onlyHint',
  'organization.backToAccount',
  'organization.overview',
  ...figureKeys,
  ...tableKeys,
  ...filterKeys,
  ...exportKeys,
] as const;

export type OrganizationMessages = Messages<(typeof organizationMessageKeys)[number]>;
