/** The back office's study projects (administrators): authoring, certificates offered, the registration queue. */
import { call, type CallOptions } from '@/api/client';
import type { CrmCertificateOption, CrmProject, CrmProjectFilters, CrmProjectItem, CrmProjectMember, CrmProjectMemberFilters } from '@/api/crm-project-types';
import type { Paging } from '@/api/endpoints';
import type { PageResult } from '@/api/types';
import type { ProjectSaveInput } from '@/lib/schemas/project';

type Extra = Pick<CallOptions, 'isShowErrTip' | 'signal'>;

/** The company's projects in the learners' order, found by name. */
export function getCrmProjectPage(body: Partial<Paging> & CrmProjectFilters = {}, opts?: Extra): Promise<PageResult<CrmProjectItem>> {
  return call<PageResult<CrmProjectItem>>('crmProjectPage', { ...opts, body: { ...body } });
}

export function getCrmProject(id: string, opts?: Extra): Promise<CrmProject> {
  return call<CrmProject>('crmProjectView', { ...opts, query: { id } });
}

/** Creates a project (no id) or changes one; answers it as saved. */
export function saveCrmProject(body: ProjectSaveInput, opts?: Extra): Promise<CrmProject> {
  return call<CrmProject>('crmProjectSave', { ...opts, body: { ...body } });
}

export function deleteCrmProject(id: string, opts?: Extra): Promise<null> {
  return call<null>('crmProjectDelete', { ...opts, body: { id } });
}

/** The company's certificates, each with the course or project that issues it. */
export function getProjectCertificateOptions(opts?: Extra): Promise<CrmCertificateOption[]> {
  return call<CrmCertificateOption[]>('crmProjectCertificateOptions', { ...opts });
}

/** A project's registrations, filtered by status and found by name or employee number. */
export function getCrmProjectMembers(body: Partial<Paging> & CrmProjectMemberFilters, opts?: Extra): Promise<PageResult<CrmProjectMember>> {
  return call<PageResult<CrmProjectMember>>('crmProjectMembers', { ...opts, body: { ...body } });
}

/** Approves or rejects a waiting registration. */
export function decideCrmProjectMember(body: { id: string; userId: string; approve: boolean }, opts?: Extra): Promise<CrmProjectMember> {
  return call<CrmProjectMember>('crmProjectDecide', { ...opts, body: { ...body } });
}
