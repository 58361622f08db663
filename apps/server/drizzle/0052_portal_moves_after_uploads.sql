-- The portal's own moves as events of its own (actor system). A member's upload that answered the last
-- document a waiting case asked for moved the case back to In progress with the portal's thank-you
-- (RECEIVED_NOTE), all written on the member's document_uploaded event as if the member had made the
-- move and written the note: from now the move is the portal's status event a moment after the upload,
-- and the older ones are split the same way. A transfer application refused on a red flag opened its
-- TRF1 case already rejected with no event at all: from now the portal's rejected event records it, and
-- the older ones get one at the moment they closed, with the note the member read (the page and reason
-- stay in the case's answers). No trigger is on case_events: nothing is sent again.
INSERT INTO "portal"."case_events" ("case_number", "at", "actor", "kind", "status", "member_note")
SELECT "case_number", "at" + interval '1 millisecond', 'system', 'status', "status", "member_note"
FROM "portal"."case_events"
WHERE "kind" = 'document_uploaded' AND "status" IS NOT NULL;--> statement-breakpoint
UPDATE "portal"."case_events" SET "status" = NULL, "member_note" = NULL
WHERE "kind" = 'document_uploaded' AND "status" IS NOT NULL;--> statement-breakpoint
INSERT INTO "portal"."case_events" ("case_number", "at", "actor", "kind", "status", "member_note")
SELECT c."case_number", c."closed_at", 'system', 'rejected', c."status", c."member_note"
FROM "portal"."cases" c
WHERE c."case_type" = 'TRF1' AND c."status" = 'Rejected' AND c."closed_at" IS NOT NULL
  AND NOT EXISTS (SELECT 1 FROM "portal"."case_events" e WHERE e."case_number" = c."case_number");
