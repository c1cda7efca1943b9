CREATE TABLE "notification_configs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"name" text NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"alert_types" text[] DEFAULT '{}' NOT NULL,
	"roles" text[] DEFAULT '{}' NOT NULL,
	"user_ids" uuid[] DEFAULT '{}' NOT NULL,
	"email" boolean DEFAULT false NOT NULL,
	"webhook_url" text,
	"webhook_secret" text NOT NULL,
	"notify_resolved" boolean DEFAULT true NOT NULL,
	"escalation_after_minutes" integer,
	"escalation_roles" text[] DEFAULT '{}' NOT NULL,
	"escalation_user_ids" uuid[] DEFAULT '{}' NOT NULL,
	"description" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "notification_deliveries" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"config_id" uuid,
	"notification_id" uuid,
	"alert_id" uuid,
	"kind" text NOT NULL,
	"channel" text NOT NULL,
	"recipient_user_id" uuid,
	"recipient_url" text,
	"status" text DEFAULT 'queued' NOT NULL,
	"hold_reason" text,
	"incident_id" uuid,
	"digest_id" uuid,
	"attempts" integer DEFAULT 0 NOT NULL,
	"last_error" text,
	"not_before" timestamp with time zone,
	"idempotency_key" text NOT NULL,
	"payload" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "notification_quiet_hours" (
	"user_id" uuid NOT NULL,
	"company_id" uuid NOT NULL,
	"from" text NOT NULL,
	"to" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "notification_quiet_hours_user_id_company_id_pk" PRIMARY KEY("user_id","company_id")
);
--> statement-breakpoint
CREATE TABLE "notification_routings" (
	"alert_id" uuid NOT NULL,
	"transition" text NOT NULL,
	"routed_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "notification_routings_alert_id_transition_pk" PRIMARY KEY("alert_id","transition")
);
--> statement-breakpoint
CREATE TABLE "notifications" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"alert_id" uuid,
	"alert_ids" uuid[] DEFAULT '{}' NOT NULL,
	"title" text NOT NULL,
	"body" text NOT NULL,
	"dedupe_key" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"delivered_at" timestamp with time zone,
	"read_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "notification_configs" ADD CONSTRAINT "notification_configs_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notification_deliveries" ADD CONSTRAINT "notification_deliveries_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notification_deliveries" ADD CONSTRAINT "notification_deliveries_config_id_notification_configs_id_fk" FOREIGN KEY ("config_id") REFERENCES "public"."notification_configs"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notification_deliveries" ADD CONSTRAINT "notification_deliveries_notification_id_notifications_id_fk" FOREIGN KEY ("notification_id") REFERENCES "public"."notifications"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notification_deliveries" ADD CONSTRAINT "notification_deliveries_alert_id_alerts_id_fk" FOREIGN KEY ("alert_id") REFERENCES "public"."alerts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notification_deliveries" ADD CONSTRAINT "notification_deliveries_recipient_user_id_users_id_fk" FOREIGN KEY ("recipient_user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notification_deliveries" ADD CONSTRAINT "notification_deliveries_incident_id_incidents_id_fk" FOREIGN KEY ("incident_id") REFERENCES "public"."incidents"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notification_deliveries" ADD CONSTRAINT "notification_deliveries_digest_id_notifications_id_fk" FOREIGN KEY ("digest_id") REFERENCES "public"."notifications"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notification_quiet_hours" ADD CONSTRAINT "notification_quiet_hours_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notification_quiet_hours" ADD CONSTRAINT "notification_quiet_hours_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notification_routings" ADD CONSTRAINT "notification_routings_alert_id_alerts_id_fk" FOREIGN KEY ("alert_id") REFERENCES "public"."alerts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_alert_id_alerts_id_fk" FOREIGN KEY ("alert_id") REFERENCES "public"."alerts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "notification_configs_company_idx" ON "notification_configs" USING btree ("company_id");--> statement-breakpoint
CREATE UNIQUE INDEX "notification_deliveries_idempotency_key" ON "notification_deliveries" USING btree ("idempotency_key");--> statement-breakpoint
CREATE INDEX "notification_deliveries_due_idx" ON "notification_deliveries" USING btree ("not_before") WHERE "notification_deliveries"."status" = 'queued';--> statement-breakpoint
CREATE INDEX "notification_deliveries_held_idx" ON "notification_deliveries" USING btree ("hold_reason","not_before") WHERE "notification_deliveries"."status" = 'held';--> statement-breakpoint
CREATE INDEX "notification_deliveries_company_created_idx" ON "notification_deliveries" USING btree ("company_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "notifications_dedupe_key" ON "notifications" USING btree ("dedupe_key");--> statement-breakpoint
CREATE INDEX "notifications_user_company_idx" ON "notifications" USING btree ("user_id","company_id","delivered_at");--> statement-breakpoint
CREATE INDEX "alerts_cleared_idx" ON "alerts" USING btree ("cleared_at") WHERE "alerts"."cleared_at" is not null;--> statement-breakpoint
-- alerts recorded before notifying existed count as routed: the sweep must not announce history
INSERT INTO "notification_routings" ("alert_id", "transition")
SELECT "id", 'firing' FROM "alerts"
UNION ALL
SELECT "id", 'resolved' FROM "alerts" WHERE "cleared_at" IS NOT NULL;
