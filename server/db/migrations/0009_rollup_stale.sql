CREATE TABLE "rollup_stale" (
	"investor_id" integer NOT NULL,
	"hour" timestamp with time zone NOT NULL,
	"since" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "rollup_stale_investor_id_hour_pk" PRIMARY KEY("investor_id","hour")
);
--> statement-breakpoint
ALTER TABLE "rollup_stale" ADD CONSTRAINT "rollup_stale_investor_id_investors_id_fk" FOREIGN KEY ("investor_id") REFERENCES "public"."investors"("id") ON DELETE cascade ON UPDATE no action;