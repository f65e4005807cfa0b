-- bench:peak (issue 38): what every check-in and every first request of a session asks, read by index.
DROP INDEX "internship_enrolment_adviser_idx";--> statement-breakpoint
CREATE INDEX "internship_record_checkin_device_idx" ON "internship_record" USING btree (("data"->>'deviceId'),"period_start") WHERE "internship_record"."kind" = 'checkin';--> statement-breakpoint
CREATE INDEX "internship_enrolment_adviser_idx" ON "internship_enrolment" USING btree ("adviser_user_id","status");