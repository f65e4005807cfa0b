CREATE TABLE "sys_quartz_job_run" (
	"id" text PRIMARY KEY DEFAULT gen_random_uuid()::text NOT NULL,
	"job_key" text NOT NULL,
	"ran_at" timestamp with time zone NOT NULL,
	"duration_ms" integer NOT NULL,
	"status" text NOT NULL,
	"message" text NOT NULL,
	"manual" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
CREATE INDEX "sys_quartz_job_run_ran_idx" ON "sys_quartz_job_run" USING btree ("ran_at" DESC NULLS LAST);