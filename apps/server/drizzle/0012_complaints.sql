CREATE TABLE "client_root_causes" (
	"client_id" uuid NOT NULL,
	"key" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "client_root_causes_client_id_key_pk" PRIMARY KEY("client_id","key")
);
--> statement-breakpoint
CREATE TABLE "complaint_activity" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "complaint_activity_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"complaint_id" bigint NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"actor_user_id" uuid,
	"actor_name" text,
	"kind" text NOT NULL,
	"value" text
);
--> statement-breakpoint
CREATE TABLE "complaint_sources" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "complaint_sources_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"complaint_id" bigint NOT NULL,
	"client_id" uuid NOT NULL,
	"review_id" bigint,
	"conversation_id" bigint,
	"linked_by_user_id" uuid,
	"linked_by_name" text,
	"linked_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "complaint_sources_one_ck" CHECK (("complaint_sources"."review_id" is null) <> ("complaint_sources"."conversation_id" is null))
);
--> statement-breakpoint
CREATE TABLE "complaints" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "complaints_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"client_id" uuid NOT NULL,
	"outlet_id" uuid NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"guest_name" text NOT NULL,
	"assignee_user_id" uuid,
	"root_cause" text,
	"opened_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"resolved_at" timestamp with time zone,
	"opened_by_user_id" uuid,
	"opened_by_name" text,
	CONSTRAINT "complaints_status_ck" CHECK ("complaints"."status" in ('open', 'in_progress', 'resolved'))
);
--> statement-breakpoint
ALTER TABLE "client_root_causes" ADD CONSTRAINT "client_root_causes_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "complaint_activity" ADD CONSTRAINT "complaint_activity_complaint_id_complaints_id_fk" FOREIGN KEY ("complaint_id") REFERENCES "public"."complaints"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "complaint_activity" ADD CONSTRAINT "complaint_activity_actor_user_id_users_id_fk" FOREIGN KEY ("actor_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "complaint_sources" ADD CONSTRAINT "complaint_sources_complaint_id_complaints_id_fk" FOREIGN KEY ("complaint_id") REFERENCES "public"."complaints"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "complaint_sources" ADD CONSTRAINT "complaint_sources_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "complaint_sources" ADD CONSTRAINT "complaint_sources_review_id_reviews_id_fk" FOREIGN KEY ("review_id") REFERENCES "public"."reviews"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "complaint_sources" ADD CONSTRAINT "complaint_sources_conversation_id_conversations_id_fk" FOREIGN KEY ("conversation_id") REFERENCES "public"."conversations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "complaint_sources" ADD CONSTRAINT "complaint_sources_linked_by_user_id_users_id_fk" FOREIGN KEY ("linked_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "complaints" ADD CONSTRAINT "complaints_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "complaints" ADD CONSTRAINT "complaints_outlet_id_outlets_id_fk" FOREIGN KEY ("outlet_id") REFERENCES "public"."outlets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "complaints" ADD CONSTRAINT "complaints_assignee_user_id_users_id_fk" FOREIGN KEY ("assignee_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "complaints" ADD CONSTRAINT "complaints_opened_by_user_id_users_id_fk" FOREIGN KEY ("opened_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "complaint_activity_complaint_idx" ON "complaint_activity" USING btree ("complaint_id","at");--> statement-breakpoint
CREATE UNIQUE INDEX "complaint_sources_review_uq" ON "complaint_sources" USING btree ("review_id");--> statement-breakpoint
CREATE UNIQUE INDEX "complaint_sources_conversation_uq" ON "complaint_sources" USING btree ("complaint_id","conversation_id");--> statement-breakpoint
CREATE INDEX "complaint_sources_complaint_idx" ON "complaint_sources" USING btree ("complaint_id");--> statement-breakpoint
CREATE INDEX "complaint_sources_conversation_idx" ON "complaint_sources" USING btree ("conversation_id");--> statement-breakpoint
CREATE INDEX "complaints_client_time_idx" ON "complaints" USING btree ("client_id","opened_at","id");--> statement-breakpoint
CREATE INDEX "complaints_outlet_time_idx" ON "complaints" USING btree ("outlet_id","opened_at","id");