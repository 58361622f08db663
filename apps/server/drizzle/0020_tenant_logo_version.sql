-- Tenants synced before logos had a version get the digest of their logo's bytes, as the sync now sets it.
UPDATE "content"."tenants" AS "t" SET "settings" = jsonb_set("t"."settings", '{logo,version}', to_jsonb(left(encode(sha256(decode("i"."data", 'base64')), 'hex'), 16))) FROM "content"."images" AS "i" WHERE "i"."tenant_url" = "t"."tenant_url" AND "i"."path" = "t"."settings"->'logo'->>'image';
