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
ALTER TABLE "sign_in_states" ADD COLUMN "binding_hash" varchar(64);--> statement-breakpoint
ALTER TABLE "jobs" ADD CONSTRAINT "jobs_enterprise_id_enterprises_id_fk" FOREIGN KEY ("enterprise_id") REFERENCES "public"."enterprises"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "jobs_due_idx" ON "jobs" USING btree ("status","run_at");--> statement-breakpoint
CREATE INDEX "jobs_enterprise_idx" ON "jobs" USING btree ("enterprise_id");--> statement-breakpoint
-- Row-level security as in 0007_row_level_security.sql: jobs of a company are the company's rows;
-- jobs without a company (enterprise_id null) are visible to every tenant, and only the owner
-- (background workers, public calls) may write them. Grants come from 0007's default privileges.
ALTER TABLE "jobs" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY tenant_isolation ON "jobs"
  USING (enterprise_id IS NULL OR enterprise_id = nullif(current_setting('app.tenant', true), '')::uuid)
  WITH CHECK (enterprise_id = nullif(current_setting('app.tenant', true), '')::uuid);
