CREATE TABLE "portal"."tenant_case_deadlines" (
	"tenant_url" text PRIMARY KEY NOT NULL,
	"deadlines" jsonb NOT NULL,
	"changed_by" uuid NOT NULL,
	"changed_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "portal"."tenant_case_deadlines" ADD CONSTRAINT "tenant_case_deadlines_changed_by_staff_accounts_id_fk" FOREIGN KEY ("changed_by") REFERENCES "portal"."staff_accounts"("id") ON DELETE no action ON UPDATE no action;