CREATE TABLE "area_visits" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"fence_id" integer NOT NULL,
	"device_id" integer NOT NULL,
	"arrived_at" timestamp with time zone NOT NULL,
	"departed_at" timestamp with time zone,
	"lat" double precision,
	"lon" double precision
);
--> statement-breakpoint
CREATE TABLE "bus_route_devices" (
	"route_id" integer NOT NULL,
	"device_id" integer NOT NULL,
	CONSTRAINT "bus_route_devices_route_id_device_id_pk" PRIMARY KEY("route_id","device_id")
);
--> statement-breakpoint
CREATE TABLE "bus_routes" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"name" varchar(64) NOT NULL,
	"line" jsonb NOT NULL,
	"stops" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "bus_stop_arrivals" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"route_id" integer NOT NULL,
	"device_id" integer NOT NULL,
	"stop_index" smallint NOT NULL,
	"arrived_at" timestamp with time zone NOT NULL,
	"departed_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "notifications" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"alarm_id" bigint,
	"user_id" integer,
	"channel" varchar(16) NOT NULL,
	"target" varchar(512) NOT NULL,
	"body" text NOT NULL,
	"status" varchar(16) DEFAULT 'pending' NOT NULL,
	"attempts" smallint DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_error" varchar(255),
	"provider" varchar(32),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "webhook_endpoints" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"url" varchar(512) NOT NULL,
	"secret" varchar(128) NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "device_locks" (
	"device_id" integer PRIMARY KEY NOT NULL,
	"unlocked_at" timestamp with time zone NOT NULL,
	"restored_at" timestamp with time zone
);
--> statement-breakpoint
DROP INDEX "fences_user_name_idx";--> statement-breakpoint
ALTER TABLE "fences" ADD COLUMN "purpose" varchar(16) DEFAULT 'fence' NOT NULL;--> statement-breakpoint
ALTER TABLE "area_visits" ADD CONSTRAINT "area_visits_fence_id_fences_id_fk" FOREIGN KEY ("fence_id") REFERENCES "public"."fences"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "area_visits" ADD CONSTRAINT "area_visits_device_id_devices_id_fk" FOREIGN KEY ("device_id") REFERENCES "public"."devices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bus_route_devices" ADD CONSTRAINT "bus_route_devices_route_id_bus_routes_id_fk" FOREIGN KEY ("route_id") REFERENCES "public"."bus_routes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bus_route_devices" ADD CONSTRAINT "bus_route_devices_device_id_devices_id_fk" FOREIGN KEY ("device_id") REFERENCES "public"."devices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bus_routes" ADD CONSTRAINT "bus_routes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bus_stop_arrivals" ADD CONSTRAINT "bus_stop_arrivals_route_id_bus_routes_id_fk" FOREIGN KEY ("route_id") REFERENCES "public"."bus_routes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bus_stop_arrivals" ADD CONSTRAINT "bus_stop_arrivals_device_id_devices_id_fk" FOREIGN KEY ("device_id") REFERENCES "public"."devices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_alarm_id_alarms_id_fk" FOREIGN KEY ("alarm_id") REFERENCES "public"."alarms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "webhook_endpoints" ADD CONSTRAINT "webhook_endpoints_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "device_locks" ADD CONSTRAINT "device_locks_device_id_devices_id_fk" FOREIGN KEY ("device_id") REFERENCES "public"."devices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "area_visits_key_idx" ON "area_visits" USING btree ("fence_id","device_id","arrived_at");--> statement-breakpoint
CREATE INDEX "area_visits_device_idx" ON "area_visits" USING btree ("device_id","arrived_at");--> statement-breakpoint
CREATE INDEX "bus_route_devices_device_idx" ON "bus_route_devices" USING btree ("device_id");--> statement-breakpoint
CREATE UNIQUE INDEX "bus_routes_user_name_idx" ON "bus_routes" USING btree ("user_id","name");--> statement-breakpoint
CREATE UNIQUE INDEX "bus_stop_arrivals_key_idx" ON "bus_stop_arrivals" USING btree ("route_id","device_id","stop_index","arrived_at");--> statement-breakpoint
CREATE INDEX "bus_stop_arrivals_route_idx" ON "bus_stop_arrivals" USING btree ("route_id","arrived_at");--> statement-breakpoint
CREATE INDEX "notifications_due_idx" ON "notifications" USING btree ("status","next_attempt_at");--> statement-breakpoint
CREATE INDEX "notifications_alarm_idx" ON "notifications" USING btree ("alarm_id");--> statement-breakpoint
CREATE INDEX "webhook_endpoints_user_idx" ON "webhook_endpoints" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "fences_user_purpose_name_idx" ON "fences" USING btree ("user_id","purpose","name");