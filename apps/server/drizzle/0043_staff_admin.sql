ALTER TABLE "portal"."staff_accounts" ADD COLUMN "setup_token_hash" text;--> statement-breakpoint
ALTER TABLE "portal"."staff_accounts" ADD COLUMN "setup_expires_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "portal"."staff_audit" ADD COLUMN "tenant_url" text;--> statement-breakpoint
CREATE INDEX "staff_audit_tenant" ON "portal"."staff_audit" USING btree ("tenant_url","at");--> statement-breakpoint
ALTER TABLE "portal"."staff_accounts" ADD CONSTRAINT "staff_accounts_setup_token_hash_unique" UNIQUE("setup_token_hash");--> statement-breakpoint
-- Older audit rows get the tenant where it is known: the member's business group, else the integration
-- client's tenant, else the tenant of the member of staff, else the host's tenant a refusal recorded.
-- The append-only trigger is set aside for these updates only.
ALTER TABLE "portal"."staff_audit" DISABLE TRIGGER "staff_audit_no_update_or_delete";--> statement-breakpoint
UPDATE "portal"."staff_audit" AS a SET "tenant_url" = t."tenant_url" FROM "content"."tenants" AS t WHERE a."business_group" IS NOT NULL AND a."business_group" = ANY(t."business_groups");--> statement-breakpoint
UPDATE "portal"."staff_audit" AS a SET "tenant_url" = c."tenant_url" FROM "portal"."integration_clients" AS c WHERE a."tenant_url" IS NULL AND a."client_id" = c."id";--> statement-breakpoint
UPDATE "portal"."staff_audit" AS a SET "tenant_url" = s."tenant_url" FROM "portal"."staff_accounts" AS s WHERE a."tenant_url" IS NULL AND a."staff_id" = s."id" AND s."tenant_url" IS NOT NULL;--> statement-breakpoint
UPDATE "portal"."staff_audit" SET "tenant_url" = "details"->>'tenantUrl' WHERE "tenant_url" IS NULL AND "details" ? 'tenantUrl';--> statement-breakpoint
ALTER TABLE "portal"."staff_audit" ENABLE TRIGGER "staff_audit_no_update_or_delete";
