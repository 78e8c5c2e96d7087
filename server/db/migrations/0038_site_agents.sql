CREATE TABLE "site_agents" (
	"id" serial PRIMARY KEY NOT NULL,
	"plant_id" integer NOT NULL,
	"agent" varchar(120) NOT NULL,
	"version" varchar(40) NOT NULL,
	"devices" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"backlog" integer DEFAULT 0 NOT NULL,
	"oldest_waiting_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_contact_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "site_agents" ADD CONSTRAINT "site_agents_plant_id_power_plants_id_fk" FOREIGN KEY ("plant_id") REFERENCES "public"."power_plants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "site_agents_uq" ON "site_agents" USING btree ("plant_id","agent");