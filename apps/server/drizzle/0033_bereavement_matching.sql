ALTER TABLE "portal"."users" ADD COLUMN "suspended_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "portal"."users" ADD COLUMN "suspended_reason" text;--> statement-breakpoint
ALTER TABLE "bereavement"."journeys" ADD COLUMN "matched_business_group" text;--> statement-breakpoint
ALTER TABLE "bereavement"."journeys" ADD COLUMN "matched_reference_number" text;--> statement-breakpoint
ALTER TABLE "bereavement"."journeys" ADD COLUMN "matched_at" timestamp with time zone;