CREATE TABLE "preconfig_results" (
	"preconfig_id" integer PRIMARY KEY NOT NULL,
	"catalog_id" integer NOT NULL,
	"preview_key" text,
	"preview_job_id" integer,
	"preview_at" timestamp with time zone,
	"pdf_key" text,
	"pdf_job_id" integer,
	"pdf_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "preconfig_results" ADD CONSTRAINT "preconfig_results_catalog_id_catalogs_id_fk" FOREIGN KEY ("catalog_id") REFERENCES "public"."catalogs"("id") ON DELETE no action ON UPDATE no action;