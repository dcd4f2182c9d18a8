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
ALTER TABLE "exams" ADD CONSTRAINT "exams_answers_shown_check" CHECK (answers_shown in ('never', 'afterLastAttempt', 'afterWindow', 'afterEachAttempt'));--> statement-breakpoint
CREATE TABLE "course_purchase_requests" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"enterprise_id" uuid NOT NULL,
	"course_id" uuid NOT NULL,
	"enterprise_user_id" uuid NOT NULL,
	"status" smallint DEFAULT 0 NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"reason" text DEFAULT '' NOT NULL,
	"decided_by" uuid,
	"decided_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);--> statement-breakpoint
CREATE TABLE "jobs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"kind" varchar(64) NOT NULL,
	"payload" jsonb NOT NULL,
	"enterprise_id" uuid,
	"status" varchar(16) DEFAULT 'queued' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"max_attempts" integer DEFAULT 5 NOT NULL,
	"run_at" timestamp with time zone DEFAULT now() NOT NULL,
	"locked_until" timestamp with time zone,
	"claim_token" uuid,
	"last_error" text,
	"progress" smallint DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone
);--> statement-breakpoint
ALTER TABLE "courses" ADD COLUMN "price_fen" integer;--> statement-breakpoint
ALTER TABLE "sign_in_states" ADD COLUMN "binding_hash" varchar(64);--> statement-breakpoint
ALTER TABLE "uploaded_files" ADD COLUMN "used_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "course_purchase_requests" ADD CONSTRAINT "course_purchase_requests_enterprise_id_enterprises_id_fk" FOREIGN KEY ("enterprise_id") REFERENCES "public"."enterprises"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "course_purchase_requests" ADD CONSTRAINT "course_purchase_requests_course_id_courses_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."courses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "course_purchase_requests" ADD CONSTRAINT "course_purchase_requests_enterprise_user_id_enterprise_users_id_fk" FOREIGN KEY ("enterprise_user_id") REFERENCES "public"."enterprise_users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "course_purchase_requests" ADD CONSTRAINT "course_purchase_requests_decided_by_enterprise_users_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."enterprise_users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "jobs" ADD CONSTRAINT "jobs_enterprise_id_enterprises_id_fk" FOREIGN KEY ("enterprise_id") REFERENCES "public"."enterprises"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "course_purchase_requests_enterprise_idx" ON "course_purchase_requests" USING btree ("enterprise_id","status","created_at");--> statement-breakpoint
CREATE INDEX "course_purchase_requests_member_idx" ON "course_purchase_requests" USING btree ("enterprise_user_id","course_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "course_purchase_requests_waiting_idx" ON "course_purchase_requests" USING btree ("course_id","enterprise_user_id") WHERE status = 0;--> statement-breakpoint
CREATE INDEX "jobs_due_idx" ON "jobs" USING btree ("status","run_at");--> statement-breakpoint
CREATE INDEX "jobs_enterprise_idx" ON "jobs" USING btree ("enterprise_id");--> statement-breakpoint
CREATE INDEX "uploaded_files_member_idx" ON "uploaded_files" USING btree ("enterprise_user_id","created_at");--> statement-breakpoint
CREATE INDEX "uploaded_files_created_idx" ON "uploaded_files" USING btree ("created_at");
--> statement-breakpoint
-- Row-level security for the tables added since 0007 (custom: drizzle-kit does not generate it): the
-- same tenant_isolation policy and grants as 0007 on every table with an enterprise_id column that has
-- none yet, so a later migration can repeat this block unchanged.
DO $$
DECLARE
  target record;
  schema_name text := current_schema();
  tenant_expr text := 'enterprise_id = nullif(current_setting(''app.tenant'', true), '''')::uuid';
BEGIN
  FOR target IN
    SELECT c.table_name, c.is_nullable = 'YES' AS nullable
    FROM information_schema.columns c
    JOIN information_schema.tables t ON t.table_schema = c.table_schema AND t.table_name = c.table_name
    WHERE c.table_schema = schema_name AND c.column_name = 'enterprise_id' AND t.table_type = 'BASE TABLE'
      AND NOT EXISTS (
        SELECT 1 FROM pg_policies p
        WHERE p.schemaname = schema_name AND p.tablename = c.table_name AND p.policyname = 'tenant_isolation'
      )
  LOOP
    EXECUTE format('ALTER TABLE %I ENABLE ROW LEVEL SECURITY', target.table_name);
    EXECUTE format(
      'CREATE POLICY tenant_isolation ON %I USING (%s) WITH CHECK (%s)',
      target.table_name,
      CASE WHEN target.nullable THEN 'enterprise_id IS NULL OR ' || tenant_expr ELSE tenant_expr END,
      tenant_expr
    );
    IF EXISTS (SELECT 1 FROM pg_roles WHERE rolname = 'xuetang_app') THEN
      EXECUTE format('GRANT SELECT, INSERT, UPDATE, DELETE ON %I TO xuetang_app', target.table_name);
    END IF;
  END LOOP;
END $$;
