ALTER TABLE "measures" ALTER COLUMN "direct" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "measures" ALTER COLUMN "adjusted" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "series_latest" ALTER COLUMN "direct" DROP NOT NULL;--> statement-breakpoint
-- Issue 9: older versions stored ±Infinity, NaN and absurd magnitudes (a 4-20 mA conversion of 1e308,
-- a SenML bv + v that overflowed), which made the measure and chart reads of the point fail. Any value
-- outside ±1e12 (maxMeasureMagnitude; NaN compares above every number) becomes NULL with flag 4.
UPDATE "measures" SET
  "direct" = CASE WHEN "direct" BETWEEN -1e12::float8 AND 1e12::float8 THEN "direct" END,
  "adjusted" = CASE WHEN "adjusted" BETWEEN -1e12::float8 AND 1e12::float8 THEN "adjusted" END,
  "interpreted" = CASE WHEN "interpreted" BETWEEN -1e12::float8 AND 1e12::float8 THEN "interpreted" END,
  "flag" = 4
WHERE NOT ("direct" BETWEEN -1e12::float8 AND 1e12::float8)
  OR NOT ("adjusted" BETWEEN -1e12::float8 AND 1e12::float8)
  OR NOT ("interpreted" BETWEEN -1e12::float8 AND 1e12::float8);--> statement-breakpoint
UPDATE "series_latest" SET
  "direct" = CASE WHEN "direct" BETWEEN -1e12::float8 AND 1e12::float8 THEN "direct" END,
  "interpreted" = CASE WHEN "interpreted" BETWEEN -1e12::float8 AND 1e12::float8 THEN "interpreted" END,
  "flag" = 4
WHERE NOT ("direct" BETWEEN -1e12::float8 AND 1e12::float8)
  OR NOT ("interpreted" BETWEEN -1e12::float8 AND 1e12::float8);--> statement-breakpoint
UPDATE "devices" SET "last_battery" = NULL
WHERE NOT ("last_battery" BETWEEN -1e12::float8 AND 1e12::float8);
