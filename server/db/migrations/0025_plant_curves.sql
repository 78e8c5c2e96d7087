CREATE TABLE "plant_curves" (
	"plant_id" integer NOT NULL,
	"hour" timestamp NOT NULL,
	"slots" text NOT NULL,
	CONSTRAINT "plant_curves_plant_id_hour_pk" PRIMARY KEY("plant_id","hour")
);
--> statement-breakpoint
ALTER TABLE "plant_curves" ADD CONSTRAINT "plant_curves_plant_id_power_plants_id_fk" FOREIGN KEY ("plant_id") REFERENCES "public"."power_plants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- The curves of the points already stored: every hour with points is queued for the rollup worker
-- (rollup_stale holds UTC hours), which writes their curves with the rest of their rollups.
INSERT INTO "rollup_stale" ("investor_id", "hour")
SELECT DISTINCT "investor_id", date_trunc('hour', "ts" AT TIME ZONE 'UTC') AT TIME ZONE 'UTC' FROM "measurements"
ON CONFLICT DO NOTHING;
