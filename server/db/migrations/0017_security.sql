ALTER TABLE "discount_codes" DROP CONSTRAINT "discount_codes_code_unique";--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "must_change_password" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "devices" ADD COLUMN "bound_family" varchar(16);--> statement-breakpoint
ALTER TABLE "devices" ADD COLUMN "password_must_change" boolean DEFAULT false NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "discount_codes_user_code_idx" ON "discount_codes" USING btree ("user_id","code");