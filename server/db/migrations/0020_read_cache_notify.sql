-- One channel for every cache of the API processes (server/lib/change-feed.ts): what authenticating
-- reads says 'auth:<table>' (the triggers of 0016), a tracked table says 'table:<table>' after each
-- statement that writes it, so each process lets go of the lists' pages read from it (server/lib/read-cache.ts).
CREATE OR REPLACE FUNCTION sys_notify_auth_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('db_changed', 'auth:' || TG_TABLE_NAME);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION sys_notify_table_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('db_changed', 'table:' || TG_TABLE_NAME);
  RETURN NULL;
END $$;
--> statement-breakpoint
-- A table whose reads may be cached calls this in the migration that creates it; the server refuses to
-- cache a list that reads a table without it.
CREATE FUNCTION sys_track_changes(tracked text) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  EXECUTE format('CREATE TRIGGER %I AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON %I FOR EACH STATEMENT EXECUTE FUNCTION sys_notify_table_changed()', tracked || '_changed', tracked);
END $$;
--> statement-breakpoint
DO $$
DECLARE tracked text;
BEGIN
  FOREACH tracked IN ARRAY ARRAY[
    'sys_user', 'sys_role', 'sys_depart', 'sys_user_depart', 'sys_dict', 'sys_dict_item', 'sys_position', 'sys_category',
    'sys_fill_rule', 'sys_row_count', 'basic_campus', 'basic_building', 'basic_classroom', 'basic_major', 'basic_teacher',
    'basic_class', 'basic_course', 'basic_student', 'internship_unit', 'internship_unit_post', 'internship_unit_contact',
    'internship_program', 'internship_program_class', 'internship_enrolment', 'internship_score', 'internship_warning'
  ] LOOP
    PERFORM sys_track_changes(tracked);
  END LOOP;
END $$;
