CREATE TABLE "sign_in_guards" (
	"address_key" text PRIMARY KEY NOT NULL,
	"attempts" integer NOT NULL,
	"last_attempt_at" timestamp with time zone NOT NULL,
	"locked_until" timestamp with time zone,
	"unlock_token_hash" text,
	"unlock_expires_at" timestamp with time zone
);
