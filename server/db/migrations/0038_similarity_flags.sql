CREATE TABLE "internship_record_fingerprint" (
	"record_id" text PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"program_id" text NOT NULL,
	"signature" integer[] NOT NULL,
	"bands" integer[] NOT NULL,
	"first_submitted_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "internship_similarity_flag" (
	"id" text PRIMARY KEY DEFAULT gen_random_uuid()::text NOT NULL,
	"record_id" text NOT NULL,
	"match_record_id" text NOT NULL,
	"percent" integer NOT NULL,
	"ranges" jsonb NOT NULL,
	"match_ranges" jsonb NOT NULL,
	"dismissed_at" timestamp with time zone,
	"dismissed_by" text,
	"dismiss_reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "internship_program" ADD COLUMN "requirements" text;--> statement-breakpoint
ALTER TABLE "internship_record_fingerprint" ADD CONSTRAINT "internship_record_fingerprint_record_id_internship_record_id_fk" FOREIGN KEY ("record_id") REFERENCES "public"."internship_record"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "internship_record_fingerprint" ADD CONSTRAINT "internship_record_fingerprint_program_id_internship_program_id_fk" FOREIGN KEY ("program_id") REFERENCES "public"."internship_program"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "internship_similarity_flag" ADD CONSTRAINT "internship_similarity_flag_record_id_internship_record_id_fk" FOREIGN KEY ("record_id") REFERENCES "public"."internship_record"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "internship_similarity_flag" ADD CONSTRAINT "internship_similarity_flag_match_record_id_internship_record_id_fk" FOREIGN KEY ("match_record_id") REFERENCES "public"."internship_record"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "internship_similarity_flag" ADD CONSTRAINT "internship_similarity_flag_dismissed_by_sys_user_id_fk" FOREIGN KEY ("dismissed_by") REFERENCES "public"."sys_user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "internship_record_fingerprint_bands_idx" ON "internship_record_fingerprint" USING gin ("bands");--> statement-breakpoint
CREATE UNIQUE INDEX "internship_similarity_flag_pair_uq" ON "internship_similarity_flag" USING btree ("record_id","match_record_id");