DROP INDEX "alarms_device_time_idx";--> statement-breakpoint
DROP INDEX "fences_user_idx";--> statement-breakpoint
ALTER TABLE "devices" ADD COLUMN "speed_limit" smallint;--> statement-breakpoint
ALTER TABLE "fence_devices" ADD COLUMN "alarm_mode" varchar(8) DEFAULT 'inout' NOT NULL;--> statement-breakpoint
ALTER TABLE "fence_devices" ADD COLUMN "post_type" smallint DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "fence_devices" ADD COLUMN "in_minutes" smallint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "fence_devices" ADD COLUMN "out_minutes" smallint DEFAULT 0 NOT NULL;--> statement-breakpoint
-- Allocations made before take their fence's mode.
UPDATE "fence_devices" fd SET "alarm_mode" = f."alarm_mode" FROM "fences" f WHERE f."id" = fd."fence_id";--> statement-breakpoint
-- An alarm stored twice keeps its first row; a repeated fence name of an account gets its id.
DELETE FROM "alarms" a USING "alarms" b WHERE a."device_id" = b."device_id" AND a."time" = b."time" AND a."type" = b."type" AND a."id" > b."id";--> statement-breakpoint
UPDATE "fences" f SET "name" = left(f."name", 50) || ' #' || f."id" WHERE EXISTS (SELECT 1 FROM "fences" g WHERE g."user_id" = f."user_id" AND g."name" = f."name" AND g."id" < f."id");--> statement-breakpoint
CREATE UNIQUE INDEX "alarms_device_time_type_idx" ON "alarms" USING btree ("device_id","time","type");--> statement-breakpoint
CREATE UNIQUE INDEX "fences_user_name_idx" ON "fences" USING btree ("user_id","name");