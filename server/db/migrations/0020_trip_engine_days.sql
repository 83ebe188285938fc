ALTER TABLE "track_day_shapes" ADD COLUMN "trips" jsonb;--> statement-breakpoint
ALTER TABLE "track_day_shapes" ADD COLUMN "engine" jsonb;