CREATE TABLE "portal"."jobs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"kind" text NOT NULL,
	"subject_id" uuid NOT NULL,
	"status" text DEFAULT 'queued' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"max_attempts" integer DEFAULT 8 NOT NULL,
	"run_at" timestamp with time zone DEFAULT now() NOT NULL,
	"locked_by" text,
	"locked_until" timestamp with time zone,
	"last_error" text,
	"sealed_code" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "portal"."webhook_deliveries" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"endpoint_id" uuid NOT NULL,
	"event" text NOT NULL,
	"case_number" text NOT NULL,
	"payload" jsonb NOT NULL,
	"response_status" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "portal"."webhook_endpoints" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_url" text NOT NULL,
	"url" text NOT NULL,
	"secret" text NOT NULL,
	"events" text[] NOT NULL,
	"disabled_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "portal"."outbox_messages" ADD COLUMN "tenant_url" text;--> statement-breakpoint
ALTER TABLE "portal"."webhook_deliveries" ADD CONSTRAINT "webhook_deliveries_endpoint_id_webhook_endpoints_id_fk" FOREIGN KEY ("endpoint_id") REFERENCES "portal"."webhook_endpoints"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "jobs_subject" ON "portal"."jobs" USING btree ("kind","subject_id");--> statement-breakpoint
CREATE INDEX "jobs_due" ON "portal"."jobs" USING btree ("run_at") WHERE "portal"."jobs"."status" in ('queued', 'failed');--> statement-breakpoint
CREATE INDEX "webhook_deliveries_endpoint" ON "portal"."webhook_deliveries" USING btree ("endpoint_id","created_at");--> statement-breakpoint
CREATE FUNCTION "portal"."case_webhooks"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  happened text;
  endpoint record;
  delivery uuid;
BEGIN
  IF TG_OP = 'INSERT' THEN
    happened := 'case.opened';
  ELSIF NEW.closed_at IS NOT NULL AND OLD.closed_at IS NULL THEN
    happened := 'case.completed';
  ELSIF NEW.status IS DISTINCT FROM OLD.status THEN
    happened := 'case.status_changed';
  ELSE
    RETURN NULL;
  END IF;
  FOR endpoint IN
    SELECT e.id FROM "portal"."webhook_endpoints" e
    JOIN "content"."tenants" t ON t.tenant_url = e.tenant_url
    WHERE NEW.business_group = ANY(t.business_groups) AND happened = ANY(e.events) AND e.disabled_at IS NULL
  LOOP
    INSERT INTO "portal"."webhook_deliveries" (endpoint_id, event, case_number, payload)
    VALUES (endpoint.id, happened, NEW.case_number, jsonb_build_object(
      'event', happened,
      'caseNumber', NEW.case_number,
      'caseType', NEW.case_type,
      'status', NEW.status,
      'businessGroup', NEW.business_group,
      'referenceNumber', NEW.reference_number,
      'occurredAt', to_char(now() AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')))
    RETURNING id INTO delivery;
    INSERT INTO "portal"."jobs" (kind, subject_id) VALUES ('webhook', delivery);
  END LOOP;
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER "cases_webhooks_opened" AFTER INSERT ON "portal"."cases"
  FOR EACH ROW EXECUTE FUNCTION "portal"."case_webhooks"();--> statement-breakpoint
CREATE TRIGGER "cases_webhooks_changed" AFTER UPDATE OF status, closed_at ON "portal"."cases"
  FOR EACH ROW EXECUTE FUNCTION "portal"."case_webhooks"();
