/** The back office's study tasks as the gateway answers them. */
import type { LearningStatus } from '@/api/learning-types';
import type { NoticeRecipient } from '@/api/crm-notice-types';
import type { PageResult } from '@/api/types';

/** A task as the list shows it. `state`: 1 not started, 2 running, 3 ended. */
export interface CrmTaskRow {
  id: string;
  nameZh: string;
  nameEn: string;
  taskType: number;
  startAt: string;
  endAt: string | null;
  state: 1 | 2 | 3;
  audience: 0 | 1;
  joinLater: boolean;
  itemCount: number;
  memberCount: number;
}

export interface CrmTaskItem {
  kind: 'course' | 'exam';
  id: string;
  name: string;
  required: boolean;
}

export interface CrmNamed {
  id: string;
  name: string;
}

/** A task as its form edits it. */
export interface CrmTaskDetail extends CrmTaskRow {
  introZh: string;
  introEn: string;
  cover: string;
  remindDays: number | null;
  items: CrmTaskItem[];
  departments: CrmNamed[];
  posts: CrmNamed[];
  members: { id: string; userName: string; empNo: string; departmentName: string }[];
}

export interface CrmTaskFilters {
  keyword?: string;
  taskType?: 1 | 2 | 3 | 4;
}

/** One assigned member's progress in a task, as their own task page counts it. */
export interface CrmTaskProgressRow {
  memberId: string;
  userName: string;
  empNo: string;
  departmentName: string;
  assignedAt: string;
  progress: number;
  learningStatus: LearningStatus;
  requiredCount: number;
  requiredCompleted: number;
  progressAt: string | null;
}

export interface CrmTaskProgressFilters {
  keyword?: string;
  learningStatus?: LearningStatus;
  departmentId?: string;
}

/** A page of progress, with the task's assigned members counted by learning status (filters but the status applied). */
export interface CrmTaskProgressPage extends PageResult<CrmTaskProgressRow> {
  counts: { total: number; notStarted: number; learning: number; completed: number };
}

/** A save's effect on who is assigned. */
export interface CrmTaskSaved {
  task: CrmTaskDetail;
  assigned: number;
  unassigned: number;
}

/** Who must do a task, as its form holds it: the chosen members with their names. */
export interface TaskAudienceValue {
  audience: 0 | 1;
  departmentIds: string[];
  postIds: string[];
  members: NoticeRecipient[];
  joinLater: boolean;
}
