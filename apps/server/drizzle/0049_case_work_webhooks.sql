-- Case events beside a case's opening, status and closing (0035), written the same way: by triggers, in
-- the transaction of the change, whichever code made it (the console, the integration API, a member's
-- upload, an identity check, case:update). case.document_added: a file sent with a case after it was
-- opened (a member's upload, or a reporter's to a sent report of a death), one delivery a file, naming
-- it by id. case.document_received: a document the case lists marked received or complete, other than
-- by the member's own upload (that is case.document_added). case.assigned: the case going to someone,
-- or back to the queue. Bodies carry ids, as 0035's do, never the member's details.
CREATE FUNCTION "portal"."queue_case_webhook"(happened text, about text, extra jsonb) RETURNS void
LANGUAGE plpgsql AS $$
DECLARE
  target record;
  endpoint record;
  delivery uuid;
BEGIN
  SELECT * INTO target FROM "portal"."cases" WHERE case_number = about;
  IF NOT FOUND THEN
    RETURN;
  END IF;
  FOR endpoint IN
    SELECT e.id FROM "portal"."webhook_endpoints" e
    JOIN "content"."tenants" t ON t.tenant_url = e.tenant_url
    WHERE target.business_group = ANY(t.business_groups) AND happened = ANY(e.events) AND e.disabled_at IS NULL
  LOOP
    INSERT INTO "portal"."webhook_deliveries" (endpoint_id, event, case_number, payload)
    VALUES (endpoint.id, happened, target.case_number, jsonb_build_object(
      'event', happened,
      'caseNumber', target.case_number,
      'caseType', target.case_type,
      'status', target.status,
      'businessGroup', target.business_group,
      'referenceNumber', target.reference_number,
      'occurredAt', to_char(now() AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')) || extra)
    RETURNING id INTO delivery;
    INSERT INTO "portal"."jobs" (kind, subject_id) VALUES ('webhook', delivery);
  END LOOP;
END;
$$;--> statement-breakpoint
CREATE FUNCTION "portal"."case_work_webhooks"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  document text;
BEGIN
  IF NEW.assigned_to IS DISTINCT FROM OLD.assigned_to THEN
    PERFORM "portal"."queue_case_webhook"('case.assigned', NEW.case_number,
      jsonb_build_object('assigneeId', NEW.assigned_to));
  END IF;
  FOR document IN
    SELECT listed.entry->>'name'
    FROM jsonb_array_elements(NEW.documents) AS listed(entry)
    WHERE listed.entry->>'status' IN ('received', 'complete')
      AND coalesce(listed.entry->>'upload', 'false') <> 'true'
      AND NOT EXISTS (
        SELECT 1 FROM jsonb_array_elements(OLD.documents) AS before(entry)
        WHERE before.entry->>'name' = listed.entry->>'name'
          AND before.entry->>'status' IN ('received', 'complete'))
  LOOP
    PERFORM "portal"."queue_case_webhook"('case.document_received', NEW.case_number,
      jsonb_build_object('document', document));
  END LOOP;
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER "cases_webhooks_assignment_documents" AFTER UPDATE OF assigned_to, documents ON "portal"."cases"
  FOR EACH ROW EXECUTE FUNCTION "portal"."case_work_webhooks"();--> statement-breakpoint
CREATE FUNCTION "portal"."case_file_webhooks"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM "portal"."queue_case_webhook"('case.document_added', NEW.case_number,
    jsonb_build_object('fileId', NEW.id));
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER "member_documents_webhooks_sent" AFTER UPDATE OF case_number ON "portal"."member_documents"
  FOR EACH ROW WHEN (OLD.case_number IS NULL AND NEW.case_number IS NOT NULL)
  EXECUTE FUNCTION "portal"."case_file_webhooks"();--> statement-breakpoint
CREATE FUNCTION "portal"."report_file_webhooks"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  sent_case text;
BEGIN
  SELECT case_number INTO sent_case FROM "bereavement"."journeys"
  WHERE id = NEW.journey_id AND status = 'Submitted';
  IF sent_case IS NOT NULL THEN
    PERFORM "portal"."queue_case_webhook"('case.document_added', sent_case,
      jsonb_build_object('fileId', NEW.id));
  END IF;
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER "documents_webhooks_sent" AFTER INSERT ON "bereavement"."documents"
  FOR EACH ROW EXECUTE FUNCTION "portal"."report_file_webhooks"();
