ALTER TABLE "internship_weekly" RENAME TO "internship_record";--> statement-breakpoint
ALTER TABLE "internship_attachment" RENAME COLUMN "summary_id" TO "record_id";--> statement-breakpoint
ALTER TABLE "internship_review_log" RENAME COLUMN "summary_id" TO "record_id";--> statement-breakpoint
ALTER TABLE "internship_record" RENAME COLUMN "week_start" TO "period_start";--> statement-breakpoint
ALTER TABLE "internship_record" DROP CONSTRAINT "internship_weekly_score_range";--> statement-breakpoint
ALTER TABLE "internship_review_log" DROP CONSTRAINT "internship_review_log_summary_id_internship_weekly_id_fk";
--> statement-breakpoint
ALTER TABLE "internship_record" DROP CONSTRAINT "internship_weekly_enrolment_id_internship_enrolment_id_fk";
--> statement-breakpoint
ALTER TABLE "internship_record" DROP CONSTRAINT "internship_weekly_reviewer_id_sys_user_id_fk";
--> statement-breakpoint
DROP INDEX "internship_attachment_summary_idx";--> statement-breakpoint
DROP INDEX "internship_review_log_summary_idx";--> statement-breakpoint
DROP INDEX "internship_weekly_week_uq";--> statement-breakpoint
DROP INDEX "internship_weekly_status_idx";--> statement-breakpoint
-- Every record so far is a 周记.
ALTER TABLE "internship_record" ADD COLUMN "kind" text NOT NULL DEFAULT 'weekly';--> statement-breakpoint
ALTER TABLE "internship_record" ALTER COLUMN "kind" DROP DEFAULT;--> statement-breakpoint
ALTER TABLE "internship_review_log" ADD CONSTRAINT "internship_review_log_record_id_internship_record_id_fk" FOREIGN KEY ("record_id") REFERENCES "public"."internship_record"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "internship_record" ADD CONSTRAINT "internship_record_enrolment_id_internship_enrolment_id_fk" FOREIGN KEY ("enrolment_id") REFERENCES "public"."internship_enrolment"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "internship_record" ADD CONSTRAINT "internship_record_reviewer_id_sys_user_id_fk" FOREIGN KEY ("reviewer_id") REFERENCES "public"."sys_user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "internship_attachment_record_idx" ON "internship_attachment" USING btree ("record_id");--> statement-breakpoint
CREATE INDEX "internship_review_log_record_idx" ON "internship_review_log" USING btree ("record_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "internship_record_period_uq" ON "internship_record" USING btree ("enrolment_id","kind","period_start");--> statement-breakpoint
CREATE INDEX "internship_record_status_idx" ON "internship_record" USING btree ("kind","status","submitted_at");--> statement-breakpoint
ALTER TABLE "internship_record" ADD CONSTRAINT "internship_record_score_range" CHECK ("internship_record"."score" is null or "internship_record"."score" between 0 and 100);