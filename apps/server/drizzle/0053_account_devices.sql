-- Every browser that has completed a sign-in to an account, kept as long as the account, for the
-- new-device notice (sign-in events go after 90 days, so a dormant account's first sign-in from a new
-- browser was told to nobody). An account that has signed in before this release gets one row with an
-- empty device id (no device cookie has one), so its next sign-in from a browser without a recorded
-- device is told.
CREATE TABLE "portal"."account_devices" (
	"user_id" uuid NOT NULL,
	"device_id" text NOT NULL,
	"first_seen_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_seen_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "account_devices_user_id_device_id_pk" PRIMARY KEY("user_id","device_id")
);
--> statement-breakpoint
ALTER TABLE "portal"."account_devices" ADD CONSTRAINT "account_devices_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "portal"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
INSERT INTO "portal"."account_devices" ("user_id", "device_id", "first_seen_at", "last_seen_at")
SELECT "id", '', "last_sign_in_at", "last_sign_in_at" FROM "portal"."users" WHERE "last_sign_in_at" IS NOT NULL
ON CONFLICT DO NOTHING;
