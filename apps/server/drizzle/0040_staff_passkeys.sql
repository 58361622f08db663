CREATE TABLE "portal"."staff_passkeys" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"staff_id" uuid NOT NULL,
	"credential_id" text NOT NULL,
	"public_key" text NOT NULL,
	"counter" bigint DEFAULT 0 NOT NULL,
	"transports" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"name" text NOT NULL,
	"rp_id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_used_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "portal"."passkey_challenges" ADD COLUMN "staff_session_hash" text;--> statement-breakpoint
ALTER TABLE "portal"."staff_passkeys" ADD CONSTRAINT "staff_passkeys_staff_id_staff_accounts_id_fk" FOREIGN KEY ("staff_id") REFERENCES "portal"."staff_accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "staff_passkeys_credential" ON "portal"."staff_passkeys" USING btree ("credential_id");--> statement-breakpoint
CREATE INDEX "staff_passkeys_staff" ON "portal"."staff_passkeys" USING btree ("staff_id");--> statement-breakpoint
ALTER TABLE "portal"."passkey_challenges" ADD CONSTRAINT "passkey_challenges_staff_session_hash_staff_sessions_token_hash_fk" FOREIGN KEY ("staff_session_hash") REFERENCES "portal"."staff_sessions"("token_hash") ON DELETE cascade ON UPDATE no action;