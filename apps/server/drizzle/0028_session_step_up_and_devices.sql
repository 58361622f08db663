CREATE TABLE "portal"."sign_in_events" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"outcome" text NOT NULL,
	"method" text NOT NULL,
	"user_agent" text,
	"ip_address" text,
	"occurred_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "portal"."sessions" ADD COLUMN "stepped_up_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "portal"."sessions" ADD COLUMN "user_agent" text;--> statement-breakpoint
ALTER TABLE "portal"."sessions" ADD COLUMN "ip_address" text;--> statement-breakpoint
ALTER TABLE "portal"."sign_in_events" ADD CONSTRAINT "sign_in_events_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "portal"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "sign_in_events_user_time" ON "portal"."sign_in_events" USING btree ("user_id","occurred_at");