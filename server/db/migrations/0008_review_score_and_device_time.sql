CREATE TABLE "internship_review_log" (
	"id" text PRIMARY KEY DEFAULT gen_random_uuid()::text NOT NULL,
	"summary_id" text NOT NULL,
	"action" text NOT NULL,
	"score" numeric(4, 1),
	"comment" text,
	"previous_score" numeric(4, 1),
	"previous_comment" text,
	"reason" text,
	"reviewer_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "internship_weekly" ALTER COLUMN "score" SET DATA TYPE numeric(4, 1);--> statement-breakpoint
ALTER TABLE "internship_program" ADD COLUMN "score_precision" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "internship_weekly" ADD COLUMN "received_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "internship_weekly" ADD COLUMN "submit_time_flag" text;--> statement-breakpoint
ALTER TABLE "internship_review_log" ADD CONSTRAINT "internship_review_log_summary_id_internship_weekly_id_fk" FOREIGN KEY ("summary_id") REFERENCES "public"."internship_weekly"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "internship_review_log" ADD CONSTRAINT "internship_review_log_reviewer_id_sys_user_id_fk" FOREIGN KEY ("reviewer_id") REFERENCES "public"."sys_user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "internship_review_log_summary_idx" ON "internship_review_log" USING btree ("summary_id","created_at");--> statement-breakpoint
ALTER TABLE "internship_program" ADD CONSTRAINT "internship_program_score_precision" CHECK ("internship_program"."score_precision" in (0, 1));--> statement-breakpoint
UPDATE "internship_weekly" SET "received_at" = "submitted_at" WHERE "submitted_at" IS NOT NULL;--> statement-breakpoint
INSERT INTO "internship_review_log" ("summary_id", "action", "score", "comment", "reviewer_id", "created_at")
  SELECT "id", CASE WHEN "status" = 'reviewed' THEN 'approve' ELSE 'return' END, "score", "adviser_comment", "reviewer_id", "reviewed_at"
  FROM "internship_weekly" WHERE "status" IN ('reviewed', 'returned') AND "reviewed_at" IS NOT NULL;
