CREATE TABLE "alert_series_states" (
	"point_id" uuid NOT NULL,
	"port" text NOT NULL,
	"state" jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "alert_series_states_point_id_port_pk" PRIMARY KEY("point_id","port")
);
--> statement-breakpoint
CREATE TABLE "alerts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"point_id" uuid NOT NULL,
	"port" text,
	"device_id" uuid,
	"type" text NOT NULL,
	"level" text NOT NULL,
	"opened_at" timestamp with time zone NOT NULL,
	"opened_value" double precision,
	"last_at" timestamp with time zone NOT NULL,
	"last_value" double precision,
	"count" integer DEFAULT 1 NOT NULL,
	"cleared_at" timestamp with time zone,
	"cleared_value" double precision,
	"acknowledged_at" timestamp with time zone,
	"acknowledged_by" uuid,
	"acknowledge_comment" text,
	"shelved_until" timestamp with time zone,
	"shelved_by" uuid,
	"shelve_reason" text,
	"late" boolean DEFAULT false NOT NULL,
	"muted" boolean DEFAULT false NOT NULL,
	"incident_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "incidents" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid,
	"kind" text NOT NULL,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"ended_at" timestamp with time zone,
	"silent_points" integer NOT NULL,
	"watched_points" integer NOT NULL
);
--> statement-breakpoint
ALTER TABLE "measurement_points" ADD COLUMN "alert_on_delay" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "measurement_points" ADD COLUMN "alert_off_delay" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "measurement_points" ADD COLUMN "alert_deadband" double precision;--> statement-breakpoint
ALTER TABLE "alerts" ADD CONSTRAINT "alerts_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "alerts" ADD CONSTRAINT "alerts_point_id_measurement_points_id_fk" FOREIGN KEY ("point_id") REFERENCES "public"."measurement_points"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "alerts" ADD CONSTRAINT "alerts_acknowledged_by_users_id_fk" FOREIGN KEY ("acknowledged_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "alerts" ADD CONSTRAINT "alerts_shelved_by_users_id_fk" FOREIGN KEY ("shelved_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "alerts" ADD CONSTRAINT "alerts_incident_id_incidents_id_fk" FOREIGN KEY ("incident_id") REFERENCES "public"."incidents"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "incidents" ADD CONSTRAINT "incidents_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "alerts_active_series_type_key" ON "alerts" USING btree ("point_id",coalesce("port", ''),"type") WHERE "alerts"."cleared_at" is null;--> statement-breakpoint
CREATE INDEX "alerts_company_opened_idx" ON "alerts" USING btree ("company_id","opened_at");--> statement-breakpoint
CREATE INDEX "alerts_point_opened_idx" ON "alerts" USING btree ("point_id","opened_at");--> statement-breakpoint
CREATE UNIQUE INDEX "incidents_active_key" ON "incidents" USING btree (coalesce("company_id", '00000000-0000-0000-0000-000000000000'::uuid),"kind") WHERE "incidents"."ended_at" is null;