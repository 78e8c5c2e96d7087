CREATE TABLE "rollup_rebuild" (
	"plant_id" integer PRIMARY KEY NOT NULL,
	"since" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "rollup_rebuild" ADD CONSTRAINT "rollup_rebuild_plant_id_power_plants_id_fk" FOREIGN KEY ("plant_id") REFERENCES "public"."power_plants"("id") ON DELETE cascade ON UPDATE no action;