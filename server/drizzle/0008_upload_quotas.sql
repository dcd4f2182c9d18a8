ALTER TABLE "uploaded_files" ADD COLUMN "used_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "uploaded_files_member_idx" ON "uploaded_files" USING btree ("enterprise_user_id","created_at");--> statement-breakpoint
CREATE INDEX "uploaded_files_created_idx" ON "uploaded_files" USING btree ("created_at");