CREATE TABLE "portal"."oidc_models" (
	"model" text NOT NULL,
	"id" text NOT NULL,
	"payload" jsonb NOT NULL,
	"grant_id" text,
	"user_code" text,
	"uid" text,
	"expires_at" timestamp with time zone,
	"consumed_at" timestamp with time zone,
	CONSTRAINT "oidc_models_model_id_pk" PRIMARY KEY("model","id")
);
--> statement-breakpoint
CREATE TABLE "portal"."user_identities" (
	"issuer" text NOT NULL,
	"subject" text NOT NULL,
	"user_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "user_identities_issuer_subject_pk" PRIMARY KEY("issuer","subject")
);
--> statement-breakpoint
ALTER TABLE "content"."tenants" ADD COLUMN "single_auth" jsonb;--> statement-breakpoint
ALTER TABLE "portal"."user_identities" ADD CONSTRAINT "user_identities_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "portal"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "oidc_models_grant_id" ON "portal"."oidc_models" USING btree ("grant_id");--> statement-breakpoint
CREATE INDEX "oidc_models_uid" ON "portal"."oidc_models" USING btree ("uid");--> statement-breakpoint
CREATE INDEX "oidc_models_expires_at" ON "portal"."oidc_models" USING btree ("expires_at");--> statement-breakpoint
CREATE INDEX "user_identities_user" ON "portal"."user_identities" USING btree ("user_id");