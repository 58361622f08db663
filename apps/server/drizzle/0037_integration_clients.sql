CREATE TABLE "portal"."integration_clients" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_url" text NOT NULL,
	"name" text NOT NULL,
	"secret_hash" text NOT NULL,
	"scopes" text[] NOT NULL,
	"disabled_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "portal"."integration_tokens" (
	"token_hash" text PRIMARY KEY NOT NULL,
	"client_id" uuid NOT NULL,
	"scopes" text[] NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "portal"."case_events" ALTER COLUMN "staff_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "portal"."case_events" ADD COLUMN "client_id" uuid;--> statement-breakpoint
ALTER TABLE "portal"."staff_audit" ADD COLUMN "client_id" uuid;--> statement-breakpoint
ALTER TABLE "portal"."integration_tokens" ADD CONSTRAINT "integration_tokens_client_id_integration_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "portal"."integration_clients"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "integration_tokens_client" ON "portal"."integration_tokens" USING btree ("client_id","expires_at");--> statement-breakpoint
ALTER TABLE "portal"."case_events" ADD CONSTRAINT "case_events_actor" CHECK ("staff_id" IS NOT NULL OR "client_id" IS NOT NULL);
