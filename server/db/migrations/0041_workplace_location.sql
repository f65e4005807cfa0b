ALTER TABLE "internship_enrolment" ADD COLUMN "work_address" text;--> statement-breakpoint
ALTER TABLE "internship_enrolment" ADD COLUMN "work_latitude" numeric(9, 6);--> statement-breakpoint
ALTER TABLE "internship_enrolment" ADD COLUMN "work_longitude" numeric(9, 6);--> statement-breakpoint
ALTER TABLE "internship_enrolment" ADD COLUMN "work_radius" integer;