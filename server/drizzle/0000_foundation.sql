CREATE TABLE "enterprise_domains" (
	"domain" varchar(253) PRIMARY KEY NOT NULL,
	"enterprise_id" uuid NOT NULL
);
--> statement-breakpoint
CREATE TABLE "enterprise_users" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"enterprise_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"user_no" varchar(40) NOT NULL,
	"emp_no" varchar(20) NOT NULL,
	"user_name" varchar(15) NOT NULL,
	"password_hash" text NOT NULL,
	"user_type" smallint DEFAULT 1 NOT NULL,
	"is_admin" boolean DEFAULT false NOT NULL,
	"is_init_password" smallint DEFAULT 1 NOT NULL,
	"data_source" smallint DEFAULT 0 NOT NULL,
	"sex" varchar(1) DEFAULT '' NOT NULL,
	"email" text DEFAULT '' NOT NULL,
	"id_card" varchar(18) DEFAULT '' NOT NULL,
	"head_portrait" text DEFAULT '' NOT NULL,
	"joining_time" date,
	"department_id" text DEFAULT '' NOT NULL,
	"department_name" text DEFAULT '' NOT NULL,
	"post_id" text DEFAULT '' NOT NULL,
	"post_name" text DEFAULT '' NOT NULL,
	"post_level" text DEFAULT '' NOT NULL,
	"professional" text DEFAULT '' NOT NULL,
	"assessment_method" text DEFAULT '' NOT NULL,
	"assessment_user_category" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "enterprise_users_emp_no_key" UNIQUE("enterprise_id","emp_no"),
	CONSTRAINT "enterprise_users_user_no_key" UNIQUE("enterprise_id","user_no"),
	CONSTRAINT "enterprise_users_person_key" UNIQUE("enterprise_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "enterprises" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"code" varchar(32) NOT NULL,
	"name_zh" text NOT NULL,
	"name_en" text NOT NULL,
	"title_zh" text NOT NULL,
	"title_en" text NOT NULL,
	"logo" text DEFAULT '' NOT NULL,
	"icon" text DEFAULT '' NOT NULL,
	"color_primary" text NOT NULL,
	"color_primary_foreground" text NOT NULL,
	"color_accent" text NOT NULL,
	"init_password_hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "enterprises_code_unique" UNIQUE("code")
);
--> statement-breakpoint
CREATE TABLE "enums" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"enterprise_id" uuid,
	"enum_name" varchar(64) NOT NULL,
	"value" varchar(64) NOT NULL,
	"label_zh" text NOT NULL,
	"label_en" text NOT NULL,
	"group_zh" text,
	"group_en" text,
	"sort" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "enums_value_key" UNIQUE NULLS NOT DISTINCT("enterprise_id","enum_name","value")
);
--> statement-breakpoint
CREATE TABLE "login_attempts" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "login_attempts_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"enterprise_id" uuid NOT NULL,
	"emp_no" varchar(20) NOT NULL,
	"ip" varchar(64),
	"attempted_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "nav_items" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"enterprise_id" uuid NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"title_zh" text NOT NULL,
	"title_en" text NOT NULL,
	"nav_menu_type" smallint NOT NULL,
	"nav_url" text DEFAULT '' NOT NULL,
	"link_url" text DEFAULT '' NOT NULL,
	"is_menu" smallint DEFAULT 1 NOT NULL,
	"target" varchar(16) DEFAULT '_self' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sessions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"token_hash" varchar(64) NOT NULL,
	"enterprise_id" uuid NOT NULL,
	"enterprise_user_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"revoked_at" timestamp with time zone,
	CONSTRAINT "sessions_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
CREATE TABLE "users" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"phone" varchar(20),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "users_phone_unique" UNIQUE("phone")
);
--> statement-breakpoint
ALTER TABLE "enterprise_domains" ADD CONSTRAINT "enterprise_domains_enterprise_id_enterprises_id_fk" FOREIGN KEY ("enterprise_id") REFERENCES "public"."enterprises"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "enterprise_users" ADD CONSTRAINT "enterprise_users_enterprise_id_enterprises_id_fk" FOREIGN KEY ("enterprise_id") REFERENCES "public"."enterprises"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "enterprise_users" ADD CONSTRAINT "enterprise_users_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "enums" ADD CONSTRAINT "enums_enterprise_id_enterprises_id_fk" FOREIGN KEY ("enterprise_id") REFERENCES "public"."enterprises"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "login_attempts" ADD CONSTRAINT "login_attempts_enterprise_id_enterprises_id_fk" FOREIGN KEY ("enterprise_id") REFERENCES "public"."enterprises"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "nav_items" ADD CONSTRAINT "nav_items_enterprise_id_enterprises_id_fk" FOREIGN KEY ("enterprise_id") REFERENCES "public"."enterprises"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_enterprise_id_enterprises_id_fk" FOREIGN KEY ("enterprise_id") REFERENCES "public"."enterprises"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_enterprise_user_id_enterprise_users_id_fk" FOREIGN KEY ("enterprise_user_id") REFERENCES "public"."enterprise_users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "enterprise_domains_enterprise_idx" ON "enterprise_domains" USING btree ("enterprise_id");--> statement-breakpoint
CREATE INDEX "enterprise_users_enterprise_idx" ON "enterprise_users" USING btree ("enterprise_id");--> statement-breakpoint
CREATE INDEX "enterprise_users_user_idx" ON "enterprise_users" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "enums_enterprise_idx" ON "enums" USING btree ("enterprise_id","enum_name");--> statement-breakpoint
CREATE INDEX "login_attempts_account_idx" ON "login_attempts" USING btree ("enterprise_id","emp_no","attempted_at");--> statement-breakpoint
CREATE INDEX "login_attempts_ip_idx" ON "login_attempts" USING btree ("ip","attempted_at");--> statement-breakpoint
CREATE INDEX "nav_items_enterprise_idx" ON "nav_items" USING btree ("enterprise_id","sort");--> statement-breakpoint
CREATE INDEX "sessions_enterprise_idx" ON "sessions" USING btree ("enterprise_id");--> statement-breakpoint
CREATE INDEX "sessions_user_idx" ON "sessions" USING btree ("enterprise_user_id");