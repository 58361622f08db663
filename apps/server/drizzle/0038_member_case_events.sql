ALTER TABLE "portal"."case_events" ADD COLUMN "user_id" uuid;--> statement-breakpoint
ALTER TABLE "portal"."case_events" DROP CONSTRAINT "case_events_actor";--> statement-breakpoint
ALTER TABLE "portal"."case_events" ADD CONSTRAINT "case_events_actor" CHECK ("staff_id" IS NOT NULL OR "client_id" IS NOT NULL OR "user_id" IS NOT NULL);
