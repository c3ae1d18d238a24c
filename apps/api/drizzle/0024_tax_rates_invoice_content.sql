ALTER TABLE "quotes" ALTER COLUMN "iva" SET DATA TYPE numeric(6, 3);--> statement-breakpoint
ALTER TABLE "invoices" ALTER COLUMN "vat_percent" SET DATA TYPE numeric(6, 3);--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "vat_id" text;--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "billing_address" jsonb;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "seller" jsonb;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "buyer" jsonb;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "supply_date" date;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "lines" jsonb;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "payment_terms_days" integer;