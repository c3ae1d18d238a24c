CREATE TABLE "project_version_mails" (
	"id" serial PRIMARY KEY NOT NULL,
	"project_id" integer NOT NULL,
	"version_id" integer,
	"sender_id" integer NOT NULL,
	"recipient" text NOT NULL,
	"outcome" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE INDEX "project_version_mails_sender_idx" ON "project_version_mails" USING btree ("sender_id","created_at");--> statement-breakpoint
CREATE INDEX "project_version_mails_recipient_idx" ON "project_version_mails" USING btree ("recipient","created_at");