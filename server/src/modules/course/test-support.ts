/** Helpers for the course tests: demo ids by name, and calls whose answer is a file. */
import { and, eq } from 'drizzle-orm';
import { LANG_HEADER, TOKEN_HEADER } from '@/api/codes';
import { endpoints, type EndpointName } from '@/api/endpoints';
import type { Locale } from '@/i18n/routes';
import { courses, coursewares, resources, studyTasks, projects, lecturers } from '../../db/schema';
import { HOST_ONE, type TestGateway } from '../../testing';

/** The id of a demo course by its Chinese name. */
export async function courseId(gw: TestGateway, nameZh: string): Promise<string> {
  const [row] = await gw.database.db.select({ id: courses.id }).from(courses).where(eq(courses.nameZh, nameZh));
  if (!row) throw new Error(`No demo course ${nameZh}`);
  return row.id;
}

/** The demo resources with a file name. */
export async function resourceOf(gw: TestGateway, fileName: string) {
  const rows = await gw.database.db.select().from(resources).where(eq(resources.fileName, fileName));
  if (rows.length === 0) throw new Error(`No demo resource ${fileName}`);
  return rows;
}

/** The courseware of a course with the given file name. */
export async function coursewareOf(gw: TestGateway, course: string, fileName: string) {
  const [row] = await gw.database.db
    .select({ id: coursewares.id, resource: resources })
    .from(coursewares)
    .innerJoin(resources, eq(resources.id, coursewares.resourceId))
    .where(and(eq(coursewares.courseId, course), eq(resources.fileName, fileName)));
  if (!row) throw new Error(`No courseware ${fileName}`);
  return row;
}

export async function lecturerId(gw: TestGateway, nameZh: string): Promise<string> {
  const [row] = await gw.database.db.select({ id: lecturers.id }).from(lecturers).where(eq(lecturers.nameZh, nameZh));
  if (!row) throw new Error(`No demo lecturer ${nameZh}`);
  return row.id;
}

export async function studyTaskId(gw: TestGateway, nameZh: string): Promise<string> {
  const [row] = await gw.database.db.select({ id: studyTasks.id }).from(studyTasks).where(eq(studyTasks.nameZh, nameZh));
  if (!row) throw new Error(`No demo task ${nameZh}`);
  return row.id;
}

export async function projectId(gw: TestGateway, nameZh: string): Promise<string> {
  const [row] = await gw.database.db.select({ id: projects.id }).from(projects).where(eq(projects.nameZh, nameZh));
  if (!row) throw new Error(`No demo project ${nameZh}`);
  return row.id;
}

/** Calls a GET row whose answer may be a file rather than an envelope. */
export async function fetchRow(
  gw: TestGateway,
  name: EndpointName,
  o: { token: string; query: Record<string, string>; host?: string; lang?: Locale },
): Promise<Response> {
  const url = new URL(`http://${o.host ?? HOST_ONE}${gw.prefix}/${endpoints[name].path}`);
  for (const [k, v] of Object.entries(o.query)) url.searchParams.set(k, v);
  return gw.app.request(url, {
    method: endpoints[name].method,
    headers: { [TOKEN_HEADER]: o.token, [LANG_HEADER]: o.lang ?? 'zh' },
  });
}
