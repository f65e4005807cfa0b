CREATE TABLE "sys_permission_declared" (
	"id" text PRIMARY KEY NOT NULL,
	"fields" jsonb NOT NULL,
	"roles" text[] NOT NULL
);
