CREATE TABLE "portal"."entered_lump_sums" (
	"business_group" text NOT NULL,
	"reference_number" text NOT NULL,
	"retirement_date" date NOT NULL,
	"lump_sum_pence" bigint NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "entered_lump_sums_business_group_reference_number_pk" PRIMARY KEY("business_group","reference_number")
);
