ALTER TABLE "device_types" ADD COLUMN "location_ack" boolean;--> statement-breakpoint
-- One fix per device and fix time: a resent fix stored twice before this migration keeps one row
-- (the one first written, lowest ctid; both rows sit in one partition since fix_time is the key).
DELETE FROM "positions" a USING "positions" b
WHERE a."device_id" = b."device_id" AND a."fix_time" = b."fix_time"
  AND a.tableoid = b.tableoid AND a.ctid > b.ctid;--> statement-breakpoint
DROP INDEX "positions_device_time_idx";--> statement-breakpoint
CREATE UNIQUE INDEX "positions_device_time_idx" ON "positions" USING btree ("device_id","fix_time");
