ALTER TABLE "users" ADD COLUMN "state_before_suspension" text;--> statement-breakpoint
-- accounts suspended before this column existed go back to what their password says
UPDATE "users" SET "state_before_suspension" = CASE WHEN "password_hash" IS NULL THEN 'Created' ELSE 'Active' END WHERE "state" = 'Suspended';
