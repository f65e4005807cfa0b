DROP INDEX "internship_record_period_uq";--> statement-breakpoint
ALTER TABLE "internship_program" ADD COLUMN "min_monthly_length" integer DEFAULT 200 NOT NULL;--> statement-breakpoint
ALTER TABLE "internship_program" ADD COLUMN "daily_log" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "internship_program" ADD COLUMN "min_daily_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "internship_program" ADD COLUMN "min_daily_length" integer DEFAULT 50 NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "internship_record_period_uq" ON "internship_record" USING btree ("enrolment_id","kind","period_start") WHERE "internship_record"."kind" in ('plan', 'daily', 'weekly', 'monthly', 'report', 'checkin');--> statement-breakpoint
-- 月报 had the 周记's minimum until it had its own.
UPDATE "internship_program" SET "min_monthly_length" = "min_weekly_length";
