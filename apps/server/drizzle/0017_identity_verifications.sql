CREATE TABLE "portal"."identity_verifications" (
	"business_group" text NOT NULL,
	"reference_number" text NOT NULL,
	"method" text NOT NULL,
	"status" text NOT NULL,
	"document_id" uuid,
	"provider_reference" text,
	"decided_by" text,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"decided_at" timestamp with time zone,
	CONSTRAINT "identity_verifications_business_group_reference_number_pk" PRIMARY KEY("business_group","reference_number")
);
