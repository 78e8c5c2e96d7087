-- Issue 11: items already in use get the kind of what uses them (panels first: an item both
-- levels use is most likely a panel model a typo put on an inverter); the rest stay 'other'.
UPDATE "equipment" SET "kind" = 'panel' WHERE "id" IN (SELECT "equipment_id" FROM "panels" WHERE "equipment_id" IS NOT NULL);--> statement-breakpoint
UPDATE "equipment" SET "kind" = 'inverter' WHERE "kind" = 'other' AND "id" IN (SELECT "equipment_id" FROM "investors" WHERE "equipment_id" IS NOT NULL);
