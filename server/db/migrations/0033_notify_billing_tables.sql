-- Tell every API process when what prices a plant's savings changes (server/measurements/read-cache.ts
-- keeps a plant's figures and savings per process): a distributor, a tariff, an injection price or a
-- remanente assignment written. power_plants already tells (0014).
CREATE TRIGGER distributors_notify_change AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "distributors"
  FOR EACH STATEMENT EXECUTE FUNCTION portal_notify_change();
--> statement-breakpoint
CREATE TRIGGER tariffs_notify_change AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "tariffs"
  FOR EACH STATEMENT EXECUTE FUNCTION portal_notify_change();
--> statement-breakpoint
CREATE TRIGGER injection_prices_notify_change AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "injection_prices"
  FOR EACH STATEMENT EXECUTE FUNCTION portal_notify_change();
--> statement-breakpoint
CREATE TRIGGER remanente_assignments_notify_change AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "remanente_assignments"
  FOR EACH STATEMENT EXECUTE FUNCTION portal_notify_change();
