CREATE TABLE "catalogue_images" (
	"catalog_id" integer NOT NULL,
	"model" text NOT NULL,
	"finish" text NOT NULL,
	"studio_image_id" integer NOT NULL,
	"shot" text NOT NULL,
	"width" integer NOT NULL,
	"height" integer NOT NULL,
	"file_key" text NOT NULL,
	"published_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "catalogue_images_catalog_id_model_finish_pk" PRIMARY KEY("catalog_id","model","finish")
);
--> statement-breakpoint
CREATE TABLE "studio_images" (
	"id" serial PRIMARY KEY NOT NULL,
	"batch_id" integer NOT NULL,
	"catalog_id" integer NOT NULL,
	"model" text NOT NULL,
	"finish" text NOT NULL,
	"shot" text NOT NULL,
	"width" integer NOT NULL,
	"height" integer NOT NULL,
	"file_key" text NOT NULL,
	"review" text DEFAULT 'pending' NOT NULL,
	"reviewed_by" text,
	"reviewed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "catalogue_images" ADD CONSTRAINT "catalogue_images_catalog_id_catalogs_id_fk" FOREIGN KEY ("catalog_id") REFERENCES "public"."catalogs"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "studio_images" ADD CONSTRAINT "studio_images_catalog_id_catalogs_id_fk" FOREIGN KEY ("catalog_id") REFERENCES "public"."catalogs"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "studio_images_batch_idx" ON "studio_images" USING btree ("batch_id","id");