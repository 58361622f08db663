CREATE SEQUENCE "portal"."case_numbers" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 100001 CACHE 1;--> statement-breakpoint
CREATE TABLE "portal"."cases" (
	"case_number" text PRIMARY KEY NOT NULL,
	"business_group" text NOT NULL,
	"reference_number" text NOT NULL,
	"case_type" text NOT NULL,
	"title" text NOT NULL,
	"journey_type" text,
	"status" text DEFAULT 'Received' NOT NULL,
	"documents" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"summary_pdf" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "portal"."journeys" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"business_group" text NOT NULL,
	"reference_number" text NOT NULL,
	"type" text NOT NULL,
	"status" text DEFAULT 'Started' NOT NULL,
	"steps" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"choice" jsonb,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"submitted_at" timestamp with time zone,
	"case_number" text
);
--> statement-breakpoint
CREATE INDEX "cases_member" ON "portal"."cases" USING btree ("business_group","reference_number");--> statement-breakpoint
CREATE UNIQUE INDEX "journeys_member_type" ON "portal"."journeys" USING btree ("business_group","reference_number","type");