CREATE TABLE "feature_flag_changes" (
	"id" serial PRIMARY KEY NOT NULL,
	"flag_key" text NOT NULL,
	"changed_at" timestamp with time zone DEFAULT now() NOT NULL,
	"changed_by" integer NOT NULL,
	"changed_by_email" text NOT NULL,
	"before" jsonb,
	"after" jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "feature_flag_email_toggles" (
	"flag_key" text NOT NULL,
	"email" text NOT NULL,
	"enabled" boolean NOT NULL,
	CONSTRAINT "feature_flag_email_toggles_flag_key_email_pk" PRIMARY KEY("flag_key","email")
);
--> statement-breakpoint
CREATE TABLE "feature_flag_rollouts" (
	"flag_key" text NOT NULL,
	"environment" text NOT NULL,
	"rollout" double precision NOT NULL,
	CONSTRAINT "feature_flag_rollouts_flag_key_environment_pk" PRIMARY KEY("flag_key","environment"),
	CONSTRAINT "feature_flag_rollouts_rollout_range" CHECK ("feature_flag_rollouts"."rollout" >= 0 and "feature_flag_rollouts"."rollout" <= 1),
	CONSTRAINT "feature_flag_rollouts_environment" CHECK ("feature_flag_rollouts"."environment" in ('DEV', 'NEWPRO', 'PRO'))
);
--> statement-breakpoint
CREATE TABLE "feature_flags" (
	"key" text PRIMARY KEY NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"default_value" boolean DEFAULT false NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" integer
);
--> statement-breakpoint
ALTER TABLE "feature_flag_changes" ADD CONSTRAINT "feature_flag_changes_changed_by_users_id_fk" FOREIGN KEY ("changed_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "feature_flag_email_toggles" ADD CONSTRAINT "feature_flag_email_toggles_flag_key_feature_flags_key_fk" FOREIGN KEY ("flag_key") REFERENCES "public"."feature_flags"("key") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "feature_flag_rollouts" ADD CONSTRAINT "feature_flag_rollouts_flag_key_feature_flags_key_fk" FOREIGN KEY ("flag_key") REFERENCES "public"."feature_flags"("key") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "feature_flags" ADD CONSTRAINT "feature_flags_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "feature_flag_changes_key_idx" ON "feature_flag_changes" USING btree ("flag_key","id");