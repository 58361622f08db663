-- The console's outbox for the admin firm's staff lists every tenant's messages newest first (then by
-- id), a page at a time (areas/outbox/routes.ts): with no tenant to filter by, outbox_messages_tenant_created
-- cannot give that order, and every page read and sorted the whole table. Adds only.
CREATE INDEX "outbox_messages_created" ON "portal"."outbox_messages" USING btree ("created_at","id");
