CREATE TABLE "portal"."visitor_journeys" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_url" text NOT NULL,
	"type" text NOT NULL,
	"token_hash" text NOT NULL,
	"status" text DEFAULT 'Started' NOT NULL,
	"steps" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"submitted_at" timestamp with time zone,
	"case_number" text,
	"summary_pdf" text,
	"closed_at" timestamp with time zone,
	"end_reason" text
);
--> statement-breakpoint
DROP INDEX "portal"."journeys_member_type";--> statement-breakpoint
ALTER TABLE "portal"."journeys" ADD COLUMN "closed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "portal"."journeys" ADD COLUMN "end_reason" text;--> statement-breakpoint
CREATE UNIQUE INDEX "visitor_journeys_token" ON "portal"."visitor_journeys" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "visitor_journeys_expiry" ON "portal"."visitor_journeys" USING btree ("expires_at");--> statement-breakpoint
CREATE UNIQUE INDEX "journeys_member_type_open" ON "portal"."journeys" USING btree ("business_group","reference_number","type") WHERE "portal"."journeys"."status" = 'Started';--> statement-breakpoint
CREATE INDEX "journeys_member_type_started" ON "portal"."journeys" USING btree ("business_group","reference_number","type","started_at");