CREATE TABLE "sys_rate_limit" (
	"key" text PRIMARY KEY NOT NULL,
	"hits" integer NOT NULL,
	"window_ends_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "sys_quartz_job" ADD COLUMN "claimed_run_at" timestamp with time zone;