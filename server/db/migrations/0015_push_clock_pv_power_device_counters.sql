ALTER TABLE "measurements" ADD COLUMN "pv_power_w" double precision;--> statement-breakpoint
ALTER TABLE "measurements" ADD COLUMN "energy_day_wh" double precision;--> statement-breakpoint
ALTER TABLE "measurements" ADD COLUMN "energy_year_wh" double precision;--> statement-breakpoint
ALTER TABLE "push_credentials" ADD COLUMN "clock_offset_s" double precision;