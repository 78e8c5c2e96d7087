-- Raw measurements partitioned by month (UTC months of ts), docs/measurements.md. Hand-written:
-- drizzle-kit knows nothing of partitions, and the schema's measurements table keeps its columns and
-- primary key (investor_id, ts), which holds the partition key as PostgreSQL requires.
--
-- measurements_default takes any point of a month without its partition, so no point is ever
-- refused; measurements_ensure_partition(year, month) creates a month's partition, moving that
-- month's rows out of the default partition first (ATTACH refuses while the default holds any).
-- The server calls it at start and daily for the current month and the next ones.
ALTER TABLE "measurements" RENAME TO "measurements_unpartitioned";
--> statement-breakpoint
ALTER TABLE "measurements_unpartitioned" RENAME CONSTRAINT "measurements_investor_id_ts_pk" TO "measurements_unpartitioned_pk";
--> statement-breakpoint
CREATE TABLE "measurements" (
	LIKE "measurements_unpartitioned" INCLUDING DEFAULTS,
	CONSTRAINT "measurements_investor_id_ts_pk" PRIMARY KEY("investor_id","ts")
) PARTITION BY RANGE ("ts");
--> statement-breakpoint
ALTER TABLE "measurements" ADD CONSTRAINT "measurements_investor_id_investors_id_fk" FOREIGN KEY ("investor_id") REFERENCES "public"."investors"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
CREATE TABLE "measurements_default" PARTITION OF "measurements" DEFAULT;
--> statement-breakpoint
CREATE FUNCTION measurements_ensure_partition(y int, m int) RETURNS text LANGUAGE plpgsql AS $$
DECLARE
	lo timestamptz := make_date(y, m, 1)::timestamp AT TIME ZONE 'UTC';
	hi timestamptz := (make_date(y, m, 1) + interval '1 month')::timestamp AT TIME ZONE 'UTC';
	part text := format('measurements_y%sm%s', lpad(y::text, 4, '0'), lpad(m::text, 2, '0'));
BEGIN
	IF to_regclass(part) IS NOT NULL THEN RETURN NULL; END IF;
	EXECUTE format('CREATE TABLE %I (LIKE measurements INCLUDING DEFAULTS)', part);
	-- No point may reach the default partition while its rows of that month move (reads go on).
	LOCK TABLE measurements_default IN EXCLUSIVE MODE;
	EXECUTE format('WITH moved AS (DELETE FROM measurements_default WHERE ts >= %L AND ts < %L RETURNING *) INSERT INTO %I SELECT * FROM moved', lo, hi, part);
	EXECUTE format('ALTER TABLE measurements ATTACH PARTITION %I FOR VALUES FROM (%L) TO (%L)', part, lo, hi);
	RETURN part;
END $$;
--> statement-breakpoint
DO $$
DECLARE
	first date := coalesce((SELECT min(ts) AT TIME ZONE 'UTC' FROM measurements_unpartitioned), now() AT TIME ZONE 'UTC')::date;
	month date := date_trunc('month', first)::date;
BEGIN
	WHILE month <= (now() AT TIME ZONE 'UTC')::date + interval '2 months' LOOP
		PERFORM measurements_ensure_partition(extract(year FROM month)::int, extract(month FROM month)::int);
		month := (month + interval '1 month')::date;
	END LOOP;
END $$;
--> statement-breakpoint
INSERT INTO "measurements" SELECT * FROM "measurements_unpartitioned";
--> statement-breakpoint
DROP TABLE "measurements_unpartitioned";
