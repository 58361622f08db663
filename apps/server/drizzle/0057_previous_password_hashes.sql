-- A new password may not be any of the account's last five (issue 41): the hashes before the current one
-- are kept, newest first. Adds a column with a default: the running release neither reads nor writes it.
ALTER TABLE "portal"."users" ADD COLUMN "previous_password_hashes" jsonb DEFAULT '[]'::jsonb NOT NULL;