-- Tell every API process when what a pushed message is checked against changes (server/domain/ingest.ts
-- keeps it per process): an ingest key issued or revoked, an inverter added, moved, renumbered or
-- removed. Not when a key's last use is written (UPDATE OF names the columns that matter), which
-- would empty the caches at every push.
CREATE TRIGGER ingest_keys_notify_change AFTER INSERT OR DELETE OR TRUNCATE OR UPDATE OF "key_hash", "plant_id" ON "ingest_keys"
  FOR EACH STATEMENT EXECUTE FUNCTION portal_notify_change();
--> statement-breakpoint
CREATE TRIGGER investors_notify_change AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "investors"
  FOR EACH STATEMENT EXECUTE FUNCTION portal_notify_change();
