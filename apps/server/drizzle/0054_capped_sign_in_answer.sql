-- A sign-in refused by an account's failed-password cap gets the same answer for every name (issue 41): a
-- challenge, for an unknown name too (no user: it can never be finished), its code guesses counted per
-- name. The running release reads a challenge without a user only if handed such a token, and refuses its
-- codes as not right.
ALTER TABLE "portal"."sign_in_challenges" ALTER COLUMN "user_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "portal"."sign_in_challenges" ADD COLUMN "account_name" text;