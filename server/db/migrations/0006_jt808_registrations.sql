CREATE TABLE "jt808_registrations" (
	"terminal_id" varchar(20) PRIMARY KEY NOT NULL,
	"auth_code" varchar(32) NOT NULL,
	"terminal_key" varchar(96) NOT NULL,
	"registered_at" timestamp with time zone DEFAULT now() NOT NULL,
	"authenticated_at" timestamp with time zone
);
