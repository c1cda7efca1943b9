CREATE TABLE "events" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"device_id" uuid NOT NULL,
	"type" text NOT NULL,
	"message" text,
	"ts" timestamp with time zone NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "failed_measures" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL,
	"topic" text,
	"serial" text,
	"reason" text NOT NULL,
	"detail" text,
	"payload" text,
	"measure_index" integer
);
--> statement-breakpoint
CREATE TABLE "measures" (
	"device_id" uuid NOT NULL,
	"port" text NOT NULL,
	"ts" timestamp with time zone NOT NULL,
	"point_id" uuid,
	"direct" double precision NOT NULL,
	"adjusted" double precision NOT NULL,
	"interpreted" double precision,
	"flag" smallint NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL,
	"topic" text,
	CONSTRAINT "measures_device_id_port_ts_pk" PRIMARY KEY("device_id","port","ts")
) PARTITION BY RANGE ("ts");
--> statement-breakpoint
CREATE TABLE "series_latest" (
	"point_id" uuid NOT NULL,
	"port" text NOT NULL,
	"device_id" uuid NOT NULL,
	"ts" timestamp with time zone NOT NULL,
	"direct" double precision NOT NULL,
	"interpreted" double precision,
	"flag" smallint NOT NULL,
	"alert_level" text DEFAULT 'OK' NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "series_latest_point_id_port_pk" PRIMARY KEY("point_id","port")
);
--> statement-breakpoint
CREATE INDEX "events_device_ts_idx" ON "events" USING btree ("device_id","ts");--> statement-breakpoint
CREATE INDEX "failed_measures_received_idx" ON "failed_measures" USING btree ("received_at");--> statement-breakpoint
CREATE INDEX "failed_measures_serial_idx" ON "failed_measures" USING btree ("serial","received_at");--> statement-breakpoint
-- rows of months without their own partition yet land here; server/src/db/partitions.ts creates months ahead
CREATE TABLE IF NOT EXISTS "measures_default" PARTITION OF "measures" DEFAULT;--> statement-breakpoint
-- chart queries read the index only (DESIGN.md §2)
CREATE INDEX "measures_point_port_ts_idx" ON "measures" ("point_id", "port", "ts") INCLUDE ("interpreted", "flag");--> statement-breakpoint
-- all-points time ranges (reports, exports)
CREATE INDEX "measures_ts_brin" ON "measures" USING brin ("ts");
