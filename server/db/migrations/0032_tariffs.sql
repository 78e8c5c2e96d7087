CREATE TABLE "distributors" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" varchar(120) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "injection_prices" (
	"id" serial PRIMARY KEY NOT NULL,
	"distributor_id" integer NOT NULL,
	"month" date NOT NULL,
	"price" double precision NOT NULL,
	"source" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "remanente_assignments" (
	"id" serial PRIMARY KEY NOT NULL,
	"from_plant_id" integer NOT NULL,
	"to_plant_id" integer NOT NULL,
	"from_month" date NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "tariffs" (
	"id" serial PRIMARY KEY NOT NULL,
	"distributor_id" integer NOT NULL,
	"option" varchar(12) NOT NULL,
	"valid_from" date NOT NULL,
	"valid_to" date,
	"fixed_charge" double precision DEFAULT 0 NOT NULL,
	"energy_charge" double precision DEFAULT 0 NOT NULL,
	"transmission_charge" double precision DEFAULT 0 NOT NULL,
	"public_service_charge" double precision DEFAULT 0 NOT NULL,
	"winter_charge" double precision,
	"winter_threshold_kwh" double precision,
	"winter_from_month" smallint,
	"winter_to_month" smallint,
	"demand_charge" double precision,
	"peak_demand_charge" double precision,
	"source" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "power_plants" ADD COLUMN "distributor_id" integer;--> statement-breakpoint
ALTER TABLE "power_plants" ADD COLUMN "tariff_option" varchar(12) DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "power_plants" ADD COLUMN "client_number" varchar(40) DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "power_plants" ADD COLUMN "demand_kw" double precision;--> statement-breakpoint
ALTER TABLE "power_plants" ADD COLUMN "peak_demand_kw" double precision;--> statement-breakpoint
ALTER TABLE "injection_prices" ADD CONSTRAINT "injection_prices_distributor_id_distributors_id_fk" FOREIGN KEY ("distributor_id") REFERENCES "public"."distributors"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "remanente_assignments" ADD CONSTRAINT "remanente_assignments_from_plant_id_power_plants_id_fk" FOREIGN KEY ("from_plant_id") REFERENCES "public"."power_plants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "remanente_assignments" ADD CONSTRAINT "remanente_assignments_to_plant_id_power_plants_id_fk" FOREIGN KEY ("to_plant_id") REFERENCES "public"."power_plants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tariffs" ADD CONSTRAINT "tariffs_distributor_id_distributors_id_fk" FOREIGN KEY ("distributor_id") REFERENCES "public"."distributors"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "distributors_name_uq" ON "distributors" USING btree (lower("name"));--> statement-breakpoint
CREATE UNIQUE INDEX "injection_prices_month_uq" ON "injection_prices" USING btree ("distributor_id","month");--> statement-breakpoint
CREATE UNIQUE INDEX "remanente_assignments_uq" ON "remanente_assignments" USING btree ("from_plant_id","from_month");--> statement-breakpoint
CREATE INDEX "remanente_assignments_to_idx" ON "remanente_assignments" USING btree ("to_plant_id");--> statement-breakpoint
CREATE UNIQUE INDEX "tariffs_period_uq" ON "tariffs" USING btree ("distributor_id","option","valid_from");--> statement-breakpoint
ALTER TABLE "power_plants" ADD CONSTRAINT "power_plants_distributor_id_distributors_id_fk" FOREIGN KEY ("distributor_id") REFERENCES "public"."distributors"("id") ON DELETE restrict ON UPDATE no action;