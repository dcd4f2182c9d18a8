/** Helpers of the study tests: finding demo tasks and projects by name as a member sees them. */
import { expect } from 'vitest';
import type { ProjectDetail, ProjectItem, StudyTaskItem } from '@/api/learning-types';
import type { PageResult } from '@/api/types';
import type { CallOptions, TestGateway } from '../../testing';

/** The id of a project (by its Chinese name) in the caller's company. */
export async function projectId(gw: TestGateway, token: string, nameZh: string, options: CallOptions = {}): Promise<string> {
  const { body } = await gw.call<PageResult<ProjectItem>>('projectPage', { ...options, token, body: { pageSize: 100 } });
  expect(body.code).toBe(200);
  const found = body.data.list.find((p) => p.name === nameZh);
  if (!found) throw new Error(`no project ${nameZh}`);
  return found.id;
}

/** The id of one of the caller's study tasks (by its Chinese name). */
export async function taskId(gw: TestGateway, token: string, nameZh: string): Promise<string> {
  const { body } = await gw.call<PageResult<StudyTaskItem>>('studyTaskPage', { token, body: { pageSize: 100 } });
  expect(body.code).toBe(200);
  const found = body.data.list.find((t) => t.name === nameZh);
  if (!found) throw new Error(`no task ${nameZh}`);
  return found.id;
}

export async function viewProject(
  gw: TestGateway,
  token: string,
  id: string,
  options: CallOptions = {},
): Promise<ProjectDetail> {
  const { body } = await gw.call<ProjectDetail>('projectView', { ...options, token, query: { id } });
  expect(body.code, body.msg).toBe(200);
  return body.data;
}
