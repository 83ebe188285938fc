CREATE TABLE "card_balances" (
	"user_id" integer NOT NULL,
	"card_type" smallint NOT NULL,
	"count" integer DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "card_balances_user_id_card_type_pk" PRIMARY KEY("user_id","card_type"),
	CONSTRAINT "card_balances_count_ck" CHECK ("card_balances"."count" >= 0)
);
--> statement-breakpoint
CREATE TABLE "order_renewals" (
	"order_id" integer NOT NULL,
	"terminal_id" varchar(20) NOT NULL,
	"device_id" integer,
	"expire_before" timestamp with time zone,
	"expire_after" timestamp with time zone NOT NULL,
	"user_expire_before" timestamp with time zone,
	"user_expire_after" timestamp with time zone,
	CONSTRAINT "order_renewals_order_id_terminal_id_pk" PRIMARY KEY("order_id","terminal_id")
);
--> statement-breakpoint
CREATE TABLE "payment_events" (
	"id" serial PRIMARY KEY NOT NULL,
	"provider" varchar(16) NOT NULL,
	"event_id" varchar(128) NOT NULL,
	"kind" varchar(16) NOT NULL,
	"order_id" integer,
	"payload" jsonb,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payment_events_provider_event_uq" UNIQUE("provider","event_id")
);
--> statement-breakpoint
-- Hand-edited: the unused cards of an existing database become its counts.
INSERT INTO "card_balances" ("user_id", "card_type", "count") SELECT "user_id", "card_type", count(*)::int FROM "prepaid_cards" WHERE NOT "used" GROUP BY "user_id", "card_type";--> statement-breakpoint
DROP TABLE "prepaid_cards" CASCADE;--> statement-breakpoint
ALTER TABLE "orders" ALTER COLUMN "discount_rate" SET DATA TYPE smallint USING round("discount_rate" * 100)::smallint;--> statement-breakpoint
ALTER TABLE "discount_codes" ALTER COLUMN "rate" SET DATA TYPE smallint USING round("rate" * 100)::smallint;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "amount_minor" integer;--> statement-breakpoint
UPDATE "orders" SET "amount_minor" = round("amount" * 100)::int;--> statement-breakpoint
ALTER TABLE "orders" ALTER COLUMN "amount_minor" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "payment_account_id" integer;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "provider" varchar(16) DEFAULT 'sandbox' NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "provider_order_id" varchar(64);--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "unit_price_minor" integer;--> statement-breakpoint
UPDATE "orders" SET "unit_price_minor" = round("unit_price" * 100)::int;--> statement-breakpoint
ALTER TABLE "orders" ALTER COLUMN "unit_price_minor" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "closed_reason" varchar(16);--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "refund_no" varchar(40);--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "refund_id" varchar(64);--> statement-breakpoint
ALTER TABLE "discount_codes" ADD COLUMN "batch_no" varchar(32);--> statement-breakpoint
ALTER TABLE "card_records" ADD COLUMN "expire_before" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "card_records" ADD COLUMN "expire_after" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "renew_prices" ADD COLUMN "price_minor" integer;--> statement-breakpoint
UPDATE "renew_prices" SET "price_minor" = round("price" * 100)::int;--> statement-breakpoint
ALTER TABLE "renew_prices" ALTER COLUMN "price_minor" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "card_balances" ADD CONSTRAINT "card_balances_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_renewals" ADD CONSTRAINT "order_renewals_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_renewals" ADD CONSTRAINT "order_renewals_device_id_devices_id_fk" FOREIGN KEY ("device_id") REFERENCES "public"."devices"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_events" ADD CONSTRAINT "payment_events_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_payment_account_id_payment_accounts_id_fk" FOREIGN KEY ("payment_account_id") REFERENCES "public"."payment_accounts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "card_records_time_idx" ON "card_records" USING btree ("created_at");--> statement-breakpoint
ALTER TABLE "orders" DROP COLUMN "amount";--> statement-breakpoint
ALTER TABLE "orders" DROP COLUMN "unit_price";--> statement-breakpoint
ALTER TABLE "renew_prices" DROP COLUMN "price";