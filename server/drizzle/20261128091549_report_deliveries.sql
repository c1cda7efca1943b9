CREATE TABLE "report_deliveries" (
	"mail_id" uuid PRIMARY KEY NOT NULL,
	"closure_id" uuid NOT NULL,
	"n" integer NOT NULL,
	"recipient_id" uuid NOT NULL,
	"language" text NOT NULL,
	"files" text NOT NULL
);
--> statement-breakpoint
ALTER TABLE "report_deliveries" ADD CONSTRAINT "report_deliveries_mail_id_mail_outbox_id_fk" FOREIGN KEY ("mail_id") REFERENCES "public"."mail_outbox"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "report_deliveries" ADD CONSTRAINT "report_deliveries_closure_id_report_closures_id_fk" FOREIGN KEY ("closure_id") REFERENCES "public"."report_closures"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "report_deliveries" ADD CONSTRAINT "report_deliveries_recipient_id_users_id_fk" FOREIGN KEY ("recipient_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "report_deliveries_closure_idx" ON "report_deliveries" USING btree ("closure_id","n");