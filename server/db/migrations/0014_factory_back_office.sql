CREATE TABLE "test_configs" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" varchar(64) NOT NULL,
	"device_type" varchar(32) DEFAULT '' NOT NULL,
	"kind" smallint NOT NULL,
	"items" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "test_configs_name_unique" UNIQUE("name")
);
--> statement-breakpoint
CREATE TABLE "test_results" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"terminal_id" varchar(20) NOT NULL,
	"kind" smallint NOT NULL,
	"passed" boolean NOT NULL,
	"items" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"gps" jsonb,
	"device_type" varchar(32) DEFAULT '' NOT NULL,
	"firmware_version" varchar(64) DEFAULT '' NOT NULL,
	"iccid" varchar(24) DEFAULT '' NOT NULL,
	"station" varchar(64) DEFAULT '' NOT NULL,
	"operator" varchar(64) DEFAULT '' NOT NULL,
	"config_id" integer,
	"uploaded_by" integer,
	"tested_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "firmwares" (
	"id" serial PRIMARY KEY NOT NULL,
	"file_name" varchar(128) NOT NULL,
	"version" varchar(64) NOT NULL,
	"device_type" varchar(32) NOT NULL,
	"protocol" smallint NOT NULL,
	"size" integer NOT NULL,
	"sha256" varchar(64) NOT NULL,
	"md5" varchar(32) NOT NULL,
	"storage_key" varchar(128) NOT NULL,
	"notes" text DEFAULT '' NOT NULL,
	"uploaded_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "firmwares_type_version_uq" UNIQUE("device_type","version")
);
--> statement-breakpoint
CREATE TABLE "stock_records" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"terminal_id" varchar(20) NOT NULL,
	"op" varchar(16) NOT NULL,
	"detail" jsonb,
	"user_id" integer,
	"target_user_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "device_connections" (
	"terminal_id" varchar(20) PRIMARY KEY NOT NULL,
	"device_id" integer,
	"protocol" smallint,
	"node" varchar(64) DEFAULT '' NOT NULL,
	"remote_addr" varchar(64) DEFAULT '' NOT NULL,
	"local_addr" varchar(64) DEFAULT '' NOT NULL,
	"local_port" integer DEFAULT 0 NOT NULL,
	"online" boolean DEFAULT false NOT NULL,
	"connected_at" timestamp with time zone,
	"disconnected_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "ip_transfer_devices" (
	"id" serial PRIMARY KEY NOT NULL,
	"transfer_id" integer NOT NULL,
	"terminal_id" varchar(20) NOT NULL,
	"device_id" integer,
	"protocol" smallint,
	"from_addr" varchar(160) DEFAULT '' NOT NULL,
	"status" varchar(16) DEFAULT 'pending' NOT NULL,
	"result" text,
	"sent_at" timestamp with time zone,
	"moved_at" timestamp with time zone,
	CONSTRAINT "ip_transfer_devices_uq" UNIQUE("transfer_id","terminal_id")
);
--> statement-breakpoint
CREATE TABLE "ip_transfers" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" varchar(64) DEFAULT '' NOT NULL,
	"host" varchar(128) NOT NULL,
	"port" integer NOT NULL,
	"status" varchar(16) DEFAULT 'running' NOT NULL,
	"total" integer DEFAULT 0 NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "device_ids" (
	"id" serial PRIMARY KEY NOT NULL,
	"code" varchar(32) NOT NULL,
	"terminal_id" varchar(20),
	"device_type" varchar(32) DEFAULT '' NOT NULL,
	"batch_no" varchar(32) DEFAULT '' NOT NULL,
	"bound_at" timestamp with time zone,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "device_ids_code_unique" UNIQUE("code"),
	CONSTRAINT "device_ids_terminal_id_unique" UNIQUE("terminal_id")
);
--> statement-breakpoint
CREATE TABLE "nb_subscriptions" (
	"id" serial PRIMARY KEY NOT NULL,
	"kind" varchar(8) NOT NULL,
	"notify_type" varchar(48) NOT NULL,
	"callback_url" varchar(512) NOT NULL,
	"provider" varchar(16) DEFAULT 'sandbox' NOT NULL,
	"provider_ref" varchar(128),
	"status" varchar(16) DEFAULT 'active' NOT NULL,
	"last_error" text,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "nb_subscriptions_kind_type_uq" UNIQUE("kind","notify_type")
);
--> statement-breakpoint
CREATE TABLE "platform_configs" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"host" varchar(128) NOT NULL,
	"port" integer NOT NULL,
	"apn" varchar(64) DEFAULT '' NOT NULL,
	"apn_user" varchar(64) DEFAULT '' NOT NULL,
	"apn_password" varchar(64) DEFAULT '' NOT NULL,
	"upload_interval" integer DEFAULT 30 NOT NULL,
	"timezone" smallint DEFAULT 0 NOT NULL,
	"extra" jsonb,
	"updated_by" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "platform_configs_user_id_unique" UNIQUE("user_id")
);
--> statement-breakpoint
ALTER TABLE "ota_jobs" ADD COLUMN "firmware_id" integer;--> statement-breakpoint
ALTER TABLE "ota_jobs" ADD COLUMN "target_mode" varchar(8) DEFAULT 'imeis' NOT NULL;--> statement-breakpoint
ALTER TABLE "ota_jobs" ADD COLUMN "finished_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "ota_job_devices" ADD COLUMN "attempts" smallint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "ota_job_devices" ADD COLUMN "bytes_sent" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "ota_job_devices" ADD COLUMN "token" varchar(40);--> statement-breakpoint
ALTER TABLE "ota_job_devices" ADD COLUMN "sent_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "ota_job_devices" ADD COLUMN "finished_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "test_configs" ADD CONSTRAINT "test_configs_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "test_results" ADD CONSTRAINT "test_results_config_id_test_configs_id_fk" FOREIGN KEY ("config_id") REFERENCES "public"."test_configs"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "test_results" ADD CONSTRAINT "test_results_uploaded_by_users_id_fk" FOREIGN KEY ("uploaded_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "firmwares" ADD CONSTRAINT "firmwares_uploaded_by_users_id_fk" FOREIGN KEY ("uploaded_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_records" ADD CONSTRAINT "stock_records_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_records" ADD CONSTRAINT "stock_records_target_user_id_users_id_fk" FOREIGN KEY ("target_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "device_connections" ADD CONSTRAINT "device_connections_device_id_devices_id_fk" FOREIGN KEY ("device_id") REFERENCES "public"."devices"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ip_transfer_devices" ADD CONSTRAINT "ip_transfer_devices_transfer_id_ip_transfers_id_fk" FOREIGN KEY ("transfer_id") REFERENCES "public"."ip_transfers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ip_transfer_devices" ADD CONSTRAINT "ip_transfer_devices_device_id_devices_id_fk" FOREIGN KEY ("device_id") REFERENCES "public"."devices"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ip_transfers" ADD CONSTRAINT "ip_transfers_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "device_ids" ADD CONSTRAINT "device_ids_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "nb_subscriptions" ADD CONSTRAINT "nb_subscriptions_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "platform_configs" ADD CONSTRAINT "platform_configs_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "platform_configs" ADD CONSTRAINT "platform_configs_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "test_results_terminal_time_idx" ON "test_results" USING btree ("terminal_id","tested_at");--> statement-breakpoint
CREATE INDEX "test_results_time_idx" ON "test_results" USING btree ("tested_at");--> statement-breakpoint
CREATE INDEX "stock_records_terminal_time_idx" ON "stock_records" USING btree ("terminal_id","created_at");--> statement-breakpoint
CREATE INDEX "stock_records_time_idx" ON "stock_records" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "ip_transfer_devices_terminal_idx" ON "ip_transfer_devices" USING btree ("terminal_id");--> statement-breakpoint
CREATE INDEX "ip_transfers_created_idx" ON "ip_transfers" USING btree ("created_at");--> statement-breakpoint
ALTER TABLE "ota_jobs" ADD CONSTRAINT "ota_jobs_firmware_id_firmwares_id_fk" FOREIGN KEY ("firmware_id") REFERENCES "public"."firmwares"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ota_job_devices" ADD CONSTRAINT "ota_job_devices_token_uq" UNIQUE("token");