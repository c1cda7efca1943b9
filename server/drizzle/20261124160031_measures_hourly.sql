CREATE TABLE "measures_hourly" (
	"point_id" uuid NOT NULL,
	"port" text NOT NULL,
	"hour" timestamp with time zone NOT NULL,
	"count" integer NOT NULL,
	"usable" integer NOT NULL,
	"sum" double precision,
	"min" double precision,
	"max" double precision,
	"flag" smallint NOT NULL,
	CONSTRAINT "measures_hourly_point_id_port_hour_pk" PRIMARY KEY("point_id","port","hour")
);
--> statement-breakpoint
-- each hour's row is updated once per batch that writes into it: room on the page keeps those updates HOT
ALTER TABLE "measures_hourly" SET (fillfactor = 70);--> statement-breakpoint
-- Issue 13 item 8. The rollup moves in the statement that inserts the measures, whatever inserts them
-- (ingestion writer, demo history, imports, tests): a late measure lands in its hour at commit, and no
-- insert path can forget it. Hours are UTC hours (date_bin on 2000-01-01Z, like the chart buckets);
-- min/max/sum/usable cover only values within ±1e12 (maxMeasureMagnitude), count and flag every row.
-- Groups are written in key order so concurrent writers lock the rows in one order.
CREATE FUNCTION "measures_hourly_add"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO measures_hourly AS h (point_id, port, hour, count, usable, sum, min, max, flag)
  SELECT point_id, port, date_bin('1 hour', ts, timestamptz '2000-01-01T00:00:00Z'), count(*)::int,
    (count(*) FILTER (WHERE interpreted BETWEEN -1e12::float8 AND 1e12::float8))::int,
    sum(interpreted) FILTER (WHERE interpreted BETWEEN -1e12::float8 AND 1e12::float8),
    min(interpreted) FILTER (WHERE interpreted BETWEEN -1e12::float8 AND 1e12::float8),
    max(interpreted) FILTER (WHERE interpreted BETWEEN -1e12::float8 AND 1e12::float8),
    max(flag)
  FROM added WHERE point_id IS NOT NULL
  GROUP BY 1, 2, 3 ORDER BY 1, 2, 3
  ON CONFLICT (point_id, port, hour) DO UPDATE SET
    count = h.count + excluded.count,
    usable = h.usable + excluded.usable,
    sum = coalesce(h.sum + excluded.sum, h.sum, excluded.sum),
    min = least(h.min, excluded.min),
    max = greatest(h.max, excluded.max),
    flag = greatest(h.flag, excluded.flag);
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "measures_hourly_add" AFTER INSERT ON "measures"
  REFERENCING NEW TABLE AS added FOR EACH STATEMENT EXECUTE FUNCTION "measures_hourly_add"();--> statement-breakpoint
-- the measures stored before this migration
INSERT INTO "measures_hourly" (point_id, port, hour, count, usable, sum, min, max, flag)
SELECT point_id, port, date_bin('1 hour', ts, timestamptz '2000-01-01T00:00:00Z'), count(*)::int,
  (count(*) FILTER (WHERE interpreted BETWEEN -1e12::float8 AND 1e12::float8))::int,
  sum(interpreted) FILTER (WHERE interpreted BETWEEN -1e12::float8 AND 1e12::float8),
  min(interpreted) FILTER (WHERE interpreted BETWEEN -1e12::float8 AND 1e12::float8),
  max(interpreted) FILTER (WHERE interpreted BETWEEN -1e12::float8 AND 1e12::float8),
  max(flag)
FROM "measures" WHERE point_id IS NOT NULL
GROUP BY 1, 2, 3;
