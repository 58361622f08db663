-- The console's outbox lists a tenant's messages newest first (then by id), a page at a time, with how
-- many match (areas/outbox/routes.ts): an index on what it filters and orders by. Adds only.
CREATE INDEX "outbox_messages_tenant_created" ON "portal"."outbox_messages" USING btree ("tenant_url","created_at","id");
