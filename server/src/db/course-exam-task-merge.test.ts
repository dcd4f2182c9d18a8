/**
 * A database from before course exam tasks were keyed by learner, course and exam alone: one
 * learner holds several tasks (each with its papers) for one course exam, made with different
 * client-chosen types. Migrating merges them into one task with every paper, numbered in the
 * order taken, and the status and best score those papers give; assigned tasks and other
 * learners' tasks stay as they were. Exams that hid their answers keep hiding them.
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

/** Applies the migrations up to and including the row-level security one (0007), as a database made then. */
async function migrateUpTo0007(db: Db): Promise<void> {
  const journal = JSON.parse(readFileSync(join(migrationsFolder, 'meta/_journal.json'), 'utf8')) as { entries: { tag: string }[] };
  const last = journal.entries.findIndex((e) => e.tag.startsWith('0007_'));
  expect(last).toBeGreaterThan(0);
  await db.execute(sql`create table if not exists __drizzle_migrations (id serial primary key, hash text not null, created_at bigint)`);
  for (const m of readMigrationFiles({ migrationsFolder }).slice(0, last + 1)) {
    for (const statement of m.sql) await db.execute(sql.raw(statement.replaceAll('"public".', '')));
    await db.execute(sql`insert into __drizzle_migrations (hash, created_at) values (${m.hash}, ${m.folderMillis})`);
  }
}

const ids = {
  enterprise: '00000000-0000-4000-8000-0000000000e1',
  learner: '00000000-0000-4000-8000-0000000000a1',
  other: '00000000-0000-4000-8000-0000000000a2',
  exam: '00000000-0000-4000-8000-0000000000b1',
  hidden: '00000000-0000-4000-8000-0000000000b2',
  course: '00000000-0000-4000-8000-0000000000c1',
  course2: '00000000-0000-4000-8000-0000000000c2',
  // The learner's tasks of the course exam, by type; 'assigned' has no course.
  t1: '00000000-0000-4000-8000-000000000101',
  t2: '00000000-0000-4000-8000-000000000102',
  t3: '00000000-0000-4000-8000-000000000103',
  assigned: '00000000-0000-4000-8000-000000000104',
  // The learner's tasks of the second course, none of type 1.
  t4: '00000000-0000-4000-8000-000000000105',
  t5: '00000000-0000-4000-8000-000000000106',
  // The other learner's one task.
  otherTask: '00000000-0000-4000-8000-000000000107',
};

beforeAll(async () => {
  database = await openTestDatabase();
  await database.exclusive(async (db) => {
    await migrateUpTo0007(db);
    await db.execute(sql`
      insert into enterprises (id, code, name_zh, name_en, title_zh, title_en, color_primary, color_primary_foreground, color_accent, init_password_hash)
      values (${ids.enterprise}, 'merge', '合并', 'Merge', '合并', 'Merge', '#000', '#fff', '#333', 'x')`);
    for (const [id, no] of [[ids.learner, 'M1'], [ids.other, 'M2']] as const) {
      const [user] = await rows<{ id: string }>(db, sql`insert into users default values returning id`);
      await db.execute(sql`
        insert into enterprise_users (id, enterprise_id, user_id, user_no, emp_no, user_name, password_hash)
        values (${id}, ${ids.enterprise}, ${user!.id}, ${no}, ${no}, ${no}, 'x')`);
    }
    await db.execute(sql`
      insert into exams (id, enterprise_id, name_zh, name_en, attempts, pass_score, show_answers) values
        (${ids.exam}, ${ids.enterprise}, '课程考试', 'Course exam', 1, 60, true),
        (${ids.hidden}, ${ids.enterprise}, '不公布答案', 'Hidden answers', 1, 60, false)`);
    const task = (id: string, member: string, course: string | null, type: number, status: number, score: number | null, daysAgo: number) => sql`
      insert into exam_tasks (id, enterprise_id, exam_id, enterprise_user_id, type, course_id, status, score, created_at)
      values (${id}, ${ids.enterprise}, ${ids.exam}, ${member}, ${type}, ${course}, ${status}, ${score}, now() - make_interval(hours => ${daysAgo * 24}))`;
    await db.execute(task(ids.t2, ids.learner, ids.course, 2, 2, 40, 9));
    await db.execute(task(ids.t1, ids.learner, ids.course, 1, 2, 55, 8));
    await db.execute(task(ids.t3, ids.learner, ids.course, 3, 3, null, 7));
    await db.execute(task(ids.assigned, ids.learner, null, 2, 2, 30, 6));
    await db.execute(task(ids.t5, ids.learner, ids.course2, 5, 1, 90, 4));
    await db.execute(task(ids.t4, ids.learner, ids.course2, 4, 0, null, 5));
    await db.execute(task(ids.otherTask, ids.other, ids.course, 1, 2, 20, 3));
    const paper = (task: string, member: string, attempt: number, status: number, score: number | null, daysAgo: number) => sql`
      insert into exam_papers (enterprise_id, exam_id, task_id, enterprise_user_id, attempt_no, question_order, created_at, deadline_at, status, score)
      values (${ids.enterprise}, ${ids.exam}, ${task}, ${member}, ${attempt}, '[]'::jsonb,
        now() - make_interval(hours => ${daysAgo * 24}), now() - make_interval(hours => ${daysAgo * 24}) + interval '1 hour', ${status}, ${score})`;
    // Taken in this order: t2's first, t1's, t2's second, t3's (waiting for a marker).
    await db.execute(paper(ids.t2, ids.learner, 1, 2, 40, 9));
    await db.execute(paper(ids.t1, ids.learner, 1, 2, 55, 8));
    await db.execute(paper(ids.t2, ids.learner, 2, 2, 35, 7.5));
    await db.execute(paper(ids.t3, ids.learner, 1, 1, 10, 7));
    await db.execute(paper(ids.assigned, ids.learner, 1, 2, 30, 6));
    await db.execute(paper(ids.t5, ids.learner, 1, 2, 90, 4));
    await db.execute(paper(ids.otherTask, ids.other, 1, 2, 20, 3));
    expect(await migrate(db)).toBeGreaterThan(0);
  });
});
afterAll(() => database?.close());

interface TaskRow {
  id: string;
  type: number;
  course_id: string | null;
  status: number;
  score: number | null;
}

const tasksOf = (member: string) =>
  rows<TaskRow>(database.db, sql`select id, type, course_id, status, score from exam_tasks where enterprise_user_id = ${member} order by created_at`);
const papersOf = (task: string) =>
  rows<{ attempt_no: number; score: number | null; status: number }>(
    database.db,
    sql`select attempt_no, score, status from exam_papers where task_id = ${task} order by attempt_no`,
  );

describe('migrating course exam tasks made with several types', () => {
  it('keeps one task per learner, course and exam with every paper in the order taken', async () => {
    const tasks = await tasksOf(ids.learner);
    expect(tasks.map((t) => t.id).sort()).toEqual([ids.t1, ids.assigned, ids.t4].sort());
    // The type-1 task is kept: waiting for a marker (t3's paper), best marked score 55.
    expect(tasks.find((t) => t.id === ids.t1)).toMatchObject({ type: 1, course_id: ids.course, status: 3, score: 55 });
    expect(await papersOf(ids.t1)).toEqual([
      { attempt_no: 1, score: 40, status: 2 },
      { attempt_no: 2, score: 55, status: 2 },
      { attempt_no: 3, score: 35, status: 2 },
      { attempt_no: 4, score: 10, status: 1 },
    ]);
    // With no type-1 task the oldest is kept, as type 1, with the other's passed paper.
    expect(tasks.find((t) => t.id === ids.t4)).toMatchObject({ type: 1, course_id: ids.course2, status: 1, score: 90 });
    expect(await papersOf(ids.t4)).toEqual([{ attempt_no: 1, score: 90, status: 2 }]);
  });

  it('leaves assigned tasks and other learners alone', async () => {
    expect((await tasksOf(ids.learner)).find((t) => t.id === ids.assigned)).toMatchObject({ type: 2, course_id: null, status: 2, score: 30 });
    expect(await papersOf(ids.assigned)).toEqual([{ attempt_no: 1, score: 30, status: 2 }]);
    expect(await tasksOf(ids.other)).toEqual([{ id: ids.otherTask, type: 1, course_id: ids.course, status: 2, score: 20 }]);
  });

  it('refuses a second task for the same learner, course and exam from then on', async () => {
    await expect(
      database.db.execute(sql`
        insert into exam_tasks (enterprise_id, exam_id, enterprise_user_id, type, course_id)
        values (${ids.enterprise}, ${ids.exam}, ${ids.learner}, 2, ${ids.course})`),
    ).rejects.toThrow();
  });

  it('keeps hidden answers hidden, and shows the others after the last attempt', async () => {
    const exams = await rows<{ id: string; answers_shown: string }>(database.db, sql`select id, answers_shown from exams order by name_en`);
    expect(exams).toEqual([
      { id: ids.exam, answers_shown: 'afterLastAttempt' },
      { id: ids.hidden, answers_shown: 'never' },
    ]);
  });
});
