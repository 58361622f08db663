ALTER TABLE "portal"."sessions" ADD COLUMN "tenant_url" text;--> statement-breakpoint
UPDATE "portal"."sessions" AS "session" SET "tenant_url" = (SELECT "tenant"."tenant_url" FROM "content"."tenants" AS "tenant" WHERE "session"."business_group" = ANY("tenant"."business_groups") ORDER BY "tenant"."tenant_url" LIMIT 1);--> statement-breakpoint
UPDATE "portal"."sessions" SET "tenant_url" = '', "revoked_at" = coalesce("revoked_at", now()), "revoked_reason" = coalesce("revoked_reason", 'tenant_unknown') WHERE "tenant_url" IS NULL;--> statement-breakpoint
ALTER TABLE "portal"."sessions" ALTER COLUMN "tenant_url" SET NOT NULL;
