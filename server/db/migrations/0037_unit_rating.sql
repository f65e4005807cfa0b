CREATE TABLE "internship_unit_rating" (
	"id" text PRIMARY KEY DEFAULT gen_random_uuid()::text NOT NULL,
	"unit_id" text NOT NULL,
	"program_id" text NOT NULL,
	"rater_user_id" text NOT NULL,
	"safety" integer NOT NULL,
	"fit" integer NOT NULL,
	"guidance" integer NOT NULL,
	"pay" integer NOT NULL,
	"comment" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "internship_unit_rating" ADD CONSTRAINT "internship_unit_rating_unit_id_internship_unit_id_fk" FOREIGN KEY ("unit_id") REFERENCES "public"."internship_unit"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "internship_unit_rating" ADD CONSTRAINT "internship_unit_rating_program_id_internship_program_id_fk" FOREIGN KEY ("program_id") REFERENCES "public"."internship_program"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "internship_unit_rating" ADD CONSTRAINT "internship_unit_rating_rater_user_id_sys_user_id_fk" FOREIGN KEY ("rater_user_id") REFERENCES "public"."sys_user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "internship_unit_rating_once_uq" ON "internship_unit_rating" USING btree ("unit_id","program_id","rater_user_id");--> statement-breakpoint
CREATE VIEW "public"."internship_unit_rating_summary" AS (select "unit_id", round(avg(("safety" + "fit" + "guidance" + "pay") / 4.0), 1) as "average", count(*)::int as "ratings" from "internship_unit_rating" group by "internship_unit_rating"."unit_id");--> statement-breakpoint
-- Lists read it (the ratings and the units' averages): their cached pages hear of its changes.
SELECT sys_track_changes('internship_unit_rating');
