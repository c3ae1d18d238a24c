CREATE TABLE "crm_contacts" (
	"crm_id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"profesion" text,
	"email" text NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
