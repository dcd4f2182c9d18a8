/**
 * Helpers for the player tests: demo objects found by their English names, and the watch
 * session's clock moved back to stand for wall time that has passed.
 */
import { and, eq, sql } from 'drizzle-orm';
import type { ProgressReportBody, ProgressReportResult, ResourceWatchResult } from '@/api/learning-types';
import type { Envelope } from '@/api/types';
import {
  courseItems,
  courses,
  exams,
  periodProgress,
  projects,
  studyDynamics,
  studyTasks,
  watchSessions,
} from '../../db/schema';
import type { TestGateway } from '../../testing';

type Named = typeof courses | typeof exams | typeof projects | typeof studyTasks;

/** Id of the demo object with this English name (unique across the demo companies). */
export async function idOf(gw: TestGateway, table: Named, nameEn: string): Promise<string> {
  const rows = await gw.database.db.select({ id: table.id }).from(table).where(eq(table.nameEn, nameEn));
  if (rows.length !== 1) throw new Error(`expected one "${nameEn}", found ${rows.length}`);
  return rows[0]!.id;
}

/** Id of the course's period with this English name. */
export async function periodOf(gw: TestGateway, courseId: string, nameEn: string): Promise<string> {
  const [row] = await gw.database.db
    .select({ id: courseItems.id })
    .from(courseItems)
    .where(and(eq(courseItems.courseId, courseId), eq(courseItems.nameEn, nameEn)));
  if (!row) throw new Error(`no period "${nameEn}"`);
  return row.id;
}

/**
 * Stands for `seconds` of wall time passing since the session's last accepted report: its clock
 * (and the moment it was ended, if it was) move back.
 */
export async function elapse(gw: TestGateway, watchId: string, seconds: number): Promise<void> {
  const back = sql`make_interval(secs => ${seconds}::float8)`;
  await gw.database.db
    .update(watchSessions)
    .set({
      lastBeatAt: sql`${watchSessions.lastBeatAt} - ${back}`,
      endedAt: sql`${watchSessions.endedAt} - ${back}`,
    })
    .where(eq(watchSessions.id, watchId));
}

/** Makes the session look opened `hours` ago. */
export async function age(gw: TestGateway, watchId: string, hours: number): Promise<void> {
  await gw.database.db
    .update(watchSessions)
    .set({ startedAt: sql`${watchSessions.startedAt} - make_interval(hours => ${hours})` })
    .where(eq(watchSessions.id, watchId));
}

/** The member's study dynamics of a course, as kinds. */
export async function dynamicsOf(gw: TestGateway, memberId: string, courseId: string): Promise<number[]> {
  const rows = await gw.database.db
    .select({ kind: studyDynamics.kind })
    .from(studyDynamics)
    .where(and(eq(studyDynamics.enterpriseUserId, memberId), eq(studyDynamics.courseId, courseId)));
  return rows.map((r) => r.kind).sort();
}

/** The member's stored progress row of a period. */
export async function storedProgress(gw: TestGateway, memberId: string, itemId: string) {
  const [row] = await gw.database.db
    .select()
    .from(periodProgress)
    .where(and(eq(periodProgress.enterpriseUserId, memberId), eq(periodProgress.itemId, itemId)));
  return row;
}

/** A signed-in member of the demo company one: token and member id. */
export interface Viewer {
  token: string;
  memberId: string;
}

export async function viewer(gw: TestGateway, empNo: string, host?: string): Promise<Viewer> {
  const token = await gw.login(empNo, undefined, host ? { host } : {});
  const { body } = await gw.call<{ id: string }>('currentUser', { token, ...(host ? { host } : {}) });
  return { token, memberId: body.data.id };
}

/** Opens a period and returns the playback response (fails the test on a refusal). */
export async function open(
  gw: TestGateway,
  who: Viewer,
  courseId: string,
  itemId: string,
): Promise<ResourceWatchResult> {
  const { body } = await gw.call<ResourceWatchResult>('resourceWatch', { token: who.token, body: { courseId, itemId } });
  if (body.code !== 200) throw new Error(`resourceWatch: ${body.code} ${body.msg}`);
  return body.data;
}

/** Sends a heartbeat (or, with `final`, a progress save) and returns the envelope. */
export async function report(
  gw: TestGateway,
  who: Viewer,
  body: ProgressReportBody,
  final = false,
): Promise<Envelope<ProgressReportResult>> {
  const { body: envelope } = await gw.call<ProgressReportResult>(final ? 'progressSave' : 'resourceLogUpdate', {
    token: who.token,
    body,
  });
  return envelope;
}
