ALTER TABLE "devices" ADD COLUMN "osmand_key_hash" text;--> statement-breakpoint
ALTER TABLE "devices" ADD COLUMN "max_speed" smallint;