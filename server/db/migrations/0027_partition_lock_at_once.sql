-- measurements_ensure_partition (migration 0010) took EXCLUSIVE on the default partition, then ATTACH
-- asked for ACCESS EXCLUSIVE: a lock upgrade. A writer that had read the default partition (storing
-- readings reads the neighbours first: ACCESS SHARE) then inserted (ROW EXCLUSIVE) waited for the
-- EXCLUSIVE while the ATTACH waited for its ACCESS SHARE, and PostgreSQL aborted one of them as a
-- deadlock (a rollup worker's partition check against another process's demo backfill). Taking
-- ACCESS EXCLUSIVE at once leaves nothing to upgrade: a writer already inside goes first and commits,
-- then the month moves. Callers bound the wait with lock_timeout (server/measurements/partitions.ts).
CREATE OR REPLACE FUNCTION measurements_ensure_partition(y int, m int) RETURNS text LANGUAGE plpgsql AS $$
DECLARE
	lo timestamptz := make_date(y, m, 1)::timestamp AT TIME ZONE 'UTC';
	hi timestamptz := (make_date(y, m, 1) + interval '1 month')::timestamp AT TIME ZONE 'UTC';
	part text := format('measurements_y%sm%s', lpad(y::text, 4, '0'), lpad(m::text, 2, '0'));
BEGIN
	IF to_regclass(part) IS NOT NULL THEN RETURN NULL; END IF;
	-- The lock ATTACH needs, taken first: no point may reach the default partition while its rows of
	-- that month move, and no lock is upgraded later.
	LOCK TABLE measurements_default IN ACCESS EXCLUSIVE MODE;
	EXECUTE format('CREATE TABLE %I (LIKE measurements INCLUDING DEFAULTS)', part);
	EXECUTE format('WITH moved AS (DELETE FROM measurements_default WHERE ts >= %L AND ts < %L RETURNING *) INSERT INTO %I SELECT * FROM moved', lo, hi, part);
	EXECUTE format('ALTER TABLE measurements ATTACH PARTITION %I FOR VALUES FROM (%L) TO (%L)', part, lo, hi);
	RETURN part;
END $$;
