CREATE TABLE "automation_drafts" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "automation_drafts_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"client_id" uuid NOT NULL,
	"outlet_id" uuid NOT NULL,
	"run_id" bigint NOT NULL,
	"review_id" bigint NOT NULL,
	"text" text NOT NULL,
	"warnings" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"decided_at" timestamp with time zone,
	"decided_by_user_id" uuid,
	"decided_by_name" text,
	CONSTRAINT "automation_drafts_status_ck" CHECK ("automation_drafts"."status" in ('pending', 'approved', 'rejected'))
);
--> statement-breakpoint
CREATE TABLE "automation_rules" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "automation_rules_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"client_id" uuid NOT NULL,
	"name" text NOT NULL,
	"trigger" text NOT NULL,
	"conditions" jsonb NOT NULL,
	"actions" jsonb NOT NULL,
	"delay_minutes" integer NOT NULL,
	"position" integer NOT NULL,
	"enabled" boolean DEFAULT false NOT NULL,
	"enabled_at" timestamp with time zone,
	"created_by_user_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "automation_rules_trigger_ck" CHECK ("automation_rules"."trigger" in ('new_review')),
	CONSTRAINT "automation_rules_delay_ck" CHECK ("automation_rules"."delay_minutes" between 5 and 1440)
);
--> statement-breakpoint
CREATE TABLE "automation_runs" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "automation_runs_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"client_id" uuid NOT NULL,
	"outlet_id" uuid NOT NULL,
	"rule_id" bigint,
	"rule_name" text NOT NULL,
	"review_id" bigint NOT NULL,
	"status" text DEFAULT 'scheduled' NOT NULL,
	"matched_at" timestamp with time zone NOT NULL,
	"due_at" timestamp with time zone NOT NULL,
	"finished_at" timestamp with time zone,
	"outcomes" jsonb DEFAULT '[]'::jsonb NOT NULL,
	CONSTRAINT "automation_runs_status_ck" CHECK ("automation_runs"."status" in ('scheduled', 'done', 'skipped', 'failed'))
);
--> statement-breakpoint
ALTER TABLE "automation_drafts" ADD CONSTRAINT "automation_drafts_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "automation_drafts" ADD CONSTRAINT "automation_drafts_outlet_id_outlets_id_fk" FOREIGN KEY ("outlet_id") REFERENCES "public"."outlets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "automation_drafts" ADD CONSTRAINT "automation_drafts_run_id_automation_runs_id_fk" FOREIGN KEY ("run_id") REFERENCES "public"."automation_runs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "automation_drafts" ADD CONSTRAINT "automation_drafts_review_id_reviews_id_fk" FOREIGN KEY ("review_id") REFERENCES "public"."reviews"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "automation_drafts" ADD CONSTRAINT "automation_drafts_decided_by_user_id_users_id_fk" FOREIGN KEY ("decided_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "automation_rules" ADD CONSTRAINT "automation_rules_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "automation_rules" ADD CONSTRAINT "automation_rules_created_by_user_id_users_id_fk" FOREIGN KEY ("created_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "automation_runs" ADD CONSTRAINT "automation_runs_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "automation_runs" ADD CONSTRAINT "automation_runs_outlet_id_outlets_id_fk" FOREIGN KEY ("outlet_id") REFERENCES "public"."outlets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "automation_runs" ADD CONSTRAINT "automation_runs_rule_id_automation_rules_id_fk" FOREIGN KEY ("rule_id") REFERENCES "public"."automation_rules"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "automation_runs" ADD CONSTRAINT "automation_runs_review_id_reviews_id_fk" FOREIGN KEY ("review_id") REFERENCES "public"."reviews"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "automation_drafts_run_uq" ON "automation_drafts" USING btree ("run_id");--> statement-breakpoint
CREATE INDEX "automation_drafts_client_status_idx" ON "automation_drafts" USING btree ("client_id","status","created_at","id");--> statement-breakpoint
CREATE UNIQUE INDEX "automation_rules_client_name_uq" ON "automation_rules" USING btree ("client_id","name");--> statement-breakpoint
CREATE INDEX "automation_rules_client_position_idx" ON "automation_rules" USING btree ("client_id","position");--> statement-breakpoint
CREATE UNIQUE INDEX "automation_runs_review_uq" ON "automation_runs" USING btree ("review_id");--> statement-breakpoint
CREATE INDEX "automation_runs_client_time_idx" ON "automation_runs" USING btree ("client_id","matched_at","id");--> statement-breakpoint
CREATE INDEX "automation_runs_rule_time_idx" ON "automation_runs" USING btree ("rule_id","matched_at","id");