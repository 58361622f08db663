CREATE TABLE "portal"."pension_increases" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"business_group" text NOT NULL,
	"reference_number" text NOT NULL,
	"effective_on" date NOT NULL,
	"basis_points" integer NOT NULL,
	"annual_before_pence" integer NOT NULL,
	"annual_after_pence" integer NOT NULL
);
--> statement-breakpoint
ALTER TABLE "portal"."pension_payments" ADD COLUMN "tax_code" text;--> statement-breakpoint
ALTER TABLE "portal"."pension_payments" ADD COLUMN "tax_basis" text;--> statement-breakpoint
ALTER TABLE "portal"."pension_payments" ADD COLUMN "pay_reference" text;--> statement-breakpoint
CREATE INDEX "pension_increases_member" ON "portal"."pension_increases" USING btree ("business_group","reference_number","effective_on");