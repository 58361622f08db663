ALTER TABLE "portal"."integration_clients" ADD COLUMN "previous_secret_hash" text;--> statement-breakpoint
ALTER TABLE "portal"."integration_clients" ADD COLUMN "previous_secret_expires_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "portal"."integration_clients" ADD COLUMN "secret_rotated_at" timestamp with time zone;