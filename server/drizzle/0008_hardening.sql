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
);
--> statement-breakpoint
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
);
--> statement-breakpoint
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
CREATE INDEX "uploaded_files_created_idx" ON "uploaded_files" USING btree ("created_at");--> statement-breakpoint
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
