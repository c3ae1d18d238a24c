CREATE TABLE "catalogs" (
	"id" integer PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"currency" text NOT NULL,
	"brand_codes" jsonb NOT NULL,
	"default_rate_id" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "catalogue_accessories" (
	"catalog_id" integer NOT NULL,
	"reference" text NOT NULL,
	"sub_family_id" integer NOT NULL,
	"data" jsonb NOT NULL,
	CONSTRAINT "catalogue_accessories_catalog_id_reference_pk" PRIMARY KEY("catalog_id","reference")
);
--> statement-breakpoint
CREATE TABLE "catalogue_articles" (
	"catalog_id" integer NOT NULL,
	"reference" text NOT NULL,
	"model" text NOT NULL,
	"reference_base" text NOT NULL,
	"finish" text NOT NULL,
	"led_colour_temp" text,
	"control" text,
	"installation" text,
	"is_base" boolean DEFAULT false NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"moq" integer DEFAULT 1 NOT NULL,
	"leadtime" jsonb NOT NULL,
	CONSTRAINT "catalogue_articles_catalog_id_reference_pk" PRIMARY KEY("catalog_id","reference")
);
--> statement-breakpoint
CREATE TABLE "catalogue_collections" (
	"catalog_id" integer NOT NULL,
	"sub_family_id" integer NOT NULL,
	"family_id" integer NOT NULL,
	"sort_order" integer NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"data" jsonb NOT NULL,
	CONSTRAINT "catalogue_collections_catalog_id_sub_family_id_pk" PRIMARY KEY("catalog_id","sub_family_id")
);
--> statement-breakpoint
CREATE TABLE "catalogue_documents" (
	"kind" text NOT NULL,
	"key" text NOT NULL,
	"data" jsonb NOT NULL,
	CONSTRAINT "catalogue_documents_kind_key_pk" PRIMARY KEY("kind","key")
);
--> statement-breakpoint
CREATE TABLE "catalogue_images" (
	"kind" text NOT NULL,
	"id" text NOT NULL,
	"svg" text NOT NULL,
	CONSTRAINT "catalogue_images_kind_id_pk" PRIMARY KEY("kind","id")
);
--> statement-breakpoint
CREATE TABLE "catalogue_meta" (
	"key" text PRIMARY KEY NOT NULL,
	"value" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "catalogue_models" (
	"catalog_id" integer NOT NULL,
	"model" text NOT NULL,
	"sub_family_id" integer NOT NULL,
	"application_location_id" integer NOT NULL,
	"category_id" integer NOT NULL,
	"virtual" boolean DEFAULT false NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"data" jsonb NOT NULL,
	CONSTRAINT "catalogue_models_catalog_id_model_pk" PRIMARY KEY("catalog_id","model")
);
--> statement-breakpoint
CREATE TABLE "catalogue_preconfigs" (
	"id" integer PRIMARY KEY NOT NULL,
	"catalog_id" integer NOT NULL,
	"sub_family_id" integer NOT NULL,
	"family_id" integer NOT NULL,
	"visibility" text NOT NULL,
	"data" jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "catalogue_prices" (
	"catalog_id" integer NOT NULL,
	"price_reference" text NOT NULL,
	"rate_id" integer NOT NULL,
	"sale_price" numeric(12, 2) NOT NULL,
	CONSTRAINT "catalogue_prices_catalog_id_price_reference_rate_id_pk" PRIMARY KEY("catalog_id","price_reference","rate_id")
);
--> statement-breakpoint
CREATE TABLE "catalogue_variations" (
	"id" serial PRIMARY KEY NOT NULL,
	"catalog_id" integer NOT NULL,
	"model" text NOT NULL,
	"type" text NOT NULL,
	"modifier" text NOT NULL,
	"data" jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "company_price_terms" (
	"company_id" integer PRIMARY KEY NOT NULL,
	"rate_id" integer,
	"sublevel_discounts" jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "price_rates" (
	"id" integer PRIMARY KEY NOT NULL,
	"catalog_id" integer NOT NULL,
	"name" text NOT NULL,
	"currency" text NOT NULL
);
--> statement-breakpoint
ALTER TABLE "catalogue_accessories" ADD CONSTRAINT "catalogue_accessories_catalog_id_catalogs_id_fk" FOREIGN KEY ("catalog_id") REFERENCES "public"."catalogs"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "catalogue_articles" ADD CONSTRAINT "catalogue_articles_catalog_id_catalogs_id_fk" FOREIGN KEY ("catalog_id") REFERENCES "public"."catalogs"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "catalogue_collections" ADD CONSTRAINT "catalogue_collections_catalog_id_catalogs_id_fk" FOREIGN KEY ("catalog_id") REFERENCES "public"."catalogs"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "catalogue_models" ADD CONSTRAINT "catalogue_models_catalog_id_catalogs_id_fk" FOREIGN KEY ("catalog_id") REFERENCES "public"."catalogs"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "catalogue_preconfigs" ADD CONSTRAINT "catalogue_preconfigs_catalog_id_catalogs_id_fk" FOREIGN KEY ("catalog_id") REFERENCES "public"."catalogs"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "catalogue_prices" ADD CONSTRAINT "catalogue_prices_catalog_id_catalogs_id_fk" FOREIGN KEY ("catalog_id") REFERENCES "public"."catalogs"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "catalogue_prices" ADD CONSTRAINT "catalogue_prices_rate_id_price_rates_id_fk" FOREIGN KEY ("rate_id") REFERENCES "public"."price_rates"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "catalogue_variations" ADD CONSTRAINT "catalogue_variations_catalog_id_catalogs_id_fk" FOREIGN KEY ("catalog_id") REFERENCES "public"."catalogs"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "company_price_terms" ADD CONSTRAINT "company_price_terms_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "company_price_terms" ADD CONSTRAINT "company_price_terms_rate_id_price_rates_id_fk" FOREIGN KEY ("rate_id") REFERENCES "public"."price_rates"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "price_rates" ADD CONSTRAINT "price_rates_catalog_id_catalogs_id_fk" FOREIGN KEY ("catalog_id") REFERENCES "public"."catalogs"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "catalogue_accessories_subfamily_idx" ON "catalogue_accessories" USING btree ("catalog_id","sub_family_id");--> statement-breakpoint
CREATE INDEX "catalogue_articles_model_idx" ON "catalogue_articles" USING btree ("catalog_id","model");--> statement-breakpoint
CREATE INDEX "catalogue_models_subfamily_idx" ON "catalogue_models" USING btree ("catalog_id","sub_family_id");--> statement-breakpoint
CREATE INDEX "catalogue_preconfigs_subfamily_idx" ON "catalogue_preconfigs" USING btree ("catalog_id","sub_family_id");--> statement-breakpoint
CREATE INDEX "catalogue_variations_model_idx" ON "catalogue_variations" USING btree ("catalog_id","model");