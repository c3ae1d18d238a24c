CREATE TABLE "quote_lines" (
	"quote_id" integer NOT NULL,
	"position" integer NOT NULL,
	"project_line_id" uuid NOT NULL,
	"reference_code" text,
	"quantity" integer NOT NULL,
	"net_price" numeric(16, 2) NOT NULL,
	"data" jsonb NOT NULL,
	CONSTRAINT "quote_lines_quote_id_position_pk" PRIMARY KEY("quote_id","position")
);
--> statement-breakpoint
CREATE TABLE "quote_number_counters" (
	"catalog_id" integer NOT NULL,
	"year" integer NOT NULL,
	"counter" integer NOT NULL,
	CONSTRAINT "quote_number_counters_catalog_id_year_pk" PRIMARY KEY("catalog_id","year")
);
--> statement-breakpoint
CREATE TABLE "quote_number_reservations" (
	"number" text PRIMARY KEY NOT NULL,
	"catalog_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"quote_id" integer
);
--> statement-breakpoint
CREATE TABLE "quote_questions" (
	"id" serial PRIMARY KEY NOT NULL,
	"quote_id" integer NOT NULL,
	"name" text NOT NULL,
	"email" text NOT NULL,
	"message" text NOT NULL,
	"ip" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "quotes" (
	"id" serial PRIMARY KEY NOT NULL,
	"project_id" integer NOT NULL,
	"project_revision" integer NOT NULL,
	"project_name" text NOT NULL,
	"catalog_id" integer NOT NULL,
	"base_number" text NOT NULL,
	"revision" integer NOT NULL,
	"number" text NOT NULL,
	"status" text DEFAULT 'issued' NOT NULL,
	"is_final_quote" boolean DEFAULT false NOT NULL,
	"currency" text NOT NULL,
	"lang" text NOT NULL,
	"client_name" text,
	"created_by_user_id" integer,
	"created_by_name" text NOT NULL,
	"created_by_email" text NOT NULL,
	"company_id" integer,
	"company_name" text,
	"created_at" timestamp with time zone NOT NULL,
	"valid_until" date NOT NULL,
	"discount" numeric(5, 2) NOT NULL,
	"surcharge" numeric(5, 2) NOT NULL,
	"iva" numeric(5, 2) NOT NULL,
	"sub_total" numeric(16, 2) NOT NULL,
	"discount_value" numeric(16, 2) NOT NULL,
	"surcharge_value" numeric(16, 2) NOT NULL,
	"iva_value" numeric(16, 2) NOT NULL,
	"net_total" numeric(16, 2) NOT NULL,
	"comments" text,
	"lines_count" integer NOT NULL,
	"usa" jsonb,
	"sent_to_email" text,
	"sent_to_name" text,
	"sent_at" timestamp with time zone,
	"answered_name" text,
	"answered_at" timestamp with time zone,
	"answered_ip" text,
	"decline_reason" text,
	"questions" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "quotes_status_check" CHECK ("quotes"."status" in ('issued', 'sent', 'accepted', 'declined')),
	CONSTRAINT "quotes_percent_check" CHECK ("quotes"."discount" between 0 and 100 and "quotes"."surcharge" between 0 and 100 and "quotes"."iva" between 0 and 100)
);
--> statement-breakpoint
ALTER TABLE "quote_lines" ADD CONSTRAINT "quote_lines_quote_id_quotes_id_fk" FOREIGN KEY ("quote_id") REFERENCES "public"."quotes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quote_number_reservations" ADD CONSTRAINT "quote_number_reservations_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quote_number_reservations" ADD CONSTRAINT "quote_number_reservations_quote_id_quotes_id_fk" FOREIGN KEY ("quote_id") REFERENCES "public"."quotes"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quote_questions" ADD CONSTRAINT "quote_questions_quote_id_quotes_id_fk" FOREIGN KEY ("quote_id") REFERENCES "public"."quotes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quotes" ADD CONSTRAINT "quotes_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quotes" ADD CONSTRAINT "quotes_created_by_user_id_users_id_fk" FOREIGN KEY ("created_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "quote_questions_quote_idx" ON "quote_questions" USING btree ("quote_id");--> statement-breakpoint
CREATE UNIQUE INDEX "quotes_number_idx" ON "quotes" USING btree ("number");--> statement-breakpoint
CREATE UNIQUE INDEX "quotes_base_revision_idx" ON "quotes" USING btree ("base_number","revision");--> statement-breakpoint
CREATE INDEX "quotes_project_idx" ON "quotes" USING btree ("project_id","created_at");