/**
 * A database from before exam periods counted: a learner passed a course's exam, another failed
 * it, a third passed it without ever opening the course. Migrating completes the passed exam
 * periods (at the passing paper's hand-in), adds their study dynamics, gives the third learner
 * the course row the pass starts, and recomputes the progress of the course with its exam period
 * counted; the failed learner's period stays open.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { readMigrationFiles } from 'drizzle-orm/migrator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase } from '../testing';
import type { Database, Db } from './client';
import { migrate, migrationsFolder } from './migrate';

let database: Database;
const rows = async <T,>(db: Db, query: ReturnType<typeof sql>): Promise<T[]> => {
  const result = (await db.execute(query)) as unknown;
  return (Array.isArray(result) ? result : ((result as { rows?: T[] }).rows ?? [])) as T[];
};

/** Applies the migrations before the exam-period backfill, as a database made then. */
async function migrateBeforeBackfill(db: Db): Promise<void> {
  const journal = JSON.parse(readFileSync(join(migrationsFolder, 'meta/_journal.json'), 'utf8')) as { entries: { tag: string }[] };
  const backfill = journal.entries.findIndex((e) => e.tag.endsWith('_exam_period_backfill'));
  expect(backfill).toBeGreaterThan(0);
  await db.execute(sql`create table if not exists __drizzle_migrations (id serial primary key, hash text not null, created_at bigint)`);
  for (const m of readMigrationFiles({ migrationsFolder }).slice(0, backfill)) {
    for (const statement of m.sql) await db.execute(sql.raw(statement.replaceAll('"public".', '')));
    await db.execute(sql`insert into __drizzle_migrations (hash, created_at) values (${m.hash}, ${m.folderMillis})`);
  }
}

const ids = {
  enterprise: '00000000-0000-4000-8000-0000000000e1',
  passed: '00000000-0000-4000-8000-0000000000a1',
  failed: '00000000-0000-4000-8000-0000000000a2',
  unopened: '00000000-0000-4000-8000-0000000000a3',
  exam: '00000000-0000-4000-8000-0000000000b1',
  course: '00000000-0000-4000-8000-0000000000c1',
  chapter: '00000000-0000-4000-8000-0000000000d0',
  video1: '00000000-0000-4000-8000-0000000000d1',
  video2: '00000000-0000-4000-8000-0000000000d2',
  examPeriod: '00000000-0000-4000-8000-0000000000d3',
};

beforeAll(async () => {
  database = await openTestDatabase();
  await database.exclusive(async (db) => {
    await migrateBeforeBackfill(db);
    await db.execute(sql`
      insert into enterprises (id, code, name_zh, name_en, title_zh, title_en, color_primary, color_primary_foreground, color_accent, init_password_hash)
      values (${ids.enterprise}, 'backfill', '回填', 'Backfill', '回填', 'Backfill', '#000', '#fff', '#333', 'x')`);
    for (const [id, no] of [[ids.passed, 'P1'], [ids.failed, 'P2'], [ids.unopened, 'P3']] as const) {
      const [user] = await rows<{ id: string }>(db, sql`insert into users default values returning id`);
      await db.execute(sql`
        insert into enterprise_users (id, enterprise_id, user_id, user_no, emp_no, user_name, password_hash)
        values (${id}, ${ids.enterprise}, ${user!.id}, ${no}, ${no}, ${no}, 'x')`);
    }
    await db.execute(sql`insert into exams (id, enterprise_id, name_zh, name_en, attempts, pass_score) values (${ids.exam}, ${ids.enterprise}, '入职考试', 'Exam', 0, 60)`);
    await db.execute(sql`insert into courses (id, enterprise_id, name_zh, name_en) values (${ids.course}, ${ids.enterprise}, '课程', 'Course')`);
    await db.execute(sql`
      insert into course_items (id, enterprise_id, course_id, parent_id, sort, name_zh, name_en, content_type, exam_id) values
        (${ids.chapter}, ${ids.enterprise}, ${ids.course}, null, 0, '第一章', 'Chapter', 2, null),
        (${ids.video1}, ${ids.enterprise}, ${ids.course}, ${ids.chapter}, 0, '视频一', 'Video 1', 2, null),
        (${ids.video2}, ${ids.enterprise}, ${ids.course}, ${ids.chapter}, 1, '视频二', 'Video 2', 2, null),
        (${ids.examPeriod}, ${ids.enterprise}, ${ids.course}, ${ids.chapter}, 2, '考试', 'Exam', 3, ${ids.exam})`);
    // The passed learner completed the first video (50% when only videos counted); the failed one opened the course.
    await db.execute(sql`
      insert into period_progress (enterprise_id, enterprise_user_id, course_id, item_id, progress, completed_at)
      values (${ids.enterprise}, ${ids.passed}, ${ids.course}, ${ids.video1}, 100, now() - interval '5 days')`);
    await db.execute(sql`
      insert into course_progress (enterprise_id, enterprise_user_id, course_id, progress, status) values
        (${ids.enterprise}, ${ids.passed}, ${ids.course}, 50, 1),
        (${ids.enterprise}, ${ids.failed}, ${ids.course}, 0, 1)`);
    const task = async (member: string, status: number, scores: number[]) => {
      const [t] = await rows<{ id: string }>(db, sql`
        insert into exam_tasks (enterprise_id, exam_id, enterprise_user_id, type, course_id, item_id, status, score)
        values (${ids.enterprise}, ${ids.exam}, ${member}, 1, ${ids.course}, ${ids.examPeriod}, ${status}, ${Math.max(...scores)})
        returning id`);
      for (const [i, score] of scores.entries()) {
        await db.execute(sql`
          insert into exam_papers (enterprise_id, exam_id, task_id, enterprise_user_id, attempt_no, question_order, deadline_at, submitted_at, status, score)
          values (${ids.enterprise}, ${ids.exam}, ${t!.id}, ${member}, ${i + 1}, '[]'::jsonb, now(), ${`2026-01-0${i + 1}T10:00:00Z`}::timestamptz, 2, ${score})`);
      }
    };
    await task(ids.passed, 1, [40, 80]);
    await task(ids.failed, 2, [30]);
    await task(ids.unopened, 1, [90]);
    expect(await migrate(db)).toBeGreaterThan(0);
  });
});
afterAll(() => database?.close());

const periodOf = (member: string, item: string) =>
  rows<{ progress: number; completed_at: Date | string | null }>(
    database.db,
    sql`select progress, completed_at from period_progress where enterprise_user_id = ${member} and item_id = ${item}`,
  );
const courseOf = (member: string) =>
  rows<{ progress: number; status: number; last_item_id: string | null }>(
    database.db,
    sql`select progress, status, last_item_id from course_progress where enterprise_user_id = ${member} and course_id = ${ids.course}`,
  );
const dynamicsOf = (member: string) =>
  rows<{ kind: number; item_id: string | null }>(database.db, sql`select kind, item_id from study_dynamics where enterprise_user_id = ${member} order by kind`);

describe('backfilling exam periods passed before they counted', () => {
  it('completes a passed exam period at the passing hand-in and recomputes the course with it', async () => {
    const [period] = await periodOf(ids.passed, ids.examPeriod);
    expect(period?.progress).toBe(100);
    expect(new Date(period!.completed_at!).toISOString()).toBe('2026-01-02T10:00:00.000Z');
    // Video 1 at 100, video 2 at 0, the exam at 100.
    expect(await courseOf(ids.passed)).toEqual([{ progress: 66, status: 1, last_item_id: null }]);
    expect(await dynamicsOf(ids.passed)).toEqual([{ kind: 2, item_id: ids.examPeriod }]);
  });

  it('starts the course of a learner who passed its exam without opening it', async () => {
    expect((await periodOf(ids.unopened, ids.examPeriod))[0]?.progress).toBe(100);
    expect(await courseOf(ids.unopened)).toEqual([{ progress: 33, status: 1, last_item_id: null }]);
    expect(await dynamicsOf(ids.unopened)).toEqual([
      { kind: 1, item_id: null },
      { kind: 2, item_id: ids.examPeriod },
    ]);
  });

  it('leaves a failed exam period open', async () => {
    expect(await periodOf(ids.failed, ids.examPeriod)).toEqual([]);
    expect(await courseOf(ids.failed)).toEqual([{ progress: 0, status: 1, last_item_id: null }]);
    expect(await dynamicsOf(ids.failed)).toEqual([]);
  });
});
