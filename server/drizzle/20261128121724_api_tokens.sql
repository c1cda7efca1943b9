CREATE TABLE "api_token_months" (
	"token_id" uuid NOT NULL,
	"month" date NOT NULL,
	"count" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "api_token_months_token_id_month_pk" PRIMARY KEY("token_id","month")
);
--> statement-breakpoint
CREATE TABLE "api_token_usage" (
	"token_id" uuid NOT NULL,
	"day" date NOT NULL,
	"endpoint" text NOT NULL,
	"count" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "api_token_usage_token_id_day_endpoint_pk" PRIMARY KEY("token_id","day","endpoint")
);
--> statement-breakpoint
CREATE TABLE "api_tokens" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"alias" text NOT NULL,
	"prefix" text NOT NULL,
	"secret_hash" text NOT NULL,
	"valid_until" date,
	"monthly_limit" integer,
	"layer_ids" uuid[],
	"last_used_at" timestamp with time zone,
	"revoked_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" uuid,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" uuid
);
--> statement-breakpoint
ALTER TABLE "api_token_months" ADD CONSTRAINT "api_token_months_token_id_api_tokens_id_fk" FOREIGN KEY ("token_id") REFERENCES "public"."api_tokens"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "api_token_usage" ADD CONSTRAINT "api_token_usage_token_id_api_tokens_id_fk" FOREIGN KEY ("token_id") REFERENCES "public"."api_tokens"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "api_tokens" ADD CONSTRAINT "api_tokens_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "api_tokens" ADD CONSTRAINT "api_tokens_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "api_tokens" ADD CONSTRAINT "api_tokens_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "api_token_usage_day_idx" ON "api_token_usage" USING btree ("day");--> statement-breakpoint
CREATE UNIQUE INDEX "api_tokens_prefix_key" ON "api_tokens" USING btree ("prefix");--> statement-breakpoint
CREATE UNIQUE INDEX "api_tokens_alias_key" ON "api_tokens" USING btree ("company_id",lower("alias")) WHERE "api_tokens"."revoked_at" is null;