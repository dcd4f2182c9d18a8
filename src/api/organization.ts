/**
 * The organisation centre's calls (userType 3 only; others are refused with the FORBIDDEN
 * code): the company's overview, its learners page and their export into the download centre.
 */
import { call, type CallOptions } from '@/api/client';
import type { ExportStarted } from '@/api/learning-types';
import type {
  OrganizationLearner,
  OrganizationLearnerFilters,
  OrganizationLearnerPageBody,
  OrganizationOverview,
} from '@/api/people-types';
import type { PageResult } from '@/api/types';

type Extra = Pick<CallOptions, 'isShowErrTip' | 'signal'>;

/** The company's learners, progress and completion at a glance. */
export function getOrganizationOverview(opts?: Extra): Promise<OrganizationOverview> {
  return call<OrganizationOverview>('organizationOverview', { ...opts });
}

/** A page of the company's learners by employee number, 10 a page, filtered. */
export function getOrganizationLearnerPage(body: OrganizationLearnerPageBody = {}, opts?: Extra): Promise<PageResult<OrganizationLearner>> {
  return call<PageResult<OrganizationLearner>>('organizationLearnerPage', { ...opts, body: { ...body } });
}

/** Starts the spreadsheet of every learner these filters list; it is built in the download centre. */
export function exportOrganizationLearners(filters: OrganizationLearnerFilters = {}, opts?: Extra): Promise<ExportStarted> {
  return call<ExportStarted>('organizationLearnerExport', { ...opts, body: { ...filters } });
}
