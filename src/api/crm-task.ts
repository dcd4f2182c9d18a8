/** The back office's study tasks (administrators): list, form, progress, export and reminders. */
import { call, type CallOptions } from '@/api/client';
import type { CrmTaskDetail, CrmTaskFilters, CrmTaskProgressFilters, CrmTaskProgressPage, CrmTaskRow, CrmTaskSaved } from '@/api/crm-task-types';
import type { Paging } from '@/api/endpoints';
import type { ExportStarted } from '@/api/learning-types';
import type { PageResult } from '@/api/types';
import type { TaskSaveBody } from '@/lib/schemas/task';

type Extra = Pick<CallOptions, 'isShowErrTip' | 'signal'>;

/** The company's tasks, latest start first. */
export function getCrmTaskPage(body: Partial<Paging> & CrmTaskFilters = {}, opts?: Extra): Promise<PageResult<CrmTaskRow>> {
  return call<PageResult<CrmTaskRow>>('crmTaskPage', { ...opts, body: { ...body } });
}

export function getCrmTask(id: string, opts?: Extra): Promise<CrmTaskDetail> {
  return call<CrmTaskDetail>('crmTaskView', { ...opts, query: { id } });
}

/** Makes a task (no id) or changes one; answers it as saved, with how many members it was given to and taken from. */
export function saveCrmTask(body: Omit<TaskSaveBody, 'id'> & { id?: string }, opts?: Extra): Promise<CrmTaskSaved> {
  return call<CrmTaskSaved>('crmTaskSave', { ...opts, body: { ...body } });
}

export function deleteCrmTask(id: string, opts?: Extra): Promise<null> {
  return call<null>('crmTaskDelete', { ...opts, body: { id } });
}

/** The task's assigned members with their progress, found by name, department and status. */
export function getCrmTaskProgress(body: Partial<Paging> & CrmTaskProgressFilters & { id: string }, opts?: Extra): Promise<CrmTaskProgressPage> {
  return call<CrmTaskProgressPage>('crmTaskProgress', { ...opts, body: { ...body } });
}

/** The progress the filters show, built into the download centre. */
export function exportCrmTaskProgress(body: CrmTaskProgressFilters & { id: string }, opts?: Extra): Promise<ExportStarted> {
  return call<ExportStarted>('crmTaskProgressExport', { ...opts, body: { ...body } });
}

/** Messages every assigned member not done; answers how many. */
export function remindCrmTask(id: string, opts?: Extra): Promise<{ reminded: number }> {
  return call<{ reminded: number }>('crmTaskRemind', { ...opts, body: { id } });
}
