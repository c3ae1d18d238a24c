ALTER TABLE "idempotency_keys" ADD COLUMN "resource" text;--> statement-breakpoint
ALTER TABLE "quotes" ADD COLUMN "public_link_generation" integer DEFAULT 0 NOT NULL;