CREATE TABLE "vendor_accounts" (
	"id" serial PRIMARY KEY NOT NULL,
	"vendor" varchar(32) NOT NULL,
	"label" varchar(120) NOT NULL,
	"base_url" varchar(255) NOT NULL,
	"credentials" text NOT NULL,
	"last_error" text,
	"last_error_kind" varchar(16),
	"last_error_at" timestamp with time zone,
	"last_success_at" timestamp with time zone,
	"retry_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "vendor_call_budgets" (
	"account_id" integer NOT NULL,
	"api" varchar(64) NOT NULL,
	"window_start" timestamp with time zone NOT NULL,
	"window_end" timestamp with time zone NOT NULL,
	"used" integer NOT NULL,
	"call_limit" integer NOT NULL,
	CONSTRAINT "vendor_call_budgets_account_id_api_window_start_pk" PRIMARY KEY("account_id","api","window_start")
);
--> statement-breakpoint
CREATE TABLE "vendor_devices" (
	"id" serial PRIMARY KEY NOT NULL,
	"account_id" integer NOT NULL,
	"station_code" varchar(64) NOT NULL,
	"device_id" varchar(64) NOT NULL,
	"kind" varchar(16) NOT NULL,
	"vendor_type" integer NOT NULL,
	"name" varchar(150) DEFAULT '' NOT NULL,
	"model" varchar(120) DEFAULT '' NOT NULL,
	"serial" varchar(120) DEFAULT '' NOT NULL,
	"investor_id" integer,
	"last_error" text,
	"last_error_kind" varchar(16),
	"last_reading_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "vendor_stations" (
	"id" serial PRIMARY KEY NOT NULL,
	"account_id" integer NOT NULL,
	"code" varchar(64) NOT NULL,
	"name" varchar(150) DEFAULT '' NOT NULL,
	"address" varchar(255) DEFAULT '' NOT NULL,
	"capacity_kwp" double precision,
	"plant_id" integer,
	"listed_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "vendor_call_budgets" ADD CONSTRAINT "vendor_call_budgets_account_id_vendor_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."vendor_accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vendor_devices" ADD CONSTRAINT "vendor_devices_account_id_vendor_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."vendor_accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vendor_devices" ADD CONSTRAINT "vendor_devices_investor_id_investors_id_fk" FOREIGN KEY ("investor_id") REFERENCES "public"."investors"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vendor_stations" ADD CONSTRAINT "vendor_stations_account_id_vendor_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."vendor_accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vendor_stations" ADD CONSTRAINT "vendor_stations_plant_id_power_plants_id_fk" FOREIGN KEY ("plant_id") REFERENCES "public"."power_plants"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "vendor_call_budgets_end_idx" ON "vendor_call_budgets" USING btree ("window_end");--> statement-breakpoint
CREATE UNIQUE INDEX "vendor_devices_uq" ON "vendor_devices" USING btree ("account_id","device_id");--> statement-breakpoint
CREATE INDEX "vendor_devices_investor_idx" ON "vendor_devices" USING btree ("investor_id");--> statement-breakpoint
CREATE UNIQUE INDEX "vendor_stations_uq" ON "vendor_stations" USING btree ("account_id","code");--> statement-breakpoint
CREATE INDEX "vendor_stations_plant_idx" ON "vendor_stations" USING btree ("plant_id");