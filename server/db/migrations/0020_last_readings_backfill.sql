-- The last reading of each inverter from the points stored before last_readings existed; storing
-- readings keeps it from now on (server/measurements/store.ts). One index probe per inverter.
INSERT INTO "last_readings" ("investor_id", "ts", "ac_power_w")
SELECT i."id", m."ts", m."ac_power_w" FROM "investors" i
CROSS JOIN LATERAL (SELECT "ts", "ac_power_w" FROM "measurements" WHERE "investor_id" = i."id" ORDER BY "ts" DESC LIMIT 1) m;
