CREATE TABLE "period_records" (
	"enterprise_id" uuid NOT NULL,
	"enterprise_user_id" uuid NOT NULL,
	"course_id" uuid NOT NULL,
	"item_id" uuid NOT NULL,
	"passed" boolean NOT NULL,
	"score" integer,
	"note" text DEFAULT '' NOT NULL,
	"recorded_on" date NOT NULL,
	"recorded_by" uuid,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "period_records_enterprise_user_id_item_id_pk" PRIMARY KEY("enterprise_user_id","item_id")
);
--> statement-breakpoint
CREATE TABLE "research_answers" (
	"enterprise_id" uuid NOT NULL,
	"enterprise_user_id" uuid NOT NULL,
	"course_id" uuid NOT NULL,
	"item_id" uuid NOT NULL,
	"answers" jsonb NOT NULL,
	"submitted_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "research_answers_enterprise_user_id_item_id_pk" PRIMARY KEY("enterprise_user_id","item_id")
);
--> statement-breakpoint
ALTER TABLE "course_items" ADD COLUMN "questions" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "courses" ADD COLUMN "page_seconds" smallint DEFAULT 3 NOT NULL;--> statement-breakpoint
ALTER TABLE "resources" ADD COLUMN "pages" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "period_records" ADD CONSTRAINT "period_records_enterprise_id_enterprises_id_fk" FOREIGN KEY ("enterprise_id") REFERENCES "public"."enterprises"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "period_records" ADD CONSTRAINT "period_records_enterprise_user_id_enterprise_users_id_fk" FOREIGN KEY ("enterprise_user_id") REFERENCES "public"."enterprise_users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "period_records" ADD CONSTRAINT "period_records_course_id_courses_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."courses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "period_records" ADD CONSTRAINT "period_records_item_id_course_items_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."course_items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "period_records" ADD CONSTRAINT "period_records_recorded_by_enterprise_users_id_fk" FOREIGN KEY ("recorded_by") REFERENCES "public"."enterprise_users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "research_answers" ADD CONSTRAINT "research_answers_enterprise_id_enterprises_id_fk" FOREIGN KEY ("enterprise_id") REFERENCES "public"."enterprises"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "research_answers" ADD CONSTRAINT "research_answers_enterprise_user_id_enterprise_users_id_fk" FOREIGN KEY ("enterprise_user_id") REFERENCES "public"."enterprise_users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "research_answers" ADD CONSTRAINT "research_answers_course_id_courses_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."courses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "research_answers" ADD CONSTRAINT "research_answers_item_id_course_items_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."course_items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "period_records_item_idx" ON "period_records" USING btree ("enterprise_id","item_id");--> statement-breakpoint
CREATE INDEX "research_answers_item_idx" ON "research_answers" USING btree ("enterprise_id","item_id");--> statement-breakpoint
-- Row-level security for the tables added here (research answers, period records) (custom: drizzle-kit does not generate it): the
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
