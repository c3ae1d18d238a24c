CREATE TABLE "uploaded_files" (
	"id" uuid PRIMARY KEY NOT NULL,
	"owner_user_id" integer,
	"domain" text NOT NULL,
	"entity" text NOT NULL,
	"name" text NOT NULL,
	"extension" text NOT NULL,
	"content_type" text NOT NULL,
	"size" integer NOT NULL,
	"sha256" text NOT NULL,
	"storage_key" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone,
	"attached_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "uploaded_files" ADD CONSTRAINT "uploaded_files_owner_user_id_users_id_fk" FOREIGN KEY ("owner_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "uploaded_files_temp_expiry_idx" ON "uploaded_files" USING btree ("expires_at") WHERE "uploaded_files"."attached_at" is null;