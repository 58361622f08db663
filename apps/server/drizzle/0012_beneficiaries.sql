CREATE TABLE "portal"."beneficiaries" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"business_group" text NOT NULL,
	"reference_number" text NOT NULL,
	"position" integer NOT NULL,
	"kind" text NOT NULL,
	"relationship" text NOT NULL,
	"forenames" text,
	"surname" text,
	"date_of_birth" date,
	"charity_name" text,
	"charity_number" bigint,
	"lump_sum_hundredths" integer NOT NULL,
	"is_pension_beneficiary" boolean DEFAULT false NOT NULL,
	"notes" text,
	"address" jsonb NOT NULL,
	"nominated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"revoked_at" timestamp with time zone
);
--> statement-breakpoint
CREATE INDEX "beneficiaries_member" ON "portal"."beneficiaries" USING btree ("business_group","reference_number","revoked_at");