CREATE TABLE "audit_log" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"enterprise_id" uuid NOT NULL,
	"actor_id" uuid,
	"actor_name" text NOT NULL,
	"action" varchar(32) NOT NULL,
	"object_type" varchar(32) NOT NULL,
	"object_id" text NOT NULL,
	"object_label" text DEFAULT '' NOT NULL,
	"changes" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "member_imports" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"enterprise_id" uuid NOT NULL,
	"created_by" uuid,
	"file_name" text NOT NULL,
	"rows" jsonb NOT NULL,
	"status" varchar(16) DEFAULT 'preview' NOT NULL,
	"job_id" uuid,
	"imported" integer DEFAULT 0 NOT NULL,
	"refused" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "announcements" ADD COLUMN "draft" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "announcements" ADD COLUMN "format" smallint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "banners" ADD COLUMN "active_from" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "banners" ADD COLUMN "active_until" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "enterprise_users" ADD COLUMN "status" smallint DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "audit_log" ADD CONSTRAINT "audit_log_enterprise_id_enterprises_id_fk" FOREIGN KEY ("enterprise_id") REFERENCES "public"."enterprises"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "audit_log" ADD CONSTRAINT "audit_log_actor_id_enterprise_users_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."enterprise_users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "member_imports" ADD CONSTRAINT "member_imports_enterprise_id_enterprises_id_fk" FOREIGN KEY ("enterprise_id") REFERENCES "public"."enterprises"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "member_imports" ADD CONSTRAINT "member_imports_created_by_enterprise_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."enterprise_users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "audit_log_enterprise_idx" ON "audit_log" USING btree ("enterprise_id","created_at");--> statement-breakpoint
CREATE INDEX "audit_log_object_idx" ON "audit_log" USING btree ("enterprise_id","object_type","object_id");--> statement-breakpoint
CREATE INDEX "member_imports_enterprise_idx" ON "member_imports" USING btree ("enterprise_id","created_at");--> statement-breakpoint
-- Row-level security for the tables added here (audit log, member imports) (custom: drizzle-kit does
-- not generate it): the same block as 0009. The audit log is then made append-only for the
-- application role: it may insert and read records, never change or remove one.
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
--> statement-breakpoint
DO $$
BEGIN
  IF EXISTS (SELECT 1 FROM pg_roles WHERE rolname = 'xuetang_app') THEN
    REVOKE UPDATE, DELETE ON audit_log FROM xuetang_app;
  END IF;
END $$;
