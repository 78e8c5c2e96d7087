ALTER TABLE "panels" ADD COLUMN "temperature_coefficient_pct" double precision;--> statement-breakpoint
ALTER TABLE "power_plants" ADD COLUMN "elevation_m" double precision;