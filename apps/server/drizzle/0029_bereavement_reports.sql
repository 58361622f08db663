CREATE TABLE "bereavement"."captcha_uses" (
	"challenge_id" text PRIMARY KEY NOT NULL,
	"used_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "bereavement"."documents" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"journey_id" uuid NOT NULL,
	"name" text NOT NULL,
	"document_type" text NOT NULL,
	"media_type" text NOT NULL,
	"size_bytes" integer NOT NULL,
	"store_key" text NOT NULL,
	"uploaded_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "bereavement"."journeys" ADD COLUMN "tenant_url" text NOT NULL;--> statement-breakpoint
ALTER TABLE "bereavement"."journeys" ADD COLUMN "type" text NOT NULL;--> statement-breakpoint
ALTER TABLE "bereavement"."journeys" ADD COLUMN "token_hash" text NOT NULL;--> statement-breakpoint
ALTER TABLE "bereavement"."journeys" ADD COLUMN "status" text DEFAULT 'Started' NOT NULL;--> statement-breakpoint
ALTER TABLE "bereavement"."journeys" ADD COLUMN "steps" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "bereavement"."journeys" ADD COLUMN "choice" jsonb;--> statement-breakpoint
ALTER TABLE "bereavement"."journeys" ADD COLUMN "updated_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "bereavement"."journeys" ADD COLUMN "case_number" text;--> statement-breakpoint
ALTER TABLE "bereavement"."journeys" ADD COLUMN "summary_pdf" text;--> statement-breakpoint
ALTER TABLE "bereavement"."journeys" ADD COLUMN "closed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "bereavement"."journeys" ADD COLUMN "end_reason" text;--> statement-breakpoint
ALTER TABLE "bereavement"."journeys" ADD COLUMN "email" text;--> statement-breakpoint
ALTER TABLE "bereavement"."journeys" ADD COLUMN "email_proven_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "bereavement"."journeys" ADD COLUMN "email_code_hash" text;--> statement-breakpoint
ALTER TABLE "bereavement"."journeys" ADD COLUMN "email_code_expires_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "bereavement"."journeys" ADD COLUMN "email_code_sent_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "bereavement"."journeys" ADD COLUMN "email_code_attempts" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "bereavement"."journeys" ADD COLUMN "email_locked_until" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "bereavement"."documents" ADD CONSTRAINT "documents_journey_id_journeys_id_fk" FOREIGN KEY ("journey_id") REFERENCES "bereavement"."journeys"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "bereavement_captcha_uses_used" ON "bereavement"."captcha_uses" USING btree ("used_at");--> statement-breakpoint
CREATE INDEX "bereavement_documents_journey" ON "bereavement"."documents" USING btree ("journey_id");--> statement-breakpoint
CREATE UNIQUE INDEX "bereavement_journeys_token" ON "bereavement"."journeys" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "bereavement_journeys_expiry" ON "bereavement"."journeys" USING btree ("expires_at");--> statement-breakpoint
ALTER TABLE "bereavement"."journeys" DROP COLUMN "business_group";--> statement-breakpoint
ALTER TABLE "bereavement"."journeys" DROP COLUMN "data";