CREATE TABLE "plant_expected_months" (
	"plant_id" integer PRIMARY KEY NOT NULL,
	"day" date NOT NULL,
	"from_day" date NOT NULL,
	"energy_wh" double precision
);
--> statement-breakpoint
ALTER TABLE "plant_expected_months" ADD CONSTRAINT "plant_expected_months_plant_id_power_plants_id_fk" FOREIGN KEY ("plant_id") REFERENCES "public"."power_plants"("id") ON DELETE cascade ON UPDATE no action;