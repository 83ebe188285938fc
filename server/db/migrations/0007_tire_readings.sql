CREATE TABLE "tire_readings" (
	"device_id" integer NOT NULL,
	"position" smallint NOT NULL,
	"pressure_kpa" integer,
	"temperature_c" integer,
	"battery_pct" smallint,
	"event_type" integer DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "tire_readings_device_id_position_pk" PRIMARY KEY("device_id","position")
);
--> statement-breakpoint
ALTER TABLE "tire_readings" ADD CONSTRAINT "tire_readings_device_id_devices_id_fk" FOREIGN KEY ("device_id") REFERENCES "public"."devices"("id") ON DELETE cascade ON UPDATE no action;