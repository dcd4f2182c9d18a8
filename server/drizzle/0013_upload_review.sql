ALTER TABLE "resources" ADD COLUMN "review" varchar(16) DEFAULT 'library' NOT NULL;--> statement-breakpoint
ALTER TABLE "resources" ADD COLUMN "review_reason" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "resources" ADD COLUMN "reviewed_by" uuid;--> statement-breakpoint
ALTER TABLE "resources" ADD COLUMN "reviewed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "resources" ADD CONSTRAINT "resources_reviewed_by_enterprise_users_id_fk" FOREIGN KEY ("reviewed_by") REFERENCES "public"."enterprise_users"("id") ON DELETE set null ON UPDATE no action;