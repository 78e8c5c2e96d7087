CREATE TABLE "collector_leases" (
	"investor_id" integer PRIMARY KEY NOT NULL,
	"address" varchar(255) NOT NULL,
	"due_at" timestamp with time zone NOT NULL,
	"state" jsonb
);
--> statement-breakpoint
CREATE TABLE "rate_limit_hits" (
	"key" text PRIMARY KEY NOT NULL,
	"hits" integer NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "collector_leases" ADD CONSTRAINT "collector_leases_investor_id_investors_id_fk" FOREIGN KEY ("investor_id") REFERENCES "public"."investors"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "rate_limit_hits_expires_idx" ON "rate_limit_hits" USING btree ("expires_at");