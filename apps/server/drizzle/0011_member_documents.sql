CREATE TABLE "portal"."member_documents" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"business_group" text NOT NULL,
	"reference_number" text NOT NULL,
	"name" text NOT NULL,
	"type" text NOT NULL,
	"kind" text NOT NULL,
	"context" text NOT NULL,
	"document_type" text,
	"tags" text[] DEFAULT '{}'::text[] NOT NULL,
	"media_type" text NOT NULL,
	"size_bytes" integer NOT NULL,
	"case_number" text,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL,
	"read_at" timestamp with time zone
);
--> statement-breakpoint
CREATE UNIQUE INDEX "member_documents_name" ON "portal"."member_documents" USING btree ("business_group","reference_number","context","name");--> statement-breakpoint
CREATE INDEX "member_documents_received" ON "portal"."member_documents" USING btree ("business_group","reference_number","received_at");