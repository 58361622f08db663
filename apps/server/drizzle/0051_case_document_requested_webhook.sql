-- case.document_requested: a document the case now asks of the member (outstanding) that it did not ask
-- for before (not listed, or listed and received), in the transaction of the change, whichever code made
-- it (the console's or the integration API's request, case:update), as 0049's events are; one delivery a
-- document, naming it. A case opened with documents outstanding is case.opened, not this. The function
-- is 0049's with the request added.
CREATE OR REPLACE FUNCTION "portal"."case_work_webhooks"() RETURNS trigger LANGUAGE plpgsql AS $$
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
  FOR document IN
    SELECT listed.entry->>'name'
    FROM jsonb_array_elements(NEW.documents) AS listed(entry)
    WHERE listed.entry->>'status' = 'outstanding'
      AND NOT EXISTS (
        SELECT 1 FROM jsonb_array_elements(OLD.documents) AS before(entry)
        WHERE before.entry->>'name' = listed.entry->>'name'
          AND before.entry->>'status' = 'outstanding')
  LOOP
    PERFORM "portal"."queue_case_webhook"('case.document_requested', NEW.case_number,
      jsonb_build_object('document', document));
  END LOOP;
  RETURN NULL;
END;
$$;
