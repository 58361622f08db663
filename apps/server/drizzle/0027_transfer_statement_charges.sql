ALTER TABLE "portal"."stored_transfer_quotes" ADD COLUMN "charge_pence" integer;--> statement-breakpoint
ALTER TABLE "portal"."stored_transfer_quotes" ADD COLUMN "case_number" text;