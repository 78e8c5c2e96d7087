CREATE TABLE "last_readings" (
	"investor_id" integer PRIMARY KEY NOT NULL,
	"ts" timestamp with time zone NOT NULL,
	"ac_power_w" double precision NOT NULL
);
--> statement-breakpoint
ALTER TABLE "last_readings" ADD CONSTRAINT "last_readings_investor_id_investors_id_fk" FOREIGN KEY ("investor_id") REFERENCES "public"."investors"("id") ON DELETE cascade ON UPDATE no action;