-- Tell every API process when an alarm is opened, acknowledged or closed: a plant's open fault
-- alarms are kept per process for its status (server/domain/plant-status.ts).
CREATE TRIGGER alarms_notify_change AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "alarms"
  FOR EACH STATEMENT EXECUTE FUNCTION portal_notify_change();
