CREATE TABLE "erp_received_orders" (
	"order_id" integer PRIMARY KEY NOT NULL,
	"erp_reference" text NOT NULL,
	"receipts" integer DEFAULT 1 NOT NULL,
	"payload" jsonb NOT NULL,
	"received_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "invoice_counters" (
	"year" integer PRIMARY KEY NOT NULL,
	"last" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "invoices" (
	"id" serial PRIMARY KEY NOT NULL,
	"number" text NOT NULL,
	"order_id" integer NOT NULL,
	"client_code" text NOT NULL,
	"company_id" integer,
	"issue_date" date NOT NULL,
	"due_date" date NOT NULL,
	"net" numeric(14, 2) NOT NULL,
	"vat_percent" numeric(5, 2) NOT NULL,
	"vat" numeric(14, 2) NOT NULL,
	"total" numeric(14, 2) NOT NULL,
	"currency" text NOT NULL,
	"lang" text NOT NULL,
	"paid_at" date,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "orders" (
	"id" serial PRIMARY KEY NOT NULL,
	"project_id" integer,
	"project_name" text NOT NULL,
	"quote_id" integer,
	"company_id" integer,
	"user_id" integer,
	"created_by_name" text NOT NULL,
	"client_code" text NOT NULL,
	"catalog_id" integer NOT NULL,
	"currency" text NOT NULL,
	"lang" text NOT NULL,
	"status" integer DEFAULT 1 NOT NULL,
	"comments" text DEFAULT '' NOT NULL,
	"internal_order_number" text DEFAULT '' NOT NULL,
	"send_together" boolean DEFAULT true NOT NULL,
	"lead_time_weeks" integer NOT NULL,
	"net_total" numeric(14, 2),
	"lines_count" integer NOT NULL,
	"lines" jsonb NOT NULL,
	"search_text" text NOT NULL,
	"delivery" text DEFAULT 'pending' NOT NULL,
	"delivered_at" timestamp with time zone,
	"erp_reference" text,
	"processed_at" timestamp with time zone NOT NULL,
	"confirmed_at" timestamp with time zone,
	"production_at" timestamp with time zone,
	"finished_at" timestamp with time zone,
	"planned_shipping_date" date,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "invoices_number_unique" ON "invoices" USING btree ("number");--> statement-breakpoint
CREATE UNIQUE INDEX "invoices_order_unique" ON "invoices" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "invoices_client_idx" ON "invoices" USING btree ("client_code","issue_date" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "orders_project_unique" ON "orders" USING btree ("project_id") WHERE project_id is not null;--> statement-breakpoint
CREATE INDEX "orders_company_idx" ON "orders" USING btree ("company_id","processed_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "orders_user_idx" ON "orders" USING btree ("user_id","processed_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "orders_client_code_idx" ON "orders" USING btree ("client_code");