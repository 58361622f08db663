CREATE TABLE "portal"."lookup_addresses" (
	"id" text PRIMARY KEY NOT NULL,
	"container_id" text,
	"kind" text NOT NULL,
	"lines" jsonb NOT NULL,
	"town" text NOT NULL,
	"county" text,
	"postcode" text NOT NULL,
	"country_code" text DEFAULT 'GB' NOT NULL,
	"search_text" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "portal"."bank_accounts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"business_group" text NOT NULL,
	"reference_number" text NOT NULL,
	"kind" text NOT NULL,
	"account_name" text NOT NULL,
	"sort_code" text,
	"account_number" text,
	"iban" text,
	"bic" text,
	"bank_country_code" text NOT NULL,
	"currency" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"replaced_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "portal"."dependants" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"business_group" text NOT NULL,
	"reference_number" text NOT NULL,
	"relationship" text NOT NULL,
	"forenames" text NOT NULL,
	"surname" text NOT NULL,
	"date_of_birth" date,
	"address" jsonb
);
--> statement-breakpoint
CREATE TABLE "portal"."referrals" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"business_group" text NOT NULL,
	"reference_number" text NOT NULL,
	"status" text NOT NULL,
	"service" text NOT NULL,
	"referral_date" date NOT NULL
);
--> statement-breakpoint
CREATE TABLE "portal"."one_time_codes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"business_group" text NOT NULL,
	"reference_number" text NOT NULL,
	"purpose" text NOT NULL,
	"channel" text NOT NULL,
	"destination" text NOT NULL,
	"payload" jsonb NOT NULL,
	"code_hash" text NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"sent_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"consumed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "portal"."telephone_intents" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"business_group" text NOT NULL,
	"reference_number" text NOT NULL,
	"page_url" text NOT NULL,
	"journey_type" text,
	"stage" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "portal"."members" ADD COLUMN "address" jsonb;--> statement-breakpoint
ALTER TABLE "portal"."members" ADD COLUMN "notification_settings" jsonb DEFAULT '{"email":true,"sms":false,"post":false}'::jsonb NOT NULL;--> statement-breakpoint
CREATE INDEX "lookup_addresses_postcode" ON "portal"."lookup_addresses" USING btree ("postcode");--> statement-breakpoint
CREATE INDEX "lookup_addresses_container" ON "portal"."lookup_addresses" USING btree ("container_id");--> statement-breakpoint
CREATE INDEX "bank_accounts_member" ON "portal"."bank_accounts" USING btree ("business_group","reference_number");--> statement-breakpoint
CREATE INDEX "dependants_member" ON "portal"."dependants" USING btree ("business_group","reference_number");--> statement-breakpoint
CREATE INDEX "referrals_member" ON "portal"."referrals" USING btree ("business_group","reference_number");--> statement-breakpoint
CREATE INDEX "one_time_codes_member" ON "portal"."one_time_codes" USING btree ("user_id","purpose");--> statement-breakpoint
CREATE INDEX "telephone_intents_member" ON "portal"."telephone_intents" USING btree ("business_group","reference_number","created_at");