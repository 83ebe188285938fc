CREATE TABLE "track_owner_days" (
	"user_id" integer NOT NULL,
	"day" date NOT NULL,
	"mileage_m" double precision NOT NULL,
	"moving_s" bigint NOT NULL,
	"devices" integer NOT NULL,
	CONSTRAINT "track_owner_days_user_id_day_pk" PRIMARY KEY("user_id","day")
);
--> statement-breakpoint
ALTER TABLE "track_rollup_cursors" ADD COLUMN "owner_id" integer;--> statement-breakpoint
ALTER TABLE "track_owner_days" ADD CONSTRAINT "track_owner_days_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;