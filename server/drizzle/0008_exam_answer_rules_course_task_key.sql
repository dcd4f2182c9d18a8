ALTER TABLE "exam_tasks" DROP CONSTRAINT "exam_tasks_course_key";--> statement-breakpoint
-- Hand-written (keep it between the two constraint statements when regenerating): before this
-- migration a client-chosen type was part of a course exam task's key, so one learner could hold
-- several tasks (and attempts) for one course exam. Per learner, course and exam the type-1 task
-- (else the oldest) is kept; the papers of the others move to it, numbered again in the order they
-- were started (through negative numbers, so the attempt key never collides); the others go; and
-- every course task gets type 1 and the status and best score its papers give (as refreshTask does).
UPDATE "exam_papers" AS p SET "task_id" = m.keep_id, "attempt_no" = -m.n
FROM (
  SELECT p2.id AS paper_id, t.keep_id,
    row_number() OVER (PARTITION BY t.keep_id ORDER BY p2.created_at, p2.attempt_no, p2.id) AS n
  FROM "exam_papers" AS p2
  JOIN (
    SELECT id,
      first_value(id) OVER (PARTITION BY enterprise_user_id, exam_id, course_id ORDER BY (type <> 1), created_at, id) AS keep_id,
      count(*) OVER (PARTITION BY enterprise_user_id, exam_id, course_id) AS copies
    FROM "exam_tasks" WHERE course_id IS NOT NULL
  ) AS t ON t.id = p2.task_id
  WHERE t.copies > 1
) AS m
WHERE p.id = m.paper_id;--> statement-breakpoint
UPDATE "exam_papers" SET "attempt_no" = -"attempt_no" WHERE "attempt_no" < 0;--> statement-breakpoint
DELETE FROM "exam_tasks" AS t
USING (
  SELECT id,
    first_value(id) OVER (PARTITION BY enterprise_user_id, exam_id, course_id ORDER BY (type <> 1), created_at, id) AS keep_id
  FROM "exam_tasks" WHERE course_id IS NOT NULL
) AS m
WHERE t.id = m.id AND m.id <> m.keep_id;--> statement-breakpoint
UPDATE "exam_tasks" SET "type" = 1 WHERE course_id IS NOT NULL AND "type" <> 1;--> statement-breakpoint
UPDATE "exam_tasks" AS t SET
  "status" = CASE
    WHEN s.best IS NOT NULL AND s.best >= e.pass_score THEN 1
    WHEN s.waiting THEN 3
    WHEN s.best IS NOT NULL THEN 2
    ELSE 0
  END,
  "score" = s.best
FROM (
  SELECT task_id, max(score) FILTER (WHERE status = 2) AS best, bool_or(status = 1) AS waiting
  FROM "exam_papers" GROUP BY task_id
) AS s, "exams" AS e
WHERE t.id = s.task_id AND e.id = t.exam_id AND t.course_id IS NOT NULL;--> statement-breakpoint
ALTER TABLE "exams" ADD COLUMN "answers_shown" varchar(20) DEFAULT 'afterLastAttempt' NOT NULL;--> statement-breakpoint
-- Hand-written: an exam that hid its answers keeps hiding them; one that showed them after every
-- attempt now shows them after the last one (the new default).
UPDATE "exams" SET "answers_shown" = 'never' WHERE "show_answers" = false;--> statement-breakpoint
ALTER TABLE "exams" DROP COLUMN "show_answers";--> statement-breakpoint
ALTER TABLE "exam_tasks" ADD CONSTRAINT "exam_tasks_course_key" UNIQUE("enterprise_user_id","exam_id","course_id");--> statement-breakpoint
ALTER TABLE "exams" ADD CONSTRAINT "exams_answers_shown_check" CHECK (answers_shown in ('never', 'afterLastAttempt', 'afterWindow', 'afterEachAttempt'));
