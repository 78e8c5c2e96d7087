-- Tell every API process when the tables behind its cached sessions and scopes change
-- (server/db/cache.ts): the same per-statement NOTIFY as the settings' (0008_notify_changes),
-- delivered at commit, naming the table.
CREATE TRIGGER users_notify_change AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "users"
  FOR EACH STATEMENT EXECUTE FUNCTION portal_notify_change();
--> statement-breakpoint
CREATE TRIGGER sessions_notify_change AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "sessions"
  FOR EACH STATEMENT EXECUTE FUNCTION portal_notify_change();
--> statement-breakpoint
CREATE TRIGGER projects_notify_change AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "projects"
  FOR EACH STATEMENT EXECUTE FUNCTION portal_notify_change();
--> statement-breakpoint
CREATE TRIGGER power_plants_notify_change AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "power_plants"
  FOR EACH STATEMENT EXECUTE FUNCTION portal_notify_change();
--> statement-breakpoint
CREATE TRIGGER project_users_notify_change AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "project_users"
  FOR EACH STATEMENT EXECUTE FUNCTION portal_notify_change();
--> statement-breakpoint
CREATE TRIGGER tag_users_notify_change AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "tag_users"
  FOR EACH STATEMENT EXECUTE FUNCTION portal_notify_change();
--> statement-breakpoint
CREATE TRIGGER tag_projects_notify_change AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "tag_projects"
  FOR EACH STATEMENT EXECUTE FUNCTION portal_notify_change();
