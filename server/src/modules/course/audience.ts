/**
 * Who may see a course whose audience is limited (`courses.audience` 1): the members of the
 * departments it names, with every department under them, and the members it names. The
 * company's limited courses with their audiences and its department tree are kept in the
 * catalogue cache (every learner of the company reads the same), so a course list asks the
 * database nothing more for them; which of those courses the caller may see is worked out here.
 * A course open to the whole company (audience 0) is everyone's.
 */
import { scoped } from '../../db/access';
import { catalogue } from '../../db/access/catalogue-cache';
import type { AudienceRow } from '../../db/access/courses';
import type { Db } from '../../db/client';

/** Deepest department chain followed (a loop in stored data cannot run forever). */
const MAX_DEPTH = 64;

/**
 * The limited courses a member may see, sorted: those naming them, or their department or one
 * above it.
 *
 * @example visibleLimited([{ courseId: 'c1', departmentId: 'D100', memberId: null }], new Map([['D110', 'D100']]), { id: 'm', departmentId: 'D110' }) → ['c1']
 */
export function visibleLimited(rows: readonly AudienceRow[], parents: ReadonlyMap<string, string>, member: { id: string; departmentId: string }): string[] {
  const chain = new Set<string>();
  for (let d = member.departmentId, depth = 0; d && !chain.has(d) && depth < MAX_DEPTH; d = parents.get(d) ?? '', depth++) chain.add(d);
  const visible = new Set<string>();
  for (const row of rows) {
    if (row.memberId === member.id || (row.departmentId !== null && chain.has(row.departmentId))) visible.add(row.courseId);
  }
  return [...visible].sort();
}

/** The limited courses of the caller's company they may see (from the catalogue cache). */
export async function visibleCourses(db: Db, eid: string, member: { id: string; departmentId: string }): Promise<string[]> {
  const data = scoped(db, eid).courses;
  const [rows, parents] = await Promise.all([
    catalogue.remember(eid, 'audiences', () => data.audiences()),
    catalogue.remember(eid, 'department-parents', async () => new Map((await data.departmentParents()).map((d) => [d.id, d.parentId]))),
  ]);
  return rows.length === 0 ? [] : visibleLimited(rows, parents, member);
}

/** Whether the member may see the course (always, when it is the whole company's). */
export async function inAudience(db: Db, eid: string, member: { id: string; departmentId: string }, course: { id: string; audience: number }): Promise<boolean> {
  if (course.audience === 0) return true;
  return (await visibleCourses(db, eid, member)).includes(course.id);
}
