ALTER TABLE "notification_configs" ADD COLUMN "point_ids" uuid[] DEFAULT '{}' NOT NULL;--> statement-breakpoint
ALTER TABLE "notification_configs" ADD COLUMN "layer_ids" uuid[] DEFAULT '{}' NOT NULL;