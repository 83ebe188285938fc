ALTER TABLE "discount_codes" DROP CONSTRAINT "discount_codes_code_unique";--> statement-breakpoint
ALTER TABLE "discount_codes" ADD CONSTRAINT "discount_codes_user_code_uq" UNIQUE("user_id","code");