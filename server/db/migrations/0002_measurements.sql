CREATE TABLE "ingest_keys" (
	"id" serial PRIMARY KEY NOT NULL,
	"plant_id" integer NOT NULL,
	"name" varchar(120) DEFAULT '' NOT NULL,
	"prefix" varchar(16) NOT NULL,
	"key_hash" varchar(64) NOT NULL,
	"created_by_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_used_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "investor_energy" (
	"investor_id" integer NOT NULL,
	"period" varchar(5) NOT NULL,
	"bucket" timestamp NOT NULL,
	"energy_wh" double precision DEFAULT 0 NOT NULL,
	"consumption_wh" double precision DEFAULT 0 NOT NULL,
	"import_wh" double precision DEFAULT 0 NOT NULL,
	"export_wh" double precision DEFAULT 0 NOT NULL,
	"charge_wh" double precision DEFAULT 0 NOT NULL,
	"discharge_wh" double precision DEFAULT 0 NOT NULL,
	"self_consumption_wh" double precision DEFAULT 0 NOT NULL,
	"max_power_w" double precision,
	"samples" integer DEFAULT 0 NOT NULL,
	"first_counter_wh" double precision,
	"last_counter_wh" double precision,
	CONSTRAINT "investor_energy_investor_id_period_bucket_pk" PRIMARY KEY("investor_id","period","bucket")
);
--> statement-breakpoint
CREATE TABLE "measurements" (
	"investor_id" integer NOT NULL,
	"ts" timestamp with time zone NOT NULL,
	"status" varchar(32),
	"ac_power_w" double precision NOT NULL,
	"dc" jsonb,
	"energy_total_wh" double precision,
	"grid_import_w" double precision,
	"grid_export_w" double precision,
	"consumption_w" double precision,
	"battery_power_w" double precision,
	"battery_soc" double precision,
	"energy_wh" double precision DEFAULT 0 NOT NULL,
	"consumption_wh" double precision DEFAULT 0 NOT NULL,
	"import_wh" double precision DEFAULT 0 NOT NULL,
	"export_wh" double precision DEFAULT 0 NOT NULL,
	"charge_wh" double precision DEFAULT 0 NOT NULL,
	"discharge_wh" double precision DEFAULT 0 NOT NULL,
	CONSTRAINT "measurements_investor_id_ts_pk" PRIMARY KEY("investor_id","ts")
);
--> statement-breakpoint
CREATE TABLE "plant_energy" (
	"plant_id" integer NOT NULL,
	"period" varchar(5) NOT NULL,
	"bucket" timestamp NOT NULL,
	"energy_wh" double precision DEFAULT 0 NOT NULL,
	"consumption_wh" double precision DEFAULT 0 NOT NULL,
	"import_wh" double precision DEFAULT 0 NOT NULL,
	"export_wh" double precision DEFAULT 0 NOT NULL,
	"charge_wh" double precision DEFAULT 0 NOT NULL,
	"discharge_wh" double precision DEFAULT 0 NOT NULL,
	"self_consumption_wh" double precision DEFAULT 0 NOT NULL,
	"max_power_w" double precision,
	"samples" integer DEFAULT 0 NOT NULL,
	"first_counter_wh" double precision,
	"last_counter_wh" double precision,
	CONSTRAINT "plant_energy_plant_id_period_bucket_pk" PRIMARY KEY("plant_id","period","bucket")
);
--> statement-breakpoint
ALTER TABLE "ingest_keys" ADD CONSTRAINT "ingest_keys_plant_id_power_plants_id_fk" FOREIGN KEY ("plant_id") REFERENCES "public"."power_plants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ingest_keys" ADD CONSTRAINT "ingest_keys_created_by_id_users_id_fk" FOREIGN KEY ("created_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "investor_energy" ADD CONSTRAINT "investor_energy_investor_id_investors_id_fk" FOREIGN KEY ("investor_id") REFERENCES "public"."investors"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "measurements" ADD CONSTRAINT "measurements_investor_id_investors_id_fk" FOREIGN KEY ("investor_id") REFERENCES "public"."investors"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "plant_energy" ADD CONSTRAINT "plant_energy_plant_id_power_plants_id_fk" FOREIGN KEY ("plant_id") REFERENCES "public"."power_plants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "ingest_keys_hash_uq" ON "ingest_keys" USING btree ("key_hash");--> statement-breakpoint
CREATE INDEX "ingest_keys_plant_idx" ON "ingest_keys" USING btree ("plant_id");