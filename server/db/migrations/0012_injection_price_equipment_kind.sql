ALTER TABLE "equipment" ADD COLUMN "kind" varchar(16) DEFAULT 'other' NOT NULL;--> statement-breakpoint
ALTER TABLE "power_plants" ADD COLUMN "injection_price" double precision DEFAULT 75 NOT NULL;