-- Tell every API process when the settings change (server/db/changes.ts): one NOTIFY per statement,
-- delivered at commit to the processes that LISTEN, so their cached settings are dropped whichever
-- process (or tool) made the change. The payload names the table.
CREATE OR REPLACE FUNCTION portal_notify_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('portal_changes', TG_TABLE_NAME);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER settings_notify_change AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "settings"
  FOR EACH STATEMENT EXECUTE FUNCTION portal_notify_change();
