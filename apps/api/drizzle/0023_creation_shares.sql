CREATE TABLE "creation_shares" (
	"hash" text PRIMARY KEY NOT NULL,
	"subfamily_id" integer NOT NULL,
	"catalog_id" integer NOT NULL,
	"space" jsonb NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "creation_shares" ADD CONSTRAINT "creation_shares_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "creation_shares_created_by_idx" ON "creation_shares" USING btree ("created_by");