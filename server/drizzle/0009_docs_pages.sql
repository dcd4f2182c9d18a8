ALTER TABLE "courses" ADD COLUMN "page_seconds" smallint DEFAULT 3 NOT NULL;--> statement-breakpoint
ALTER TABLE "resources" ADD COLUMN "pages" integer DEFAULT 0 NOT NULL;