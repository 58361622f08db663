CREATE TABLE "content"."documents" (
	"tenant_url" text NOT NULL,
	"kind" text NOT NULL,
	"body" jsonb NOT NULL,
	"version" integer NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "documents_tenant_url_kind_pk" PRIMARY KEY("tenant_url","kind")
);
--> statement-breakpoint
CREATE TABLE "content"."images" (
	"tenant_url" text NOT NULL,
	"path" text NOT NULL,
	"media_type" text NOT NULL,
	"data" text NOT NULL,
	"version" integer NOT NULL,
	CONSTRAINT "images_tenant_url_path_pk" PRIMARY KEY("tenant_url","path")
);
--> statement-breakpoint
CREATE TABLE "content"."versions" (
	"version" integer PRIMARY KEY NOT NULL,
	"checksum" text NOT NULL,
	"summary" jsonb NOT NULL,
	"synced_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "content"."pages" ADD COLUMN "visibility" jsonb;--> statement-breakpoint
ALTER TABLE "content"."pages" ADD COLUMN "widget" jsonb;--> statement-breakpoint
ALTER TABLE "content"."documents" ADD CONSTRAINT "documents_tenant_url_tenants_tenant_url_fk" FOREIGN KEY ("tenant_url") REFERENCES "content"."tenants"("tenant_url") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "content"."images" ADD CONSTRAINT "images_tenant_url_tenants_tenant_url_fk" FOREIGN KEY ("tenant_url") REFERENCES "content"."tenants"("tenant_url") ON DELETE cascade ON UPDATE no action;