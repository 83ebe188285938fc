CREATE TABLE "command_batch_items" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"batch_id" integer NOT NULL,
	"device_id" integer,
	"terminal_id" varchar(20) NOT NULL,
	"status" varchar(16) DEFAULT 'pending' NOT NULL,
	"reason" varchar(48),
	"content" text,
	"reply" text,
	"result" smallint,
	"command_id" bigint,
	"offline_command_id" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "command_batches" (
	"id" serial PRIMARY KEY NOT NULL,
	"batch_key" varchar(64) NOT NULL,
	"user_id" integer,
	"command_key" varchar(32),
	"params" jsonb,
	"content" text,
	"label" varchar(200) DEFAULT '' NOT NULL,
	"total" integer NOT NULL,
	"status" varchar(16) DEFAULT 'running' NOT NULL,
	"node" varchar(64) DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone,
	CONSTRAINT "command_batches_batch_key_unique" UNIQUE("batch_key")
);
--> statement-breakpoint
CREATE TABLE "command_presets" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"name" varchar(64) NOT NULL,
	"command_key" varchar(32),
	"params" jsonb,
	"content" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "command_presets_user_name_uq" UNIQUE("user_id","name")
);
--> statement-breakpoint
ALTER TABLE "devices" ADD COLUMN "nb_device_id" varchar(64);--> statement-breakpoint
ALTER TABLE "command_batch_items" ADD CONSTRAINT "command_batch_items_batch_id_command_batches_id_fk" FOREIGN KEY ("batch_id") REFERENCES "public"."command_batches"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "command_batch_items" ADD CONSTRAINT "command_batch_items_device_id_devices_id_fk" FOREIGN KEY ("device_id") REFERENCES "public"."devices"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "command_batches" ADD CONSTRAINT "command_batches_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "command_presets" ADD CONSTRAINT "command_presets_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "command_batch_items_batch_status_idx" ON "command_batch_items" USING btree ("batch_id","status");--> statement-breakpoint
CREATE INDEX "command_batch_items_terminal_idx" ON "command_batch_items" USING btree ("terminal_id","updated_at");--> statement-breakpoint
CREATE INDEX "command_batch_items_time_idx" ON "command_batch_items" USING btree ("updated_at");--> statement-breakpoint
CREATE INDEX "command_batches_user_time_idx" ON "command_batches" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "command_presets_user_idx" ON "command_presets" USING btree ("user_id");