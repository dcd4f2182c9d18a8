/**
 * The study calls (spec section 7: study tasks and projects) and the data calls the train page
 * uses (learning records, exports, the download centre's list).
 */
import { call, type CallOptions } from '@/api/client';
import type {
  AdmireResult,
  Comment,
  CommentPageBody,
  CommentSaveBody,
  CourseProgressPageBody,
  CourseProgressRow,
  ExportRecord,
  ExportStarted,
  MarkResult,
  MarkSaveBody,
  PhaseContent,
  ProjectApplyResult,
  ProjectCount,
  ProjectCourse,
  ProjectDetail,
  ProjectItem,
  ProjectMember,
  ProjectPageBody,
  RelationPageBody,
  StudyTaskCount,
  StudyTaskDetail,
  StudyTaskItem,
  StudyTaskPageBody,
  TargetType,
  TrainingProgressItem,
  LecturerBrief,
} from '@/api/learning-types';
import { outcomeOf } from '@/api/outcome';
import type { PageResult } from '@/api/types';

type Extra = Pick<CallOptions, 'isShowErrTip' | 'signal'>;
type Paged = { pageCurrent?: number; pageSize?: number };

// ---- study tasks

/** The caller's study tasks, 10 a page. */
export function getStudyTaskPage(body: StudyTaskPageBody = {}, opts?: Extra): Promise<PageResult<StudyTaskItem>> {
  return call<PageResult<StudyTaskItem>>('studyTaskPage', { ...opts, body: { ...body } });
}

/** The caller's study tasks counted by learning status. */
export function getStudyTaskCount(opts?: Extra): Promise<StudyTaskCount> {
  return call<StudyTaskCount>('studyTaskCount', { ...opts, body: {} });
}

/** One task assigned to the caller, with its courses and exams. */
export function getStudyTask(id: string, opts?: Extra): Promise<StudyTaskDetail> {
  return call<StudyTaskDetail>('studyTaskView', { ...opts, query: { id } });
}

/** Rates a task 1–5. */
export function saveStudyTaskMark(body: MarkSaveBody, opts?: Extra): Promise<MarkResult> {
  return call<MarkResult>('studyTaskMarkSave', { ...opts, body: { ...body } });
}

// ---- comments and collections of tasks and projects

/** Comments on a task or a project, newest first. */
export function getStudyCommentPage(body: CommentPageBody, opts?: Extra): Promise<PageResult<Comment>> {
  return call<PageResult<Comment>>('studyTaskCommentPage', { ...opts, body: { ...body } });
}

/** Posts a comment on a task or a project. */
export function saveStudyComment(body: CommentSaveBody, opts?: Extra): Promise<Comment> {
  return call<Comment>('studyTaskCommentSave', { ...opts, body: { ...body } });
}

/** Deletes one of the caller's comments. */
export function deleteStudyComment(id: string, opts?: Extra): Promise<unknown> {
  return call('studyTaskCommentDelete', { ...opts, body: { id } });
}

/** Collects a task or a project (`collected` true) or removes it from the collection. */
export function setStudyCollected(
  targetType: TargetType,
  targetId: string,
  collected: boolean,
  opts?: Extra,
): Promise<unknown> {
  const body = { targetType, targetId };
  return collected ? call('studyCollectionSave', { ...opts, body }) : call('studyCollectionDelete', { ...opts, body });
}

// ---- projects

/** Study projects, 10 a page (`isFree` for the free list, `joined` for the caller's own). */
export function getProjectPage(body: ProjectPageBody = {}, opts?: Extra): Promise<PageResult<ProjectItem>> {
  return call<PageResult<ProjectItem>>('projectPage', { ...opts, body: { ...body } });
}

/** The caller's projects counted (all, joined, learning, completed). */
export function getProjectCount(opts?: Extra): Promise<ProjectCount> {
  return call<ProjectCount>('projectCount', { ...opts, body: {} });
}

/** A project with its phases, lecturers and whether the caller may study it. */
export function getProject(id: string, opts?: Extra): Promise<ProjectDetail> {
  return call<ProjectDetail>('projectView', { ...opts, query: { id } });
}

/** A project's required courses (of one phase when `phaseId` is given). */
export function getProjectCourses(id: string, phaseId?: string, opts?: Extra): Promise<ProjectCourse[]> {
  return call<ProjectCourse[]>('projectStudyCourse', { ...opts, query: phaseId ? { id, phaseId } : { id } });
}

/** A project's elective courses. */
export function getProjectElectiveCourses(id: string, opts?: Extra): Promise<ProjectCourse[]> {
  return call<ProjectCourse[]>('projectStudyElectiveCourse', { ...opts, query: { id } });
}

/** One phase with its courses. */
export function getPhaseContent(phaseId: string, opts?: Extra): Promise<PhaseContent> {
  return call<PhaseContent>('projectPhaseContent', { ...opts, query: { id: phaseId } });
}

/** Registers the caller for a project; answers the registration status and message. */
export function applyProject(projectId: string, opts?: Extra): Promise<ProjectApplyResult> {
  return call<ProjectApplyResult>('projectApply', { ...opts, body: { projectId } });
}

/** Toggles the caller's like of a project. */
export function admireProject(projectId: string, opts?: Extra): Promise<AdmireResult> {
  return call<AdmireResult>('projectAdmire', { ...opts, body: { projectId } });
}

/** A project's lecturers. */
export function getProjectLecturers(
  projectId: string,
  paging: Paged = {},
  opts?: Extra,
): Promise<PageResult<LecturerBrief>> {
  return call<PageResult<LecturerBrief>>('projectLecturerPage', { ...opts, body: { projectId, ...paging } });
}

/** Registrations of a project (admins and its lecturers), filtered by status when given. */
export function getProjectMembers(
  body: { projectId: string; status?: number } & Paged,
  opts?: Extra,
): Promise<PageResult<ProjectMember>> {
  return call<PageResult<ProjectMember>>('projectMemberPage', { ...opts, body: { ...body } });
}

/** Approves or rejects one registration. */
export function approveProjectMember(
  body: { projectId: string; userId: string; approve: boolean },
  opts?: Extra,
): Promise<ProjectMember> {
  return call<ProjectMember>('projectApprove', { ...opts, body: { ...body } });
}

/** Projects related to a course or a project. */
export function getRelatedProjects(body: RelationPageBody, opts?: Extra): Promise<PageResult<ProjectItem>> {
  return call<PageResult<ProjectItem>>('relationProjectPage', { ...opts, body: { ...body } });
}

// ---- training progress, learning records and exports

/** The caller's progress in projects and tasks. */
export function getTrainingProgressPage(paging: Paged = {}, opts?: Extra): Promise<PageResult<TrainingProgressItem>> {
  return call<PageResult<TrainingProgressItem>>('trainingProgressPage', { ...opts, body: { ...paging } });
}

/** Learning records: progress in courses. */
export function getCourseProgressPage(
  body: CourseProgressPageBody = {},
  opts?: Extra,
): Promise<PageResult<CourseProgressRow>> {
  return call<PageResult<CourseProgressRow>>('courseProgressPage', { ...opts, body: { ...body } });
}

/** Starts a spreadsheet of the learning records; it appears in the download centre. */
export function exportCourseProgress(body: CourseProgressPageBody = {}, opts?: Extra): Promise<ExportStarted> {
  return call<ExportStarted>('progressExport', { ...opts, body: { ...body } });
}

/** Starts a spreadsheet of the training progress; it appears in the download centre. */
export function exportTrainingProgress(opts?: Extra): Promise<ExportStarted> {
  return call<ExportStarted>('studyExport', { ...opts, body: {} });
}

/** The download centre's records, newest first. */
export function getExportRecordPage(paging: Paged = {}, opts?: Extra): Promise<PageResult<ExportRecord>> {
  return call<PageResult<ExportRecord>>('exportRecordPage', { ...opts, body: { ...paging } });
}

/** The answer said the thing does not exist for the caller (or belongs to another company). */
export function isNotFound(error: unknown): boolean {
  return outcomeOf(error).kind === 'notFound';
}

/** The answer refused the caller (not an admin or lecturer, …). */
export function isForbidden(error: unknown): boolean {
  return outcomeOf(error).kind === 'forbidden';
}
