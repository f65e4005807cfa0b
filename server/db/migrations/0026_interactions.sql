CREATE TABLE "internship_message" (
	"id" text PRIMARY KEY NOT NULL,
	"thread_id" text NOT NULL,
	"author_id" text,
	"content" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "internship_thread" (
	"id" text PRIMARY KEY NOT NULL,
	"enrolment_id" text NOT NULL,
	"record_id" text,
	"title" text NOT NULL,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "internship_thread_read" (
	"thread_id" text NOT NULL,
	"user_id" text NOT NULL,
	"read_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "internship_thread_read_thread_id_user_id_pk" PRIMARY KEY("thread_id","user_id")
);
--> statement-breakpoint
ALTER TABLE "internship_message" ADD CONSTRAINT "internship_message_thread_id_internship_thread_id_fk" FOREIGN KEY ("thread_id") REFERENCES "public"."internship_thread"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "internship_message" ADD CONSTRAINT "internship_message_author_id_sys_user_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."sys_user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "internship_thread" ADD CONSTRAINT "internship_thread_enrolment_id_internship_enrolment_id_fk" FOREIGN KEY ("enrolment_id") REFERENCES "public"."internship_enrolment"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "internship_thread" ADD CONSTRAINT "internship_thread_record_id_internship_record_id_fk" FOREIGN KEY ("record_id") REFERENCES "public"."internship_record"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "internship_thread" ADD CONSTRAINT "internship_thread_created_by_sys_user_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."sys_user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "internship_thread_read" ADD CONSTRAINT "internship_thread_read_thread_id_internship_thread_id_fk" FOREIGN KEY ("thread_id") REFERENCES "public"."internship_thread"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "internship_thread_read" ADD CONSTRAINT "internship_thread_read_user_id_sys_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."sys_user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "internship_message_thread_idx" ON "internship_message" USING btree ("thread_id","created_at");--> statement-breakpoint
CREATE INDEX "internship_thread_enrolment_idx" ON "internship_thread" USING btree ("enrolment_id","last_at");