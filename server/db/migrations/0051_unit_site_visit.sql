ALTER TABLE "internship_unit" ADD COLUMN "site_visit_date" date;--> statement-breakpoint
ALTER TABLE "internship_unit" ADD COLUMN "site_visit_by" text;