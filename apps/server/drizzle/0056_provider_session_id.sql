-- A portal session opened from the embedded provider's sign-in keeps that sign-in's session id (the ID
-- token's sid), so signing the session out from "Where you are signed in" ends the provider's sign-in too
-- (issue 41). Adds a nullable column: the running release neither reads nor writes it.
ALTER TABLE "portal"."sessions" ADD COLUMN "provider_sid" text;