-- A password set or reset, or sign out everywhere else, ends the embedded provider's sessions for the
-- account (found by the accountId in their payload) and keeps the moment: ID tokens of sign-ins before it
-- open no portal session (issue 41).
ALTER TABLE "portal"."users" ADD COLUMN "sessions_ended_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "oidc_models_account_id" ON "portal"."oidc_models" USING btree (("payload" ->> 'accountId'));