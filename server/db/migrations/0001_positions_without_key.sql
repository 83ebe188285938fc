ALTER TABLE "positions" DROP CONSTRAINT "positions_pkey";--> statement-breakpoint
ALTER TABLE "positions" DROP COLUMN "id";--> statement-breakpoint
-- Hand edit: leave room in each devices page so the last-position update of every ingest batch
-- can be a HOT update (no index entries rewritten). drizzle-kit cannot express storage options.
ALTER TABLE "devices" SET (fillfactor = 70);
