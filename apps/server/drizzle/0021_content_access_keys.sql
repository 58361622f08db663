CREATE TABLE "portal"."content_access_keys" (
	"id" text PRIMARY KEY NOT NULL,
	"session_id" uuid NOT NULL,
	"subject" text NOT NULL,
	"session_record" text NOT NULL,
	"payload" jsonb NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "portal"."content_access_keys" ADD CONSTRAINT "content_access_keys_session_id_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "portal"."sessions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "content_access_keys_session" ON "portal"."content_access_keys" USING btree ("session_id");--> statement-breakpoint
CREATE INDEX "content_access_keys_expires" ON "portal"."content_access_keys" USING btree ("expires_at");