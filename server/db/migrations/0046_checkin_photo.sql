ALTER TABLE "internship_attachment" ADD COLUMN "original_sha256" text;--> statement-breakpoint
ALTER TABLE "internship_program" ADD COLUMN "checkin_photo" boolean DEFAULT false NOT NULL;--> statement-breakpoint
CREATE INDEX "internship_attachment_original_sha256_idx" ON "internship_attachment" USING btree ("original_sha256") WHERE "internship_attachment"."original_sha256" is not null;