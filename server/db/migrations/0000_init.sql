CREATE TABLE "users" (
	"id" serial PRIMARY KEY NOT NULL,
	"parent_id" integer DEFAULT 0 NOT NULL,
	"ancestors" varchar(1000) DEFAULT '0' NOT NULL,
	"username" varchar(64) NOT NULL,
	"password_hash" text NOT NULL,
	"nickname" varchar(64) DEFAULT '' NOT NULL,
	"realname" varchar(64) DEFAULT '' NOT NULL,
	"telephone" varchar(32) DEFAULT '' NOT NULL,
	"email" varchar(128) DEFAULT '' NOT NULL,
	"address" varchar(255) DEFAULT '' NOT NULL,
	"id_card" varchar(32) DEFAULT '' NOT NULL,
	"role" smallint NOT NULL,
	"import_num" integer DEFAULT 0 NOT NULL,
	"expire_at" timestamp with time zone,
	"language" varchar(8),
	"pay_allowed" boolean DEFAULT false NOT NULL,
	"remark" varchar(255) DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "users_username_unique" UNIQUE("username")
);
--> statement-breakpoint
CREATE TABLE "sessions" (
	"token_hash" varchar(64) PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"device_id" integer,
	"ip" varchar(64) DEFAULT '' NOT NULL,
	"user_agent" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "devices" (
	"id" serial PRIMARY KEY NOT NULL,
	"terminal_id" varchar(20) NOT NULL,
	"user_id" integer,
	"agent_id" integer,
	"nickname" varchar(64) DEFAULT '' NOT NULL,
	"car_number" varchar(16) DEFAULT '' NOT NULL,
	"sim" varchar(20) DEFAULT '' NOT NULL,
	"iccid" varchar(24) DEFAULT '' NOT NULL,
	"card_iccid" varchar(24) DEFAULT '' NOT NULL,
	"device_type" varchar(32) DEFAULT '' NOT NULL,
	"protocol" smallint NOT NULL,
	"import_protocol" smallint DEFAULT 0 NOT NULL,
	"icon_type" smallint DEFAULT 1 NOT NULL,
	"timezone" smallint DEFAULT 8 NOT NULL,
	"expire_type" smallint DEFAULT 0 NOT NULL,
	"host" varchar(128) DEFAULT '' NOT NULL,
	"password_hash" text,
	"state" smallint DEFAULT 3 NOT NULL,
	"state_time" timestamp with time zone,
	"activated_at" timestamp with time zone,
	"platform_expire_at" timestamp with time zone,
	"user_expire_at" timestamp with time zone,
	"last_online_at" timestamp with time zone,
	"offline_at" timestamp with time zone,
	"lat" double precision,
	"lon" double precision,
	"speed" real,
	"course" smallint,
	"altitude" real,
	"fix_time" timestamp with time zone,
	"position_type" varchar(8),
	"valid" boolean,
	"acc" boolean,
	"battery" smallint,
	"mileage" double precision,
	"remark" varchar(255) DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "devices_terminal_id_unique" UNIQUE("terminal_id")
);
--> statement-breakpoint
CREATE TABLE "device_types" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" varchar(32) NOT NULL,
	"protocol" smallint NOT NULL,
	"import_protocol" smallint DEFAULT 0 NOT NULL,
	"description" varchar(255) DEFAULT '' NOT NULL,
	"icon_type" smallint DEFAULT 1 NOT NULL,
	"command_config" jsonb DEFAULT '{"commands":[]}'::jsonb NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "device_types_name_unique" UNIQUE("name")
);
--> statement-breakpoint
CREATE TABLE "positions" (
	"id" bigserial NOT NULL,
	"device_id" integer NOT NULL,
	"fix_time" timestamp with time zone NOT NULL,
	"server_time" timestamp with time zone DEFAULT now() NOT NULL,
	"lat" double precision NOT NULL,
	"lon" double precision NOT NULL,
	"speed" real DEFAULT 0 NOT NULL,
	"course" smallint DEFAULT 0 NOT NULL,
	"altitude" real,
	"valid" boolean DEFAULT true NOT NULL,
	"position_type" varchar(8) DEFAULT 'gps' NOT NULL,
	"satellites" smallint,
	"acc" boolean,
	"battery" smallint,
	"mileage" double precision,
	"alarm" varchar(32),
	"attributes" jsonb,
	CONSTRAINT "positions_pkey" PRIMARY KEY("id","fix_time")
) PARTITION BY RANGE ("fix_time");
--> statement-breakpoint
-- Hand edit (drizzle-kit cannot express partitioning): positions is partitioned by month of
-- fix_time. Monthly partitions positions_yYYYYmMM are created at start by
-- ensurePositionPartitions (server/db/partitions.ts); the DEFAULT partition catches fixes
-- outside them (device clocks far in the past or future) so an insert never fails.
CREATE TABLE "positions_default" PARTITION OF "positions" DEFAULT;
--> statement-breakpoint
CREATE TABLE "alarms" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"device_id" integer NOT NULL,
	"type" varchar(32) NOT NULL,
	"time" timestamp with time zone NOT NULL,
	"lat" double precision,
	"lon" double precision,
	"speed" real,
	"read" boolean DEFAULT false NOT NULL,
	"address" varchar(255),
	"attributes" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "fences" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" varchar(64) NOT NULL,
	"user_id" integer NOT NULL,
	"type" varchar(16) NOT NULL,
	"center_lat" double precision,
	"center_lon" double precision,
	"radius" integer,
	"points" jsonb,
	"state" smallint DEFAULT 1 NOT NULL,
	"alarm_mode" varchar(8) DEFAULT 'inout' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "fence_devices" (
	"fence_id" integer NOT NULL,
	"device_id" integer NOT NULL,
	"inside" boolean,
	"inside_changed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "fence_devices_fence_id_device_id_pk" PRIMARY KEY("fence_id","device_id")
);
--> statement-breakpoint
CREATE TABLE "commands" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"device_id" integer,
	"terminal_id" varchar(20) NOT NULL,
	"user_id" integer,
	"content" text NOT NULL,
	"reply" text,
	"result" smallint,
	"status" varchar(16) DEFAULT 'pending' NOT NULL,
	"protocol" smallint NOT NULL,
	"offline_command_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone,
	"replied_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "offline_commands" (
	"id" serial PRIMARY KEY NOT NULL,
	"seq" bigserial NOT NULL,
	"device_id" integer NOT NULL,
	"terminal_id" varchar(20) NOT NULL,
	"user_id" integer,
	"content" text NOT NULL,
	"protocol" smallint NOT NULL,
	"status" varchar(16) DEFAULT 'queued' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"last_attempt_at" timestamp with time zone,
	"reply" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone,
	"delivered_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "command_status_log" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"command_id" bigint,
	"offline_command_id" integer,
	"terminal_id" varchar(20) NOT NULL,
	"status" varchar(16) NOT NULL,
	"detail" text,
	"user_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "orders" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_no" varchar(40) NOT NULL,
	"amount" numeric(12, 2) NOT NULL,
	"currency" varchar(3) DEFAULT 'CNY' NOT NULL,
	"user_id" integer NOT NULL,
	"agent_id" integer,
	"payment_type" smallint NOT NULL,
	"recharge_type" smallint NOT NULL,
	"recharge_target" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"discount_code" varchar(32),
	"discount_rate" numeric(4, 3),
	"expire_time" timestamp with time zone,
	"days" integer NOT NULL,
	"unit_price" numeric(12, 2) NOT NULL,
	"status" smallint DEFAULT 1 NOT NULL,
	"transaction_id" varchar(64),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"paid_at" timestamp with time zone,
	"refunded_at" timestamp with time zone,
	CONSTRAINT "orders_order_no_unique" UNIQUE("order_no")
);
--> statement-breakpoint
CREATE TABLE "discount_codes" (
	"id" serial PRIMARY KEY NOT NULL,
	"code" varchar(32) NOT NULL,
	"rate" numeric(4, 3) NOT NULL,
	"used" boolean DEFAULT false NOT NULL,
	"status" smallint DEFAULT 1 NOT NULL,
	"user_id" integer NOT NULL,
	"used_by" integer,
	"order_id" integer,
	"used_at" timestamp with time zone,
	"expires_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "discount_codes_code_unique" UNIQUE("code")
);
--> statement-breakpoint
CREATE TABLE "prepaid_cards" (
	"id" serial PRIMARY KEY NOT NULL,
	"card_no" varchar(32) NOT NULL,
	"card_type" smallint NOT NULL,
	"user_id" integer NOT NULL,
	"used" boolean DEFAULT false NOT NULL,
	"used_device_id" integer,
	"used_terminal_id" varchar(20),
	"used_by" integer,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "prepaid_cards_card_no_unique" UNIQUE("card_no")
);
--> statement-breakpoint
CREATE TABLE "card_records" (
	"id" serial PRIMARY KEY NOT NULL,
	"operation" smallint NOT NULL,
	"from_user_id" integer,
	"to_user_id" integer,
	"operator_id" integer,
	"count" integer NOT NULL,
	"card_type" smallint NOT NULL,
	"terminal_ids" jsonb,
	"remark" varchar(255) DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payment_accounts" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"type" smallint NOT NULL,
	"account" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"remark" varchar(255) DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payment_accounts_user_type_uq" UNIQUE("user_id","type")
);
--> statement-breakpoint
CREATE TABLE "renew_prices" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"card_type" smallint NOT NULL,
	"price" numeric(12, 2) NOT NULL,
	"currency" varchar(3) DEFAULT 'CNY' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "renew_prices_user_card_type_uq" UNIQUE("user_id","card_type")
);
--> statement-breakpoint
CREATE TABLE "device_counts" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"device_count" integer DEFAULT 0 NOT NULL,
	"total_device_count" integer DEFAULT 0 NOT NULL,
	"remark" varchar(255) DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "device_counts_user_id_unique" UNIQUE("user_id")
);
--> statement-breakpoint
CREATE TABLE "import_num_records" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"operator_id" integer,
	"delta" integer NOT NULL,
	"balance_after" integer NOT NULL,
	"remark" varchar(255) DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "device_logs" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"device_id" integer,
	"terminal_id" varchar(20) NOT NULL,
	"direction" varchar(3) NOT NULL,
	"protocol" smallint,
	"raw" text NOT NULL,
	"decoded" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ota_jobs" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" varchar(64) NOT NULL,
	"firmware_version" varchar(64) NOT NULL,
	"firmware_url" varchar(512) DEFAULT '' NOT NULL,
	"device_type" varchar(32) NOT NULL,
	"target_terminal_ids" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"status" varchar(16) DEFAULT 'pending' NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ota_job_devices" (
	"id" serial PRIMARY KEY NOT NULL,
	"job_id" integer NOT NULL,
	"device_id" integer,
	"terminal_id" varchar(20) NOT NULL,
	"status" varchar(16) DEFAULT 'pending' NOT NULL,
	"progress" smallint DEFAULT 0 NOT NULL,
	"from_version" varchar(64),
	"result" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ota_job_devices_job_terminal_uq" UNIQUE("job_id","terminal_id")
);
--> statement-breakpoint
CREATE TABLE "stock" (
	"id" serial PRIMARY KEY NOT NULL,
	"terminal_id" varchar(20) NOT NULL,
	"device_type" varchar(32) DEFAULT '' NOT NULL,
	"protocol" smallint NOT NULL,
	"imei" varchar(20),
	"iccid" varchar(24),
	"firmware_version" varchar(64),
	"test_passed" boolean DEFAULT false NOT NULL,
	"tested_at" timestamp with time zone,
	"test_record" jsonb,
	"status" varchar(16) DEFAULT 'in_stock' NOT NULL,
	"shipped_to" integer,
	"shipped_at" timestamp with time zone,
	"batch_no" varchar(32) DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "stock_terminal_id_unique" UNIQUE("terminal_id")
);
--> statement-breakpoint
CREATE TABLE "system_settings" (
	"key" varchar(64) PRIMARY KEY NOT NULL,
	"value" jsonb,
	"updated_by" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_device_id_devices_id_fk" FOREIGN KEY ("device_id") REFERENCES "public"."devices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "devices" ADD CONSTRAINT "devices_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "devices" ADD CONSTRAINT "devices_agent_id_users_id_fk" FOREIGN KEY ("agent_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "alarms" ADD CONSTRAINT "alarms_device_id_devices_id_fk" FOREIGN KEY ("device_id") REFERENCES "public"."devices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fences" ADD CONSTRAINT "fences_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fence_devices" ADD CONSTRAINT "fence_devices_fence_id_fences_id_fk" FOREIGN KEY ("fence_id") REFERENCES "public"."fences"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fence_devices" ADD CONSTRAINT "fence_devices_device_id_devices_id_fk" FOREIGN KEY ("device_id") REFERENCES "public"."devices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "commands" ADD CONSTRAINT "commands_device_id_devices_id_fk" FOREIGN KEY ("device_id") REFERENCES "public"."devices"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "commands" ADD CONSTRAINT "commands_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "commands" ADD CONSTRAINT "commands_offline_command_id_offline_commands_id_fk" FOREIGN KEY ("offline_command_id") REFERENCES "public"."offline_commands"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "offline_commands" ADD CONSTRAINT "offline_commands_device_id_devices_id_fk" FOREIGN KEY ("device_id") REFERENCES "public"."devices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "offline_commands" ADD CONSTRAINT "offline_commands_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "command_status_log" ADD CONSTRAINT "command_status_log_command_id_commands_id_fk" FOREIGN KEY ("command_id") REFERENCES "public"."commands"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "command_status_log" ADD CONSTRAINT "command_status_log_offline_command_id_offline_commands_id_fk" FOREIGN KEY ("offline_command_id") REFERENCES "public"."offline_commands"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "command_status_log" ADD CONSTRAINT "command_status_log_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_agent_id_users_id_fk" FOREIGN KEY ("agent_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "discount_codes" ADD CONSTRAINT "discount_codes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "discount_codes" ADD CONSTRAINT "discount_codes_used_by_users_id_fk" FOREIGN KEY ("used_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "discount_codes" ADD CONSTRAINT "discount_codes_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "prepaid_cards" ADD CONSTRAINT "prepaid_cards_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "prepaid_cards" ADD CONSTRAINT "prepaid_cards_used_device_id_devices_id_fk" FOREIGN KEY ("used_device_id") REFERENCES "public"."devices"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "prepaid_cards" ADD CONSTRAINT "prepaid_cards_used_by_users_id_fk" FOREIGN KEY ("used_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "card_records" ADD CONSTRAINT "card_records_from_user_id_users_id_fk" FOREIGN KEY ("from_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "card_records" ADD CONSTRAINT "card_records_to_user_id_users_id_fk" FOREIGN KEY ("to_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "card_records" ADD CONSTRAINT "card_records_operator_id_users_id_fk" FOREIGN KEY ("operator_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_accounts" ADD CONSTRAINT "payment_accounts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "renew_prices" ADD CONSTRAINT "renew_prices_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "device_counts" ADD CONSTRAINT "device_counts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "import_num_records" ADD CONSTRAINT "import_num_records_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "import_num_records" ADD CONSTRAINT "import_num_records_operator_id_users_id_fk" FOREIGN KEY ("operator_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "device_logs" ADD CONSTRAINT "device_logs_device_id_devices_id_fk" FOREIGN KEY ("device_id") REFERENCES "public"."devices"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ota_jobs" ADD CONSTRAINT "ota_jobs_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ota_job_devices" ADD CONSTRAINT "ota_job_devices_job_id_ota_jobs_id_fk" FOREIGN KEY ("job_id") REFERENCES "public"."ota_jobs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ota_job_devices" ADD CONSTRAINT "ota_job_devices_device_id_devices_id_fk" FOREIGN KEY ("device_id") REFERENCES "public"."devices"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock" ADD CONSTRAINT "stock_shipped_to_users_id_fk" FOREIGN KEY ("shipped_to") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "system_settings" ADD CONSTRAINT "system_settings_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "users_parent_idx" ON "users" USING btree ("parent_id");--> statement-breakpoint
CREATE INDEX "users_ancestors_idx" ON "users" USING btree ("ancestors" varchar_pattern_ops);--> statement-breakpoint
CREATE INDEX "sessions_user_idx" ON "sessions" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "sessions_expires_idx" ON "sessions" USING btree ("expires_at");--> statement-breakpoint
CREATE INDEX "devices_user_idx" ON "devices" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "devices_agent_idx" ON "devices" USING btree ("agent_id");--> statement-breakpoint
CREATE INDEX "devices_state_idx" ON "devices" USING btree ("state");--> statement-breakpoint
CREATE INDEX "devices_car_number_idx" ON "devices" USING btree ("car_number");--> statement-breakpoint
CREATE INDEX "devices_platform_expire_idx" ON "devices" USING btree ("platform_expire_at");--> statement-breakpoint
CREATE INDEX "positions_device_time_idx" ON "positions" USING btree ("device_id","fix_time");--> statement-breakpoint
CREATE INDEX "alarms_device_time_idx" ON "alarms" USING btree ("device_id","time");--> statement-breakpoint
CREATE INDEX "alarms_time_idx" ON "alarms" USING btree ("time");--> statement-breakpoint
CREATE INDEX "fences_user_idx" ON "fences" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "fence_devices_device_idx" ON "fence_devices" USING btree ("device_id");--> statement-breakpoint
CREATE INDEX "commands_device_time_idx" ON "commands" USING btree ("device_id","created_at");--> statement-breakpoint
CREATE INDEX "commands_terminal_time_idx" ON "commands" USING btree ("terminal_id","created_at");--> statement-breakpoint
CREATE INDEX "commands_user_idx" ON "commands" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "offline_commands_device_status_seq_idx" ON "offline_commands" USING btree ("device_id","status","seq");--> statement-breakpoint
CREATE INDEX "offline_commands_terminal_idx" ON "offline_commands" USING btree ("terminal_id");--> statement-breakpoint
CREATE INDEX "command_status_log_command_idx" ON "command_status_log" USING btree ("command_id");--> statement-breakpoint
CREATE INDEX "command_status_log_offline_idx" ON "command_status_log" USING btree ("offline_command_id");--> statement-breakpoint
CREATE INDEX "command_status_log_terminal_time_idx" ON "command_status_log" USING btree ("terminal_id","created_at");--> statement-breakpoint
CREATE INDEX "orders_user_time_idx" ON "orders" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "orders_agent_idx" ON "orders" USING btree ("agent_id");--> statement-breakpoint
CREATE INDEX "orders_status_idx" ON "orders" USING btree ("status");--> statement-breakpoint
CREATE INDEX "discount_codes_user_idx" ON "discount_codes" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "prepaid_cards_owner_idx" ON "prepaid_cards" USING btree ("user_id","card_type","used");--> statement-breakpoint
CREATE INDEX "card_records_from_idx" ON "card_records" USING btree ("from_user_id","created_at");--> statement-breakpoint
CREATE INDEX "card_records_to_idx" ON "card_records" USING btree ("to_user_id","created_at");--> statement-breakpoint
CREATE INDEX "import_num_records_user_time_idx" ON "import_num_records" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "device_logs_terminal_time_idx" ON "device_logs" USING btree ("terminal_id","created_at");--> statement-breakpoint
CREATE INDEX "device_logs_time_idx" ON "device_logs" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "ota_jobs_created_idx" ON "ota_jobs" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "ota_job_devices_terminal_idx" ON "ota_job_devices" USING btree ("terminal_id");--> statement-breakpoint
CREATE INDEX "stock_status_idx" ON "stock" USING btree ("status");--> statement-breakpoint
CREATE INDEX "stock_shipped_to_idx" ON "stock" USING btree ("shipped_to");--> statement-breakpoint
CREATE INDEX "stock_iccid_idx" ON "stock" USING btree ("iccid");