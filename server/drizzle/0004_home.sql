CREATE TABLE "announcement_reads" (
	"enterprise_id" uuid NOT NULL,
	"announcement_id" uuid NOT NULL,
	"enterprise_user_id" uuid NOT NULL,
	"read_at" timestamp with time zone,
	"admired" boolean DEFAULT false NOT NULL,
	"deleted_at" timestamp with time zone,
	CONSTRAINT "announcement_reads_announcement_id_enterprise_user_id_pk" PRIMARY KEY("announcement_id","enterprise_user_id")
);
--> statement-breakpoint
CREATE TABLE "announcements" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"enterprise_id" uuid NOT NULL,
	"kind" smallint DEFAULT 1 NOT NULL,
	"recipient_id" uuid,
	"author_id" uuid,
	"title_zh" text NOT NULL,
	"title_en" text NOT NULL,
	"content_zh" text DEFAULT '' NOT NULL,
	"content_en" text DEFAULT '' NOT NULL,
	"link_url" text DEFAULT '' NOT NULL,
	"allow_comment" boolean DEFAULT true NOT NULL,
	"pinned" boolean DEFAULT false NOT NULL,
	"published_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "banners" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"enterprise_id" uuid NOT NULL,
	"title_zh" text NOT NULL,
	"title_en" text NOT NULL,
	"image" text NOT NULL,
	"link_url" text DEFAULT '' NOT NULL,
	"target" varchar(16) DEFAULT '' NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "certificates" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"enterprise_id" uuid NOT NULL,
	"name_zh" text NOT NULL,
	"name_en" text NOT NULL,
	"course_id" uuid,
	"project_id" uuid,
	"valid_months" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "home_settings" (
	"enterprise_id" uuid PRIMARY KEY NOT NULL,
	"zone_logo" text DEFAULT '' NOT NULL,
	"zone_logo_link" text DEFAULT '' NOT NULL,
	"slogan_zh" text DEFAULT '' NOT NULL,
	"slogan_en" text DEFAULT '' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "home_zone_courses" (
	"enterprise_id" uuid NOT NULL,
	"zone_id" uuid NOT NULL,
	"course_id" uuid NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "home_zone_courses_zone_id_course_id_pk" PRIMARY KEY("zone_id","course_id")
);
--> statement-breakpoint
CREATE TABLE "home_zone_lecturers" (
	"enterprise_id" uuid NOT NULL,
	"lecturer_id" uuid NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "home_zone_lecturers_enterprise_id_lecturer_id_pk" PRIMARY KEY("enterprise_id","lecturer_id")
);
--> statement-breakpoint
CREATE TABLE "home_zones" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"enterprise_id" uuid NOT NULL,
	"kind" smallint DEFAULT 1 NOT NULL,
	"relation_type" smallint DEFAULT 1 NOT NULL,
	"title_zh" text NOT NULL,
	"title_en" text NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "point_records" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"enterprise_id" uuid NOT NULL,
	"enterprise_user_id" uuid NOT NULL,
	"kind" smallint NOT NULL,
	"amount" numeric(10, 1) NOT NULL,
	"reason_zh" text NOT NULL,
	"reason_en" text NOT NULL,
	"source_type" varchar(16) DEFAULT 'manual' NOT NULL,
	"source_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "user_certificates" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"enterprise_id" uuid NOT NULL,
	"certificate_id" uuid NOT NULL,
	"enterprise_user_id" uuid NOT NULL,
	"issue_way" smallint DEFAULT 1 NOT NULL,
	"issued_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone,
	"code" varchar(32) NOT NULL,
	CONSTRAINT "user_certificates_code_unique" UNIQUE("code")
);
--> statement-breakpoint
ALTER TABLE "announcement_reads" ADD CONSTRAINT "announcement_reads_enterprise_id_enterprises_id_fk" FOREIGN KEY ("enterprise_id") REFERENCES "public"."enterprises"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "announcement_reads" ADD CONSTRAINT "announcement_reads_announcement_id_announcements_id_fk" FOREIGN KEY ("announcement_id") REFERENCES "public"."announcements"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "announcement_reads" ADD CONSTRAINT "announcement_reads_enterprise_user_id_enterprise_users_id_fk" FOREIGN KEY ("enterprise_user_id") REFERENCES "public"."enterprise_users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "announcements" ADD CONSTRAINT "announcements_enterprise_id_enterprises_id_fk" FOREIGN KEY ("enterprise_id") REFERENCES "public"."enterprises"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "announcements" ADD CONSTRAINT "announcements_recipient_id_enterprise_users_id_fk" FOREIGN KEY ("recipient_id") REFERENCES "public"."enterprise_users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "announcements" ADD CONSTRAINT "announcements_author_id_enterprise_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."enterprise_users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "banners" ADD CONSTRAINT "banners_enterprise_id_enterprises_id_fk" FOREIGN KEY ("enterprise_id") REFERENCES "public"."enterprises"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "certificates" ADD CONSTRAINT "certificates_enterprise_id_enterprises_id_fk" FOREIGN KEY ("enterprise_id") REFERENCES "public"."enterprises"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "certificates" ADD CONSTRAINT "certificates_course_id_courses_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."courses"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "certificates" ADD CONSTRAINT "certificates_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "home_settings" ADD CONSTRAINT "home_settings_enterprise_id_enterprises_id_fk" FOREIGN KEY ("enterprise_id") REFERENCES "public"."enterprises"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "home_zone_courses" ADD CONSTRAINT "home_zone_courses_enterprise_id_enterprises_id_fk" FOREIGN KEY ("enterprise_id") REFERENCES "public"."enterprises"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "home_zone_courses" ADD CONSTRAINT "home_zone_courses_zone_id_home_zones_id_fk" FOREIGN KEY ("zone_id") REFERENCES "public"."home_zones"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "home_zone_courses" ADD CONSTRAINT "home_zone_courses_course_id_courses_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."courses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "home_zone_lecturers" ADD CONSTRAINT "home_zone_lecturers_enterprise_id_enterprises_id_fk" FOREIGN KEY ("enterprise_id") REFERENCES "public"."enterprises"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "home_zone_lecturers" ADD CONSTRAINT "home_zone_lecturers_lecturer_id_lecturers_id_fk" FOREIGN KEY ("lecturer_id") REFERENCES "public"."lecturers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "home_zones" ADD CONSTRAINT "home_zones_enterprise_id_enterprises_id_fk" FOREIGN KEY ("enterprise_id") REFERENCES "public"."enterprises"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "point_records" ADD CONSTRAINT "point_records_enterprise_id_enterprises_id_fk" FOREIGN KEY ("enterprise_id") REFERENCES "public"."enterprises"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "point_records" ADD CONSTRAINT "point_records_enterprise_user_id_enterprise_users_id_fk" FOREIGN KEY ("enterprise_user_id") REFERENCES "public"."enterprise_users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_certificates" ADD CONSTRAINT "user_certificates_enterprise_id_enterprises_id_fk" FOREIGN KEY ("enterprise_id") REFERENCES "public"."enterprises"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_certificates" ADD CONSTRAINT "user_certificates_certificate_id_certificates_id_fk" FOREIGN KEY ("certificate_id") REFERENCES "public"."certificates"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_certificates" ADD CONSTRAINT "user_certificates_enterprise_user_id_enterprise_users_id_fk" FOREIGN KEY ("enterprise_user_id") REFERENCES "public"."enterprise_users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "announcement_reads_user_idx" ON "announcement_reads" USING btree ("enterprise_user_id");--> statement-breakpoint
CREATE INDEX "announcements_enterprise_idx" ON "announcements" USING btree ("enterprise_id","kind","published_at");--> statement-breakpoint
CREATE INDEX "announcements_recipient_idx" ON "announcements" USING btree ("recipient_id","published_at");--> statement-breakpoint
CREATE INDEX "banners_enterprise_idx" ON "banners" USING btree ("enterprise_id","sort");--> statement-breakpoint
CREATE INDEX "certificates_enterprise_idx" ON "certificates" USING btree ("enterprise_id");--> statement-breakpoint
CREATE INDEX "home_zones_enterprise_idx" ON "home_zones" USING btree ("enterprise_id","sort");--> statement-breakpoint
CREATE INDEX "point_records_user_idx" ON "point_records" USING btree ("enterprise_user_id","kind","created_at");--> statement-breakpoint
CREATE INDEX "point_records_enterprise_idx" ON "point_records" USING btree ("enterprise_id","kind");--> statement-breakpoint
CREATE INDEX "user_certificates_user_idx" ON "user_certificates" USING btree ("enterprise_user_id","issued_at");--> statement-breakpoint
CREATE INDEX "user_certificates_enterprise_idx" ON "user_certificates" USING btree ("enterprise_id");