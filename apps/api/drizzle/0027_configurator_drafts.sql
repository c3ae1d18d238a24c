CREATE TABLE "configurator_drafts" (
	"user_id" integer NOT NULL,
	"key" text NOT NULL,
	"content" jsonb NOT NULL,
	"quantity" integer DEFAULT 1 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "configurator_drafts_user_id_key_pk" PRIMARY KEY("user_id","key")
);
--> statement-breakpoint
ALTER TABLE "configurator_drafts" ADD CONSTRAINT "configurator_drafts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;