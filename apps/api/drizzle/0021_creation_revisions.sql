CREATE TABLE "project_product_revisions" (
	"product_id" uuid NOT NULL,
	"revision" integer NOT NULL,
	"space" jsonb NOT NULL,
	"quantity" integer NOT NULL,
	"totals" jsonb NOT NULL,
	"user_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "project_product_revisions_product_id_revision_pk" PRIMARY KEY("product_id","revision")
);
--> statement-breakpoint
ALTER TABLE "project_product_revisions" ADD CONSTRAINT "project_product_revisions_product_id_project_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."project_products"("id") ON DELETE cascade ON UPDATE no action;