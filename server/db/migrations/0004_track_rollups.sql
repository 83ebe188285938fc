CREATE TABLE "track_days" (
	"device_id" integer NOT NULL,
	"day" date NOT NULL,
	"mileage_m" double precision DEFAULT 0 NOT NULL,
	"moving_s" integer DEFAULT 0 NOT NULL,
	"max_speed" real DEFAULT 0 NOT NULL,
	"points" integer DEFAULT 0 NOT NULL,
	"counts" integer[] NOT NULL,
	"first_fix" timestamp with time zone,
	"last_fix" timestamp with time zone,
	"battery_last" smallint,
	"battery_min" smallint,
	"alarms" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"alarm_count" integer DEFAULT 0 NOT NULL,
	"computed_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "track_days_device_id_day_pk" PRIMARY KEY("device_id","day")
);
--> statement-breakpoint
CREATE TABLE "track_day_shapes" (
	"device_id" integer NOT NULL,
	"day" date NOT NULL,
	"runs" jsonb NOT NULL,
	"speed" jsonb NOT NULL,
	"shape" jsonb NOT NULL,
	CONSTRAINT "track_day_shapes_device_id_day_pk" PRIMARY KEY("device_id","day")
);
--> statement-breakpoint
CREATE TABLE "track_rollup_cursors" (
	"device_id" integer PRIMARY KEY NOT NULL,
	"fix_time" timestamp with time zone NOT NULL,
	"rolled_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "track_users" (
	"user_id" integer NOT NULL,
	"device_id" integer NOT NULL,
	"position" smallint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "track_users_user_id_device_id_pk" PRIMARY KEY("user_id","device_id")
);
--> statement-breakpoint
ALTER TABLE "track_days" ADD CONSTRAINT "track_days_device_id_devices_id_fk" FOREIGN KEY ("device_id") REFERENCES "public"."devices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "track_day_shapes" ADD CONSTRAINT "track_day_shapes_device_id_devices_id_fk" FOREIGN KEY ("device_id") REFERENCES "public"."devices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "track_rollup_cursors" ADD CONSTRAINT "track_rollup_cursors_device_id_devices_id_fk" FOREIGN KEY ("device_id") REFERENCES "public"."devices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "track_users" ADD CONSTRAINT "track_users_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "track_users" ADD CONSTRAINT "track_users_device_id_devices_id_fk" FOREIGN KEY ("device_id") REFERENCES "public"."devices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "track_days_report_idx" ON "track_days" USING btree ("device_id","day","mileage_m","moving_s","max_speed","points");