CREATE TABLE "catalogue_draft_changes" (
	"catalog_id" integer NOT NULL,
	"kind" text NOT NULL,
	"key" text NOT NULL,
	"value" jsonb,
	"revision" integer DEFAULT 1 NOT NULL,
	"updated_by_id" integer,
	"updated_by" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "catalogue_draft_changes_catalog_id_kind_key_pk" PRIMARY KEY("catalog_id","kind","key")
);
--> statement-breakpoint
CREATE TABLE "catalogue_publications" (
	"id" serial PRIMARY KEY NOT NULL,
	"catalog_id" integer NOT NULL,
	"version" integer NOT NULL,
	"action" text NOT NULL,
	"changes" jsonb NOT NULL,
	"restored" boolean DEFAULT false NOT NULL,
	"published_by_id" integer,
	"published_by" text NOT NULL,
	"published_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "catalogue_rule_sets" (
	"catalog_id" integer NOT NULL,
	"sub_family_id" integer NOT NULL,
	"rule_id" text NOT NULL,
	"data" jsonb NOT NULL,
	CONSTRAINT "catalogue_rule_sets_catalog_id_sub_family_id_rule_id_pk" PRIMARY KEY("catalog_id","sub_family_id","rule_id")
);
--> statement-breakpoint
CREATE TABLE "catalogue_versions" (
	"catalog_id" integer PRIMARY KEY NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"published_at" timestamp with time zone,
	"published_by" text
);
--> statement-breakpoint
ALTER TABLE "catalogue_draft_changes" ADD CONSTRAINT "catalogue_draft_changes_catalog_id_catalogs_id_fk" FOREIGN KEY ("catalog_id") REFERENCES "public"."catalogs"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "catalogue_publications" ADD CONSTRAINT "catalogue_publications_catalog_id_catalogs_id_fk" FOREIGN KEY ("catalog_id") REFERENCES "public"."catalogs"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "catalogue_rule_sets" ADD CONSTRAINT "catalogue_rule_sets_catalog_id_catalogs_id_fk" FOREIGN KEY ("catalog_id") REFERENCES "public"."catalogs"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "catalogue_versions" ADD CONSTRAINT "catalogue_versions_catalog_id_catalogs_id_fk" FOREIGN KEY ("catalog_id") REFERENCES "public"."catalogs"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "catalogue_publications_catalog_idx" ON "catalogue_publications" USING btree ("catalog_id","id");--> statement-breakpoint
-- Every process keeps the catalogue in memory (products.catalogue.ts): a publication or a restore moves the version, and the trigger tells every process (src/db/data-changes.ts).
CREATE TRIGGER catalogue_versions_data_change AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON catalogue_versions FOR EACH STATEMENT EXECUTE FUNCTION notify_data_change();
--> statement-breakpoint
INSERT INTO "catalogue_versions" ("catalog_id", "version") SELECT "id", 1 FROM "catalogs" ON CONFLICT DO NOTHING;
