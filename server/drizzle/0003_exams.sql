CREATE TABLE "exam_answers" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"enterprise_id" uuid NOT NULL,
	"paper_id" uuid NOT NULL,
	"question_id" uuid NOT NULL,
	"answer" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"seq" bigint DEFAULT 0 NOT NULL,
	"saved_at" timestamp with time zone DEFAULT now() NOT NULL,
	"score" integer,
	"marked_by" uuid,
	"marked_at" timestamp with time zone,
	CONSTRAINT "exam_answers_paper_question_key" UNIQUE("paper_id","question_id")
);
--> statement-breakpoint
CREATE TABLE "exam_batches" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"enterprise_id" uuid NOT NULL,
	"exam_id" uuid NOT NULL,
	"name_zh" text NOT NULL,
	"name_en" text NOT NULL,
	"start_at" timestamp with time zone NOT NULL,
	"end_at" timestamp with time zone NOT NULL,
	"capacity" integer NOT NULL,
	"place" text DEFAULT '' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "exam_markers" (
	"enterprise_id" uuid NOT NULL,
	"exam_id" uuid NOT NULL,
	"enterprise_user_id" uuid NOT NULL,
	CONSTRAINT "exam_markers_exam_id_enterprise_user_id_pk" PRIMARY KEY("exam_id","enterprise_user_id")
);
--> statement-breakpoint
CREATE TABLE "exam_papers" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"enterprise_id" uuid NOT NULL,
	"exam_id" uuid NOT NULL,
	"task_id" uuid NOT NULL,
	"enterprise_user_id" uuid NOT NULL,
	"attempt_no" integer DEFAULT 1 NOT NULL,
	"question_order" jsonb NOT NULL,
	"option_orders" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deadline_at" timestamp with time zone NOT NULL,
	"submitted_at" timestamp with time zone,
	"submit_reason" varchar(16),
	"status" smallint DEFAULT 0 NOT NULL,
	"score" integer,
	"screen_switches" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "exam_papers_attempt_key" UNIQUE("task_id","attempt_no")
);
--> statement-breakpoint
CREATE TABLE "exam_questions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"enterprise_id" uuid NOT NULL,
	"exam_id" uuid NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"question_type" smallint NOT NULL,
	"difficulty" smallint DEFAULT 1 NOT NULL,
	"stem_zh" text NOT NULL,
	"stem_en" text NOT NULL,
	"options" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"answer" jsonb NOT NULL,
	"score" integer NOT NULL,
	"analysis_zh" text DEFAULT '' NOT NULL,
	"analysis_en" text DEFAULT '' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "exam_reservations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"enterprise_id" uuid NOT NULL,
	"batch_id" uuid NOT NULL,
	"enterprise_user_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "exam_reservations_key" UNIQUE("batch_id","enterprise_user_id")
);
--> statement-breakpoint
CREATE TABLE "exam_screen_events" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"enterprise_id" uuid NOT NULL,
	"paper_id" uuid NOT NULL,
	"kind" varchar(16) NOT NULL,
	"event_id" varchar(64) NOT NULL,
	"client_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "exam_screen_events_key" UNIQUE("paper_id","event_id")
);
--> statement-breakpoint
ALTER TABLE "exams" ADD COLUMN "intro_zh" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "exams" ADD COLUMN "intro_en" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "exams" ADD COLUMN "screen_switch_limit" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "exams" ADD COLUMN "shuffle_questions" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "exams" ADD COLUMN "shuffle_options" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "exams" ADD COLUMN "show_answers" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "exams" ADD COLUMN "partial_credit" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "exams" ADD COLUMN "start_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "exams" ADD COLUMN "end_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "exam_answers" ADD CONSTRAINT "exam_answers_enterprise_id_enterprises_id_fk" FOREIGN KEY ("enterprise_id") REFERENCES "public"."enterprises"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exam_answers" ADD CONSTRAINT "exam_answers_paper_id_exam_papers_id_fk" FOREIGN KEY ("paper_id") REFERENCES "public"."exam_papers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exam_answers" ADD CONSTRAINT "exam_answers_question_id_exam_questions_id_fk" FOREIGN KEY ("question_id") REFERENCES "public"."exam_questions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exam_answers" ADD CONSTRAINT "exam_answers_marked_by_enterprise_users_id_fk" FOREIGN KEY ("marked_by") REFERENCES "public"."enterprise_users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exam_batches" ADD CONSTRAINT "exam_batches_enterprise_id_enterprises_id_fk" FOREIGN KEY ("enterprise_id") REFERENCES "public"."enterprises"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exam_batches" ADD CONSTRAINT "exam_batches_exam_id_exams_id_fk" FOREIGN KEY ("exam_id") REFERENCES "public"."exams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exam_markers" ADD CONSTRAINT "exam_markers_enterprise_id_enterprises_id_fk" FOREIGN KEY ("enterprise_id") REFERENCES "public"."enterprises"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exam_markers" ADD CONSTRAINT "exam_markers_exam_id_exams_id_fk" FOREIGN KEY ("exam_id") REFERENCES "public"."exams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exam_markers" ADD CONSTRAINT "exam_markers_enterprise_user_id_enterprise_users_id_fk" FOREIGN KEY ("enterprise_user_id") REFERENCES "public"."enterprise_users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exam_papers" ADD CONSTRAINT "exam_papers_enterprise_id_enterprises_id_fk" FOREIGN KEY ("enterprise_id") REFERENCES "public"."enterprises"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exam_papers" ADD CONSTRAINT "exam_papers_exam_id_exams_id_fk" FOREIGN KEY ("exam_id") REFERENCES "public"."exams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exam_papers" ADD CONSTRAINT "exam_papers_task_id_exam_tasks_id_fk" FOREIGN KEY ("task_id") REFERENCES "public"."exam_tasks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exam_papers" ADD CONSTRAINT "exam_papers_enterprise_user_id_enterprise_users_id_fk" FOREIGN KEY ("enterprise_user_id") REFERENCES "public"."enterprise_users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exam_questions" ADD CONSTRAINT "exam_questions_enterprise_id_enterprises_id_fk" FOREIGN KEY ("enterprise_id") REFERENCES "public"."enterprises"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exam_questions" ADD CONSTRAINT "exam_questions_exam_id_exams_id_fk" FOREIGN KEY ("exam_id") REFERENCES "public"."exams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exam_reservations" ADD CONSTRAINT "exam_reservations_enterprise_id_enterprises_id_fk" FOREIGN KEY ("enterprise_id") REFERENCES "public"."enterprises"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exam_reservations" ADD CONSTRAINT "exam_reservations_batch_id_exam_batches_id_fk" FOREIGN KEY ("batch_id") REFERENCES "public"."exam_batches"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exam_reservations" ADD CONSTRAINT "exam_reservations_enterprise_user_id_enterprise_users_id_fk" FOREIGN KEY ("enterprise_user_id") REFERENCES "public"."enterprise_users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exam_screen_events" ADD CONSTRAINT "exam_screen_events_enterprise_id_enterprises_id_fk" FOREIGN KEY ("enterprise_id") REFERENCES "public"."enterprises"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exam_screen_events" ADD CONSTRAINT "exam_screen_events_paper_id_exam_papers_id_fk" FOREIGN KEY ("paper_id") REFERENCES "public"."exam_papers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "exam_answers_enterprise_idx" ON "exam_answers" USING btree ("enterprise_id");--> statement-breakpoint
CREATE INDEX "exam_batches_exam_idx" ON "exam_batches" USING btree ("enterprise_id","exam_id","start_at");--> statement-breakpoint
CREATE INDEX "exam_markers_user_idx" ON "exam_markers" USING btree ("enterprise_user_id");--> statement-breakpoint
CREATE INDEX "exam_papers_user_idx" ON "exam_papers" USING btree ("enterprise_id","enterprise_user_id","created_at");--> statement-breakpoint
CREATE INDEX "exam_papers_task_idx" ON "exam_papers" USING btree ("task_id");--> statement-breakpoint
CREATE INDEX "exam_papers_open_idx" ON "exam_papers" USING btree ("status","deadline_at");--> statement-breakpoint
CREATE INDEX "exam_questions_exam_idx" ON "exam_questions" USING btree ("exam_id","sort");--> statement-breakpoint
CREATE INDEX "exam_reservations_user_idx" ON "exam_reservations" USING btree ("enterprise_user_id");