-- Reports of a death and callback requests sent before 0044 opened no case. Each sent one without a case
-- gets the case the visitor owner opens as one is sent: its definition's case type and title, Received,
-- in the tenant's first business group (or the member a report was matched to since), created when it
-- was sent, so its deadline counts from then, and updated now. Only a case number with no case yet:
-- running it again adds nothing. The tenant's webhooks are not told: a back-filled case is not a new
-- one, and a receiver told case.opened would take a report sent weeks ago for one sent now. The opened
-- trigger is off for this insert only (inside the migration's transaction: a case another instance
-- opens meanwhile waits for the commit and is told as usual). Receivers find the back-filled cases,
-- with their true openedAt, on their next GET /v1/cases?updatedSince=.
ALTER TABLE "portal"."cases" DISABLE TRIGGER "cases_webhooks_opened";--> statement-breakpoint
INSERT INTO "portal"."cases" (
  "case_number", "business_group", "reference_number", "case_type", "title", "journey_type", "status",
  "summary_pdf", "created_at", "updated_at"
)
SELECT
  sent.case_number,
  coalesce(sent.matched_business_group, tenant.business_groups[1], sent.tenant_url),
  sent.matched_reference_number,
  coalesce(definition.case_type, split_part(sent.case_number, '-', 1)),
  coalesce(definition.title, sent.type),
  sent.type,
  'Received',
  sent.summary_pdf,
  sent.sent_at,
  now()
FROM (
  SELECT "tenant_url", "type", "case_number", "summary_pdf", coalesce("submitted_at", "updated_at") AS sent_at,
    "matched_business_group", "matched_reference_number"
  FROM "bereavement"."journeys"
  WHERE "status" = 'Submitted' AND "case_number" IS NOT NULL
  UNION ALL
  SELECT "tenant_url", "type", "case_number", "summary_pdf", coalesce("submitted_at", "updated_at"), NULL, NULL
  FROM "portal"."visitor_journeys"
  WHERE "status" = 'Submitted' AND "case_number" IS NOT NULL
) AS sent
LEFT JOIN "content"."tenants" AS tenant ON tenant."tenant_url" = sent.tenant_url
LEFT JOIN LATERAL (
  SELECT entry->>'caseType' AS case_type, entry->>'title' AS title
  FROM "content"."documents" AS document,
    jsonb_array_elements(
      CASE WHEN jsonb_typeof(document."body") = 'array' THEN document."body" ELSE '[]'::jsonb END
    ) AS entry
  WHERE document."tenant_url" = sent.tenant_url AND document."kind" = 'journeys' AND entry->>'type' = sent.type
  LIMIT 1
) AS definition ON true
WHERE NOT EXISTS (SELECT 1 FROM "portal"."cases" AS existing WHERE existing."case_number" = sent.case_number)
ON CONFLICT ("case_number") DO NOTHING;--> statement-breakpoint
ALTER TABLE "portal"."cases" ENABLE TRIGGER "cases_webhooks_opened";
