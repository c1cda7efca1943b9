CREATE TABLE "daily_summaries" (
	"point_id" uuid NOT NULL,
	"port" text NOT NULL,
	"day" date NOT NULL,
	"company_id" uuid NOT NULL,
	"main" boolean NOT NULL,
	"class" text NOT NULL,
	"reasons" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"exclusion" text,
	"count" integer NOT NULL,
	"expected" integer NOT NULL,
	"hours" real NOT NULL,
	"min" double precision,
	"min_at" timestamp with time zone,
	"max" double precision,
	"max_at" timestamp with time zone,
	"mean" double precision,
	"first" double precision,
	"first_at" timestamp with time zone,
	"last" double precision,
	"last_at" timestamp with time zone,
	"out_of_range" integer NOT NULL,
	"jumps" integer NOT NULL,
	"longest_equal_run" integer NOT NULL,
	"total" double precision,
	"total_kind" text,
	"computed_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "daily_summaries_point_id_port_day_pk" PRIMARY KEY("point_id","port","day")
);
--> statement-breakpoint
CREATE TABLE "daily_summary_days" (
	"company_id" uuid NOT NULL,
	"day" date NOT NULL,
	"computed_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "daily_summary_days_company_id_day_pk" PRIMARY KEY("company_id","day")
);
--> statement-breakpoint
CREATE TABLE "daily_summary_stale" (
	"point_id" uuid NOT NULL,
	"day" date NOT NULL,
	"marked_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "daily_summary_stale_point_id_day_pk" PRIMARY KEY("point_id","day")
);
--> statement-breakpoint
ALTER TABLE "daily_summaries" ADD CONSTRAINT "daily_summaries_point_id_measurement_points_id_fk" FOREIGN KEY ("point_id") REFERENCES "public"."measurement_points"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "daily_summaries" ADD CONSTRAINT "daily_summaries_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "daily_summary_days" ADD CONSTRAINT "daily_summary_days_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "daily_summary_stale" ADD CONSTRAINT "daily_summary_stale_point_id_measurement_points_id_fk" FOREIGN KEY ("point_id") REFERENCES "public"."measurement_points"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "daily_summaries_company_day_idx" ON "daily_summaries" USING btree ("company_id","day");