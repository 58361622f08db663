CREATE SCHEMA "bereavement";
--> statement-breakpoint
CREATE SCHEMA "content";
--> statement-breakpoint
CREATE SCHEMA "portal";
--> statement-breakpoint
CREATE TABLE "portal"."audit_events" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"action" text NOT NULL,
	"outcome" text NOT NULL,
	"user_id" uuid,
	"business_group" text,
	"reference_number" text,
	"ip" text,
	"request_id" text,
	"details" jsonb DEFAULT '{}'::jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "bereavement"."journeys" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"business_group" text NOT NULL,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"submitted_at" timestamp with time zone,
	"data" jsonb DEFAULT '{}'::jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "portal"."members" (
	"business_group" text NOT NULL,
	"reference_number" text NOT NULL,
	"scheme_code" text NOT NULL,
	"category" text NOT NULL,
	"status" text NOT NULL,
	"title" text,
	"forenames" text NOT NULL,
	"surname" text NOT NULL,
	"gender" text NOT NULL,
	"date_of_birth" date NOT NULL,
	"insurance_number" text,
	"email" text,
	"mobile_phone" text,
	"marital_status" text,
	"employer_code" text,
	"location_code" text,
	"payroll_number" text,
	"membership_number" text,
	"date_joined_company" date,
	"date_joined_scheme" date,
	"date_pensionable_service_started" date,
	"date_left_scheme" date,
	"date_retired" date,
	"benefits" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "members_business_group_reference_number_pk" PRIMARY KEY("business_group","reference_number")
);
--> statement-breakpoint
CREATE TABLE "portal"."outbox_messages" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"channel" text NOT NULL,
	"recipient" text NOT NULL,
	"subject" text NOT NULL,
	"body" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "content"."pages" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_url" text NOT NULL,
	"slug" text NOT NULL,
	"key" text NOT NULL,
	"title" text NOT NULL,
	"is_public" boolean DEFAULT false NOT NULL,
	"blocks" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "portal"."schemes" (
	"code" text PRIMARY KEY NOT NULL,
	"business_group" text NOT NULL,
	"name" text NOT NULL,
	"type" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "portal"."server_keys" (
	"name" text PRIMARY KEY NOT NULL,
	"secret" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "content"."tenants" (
	"tenant_url" text PRIMARY KEY NOT NULL,
	"tenant_name" text NOT NULL,
	"header_text" text NOT NULL,
	"business_groups" text[] NOT NULL,
	"primary_color" text NOT NULL,
	"logo_text" text NOT NULL,
	"auth_methods" text[] NOT NULL,
	"routes" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"settings" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "portal"."user_records" (
	"user_id" uuid NOT NULL,
	"business_group" text NOT NULL,
	"reference_number" text NOT NULL,
	"record_number" integer NOT NULL,
	"is_primary" boolean DEFAULT false NOT NULL,
	CONSTRAINT "user_records_user_id_business_group_reference_number_pk" PRIMARY KEY("user_id","business_group","reference_number")
);
--> statement-breakpoint
CREATE TABLE "portal"."users" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"username" text NOT NULL,
	"email" text NOT NULL,
	"password_hash" text NOT NULL,
	"failed_sign_ins" integer DEFAULT 0 NOT NULL,
	"locked_until" timestamp with time zone,
	"last_sign_in_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "users_username_unique" UNIQUE("username")
);
--> statement-breakpoint
ALTER TABLE "portal"."members" ADD CONSTRAINT "members_scheme_code_schemes_code_fk" FOREIGN KEY ("scheme_code") REFERENCES "portal"."schemes"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "content"."pages" ADD CONSTRAINT "pages_tenant_url_tenants_tenant_url_fk" FOREIGN KEY ("tenant_url") REFERENCES "content"."tenants"("tenant_url") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "portal"."user_records" ADD CONSTRAINT "user_records_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "portal"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "audit_events_at" ON "portal"."audit_events" USING btree ("at");--> statement-breakpoint
CREATE UNIQUE INDEX "pages_tenant_slug" ON "content"."pages" USING btree ("tenant_url","slug");--> statement-breakpoint
CREATE UNIQUE INDEX "pages_tenant_key" ON "content"."pages" USING btree ("tenant_url","key");