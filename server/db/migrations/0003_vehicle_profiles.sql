CREATE TABLE "vehicle_profiles" (
	"device_id" integer PRIMARY KEY NOT NULL,
	"driver_name" varchar(64) DEFAULT '' NOT NULL,
	"driver_phone" varchar(32) DEFAULT '' NOT NULL,
	"vehicle_model" varchar(64) DEFAULT '' NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "vehicle_profiles" ADD CONSTRAINT "vehicle_profiles_device_id_devices_id_fk" FOREIGN KEY ("device_id") REFERENCES "public"."devices"("id") ON DELETE cascade ON UPDATE no action;