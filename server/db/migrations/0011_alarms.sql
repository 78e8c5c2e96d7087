CREATE TABLE "alarm_events" (
	"id" serial PRIMARY KEY NOT NULL,
	"alarm_id" integer NOT NULL,
	"event" varchar(16) NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"user_id" integer,
	"comment" text,
	"details" jsonb DEFAULT '{}'::jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "alarm_plant_thresholds" (
	"plant_id" integer PRIMARY KEY NOT NULL,
	"alarm_offline_minutes" integer,
	"alarm_sibling_pct" double precision,
	"alarm_sibling_window_minutes" integer,
	"alarm_sunny_kwh_per_kwp" double precision,
	"alarm_battery_min_kwh" double precision,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "alarms" (
	"id" serial PRIMARY KEY NOT NULL,
	"plant_id" integer NOT NULL,
	"investor_id" integer,
	"mppt_id" integer,
	"string_id" integer,
	"kind" varchar(32) NOT NULL,
	"subject" varchar(80) NOT NULL,
	"status" varchar(16) DEFAULT 'open' NOT NULL,
	"opened_at" timestamp with time zone DEFAULT now() NOT NULL,
	"closed_at" timestamp with time zone,
	"acknowledged_by_id" integer,
	"acknowledged_at" timestamp with time zone,
	"acknowledged_comment" text,
	"details" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"ticket_id" integer
);
--> statement-breakpoint
CREATE TABLE "job_leases" (
	"name" varchar(64) PRIMARY KEY NOT NULL,
	"due_at" timestamp with time zone NOT NULL,
	"last_run_at" timestamp with time zone,
	"last_run_by" varchar(120)
);
--> statement-breakpoint
ALTER TABLE "notifications" ADD COLUMN "alarm_id" integer;--> statement-breakpoint
ALTER TABLE "settings" ADD COLUMN "alarm_offline_minutes" integer DEFAULT 30 NOT NULL;--> statement-breakpoint
ALTER TABLE "settings" ADD COLUMN "alarm_sibling_pct" double precision DEFAULT 60 NOT NULL;--> statement-breakpoint
ALTER TABLE "settings" ADD COLUMN "alarm_sibling_window_minutes" integer DEFAULT 60 NOT NULL;--> statement-breakpoint
ALTER TABLE "settings" ADD COLUMN "alarm_sunny_kwh_per_kwp" double precision DEFAULT 4 NOT NULL;--> statement-breakpoint
ALTER TABLE "settings" ADD COLUMN "alarm_battery_min_kwh" double precision DEFAULT 0.5 NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "alarm_opt_out" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "alarm_events" ADD CONSTRAINT "alarm_events_alarm_id_alarms_id_fk" FOREIGN KEY ("alarm_id") REFERENCES "public"."alarms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "alarm_events" ADD CONSTRAINT "alarm_events_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "alarm_plant_thresholds" ADD CONSTRAINT "alarm_plant_thresholds_plant_id_power_plants_id_fk" FOREIGN KEY ("plant_id") REFERENCES "public"."power_plants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "alarms" ADD CONSTRAINT "alarms_plant_id_power_plants_id_fk" FOREIGN KEY ("plant_id") REFERENCES "public"."power_plants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "alarms" ADD CONSTRAINT "alarms_investor_id_investors_id_fk" FOREIGN KEY ("investor_id") REFERENCES "public"."investors"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "alarms" ADD CONSTRAINT "alarms_mppt_id_mppts_id_fk" FOREIGN KEY ("mppt_id") REFERENCES "public"."mppts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "alarms" ADD CONSTRAINT "alarms_string_id_strings_id_fk" FOREIGN KEY ("string_id") REFERENCES "public"."strings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "alarms" ADD CONSTRAINT "alarms_acknowledged_by_id_users_id_fk" FOREIGN KEY ("acknowledged_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "alarms" ADD CONSTRAINT "alarms_ticket_id_tickets_id_fk" FOREIGN KEY ("ticket_id") REFERENCES "public"."tickets"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "alarm_events_alarm_idx" ON "alarm_events" USING btree ("alarm_id","at");--> statement-breakpoint
CREATE UNIQUE INDEX "alarms_active_uq" ON "alarms" USING btree ("kind","subject") WHERE "alarms"."status" <> 'closed';--> statement-breakpoint
CREATE INDEX "alarms_plant_idx" ON "alarms" USING btree ("plant_id","opened_at");--> statement-breakpoint
CREATE INDEX "alarms_status_idx" ON "alarms" USING btree ("status","opened_at");--> statement-breakpoint
CREATE INDEX "alarms_ticket_idx" ON "alarms" USING btree ("ticket_id");--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_alarm_id_alarms_id_fk" FOREIGN KEY ("alarm_id") REFERENCES "public"."alarms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "notifications_alarm_idx" ON "notifications" USING btree ("alarm_id");