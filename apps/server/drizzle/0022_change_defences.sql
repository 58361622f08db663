CREATE TABLE "portal"."pending_bank_changes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"business_group" text NOT NULL,
	"reference_number" text NOT NULL,
	"account" jsonb NOT NULL,
	"applies_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"cancelled_at" timestamp with time zone,
	"applied_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "portal"."members" ADD COLUMN "email_changed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "portal"."members" ADD COLUMN "mobile_changed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "portal"."members" ADD COLUMN "address_changed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "portal"."one_time_codes" ADD COLUMN "current_route_channel" text;--> statement-breakpoint
ALTER TABLE "portal"."one_time_codes" ADD COLUMN "current_route_destination" text;--> statement-breakpoint
ALTER TABLE "portal"."one_time_codes" ADD COLUMN "current_route_code_hash" text;--> statement-breakpoint
-- Races before this migration could leave several live rows; keep the newest of each before the unique indexes.
UPDATE "portal"."beneficiaries" AS b SET "revoked_at" = now() WHERE b."revoked_at" IS NULL AND EXISTS (SELECT 1 FROM "portal"."beneficiaries" AS newer WHERE newer."business_group" = b."business_group" AND newer."reference_number" = b."reference_number" AND newer."revoked_at" IS NULL AND newer."nominated_at" > b."nominated_at");--> statement-breakpoint
UPDATE "portal"."beneficiaries" AS b SET "revoked_at" = now() WHERE b."revoked_at" IS NULL AND EXISTS (SELECT 1 FROM "portal"."beneficiaries" AS twin WHERE twin."business_group" = b."business_group" AND twin."reference_number" = b."reference_number" AND twin."revoked_at" IS NULL AND twin."position" = b."position" AND twin."id" > b."id");--> statement-breakpoint
UPDATE "portal"."bank_accounts" AS a SET "replaced_at" = now() WHERE a."replaced_at" IS NULL AND EXISTS (SELECT 1 FROM "portal"."bank_accounts" AS newer WHERE newer."business_group" = a."business_group" AND newer."reference_number" = a."reference_number" AND newer."replaced_at" IS NULL AND (newer."created_at", newer."id") > (a."created_at", a."id"));--> statement-breakpoint
UPDATE "portal"."one_time_codes" AS c SET "consumed_at" = now() WHERE c."consumed_at" IS NULL AND EXISTS (SELECT 1 FROM "portal"."one_time_codes" AS newer WHERE newer."user_id" = c."user_id" AND newer."business_group" = c."business_group" AND newer."reference_number" = c."reference_number" AND newer."purpose" = c."purpose" AND newer."consumed_at" IS NULL AND (newer."sent_at", newer."id") > (c."sent_at", c."id"));--> statement-breakpoint
CREATE UNIQUE INDEX "pending_bank_changes_one_open" ON "portal"."pending_bank_changes" USING btree ("business_group","reference_number") WHERE "portal"."pending_bank_changes"."cancelled_at" is null and "portal"."pending_bank_changes"."applied_at" is null;--> statement-breakpoint
CREATE INDEX "pending_bank_changes_due" ON "portal"."pending_bank_changes" USING btree ("applies_at");--> statement-breakpoint
CREATE UNIQUE INDEX "beneficiaries_one_active" ON "portal"."beneficiaries" USING btree ("business_group","reference_number","position") WHERE "portal"."beneficiaries"."revoked_at" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "bank_accounts_one_current" ON "portal"."bank_accounts" USING btree ("business_group","reference_number") WHERE "portal"."bank_accounts"."replaced_at" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "one_time_codes_one_live" ON "portal"."one_time_codes" USING btree ("user_id","business_group","reference_number","purpose") WHERE "portal"."one_time_codes"."consumed_at" is null;