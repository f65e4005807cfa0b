CREATE TABLE "sys_row_count" (
	"table_name" text PRIMARY KEY NOT NULL,
	"n" integer NOT NULL
);
--> statement-breakpoint
CREATE FUNCTION sys_row_count_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    UPDATE sys_row_count SET n = n + (SELECT count(*) FROM added_rows) WHERE table_name = TG_TABLE_NAME;
  ELSIF TG_OP = 'DELETE' THEN
    UPDATE sys_row_count SET n = n - (SELECT count(*) FROM removed_rows) WHERE table_name = TG_TABLE_NAME;
  ELSE
    UPDATE sys_row_count SET n = 0 WHERE table_name = TG_TABLE_NAME;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION sys_track_row_count(tracked text) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  EXECUTE format('CREATE TRIGGER %I AFTER INSERT ON %I REFERENCING NEW TABLE AS added_rows FOR EACH STATEMENT EXECUTE FUNCTION sys_row_count_change()', tracked || '_count_insert', tracked);
  EXECUTE format('CREATE TRIGGER %I AFTER DELETE ON %I REFERENCING OLD TABLE AS removed_rows FOR EACH STATEMENT EXECUTE FUNCTION sys_row_count_change()', tracked || '_count_delete', tracked);
  EXECUTE format('CREATE TRIGGER %I AFTER TRUNCATE ON %I FOR EACH STATEMENT EXECUTE FUNCTION sys_row_count_change()', tracked || '_count_truncate', tracked);
  EXECUTE format('INSERT INTO sys_row_count (table_name, n) SELECT %L, count(*) FROM %I', tracked, tracked);
END $$;
--> statement-breakpoint
SELECT sys_track_row_count('basic_student');
--> statement-breakpoint
SELECT sys_track_row_count('basic_teacher');
--> statement-breakpoint
SELECT sys_track_row_count('basic_class');
