CREATE TABLE "plant_expected_days" (
	"plant_id" integer NOT NULL,
	"day" date NOT NULL,
	"energy_wh" double precision,
	"hourly_wh" double precision[],
	CONSTRAINT "plant_expected_days_plant_id_day_pk" PRIMARY KEY("plant_id","day")
);
--> statement-breakpoint
CREATE TABLE "plant_expected_models" (
	"plant_id" integer PRIMARY KEY NOT NULL,
	"model_key" varchar(64) NOT NULL,
	"dc_wp" double precision NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "plant_expected_days" ADD CONSTRAINT "plant_expected_days_plant_id_power_plants_id_fk" FOREIGN KEY ("plant_id") REFERENCES "public"."power_plants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "plant_expected_models" ADD CONSTRAINT "plant_expected_models_plant_id_power_plants_id_fk" FOREIGN KEY ("plant_id") REFERENCES "public"."power_plants"("id") ON DELETE cascade ON UPDATE no action;