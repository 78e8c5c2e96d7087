-- Tell every API process which plant's readings changed, and when (server/measurements/read-cache.ts
-- keeps monitoring answers per process): one NOTIFY per plant and statement, delivered at commit,
-- 'readings <plant> <first ms> <last ms>' over the instants the statement changed or removed.
-- Statement-level triggers on the partitioned table see the rows of every partition. New points have
-- no trigger: their one writer, storeReadings (server/measurements/store.ts), sends the same
-- notification from the statement that records their stale hours, per plant and hour, where a
-- trigger copying every inserted row into a transition table cost a sixth of push ingest.
CREATE FUNCTION portal_notify_readings() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('portal_changes', format('readings %s %s %s', i.plant_id,
    (extract(epoch from min(c.ts)) * 1000)::bigint, (extract(epoch from max(c.ts)) * 1000)::bigint))
  FROM changed c JOIN investors i ON i.id = c.investor_id
  GROUP BY i.plant_id;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER measurements_notify_update AFTER UPDATE ON "measurements"
  REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION portal_notify_readings();
--> statement-breakpoint
CREATE TRIGGER measurements_notify_delete AFTER DELETE ON "measurements"
  REFERENCING OLD TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION portal_notify_readings();
--> statement-breakpoint
-- Emptied: the table's name, as for the other cached tables (every plant's answers go).
CREATE TRIGGER measurements_notify_truncate AFTER TRUNCATE ON "measurements"
  FOR EACH STATEMENT EXECUTE FUNCTION portal_notify_change();
