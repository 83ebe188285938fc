CREATE INDEX "devices_terminal_prefix_idx" ON "devices" USING btree ("terminal_id" varchar_pattern_ops);--> statement-breakpoint
CREATE INDEX "devices_nickname_prefix_idx" ON "devices" USING btree (lower("nickname") text_pattern_ops);--> statement-breakpoint
CREATE INDEX "devices_car_number_prefix_idx" ON "devices" USING btree ("car_number" varchar_pattern_ops);