CREATE TABLE "measure_removals" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"removed_at" timestamp with time zone DEFAULT now() NOT NULL,
	"action" text NOT NULL,
	"table_name" text NOT NULL,
	"month" date,
	"company_id" uuid,
	"older_than" timestamp with time zone NOT NULL,
	"rows" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "measure_retention_months" integer;--> statement-breakpoint
ALTER TABLE "measure_removals" ADD CONSTRAINT "measure_removals_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "measure_removals_company_idx" ON "measure_removals" USING btree ("company_id","older_than");--> statement-breakpoint
ALTER TABLE "companies" ADD CONSTRAINT "companies_measure_retention_months_check" CHECK ("companies"."measure_retention_months" between 3 and 600);