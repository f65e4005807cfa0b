CREATE TABLE "internship_record_version" (
	"id" text PRIMARY KEY DEFAULT gen_random_uuid()::text NOT NULL,
	"record_id" text NOT NULL,
	"title" text NOT NULL,
	"content" text NOT NULL,
	"submitted_at" timestamp with time zone,
	"withdrawn_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "internship_record" ADD COLUMN "opened_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "internship_record_version" ADD CONSTRAINT "internship_record_version_record_id_internship_record_id_fk" FOREIGN KEY ("record_id") REFERENCES "public"."internship_record"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "internship_record_version_record_idx" ON "internship_record_version" USING btree ("record_id","withdrawn_at");--> statement-breakpoint
-- Whether anyone opened what was submitted before is not known: it may not be taken back.
UPDATE "internship_record" SET "opened_at" = coalesce("received_at", "submitted_at", "updated_at") WHERE "status" = 'submitted';
