CREATE TABLE "study_task_audience" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"enterprise_id" uuid NOT NULL,
	"task_id" uuid NOT NULL,
	"department_id" varchar(40),
	"post_id" varchar(40),
	"enterprise_user_id" uuid
);
--> statement-breakpoint
ALTER TABLE "study_tasks" ADD COLUMN "audience" smallint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "study_tasks" ADD COLUMN "join_later" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "study_tasks" ADD COLUMN "remind_days" smallint;--> statement-breakpoint
ALTER TABLE "study_tasks" ADD COLUMN "remind_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "study_tasks" ADD COLUMN "reminded_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "study_task_audience" ADD CONSTRAINT "study_task_audience_enterprise_id_enterprises_id_fk" FOREIGN KEY ("enterprise_id") REFERENCES "public"."enterprises"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "study_task_audience" ADD CONSTRAINT "study_task_audience_task_id_study_tasks_id_fk" FOREIGN KEY ("task_id") REFERENCES "public"."study_tasks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "study_task_audience" ADD CONSTRAINT "study_task_audience_enterprise_user_id_enterprise_users_id_fk" FOREIGN KEY ("enterprise_user_id") REFERENCES "public"."enterprise_users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "study_task_audience_task_idx" ON "study_task_audience" USING btree ("enterprise_id","task_id");--> statement-breakpoint
-- Tasks made before audiences existed were assigned member by member: they keep those members as a chosen audience.
UPDATE "study_tasks" SET "audience" = 1;--> statement-breakpoint
INSERT INTO "study_task_audience" ("enterprise_id", "task_id", "enterprise_user_id")
  SELECT "enterprise_id", "task_id", "enterprise_user_id" FROM "study_task_members";--> statement-breakpoint
-- Row-level security for the table added here (study task audiences) (custom: drizzle-kit does not generate it): the
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
