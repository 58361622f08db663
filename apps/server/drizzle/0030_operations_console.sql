CREATE TABLE "portal"."case_events" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"case_number" text NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"staff_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"status" text,
	"assignee_id" uuid,
	"note" text,
	"member_note" text
);
--> statement-breakpoint
CREATE TABLE "portal"."staff_accounts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"email" text NOT NULL,
	"name" text NOT NULL,
	"role" text NOT NULL,
	"tenant_url" text,
	"password_hash" text NOT NULL,
	"totp_secret" text,
	"totp_enrolled" boolean DEFAULT false NOT NULL,
	"totp_last_step" bigint,
	"disabled_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "staff_accounts_email_unique" UNIQUE("email")
);
--> statement-breakpoint
CREATE TABLE "portal"."staff_audit" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"staff_id" uuid,
	"action" text NOT NULL,
	"outcome" text NOT NULL,
	"case_number" text,
	"business_group" text,
	"reference_number" text,
	"ip" text,
	"request_id" text,
	"details" jsonb DEFAULT '{}'::jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "portal"."staff_sessions" (
	"token_hash" text PRIMARY KEY NOT NULL,
	"staff_id" uuid NOT NULL,
	"stage" text NOT NULL,
	"code_attempts" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_seen_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "portal"."cases" ADD COLUMN "assigned_to" uuid;--> statement-breakpoint
ALTER TABLE "portal"."cases" ADD COLUMN "member_note" text;--> statement-breakpoint
ALTER TABLE "portal"."cases" ADD COLUMN "closed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "portal"."staff_sessions" ADD CONSTRAINT "staff_sessions_staff_id_staff_accounts_id_fk" FOREIGN KEY ("staff_id") REFERENCES "portal"."staff_accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "case_events_case" ON "portal"."case_events" USING btree ("case_number","at");--> statement-breakpoint
CREATE INDEX "staff_audit_at" ON "portal"."staff_audit" USING btree ("at");--> statement-breakpoint
CREATE INDEX "staff_audit_case" ON "portal"."staff_audit" USING btree ("case_number","at");--> statement-breakpoint
CREATE INDEX "staff_audit_staff" ON "portal"."staff_audit" USING btree ("staff_id","at");--> statement-breakpoint
CREATE INDEX "staff_sessions_staff" ON "portal"."staff_sessions" USING btree ("staff_id");--> statement-breakpoint
CREATE FUNCTION "portal"."staff_audit_append_only"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	RAISE EXCEPTION 'staff_audit is append-only: % refused', TG_OP USING ERRCODE = 'insufficient_privilege';
END;
$$;--> statement-breakpoint
CREATE TRIGGER "staff_audit_no_update_or_delete" BEFORE UPDATE OR DELETE ON "portal"."staff_audit" FOR EACH ROW EXECUTE FUNCTION "portal"."staff_audit_append_only"();--> statement-breakpoint
CREATE TRIGGER "staff_audit_no_truncate" BEFORE TRUNCATE ON "portal"."staff_audit" FOR EACH STATEMENT EXECUTE FUNCTION "portal"."staff_audit_append_only"();
