-- Who acted on a case, said outright (case_events.actor): staff, an integration client, an operator's
-- command (case:update), the member, or the portal itself (system). Back-fill from what each event
-- already names: staff_id is staff, client_id an integration client. An event by neither carried the
-- member's sign-in (0038), but the notes among those were the portal's own, left as the member's
-- application opened the case (an adviser the FCA register could not check): they are the system's and
-- lose the member's sign-in; the rest (a document the member sent from My requests) stay the member's.
-- No command wrote an event before this one.
ALTER TABLE "portal"."case_events" ADD COLUMN "actor" text;--> statement-breakpoint
ALTER TABLE "portal"."case_events" DROP CONSTRAINT "case_events_actor";--> statement-breakpoint
UPDATE "portal"."case_events" SET "actor" = CASE
  WHEN "staff_id" IS NOT NULL THEN 'staff'
  WHEN "client_id" IS NOT NULL THEN 'integration'
  WHEN "kind" = 'note' THEN 'system'
  ELSE 'member'
END;--> statement-breakpoint
UPDATE "portal"."case_events" SET "user_id" = NULL WHERE "actor" = 'system';--> statement-breakpoint
-- The release before this one writes events without an actor: while both run, an event written without
-- one is given it as the back-fill above gives it (a note it wrote stays the member's, as it said).
CREATE FUNCTION "portal"."case_event_actor_from_ids"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW."actor" IS NULL THEN
    NEW."actor" := CASE
      WHEN NEW."staff_id" IS NOT NULL THEN 'staff'
      WHEN NEW."client_id" IS NOT NULL THEN 'integration'
      ELSE 'member'
    END;
  END IF;
  RETURN NEW;
END $$;--> statement-breakpoint
CREATE TRIGGER "case_events_actor_from_ids" BEFORE INSERT ON "portal"."case_events"
  FOR EACH ROW EXECUTE FUNCTION "portal"."case_event_actor_from_ids"();--> statement-breakpoint
-- contract: the running release's events without an actor get one from case_event_actor_from_ids
ALTER TABLE "portal"."case_events" ALTER COLUMN "actor" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "portal"."case_events" ADD CONSTRAINT "case_events_actor" CHECK (
  "actor" IN ('staff', 'integration', 'command', 'member', 'system')
  AND ("staff_id" IS NOT NULL) = ("actor" = 'staff')
  AND ("client_id" IS NOT NULL) = ("actor" = 'integration')
  AND ("user_id" IS NOT NULL) = ("actor" = 'member'));
