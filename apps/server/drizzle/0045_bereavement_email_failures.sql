CREATE TABLE "bereavement"."email_code_failures" (
	"address_hash" text PRIMARY KEY NOT NULL,
	"failures" integer NOT NULL,
	"first_failed_at" timestamp with time zone NOT NULL,
	"locked_until" timestamp with time zone
);
--> statement-breakpoint
CREATE INDEX "bereavement_email_code_failures_first" ON "bereavement"."email_code_failures" USING btree ("first_failed_at");