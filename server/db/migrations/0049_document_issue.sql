CREATE TABLE "document_issue" (
	"code" text PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"pages" integer NOT NULL,
	"subjects" integer NOT NULL,
	"sha256" text NOT NULL,
	"issued_by" text,
	"issued_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "document_issue" ADD CONSTRAINT "document_issue_issued_by_sys_user_id_fk" FOREIGN KEY ("issued_by") REFERENCES "public"."sys_user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "document_issue_issued_idx" ON "document_issue" USING btree ("issued_at");