CREATE TABLE "dt02" (
	"id" text PRIMARY KEY DEFAULT gen_random_uuid()::text NOT NULL,
	"dwdm" text NOT NULL,
	"dwmc" text NOT NULL,
	"sort_no" integer DEFAULT 0 NOT NULL,
	"del_flag" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sys_announcement" (
	"id" text PRIMARY KEY DEFAULT gen_random_uuid()::text NOT NULL,
	"titile" text NOT NULL,
	"msg_content" text DEFAULT '' NOT NULL,
	"msg_abstract" text,
	"sender" text,
	"priority" text DEFAULT 'L' NOT NULL,
	"msg_category" text DEFAULT '1' NOT NULL,
	"msg_type" text DEFAULT 'ALL' NOT NULL,
	"send_status" text DEFAULT '0' NOT NULL,
	"send_time" timestamp with time zone,
	"open_type" text,
	"open_page" text,
	"bus_id" text,
	"del_flag" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sys_announcement_send" (
	"id" text PRIMARY KEY DEFAULT gen_random_uuid()::text NOT NULL,
	"annt_id" text NOT NULL,
	"user_id" text NOT NULL,
	"read_flag" integer DEFAULT 0 NOT NULL,
	"read_time" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "sys_config" (
	"key" text PRIMARY KEY NOT NULL,
	"value" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sys_depart" (
	"id" text PRIMARY KEY DEFAULT gen_random_uuid()::text NOT NULL,
	"parent_id" text,
	"depart_name" text NOT NULL,
	"org_code" text NOT NULL,
	"org_type" text DEFAULT '2' NOT NULL,
	"sort_no" integer DEFAULT 0 NOT NULL,
	"del_flag" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sys_dict" (
	"id" text PRIMARY KEY DEFAULT gen_random_uuid()::text NOT NULL,
	"dict_code" text NOT NULL,
	"dict_name" text NOT NULL,
	"description" text,
	"del_flag" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sys_dict_item" (
	"id" text PRIMARY KEY DEFAULT gen_random_uuid()::text NOT NULL,
	"dict_id" text NOT NULL,
	"item_text" text NOT NULL,
	"item_value" text NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL,
	"status" integer DEFAULT 1 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sys_log" (
	"id" text PRIMARY KEY DEFAULT gen_random_uuid()::text NOT NULL,
	"log_type" integer NOT NULL,
	"log_content" text NOT NULL,
	"user_id" text,
	"username" text,
	"ip" text,
	"method" text,
	"request_url" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sys_login_attempt" (
	"username" text PRIMARY KEY NOT NULL,
	"failed_count" integer DEFAULT 0 NOT NULL,
	"locked_until" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sys_logo" (
	"logo_code" text PRIMARY KEY NOT NULL,
	"logo" text,
	"logologin" text
);
--> statement-breakpoint
CREATE TABLE "sys_password_reset" (
	"id" text PRIMARY KEY DEFAULT gen_random_uuid()::text NOT NULL,
	"user_id" text NOT NULL,
	"code_hash" text NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"code_expires_at" timestamp with time zone NOT NULL,
	"reset_token_hash" text,
	"reset_expires_at" timestamp with time zone,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sys_permission" (
	"id" text PRIMARY KEY NOT NULL,
	"parent_id" text,
	"name" text NOT NULL,
	"url" text,
	"component" text,
	"component_name" text,
	"redirect" text,
	"menu_type" integer NOT NULL,
	"perms" text,
	"perms_type" text DEFAULT '1' NOT NULL,
	"sort_no" integer DEFAULT 0 NOT NULL,
	"always_show" boolean DEFAULT false NOT NULL,
	"icon" text,
	"is_route" boolean DEFAULT true NOT NULL,
	"keep_alive" boolean DEFAULT false NOT NULL,
	"hidden" boolean DEFAULT false NOT NULL,
	"internal_or_external" boolean DEFAULT false NOT NULL,
	"status" text DEFAULT '1' NOT NULL,
	"del_flag" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sys_role" (
	"id" text PRIMARY KEY DEFAULT gen_random_uuid()::text NOT NULL,
	"role_code" text NOT NULL,
	"role_name" text NOT NULL,
	"description" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sys_role_permission" (
	"role_id" text NOT NULL,
	"permission_id" text NOT NULL,
	CONSTRAINT "sys_role_permission_role_id_permission_id_pk" PRIMARY KEY("role_id","permission_id")
);
--> statement-breakpoint
CREATE TABLE "sys_session" (
	"id" text PRIMARY KEY DEFAULT gen_random_uuid()::text NOT NULL,
	"token_hash" text NOT NULL,
	"user_id" text NOT NULL,
	"active_role_id" text,
	"ip" text,
	"user_agent" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_seen_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"revoked_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "sys_user" (
	"id" text PRIMARY KEY DEFAULT gen_random_uuid()::text NOT NULL,
	"username" text NOT NULL,
	"realname" text NOT NULL,
	"password_hash" text NOT NULL,
	"sex" integer,
	"birthday" text,
	"email" text,
	"phone" text,
	"telephone" text,
	"work_no" text,
	"org_code" text,
	"current_depart_id" text,
	"post" text,
	"yhlx" text DEFAULT '0' NOT NULL,
	"avatar" text,
	"status" integer DEFAULT 1 NOT NULL,
	"del_flag" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sys_user_depart" (
	"user_id" text NOT NULL,
	"depart_id" text NOT NULL,
	CONSTRAINT "sys_user_depart_user_id_depart_id_pk" PRIMARY KEY("user_id","depart_id")
);
--> statement-breakpoint
CREATE TABLE "sys_user_role" (
	"user_id" text NOT NULL,
	"role_id" text NOT NULL,
	CONSTRAINT "sys_user_role_user_id_role_id_pk" PRIMARY KEY("user_id","role_id")
);
--> statement-breakpoint
ALTER TABLE "sys_announcement_send" ADD CONSTRAINT "sys_announcement_send_annt_id_sys_announcement_id_fk" FOREIGN KEY ("annt_id") REFERENCES "public"."sys_announcement"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sys_announcement_send" ADD CONSTRAINT "sys_announcement_send_user_id_sys_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."sys_user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sys_dict_item" ADD CONSTRAINT "sys_dict_item_dict_id_sys_dict_id_fk" FOREIGN KEY ("dict_id") REFERENCES "public"."sys_dict"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sys_password_reset" ADD CONSTRAINT "sys_password_reset_user_id_sys_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."sys_user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sys_role_permission" ADD CONSTRAINT "sys_role_permission_role_id_sys_role_id_fk" FOREIGN KEY ("role_id") REFERENCES "public"."sys_role"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sys_role_permission" ADD CONSTRAINT "sys_role_permission_permission_id_sys_permission_id_fk" FOREIGN KEY ("permission_id") REFERENCES "public"."sys_permission"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sys_session" ADD CONSTRAINT "sys_session_user_id_sys_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."sys_user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sys_user_depart" ADD CONSTRAINT "sys_user_depart_user_id_sys_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."sys_user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sys_user_depart" ADD CONSTRAINT "sys_user_depart_depart_id_sys_depart_id_fk" FOREIGN KEY ("depart_id") REFERENCES "public"."sys_depart"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sys_user_role" ADD CONSTRAINT "sys_user_role_user_id_sys_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."sys_user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sys_user_role" ADD CONSTRAINT "sys_user_role_role_id_sys_role_id_fk" FOREIGN KEY ("role_id") REFERENCES "public"."sys_role"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "dt02_dwdm_uq" ON "dt02" USING btree ("dwdm");--> statement-breakpoint
CREATE UNIQUE INDEX "sys_annt_send_uq" ON "sys_announcement_send" USING btree ("annt_id","user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "sys_depart_org_code_uq" ON "sys_depart" USING btree ("org_code");--> statement-breakpoint
CREATE UNIQUE INDEX "sys_dict_code_uq" ON "sys_dict" USING btree ("dict_code");--> statement-breakpoint
CREATE UNIQUE INDEX "sys_dict_item_value_uq" ON "sys_dict_item" USING btree ("dict_id","item_value");--> statement-breakpoint
CREATE INDEX "sys_log_type_time_idx" ON "sys_log" USING btree ("log_type","created_at");--> statement-breakpoint
CREATE INDEX "sys_permission_parent_idx" ON "sys_permission" USING btree ("parent_id");--> statement-breakpoint
CREATE UNIQUE INDEX "sys_role_code_uq" ON "sys_role" USING btree ("role_code");--> statement-breakpoint
CREATE UNIQUE INDEX "sys_session_token_uq" ON "sys_session" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "sys_session_user_idx" ON "sys_session" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "sys_user_username_uq" ON "sys_user" USING btree ("username");--> statement-breakpoint
CREATE UNIQUE INDEX "sys_user_work_no_uq" ON "sys_user" USING btree ("work_no");--> statement-breakpoint
CREATE UNIQUE INDEX "sys_user_phone_uq" ON "sys_user" USING btree ("phone");--> statement-breakpoint
CREATE UNIQUE INDEX "sys_user_email_uq" ON "sys_user" USING btree ("email");