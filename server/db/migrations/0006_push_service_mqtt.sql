CREATE TABLE "inverter_events" (
	"id" serial PRIMARY KEY NOT NULL,
	"investor_id" integer NOT NULL,
	"ts" timestamp with time zone NOT NULL,
	"kind" varchar(8) NOT NULL,
	"code" integer NOT NULL,
	"detail" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "push_credentials" (
	"id" serial PRIMARY KEY NOT NULL,
	"plant_id" integer NOT NULL,
	"name" varchar(120) DEFAULT '' NOT NULL,
	"username" varchar(64) NOT NULL,
	"password_hash" text NOT NULL,
	"datalogger_id" varchar(64) DEFAULT '' NOT NULL,
	"site" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_by_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_used_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "push_devices" (
	"id" serial PRIMARY KEY NOT NULL,
	"plant_id" integer NOT NULL,
	"datalogger_id" varchar(64) NOT NULL,
	"device_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_seen_at" timestamp with time zone DEFAULT now() NOT NULL,
	"pushes" integer DEFAULT 1 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "push_rejects" (
	"id" serial PRIMARY KEY NOT NULL,
	"plant_id" integer,
	"source" varchar(16) NOT NULL,
	"origin" varchar(255) NOT NULL,
	"content_type" varchar(120) DEFAULT '' NOT NULL,
	"body" text NOT NULL,
	"error" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "ingest_keys" ADD COLUMN "mqtt_last_used_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "investors" ADD COLUMN "datalogger_id" varchar(64) DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "inverter_events" ADD CONSTRAINT "inverter_events_investor_id_investors_id_fk" FOREIGN KEY ("investor_id") REFERENCES "public"."investors"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "push_credentials" ADD CONSTRAINT "push_credentials_plant_id_power_plants_id_fk" FOREIGN KEY ("plant_id") REFERENCES "public"."power_plants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "push_credentials" ADD CONSTRAINT "push_credentials_created_by_id_users_id_fk" FOREIGN KEY ("created_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "push_devices" ADD CONSTRAINT "push_devices_plant_id_power_plants_id_fk" FOREIGN KEY ("plant_id") REFERENCES "public"."power_plants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "push_rejects" ADD CONSTRAINT "push_rejects_plant_id_power_plants_id_fk" FOREIGN KEY ("plant_id") REFERENCES "public"."power_plants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "inverter_events_uq" ON "inverter_events" USING btree ("investor_id","ts","kind","code");--> statement-breakpoint
CREATE INDEX "push_credentials_plant_idx" ON "push_credentials" USING btree ("plant_id");--> statement-breakpoint
CREATE UNIQUE INDEX "push_devices_uq" ON "push_devices" USING btree ("plant_id","datalogger_id","device_id");--> statement-breakpoint
CREATE INDEX "push_rejects_plant_idx" ON "push_rejects" USING btree ("plant_id","created_at");