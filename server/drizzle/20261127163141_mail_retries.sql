ALTER TABLE "mail_outbox" ADD COLUMN "attempts" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD COLUMN "next_attempt_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "mail_outbox_due_idx" ON "mail_outbox" USING btree ("next_attempt_at") WHERE "mail_outbox"."next_attempt_at" is not null;--> statement-breakpoint
-- Mails from before the mail worker: the ones SMTP answered had one attempt; none is due (an old 'outbox' mail is not sent late).
UPDATE "mail_outbox" SET "attempts" = 1 WHERE "status" IN ('sent', 'failed');
