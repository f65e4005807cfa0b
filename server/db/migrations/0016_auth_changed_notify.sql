-- What authenticating a request reads (server/modules/auth/auth-cache.ts) is cached in every API process;
-- each change to it tells every process on the database to let go of what it holds.
CREATE FUNCTION sys_notify_auth_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('auth_changed', TG_TABLE_NAME);
  RETURN NULL;
END $$;
--> statement-breakpoint
-- Not the sliding expiry (last_seen_at, expires_at): each live session moves it once a minute.
CREATE TRIGGER sys_session_auth_changed AFTER UPDATE OF revoked_at, active_role_id, user_id, token_hash OR DELETE OR TRUNCATE ON sys_session
  FOR EACH STATEMENT EXECUTE FUNCTION sys_notify_auth_changed();
--> statement-breakpoint
CREATE TRIGGER sys_user_auth_changed AFTER UPDATE OF username, status, del_flag, password_change_required OR DELETE OR TRUNCATE ON sys_user
  FOR EACH STATEMENT EXECUTE FUNCTION sys_notify_auth_changed();
--> statement-breakpoint
CREATE TRIGGER sys_role_auth_changed AFTER UPDATE OF data_scope OR DELETE OR TRUNCATE ON sys_role
  FOR EACH STATEMENT EXECUTE FUNCTION sys_notify_auth_changed();
--> statement-breakpoint
CREATE TRIGGER sys_role_permission_auth_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON sys_role_permission
  FOR EACH STATEMENT EXECUTE FUNCTION sys_notify_auth_changed();
--> statement-breakpoint
CREATE TRIGGER sys_permission_auth_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON sys_permission
  FOR EACH STATEMENT EXECUTE FUNCTION sys_notify_auth_changed();
