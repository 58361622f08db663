CREATE TABLE "portal"."pension_payments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"business_group" text NOT NULL,
	"reference_number" text NOT NULL,
	"paid_on" date NOT NULL,
	"gross_pence" integer NOT NULL,
	"tax_pence" integer NOT NULL,
	"net_pence" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "portal"."pension_payroll" (
	"business_group" text NOT NULL,
	"reference_number" text NOT NULL,
	"annual_pension_pence" integer NOT NULL,
	"tax_code" text NOT NULL,
	"increase_rule" text NOT NULL,
	"next_increase_on" date NOT NULL,
	"last_increase_basis_points" integer,
	"last_increase_on" date,
	CONSTRAINT "pension_payroll_business_group_reference_number_pk" PRIMARY KEY("business_group","reference_number")
);
--> statement-breakpoint
CREATE TABLE "portal"."stored_transfer_quotes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"business_group" text NOT NULL,
	"reference_number" text NOT NULL,
	"stored_on" date NOT NULL,
	"guaranteed_until" date NOT NULL,
	"quote" jsonb NOT NULL
);
--> statement-breakpoint
CREATE INDEX "pension_payments_member" ON "portal"."pension_payments" USING btree ("business_group","reference_number","paid_on");--> statement-breakpoint
CREATE INDEX "stored_transfer_quotes_member" ON "portal"."stored_transfer_quotes" USING btree ("business_group","reference_number","stored_on");