CREATE TABLE "real_bills" (
	"id" serial PRIMARY KEY NOT NULL,
	"plant_id" integer NOT NULL,
	"month" date NOT NULL,
	"bought_kwh" double precision NOT NULL,
	"injected_kwh" double precision NOT NULL,
	"amount" integer NOT NULL,
	"attachment" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "real_bills" ADD CONSTRAINT "real_bills_plant_id_power_plants_id_fk" FOREIGN KEY ("plant_id") REFERENCES "public"."power_plants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "real_bills_month_uq" ON "real_bills" USING btree ("plant_id","month");