CREATE TABLE "course_audience" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"enterprise_id" uuid NOT NULL,
	"course_id" uuid NOT NULL,
	"department_id" varchar(40),
	"enterprise_user_id" uuid
);
--> statement-breakpoint
ALTER TABLE "courses" ADD COLUMN "audience" smallint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "course_audience" ADD CONSTRAINT "course_audience_enterprise_id_enterprises_id_fk" FOREIGN KEY ("enterprise_id") REFERENCES "public"."enterprises"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "course_audience" ADD CONSTRAINT "course_audience_course_id_courses_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."courses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "course_audience" ADD CONSTRAINT "course_audience_enterprise_user_id_enterprise_users_id_fk" FOREIGN KEY ("enterprise_user_id") REFERENCES "public"."enterprise_users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "course_audience_course_idx" ON "course_audience" USING btree ("enterprise_id","course_id");--> statement-breakpoint
-- Row-level security for the table added here (course audiences) (custom: drizzle-kit does not generate it): the
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
