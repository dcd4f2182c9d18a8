/**
 * Automatic issue (issue way 1): a member who completes a course, or a study project, receives
 * the certificates that name it. The player calls this when it completes a course, in the same
 * transaction; the study module calls it when a member joins a project (who may have completed
 * its courses already). A project counts as completed by the study module's own rule (every
 * required published course completed) and only while the member may study it (open, or
 * registered and approved, within the learning time). Idempotent: a certificate the member
 * holds, even an expired one, is never issued twice (unique certificate and member).
 */
import { IssueWay } from '@/api/certificate-types';
import type { Db } from '../../db/client';
import { decideProjectAccess } from '../../db/access/project-access';
import { type CertificateRow } from '../../db/access/certificates';
import { scoped } from '../../db/access';

/** What a member has just completed, or joined. */
export type Completion = { courseId: string } | { projectId: string };

/** Of the project certificates given, those whose project the member has completed and may study. */
async function earnedByProjects(db: Db, eid: string, memberId: string, found: CertificateRow[]): Promise<CertificateRow[]> {
  const projectIds = [...new Set(found.flatMap((c) => (c.projectId ? [c.projectId] : [])))];
  if (projectIds.length === 0) return [];
  const study = scoped(db, eid).study;
  const [stats, registrations, rows] = await Promise.all([
    study.statsOf('project', memberId, projectIds),
    study.registrations(memberId, projectIds),
    Promise.all(projectIds.map((id) => study.project(id))),
  ]);
  const completed = new Set(
    rows.flatMap((project) =>
      project &&
      stats.get(project.id)?.learningStatus === 2 &&
      decideProjectAccess(project, registrations.get(project.id)).canStudy
        ? [project.id]
        : [],
    ),
  );
  return found.filter((c) => c.projectId && completed.has(c.projectId));
}

/**
 * Issues what a completion earns: for a course, the certificates naming the course and those
 * of its projects that the member has now completed; for a project, its certificates once
 * completed. Answers the ids of the certificates issued now.
 *
 * @example await issueOnCompletion(tx, tenantId, memberId, { courseId })
 */
export async function issueOnCompletion(db: Db, eid: string, memberId: string, completion: Completion): Promise<string[]> {
  const scope = scoped(db, eid).certificates;
  const found = 'courseId' in completion ? await scope.byCourse(completion.courseId) : await scope.byProject(completion.projectId);
  if (found.length === 0) return [];
  const byCourse = 'courseId' in completion ? found.filter((c) => c.courseId === completion.courseId) : [];
  const earned = [...byCourse, ...(await earnedByProjects(db, eid, memberId, found.filter((c) => !byCourse.includes(c))))];
  const issued: string[] = [];
  for (const certificate of earned) {
    const row = await scope.insert(certificate, memberId, IssueWay.automatic);
    if (row) issued.push(row.id);
  }
  return issued;
}
